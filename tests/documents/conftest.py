"""The documents' tests (summaries, season PDFs, exports, imports, backups): what they share
beyond tests/conftest.py."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.support.admin import ADMIN_TOKEN
from tests.support.database import drop_everything, migrate
from tracker import create_app


@pytest.fixture
def fresh_app(tmp_path, request):
    """A second server with an empty database of its own (on PostgreSQL: the test database,
    emptied and migrated again once the first server is done with it)."""
    made = []

    def make():
        url = os.environ.get("TEST_DATABASE_URL")
        if url:
            from tracker import database_url as normalise

            url = normalise(url)
            drop_everything(url)
        else:
            path = tmp_path / "fresh.db"
            shutil.copy(request.getfixturevalue("_migrated_sqlite"), path)
            url = f"sqlite:///{path}"
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": url,
                "TESTING": True,
                "SECRET_KEY": "test-secret",
                "INSTANCE_PATH": str(tmp_path / "fresh-instance"),
                "ADMIN_TOKEN": ADMIN_TOKEN,
            }
        )
        if os.environ.get("TEST_DATABASE_URL"):
            migrate(app)
        made.append(app)
        return app

    yield make
    from tracker.extensions import db

    for app in made:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
