"""The operations tests (health checks, Prometheus metrics, JSON logs with a request id): the
real app on a real database, as tests/conftest.py makes them; a real gunicorn for the metrics
across worker processes (`slow`)."""

from __future__ import annotations

import pytest

from tests.support.database import close, worker
from tracker.push import courier


@pytest.fixture
def make_app(app, database_url, tmp_path):
    """Another worker of the app under the settings given, on the test's database (migrated by
    `app`) or on `url`; its courier stopped and its connections closed after the test."""
    made = []

    def make(url: str | None = None, **settings):
        other = worker(url or database_url, tmp_path / f"instance{len(made)}", **settings)
        made.append(other)
        return other

    yield make
    for other in made:
        courier.stop(other)
        close(other)
