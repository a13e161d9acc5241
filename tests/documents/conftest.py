"""The documents' tests (summaries, season PDFs, exports, imports, backups): what they share
beyond tests/conftest.py."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.support.database import close, empty, migrate, worker


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
            empty(url)
        else:
            path = tmp_path / "fresh.db"
            shutil.copy(request.getfixturevalue("_migrated_sqlite"), path)
            url = f"sqlite:///{path}"
        app = worker(url, tmp_path / "fresh-instance")
        if os.environ.get("TEST_DATABASE_URL"):
            migrate(app)
        made.append(app)
        return app

    yield make
    for app in made:
        close(app)
