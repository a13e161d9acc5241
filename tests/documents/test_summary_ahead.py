"""The summary PDF printed ahead (tracker/web/summary_ahead.py): after a change, the worker
prints the session's new summary in the background into the shared cache, so that "Print
summary" reads a file; the save never waits for it, a newer change supersedes a queued one,
a print that cannot be made is logged and the next still printed; under gunicorn with two
workers, the worker that did not print it serves it from the file. Real WeasyPrint prints."""

from __future__ import annotations

import time

import pytest

from tests.support.documents import pdf_text, played
from tests.support.live_server import Gunicorn, migrate
from tests.support.records import DRAW, TALON, TONGITS
from tracker.documents.pdf_cache import cache_folder

IDLE = 120  # seconds a print ahead may take on a busy shared machine


@pytest.fixture
def ahead_app(app):
    app.config["SUMMARY_AHEAD"] = True
    return app


def _ahead(app):
    return app.extensions["summary_ahead"]


def test_a_saved_round_is_printed_ahead_and_the_print_reads_it(ahead_app, client, make_session):
    token = make_session()
    saved = client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    assert saved.status_code == 201
    ahead = _ahead(ahead_app)
    assert ahead.printed == 0  # the answer came before the print: it never waits for it
    assert ahead.wait_idle(IDLE) and ahead.printed == 1
    printer = ahead_app.extensions["summary_printer"]
    started = printer.started
    answer = client.get(f"/s/{token}/summary.pdf")
    assert answer.status_code == 200 and printer.started == started  # read, not printed
    assert "Ana · Ben · Cris · 1 round" in pdf_text(answer.data)


@pytest.mark.slow
def test_a_newer_change_supersedes_a_queued_one(ahead_app, client, make_session):
    token = make_session()
    for record in (DRAW, TONGITS, TALON):
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    ahead = _ahead(ahead_app)
    assert ahead.wait_idle(IDLE)
    assert 1 <= ahead.printed <= 2  # the first, maybe, then the newest; never all three
    started = ahead_app.extensions["summary_printer"].started
    text = pdf_text(client.get(f"/s/{token}/summary.pdf").data)
    assert ahead_app.extensions["summary_printer"].started == started
    assert "Ana · Ben · Cris · 3 rounds" in text
    assert len(list(cache_folder(ahead_app.instance_path).glob("*.pdf"))) == 1


def test_a_print_that_cannot_be_made_is_logged_and_the_next_printed(
    ahead_app, client, make_session
):
    token = make_session()
    ahead_app.config["SUMMARY_RENDERS"] = 0  # no print slot: every print refused
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    ahead = _ahead(ahead_app)
    assert ahead.wait_idle(IDLE) and ahead.printed == 0
    ahead_app.extensions.pop("summary_printer")  # the next printer has its slots again
    ahead_app.config["SUMMARY_RENDERS"] = 2
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    assert ahead.wait_idle(IDLE) and ahead.printed == 1  # the thread lived on


def test_off_nothing_is_printed_ahead(app, client, make_session):
    played(client, make_session)
    assert "summary_ahead" not in app.extensions
    assert not list(cache_folder(app.instance_path).glob("*.pdf"))


@pytest.mark.slow
def test_under_gunicorn_any_worker_serves_what_one_printed_ahead(database_url, tmp_path):
    instance = tmp_path / "instance"
    migrate(database_url, instance)
    server = Gunicorn(database_url, instance, workers=2).start()
    try:
        import json
        import urllib.request

        def call(path, body=None):
            data = None if body is None else json.dumps(body).encode()
            asked = urllib.request.Request(
                server.url + path, data=data, headers={"Content-Type": "application/json"}
            )
            with urllib.request.urlopen(asked, timeout=120) as answer:
                return answer.status, answer.read()

        _, made = call("/api/sessions", {"players": ["Ana", "Ben", "Cris"], "dealer": 0})
        token = json.loads(made)["id"]
        assert call(f"/api/sessions/{token}/rounds", DRAW)[0] == 201
        folder = cache_folder(instance)
        deadline = time.monotonic() + IDLE
        while not list(folder.glob("*.pdf")) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert list(folder.glob("*.pdf")), "nothing printed ahead"
        for _ in range(4):  # whichever worker answers, the file is read, not printed again
            start = time.perf_counter()
            status, pdf = call(f"/s/{token}/summary.pdf")
            assert status == 200 and pdf.startswith(b"%PDF")
            assert time.perf_counter() - start < 1.0  # a print is about 2 s
    finally:
        server.stop()
