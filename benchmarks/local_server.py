"""The app for the browser benchmarks (entry_taps.py, seat_flow.py): a fresh SQLite file made
by the migrations, served on 127.0.0.1 by a thread, as the browser tests' `server` fixture."""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path

from werkzeug.serving import make_server

from tests.support.database import migrate
from tracker import create_app


def serve(name: str, wrap=None) -> str:
    """The base URL of the app, serving until the benchmark exits; `wrap(wsgi_app)`, when
    given, is put around the app (a benchmark's own counting)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{name}-"))
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'tracker.db'}",
            "SECRET_KEY": name,
            "INSTANCE_PATH": str(folder / "instance"),
        }
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)
    migrate(app)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    if wrap is not None:
        app.wsgi_app = wrap(app.wsgi_app)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_port}"
