"""Issue 10, bounded PDF work: the summary is printed by a child process within a time and
memory bound, at most SUMMARY_RENDERS at once per worker, one worker per session version, and
lists at most SUMMARY_MAX_ROUNDS rounds (the totals always count every round). Real app, real
child process, real WeasyPrint output read back as text; the bounds are the test's config."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from tests.support.documents import pdf_text, played, winners_in
from tests.support.rounds_factory import random_session
from tracker.config import summary_limits
from tracker.documents.pdf_cache import cache_folder, release, render_lock
from tracker.engine import money_text
from tracker.exchange.export import ledger_of
from tracker.present.printing import rounds_left_out
from tracker.web.file_answers import printer
from tracker.web.lookups import game_or_404
from tracker.web.summary_ahead import version_key

pytestmark = pytest.mark.printed  # the same PDF on either database: run once, on SQLite


def imported(client, rounds: int, seed: int = 10) -> tuple[str, dict]:
    export = random_session(seed=seed, rounds=rounds)
    response = client.post("/api/sessions/import", json=export)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"], export


def started(app) -> int:
    with app.app_context():
        return printer().started


def leftovers(app) -> list[str]:
    """What a print left in the cache folder besides its failure mark."""
    folder = cache_folder(app.instance_path)
    return sorted(p.name for p in folder.iterdir() if p.suffix != ".failed")


def refused(response, words: str) -> None:
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) > 0
    assert response.headers["Cache-Control"] == "no-store"
    assert words in response.get_data(as_text=True)


def test_a_session_over_the_cap_lists_its_last_rounds_and_counts_every_round(app, client):
    app.config["SUMMARY_MAX_ROUNDS"] = 5
    token, export = imported(client, 12)
    response = client.get(f"/s/{token}/summary.pdf")
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert (
        "Rounds 1–7 are not printed here: this summary lists the last 5 of 12 rounds "
        "(rounds 8–12). The standings, the balance chart and the settle-up above count every "
        "round; the CSV export has every round." in text
    )
    assert "12 rounds" in text and "Standings after 12 rounds" in text
    assert len(winners_in(text, export["players"])) == 5  # five rows in the table
    assert "1 · Ana deals" not in text and " 8 · " in text
    ledger = ledger_of(export)
    for name, amount in zip(export["players"], ledger.final_balances(), strict=True):
        assert f"{name} {money_text(amount)}" in text  # the standings of all 12 rounds
    for t in ledger.settlement():
        assert f"{t.payer} pays {t.payee} {money_text(t.amount)}" in text
    # the reprint comes from the cache: no second print
    assert client.get(f"/s/{token}/summary.pdf").data == response.data
    assert started(app) == 1


def test_a_session_under_the_cap_has_no_line_about_left_out_rounds(app, client, make_session):
    app.config["SUMMARY_MAX_ROUNDS"] = 3
    token = played(client, make_session)  # three rounds
    text = pdf_text(client.get(f"/s/{token}/summary.pdf").data)
    assert "not printed here" not in text and "3 rounds" in text


def test_a_print_over_its_time_bound_is_503_and_leaves_nothing(app, client, make_session, caplog):
    app.config["SUMMARY_RENDER_SECONDS"] = 0.05
    token = played(client, make_session)
    with caplog.at_level(logging.WARNING):
        response = client.get(f"/s/{token}/summary.pdf")
    refused(response, "too large to print right now")
    assert "CSV export has every round" in response.get_data(as_text=True)
    assert "(time)" in caplog.text
    assert leftovers(app) == []
    # the same version is not tried again at once (Retry-After): no second print
    refused(client.get(f"/s/{token}/summary.pdf"), "too large to print right now")
    assert started(app) == 1


def test_a_print_over_its_cpu_bound_is_503(app, client, caplog):
    app.config["SUMMARY_RENDER_CPU_SECONDS"] = 1
    token, _ = imported(client, 250)  # about 3 s of CPU to print
    with caplog.at_level(logging.WARNING):
        refused(client.get(f"/s/{token}/summary.pdf"), "too large to print right now")
    assert "(time)" in caplog.text
    assert leftovers(app) == []


def test_a_print_over_its_memory_bound_is_503(app, client, make_session, caplog):
    app.config["SUMMARY_RENDER_MEMORY_MIB"] = 48
    token = played(client, make_session)
    with caplog.at_level(logging.WARNING):
        refused(client.get(f"/s/{token}/summary.pdf"), "too large to print right now")
    assert "(memory)" in caplog.text
    assert leftovers(app) == []


@pytest.mark.slow
def test_a_full_worker_answers_busy_then_prints_once_a_slot_is_free(app, make_session):
    app.config["SUMMARY_RENDERS"] = 1
    first, second = app.test_client(), app.test_client()
    long_token, _ = imported(first, 200)
    short_token = played(second, make_session)
    answers = {}
    worker = threading.Thread(
        target=lambda: answers.update(long=first.get(f"/s/{long_token}/summary.pdf"))
    )
    worker.start()
    deadline = time.monotonic() + 30
    while started(app) == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    busy = second.get(f"/s/{short_token}/summary.pdf")
    still_printing = worker.is_alive()
    worker.join()
    assert answers["long"].status_code == 200
    if still_printing:  # on a very fast machine the long print may be over already
        refused(busy, "printing other summaries")
        assert int(busy.headers["Retry-After"]) == 10
    assert second.get(f"/s/{short_token}/summary.pdf").status_code == 200


def test_two_workers_asked_for_the_same_pdf_print_it_once(app, second_worker, make_session):
    token = played(app.test_client(), make_session)
    url = f"/s/{token}/summary.pdf"
    other = second_worker
    other.instance_path = app.instance_path  # one instance folder, as on one machine
    answers = {}
    worker = threading.Thread(target=lambda: answers.update(one=app.test_client().get(url)))
    worker.start()
    deadline = time.monotonic() + 30
    while started(app) == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    two = other.test_client().get(url)
    worker.join()
    one = answers["one"]
    assert one.status_code == 200
    assert started(other) == 0  # it waited for the first worker's file, never printed
    if two.status_code == 200:
        assert two.data == one.data
    else:  # the first print took longer than the wait (a loaded machine)
        refused(two, "printing other summaries")
        assert int(two.headers["Retry-After"]) == 2  # soon: its file is on its way


def test_a_version_printed_elsewhere_too_long_is_asked_again_soon(app, client, make_session):
    """Another worker holds this version's print (its lock file) past the wait (1 s here): 503
    with a short Retry-After, nothing printed here; once it lets go, the next ask prints it."""
    app.config["SUMMARY_WAIT_SECONDS"] = 1
    token = played(client, make_session)
    with app.test_request_context():
        key = printer().file_key(version_key(game_or_404(token), "en"))
    held = render_lock(cache_folder(app.instance_path), *key)
    assert held is not None
    try:
        asked = time.monotonic()
        busy = client.get(f"/s/{token}/summary.pdf")
        waited = time.monotonic() - asked
    finally:
        release(held)
    refused(busy, "printing other summaries")
    assert int(busy.headers["Retry-After"]) == 2 and started(app) == 0
    assert 1 <= waited < 9  # the setting's wait, not the default 10 s
    assert client.get(f"/s/{token}/summary.pdf").data.startswith(b"%PDF")


def test_the_left_out_line_names_the_rounds_not_printed():
    assert rounds_left_out(5, 5) is None and rounds_left_out(3, 5) is None
    assert rounds_left_out(2, 1).startswith("Round 1 is not printed here: ")
    assert rounds_left_out(10_000, 2_000).startswith(
        "Rounds 1–8,000 are not printed here: this summary lists the last 2,000 of 10,000 "
        "rounds (rounds 8,001–10,000)."
    )


def test_the_bounds_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("SUMMARY_MAX_ROUNDS", "300")
    monkeypatch.setenv("SUMMARY_RENDERS", "0")
    monkeypatch.setenv("SUMMARY_WAIT_SECONDS", "3")
    limits = summary_limits()
    assert limits["SUMMARY_MAX_ROUNDS"] == 300 and limits["SUMMARY_RENDERS"] == 0
    assert limits["SUMMARY_WAIT_SECONDS"] == 3
    assert limits["SUMMARY_RENDER_MEMORY_MIB"] == 1024
    for name, bad in (("SUMMARY_MAX_ROUNDS", "0"), ("SUMMARY_RENDER_SECONDS", "1.5x")):
        monkeypatch.setenv(name, bad)
        with pytest.raises(ValueError, match=f"{name} must be a whole number"):
            summary_limits()
        monkeypatch.delenv(name)


def test_no_print_slots_means_every_uncached_summary_is_busy(app, client, make_session):
    app.config["SUMMARY_RENDERS"] = 0
    token = played(client, make_session)
    refused(client.get(f"/s/{token}/summary.pdf"), "printing other summaries")
    assert leftovers(app) == [] and started(app) == 0
