"""The app the benchmarks measure, on this machine: gunicorn as scripts/serve.sh runs it
(`start_server`: its process, on a `free_port()`; `gunicorn_on`: tests/support/live_server.py's,
on a `fresh_sqlite` file), the app served by a thread for the browser benchmarks (`serve`, as
the browser tests' `server` fixture), or an app on a fresh SQLite file for the Flask test
client (`fresh_app`, `app_on`). Every database is made by the migrations."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from werkzeug.serving import make_server

from benchmarks.push_front import pushpin_config, start_pushpin
from tests.support.database import migrate
from tests.support.live_server import Gunicorn, free_port
from tests.support.live_server import migrate as migrate_url
from tracker import create_app

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # the venv's gunicorn and flask, next to its python


def start_server(
    database_url: str,
    workers: int,
    threads: int,
    instance: Path,
    app="tracker:create_app()",
    push: dict | None = None,
):
    """gunicorn on a free port (its process, the port); `push`: {"port": the port Pushpin will
    listen on, "loglevel": its log level}, for which Pushpin's config is written in
    `instance`/pushpin and gunicorn told where to publish (push["process"]: Pushpin, started
    once gunicorn answers)."""
    env = {**os.environ, "DATABASE_URL": database_url, "TRACKER_INSTANCE": str(instance)}
    env.setdefault("SECRET_KEY", "load-benchmark")
    port = free_port()
    if push is not None:
        folder = instance / "pushpin"
        env.update(pushpin_config(BIN / "flask", ROOT, env, folder, push["port"], port))
    subprocess.run(
        [BIN / "flask", "--app", "tracker", "db", "upgrade", "-d", "tracker/migrations"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    server = subprocess.Popen(
        [
            BIN / "gunicorn",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--worker-class",
            "gthread",
            "--log-level",
            "warning",
            app,
        ],
        cwd=ROOT,
        env=env,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        server.kill()
        raise SystemExit("gunicorn did not start")
    if push is not None:
        try:
            push["process"] = start_pushpin(instance / "pushpin", push["port"], push["loglevel"])
        except BaseException:
            server.kill()
            raise
    return server, port


def database(kind: str, instance: Path) -> str:
    """DATABASE_URL if set; else a fresh SQLite file (the default deployment) or PostgreSQL."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    if kind == "sqlite":
        return f"sqlite:///{instance / 'tracker.db'}"
    script = ROOT / "scripts" / "postgres.sh"
    name = f"tracker_load_{os.getpid()}"  # a database of its own on the shared server
    url = subprocess.run(["bash", str(script), name], check=True, capture_output=True, text=True)
    return url.stdout.strip()


def fresh_sqlite(prefix: str) -> tuple[str, Path]:
    """(the URL of a fresh SQLite file made by the migrations, its instance folder)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{prefix}-"))
    url = f"sqlite:///{folder / 'tracker.db'}"
    migrate_url(url, folder / "instance")
    return url, folder / "instance"


def gunicorn_on(url: str, instance: Path, **settings: str) -> Gunicorn:
    """gunicorn (3 workers x 4 threads, as scripts/serve.sh) on `url`, started, its workers
    given 2 s to come up; `settings`: more of the app's environment."""
    server = Gunicorn(url, instance, workers=3, **settings).start()
    time.sleep(2)
    return server


def app_on(url: str, instance, **config):
    """A worker's app on the database at `url` (a fresh app: nothing kept in memory)."""
    base = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "INSTANCE_PATH": str(instance)}
    return create_app(base | config)


def fresh_app(prefix: str, **config):
    """An app on a fresh SQLite file made by the migrations (the Flask test client's)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{prefix}-"))
    app = app_on(f"sqlite:///{folder / 'tracker.db'}", folder / "instance", **config)
    logging.getLogger("alembic").setLevel(logging.WARNING)
    migrate(app)
    return app


def serve(name: str, wrap=None) -> str:
    """The base URL of the app, served on 127.0.0.1 by a thread until the benchmark exits (the
    browser benchmarks'); `wrap(wsgi_app)`, when given, is put around the app (a benchmark's
    own counting)."""
    app = fresh_app(name, SECRET_KEY=name)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    if wrap is not None:
        app.wsgi_app = wrap(app.wsgi_app)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_port}"
