"""GET /api/groups/<id>/stats and the page /g/<id>/stats, on the two nights of
tests/support/two_nights.py played through the API: every figure is the one worked out by
hand there (see its docstring for the working)."""

import gc
import re
import threading
from datetime import date

import pytest

from tests.support.groups import pay, rename
from tests.support.records import TALON
from tests.support.static import static_pattern
from tests.support.two_nights import FIGURES
from tracker.fast_path import collector_paused


def stats(client, token, **query):
    answer = client.get(f"/api/groups/{token}/stats", query_string=query)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_every_figure_is_the_one_worked_out_by_hand(client, barkada):
    token, _, _ = barkada
    players = stats(client, token)["players"]
    assert list(players) == ["Ana", "Ben", "Cris", "Dan"]
    for person, figure, value in FIGURES:
        assert players[person.title()][figure] == value, (person, figure)


def test_contract_types_counts_are_integers_money_is_text(client, barkada):
    answer = stats(client, barkada[0])
    ana = answer["players"]["Ana"]
    for key in ("sessions", "rounds", "draw_calls", "draw_calls_won", "challenges"):
        assert type(ana[key]) is int
    for key in ("challenges_won", "sunog"):
        assert type(ana[key]) is int
    assert all(type(count) is int for count in ana["wins"].values())
    assert set(ana["wins"]) == {"tongits", "draw", "talon"}
    assert ana["net"] == "118.00"
    assert (answer["from"], answer["to"], answer["sessions"]) == (None, None, 2)


def test_head_to_head(client, barkada):
    versus = stats(client, barkada[0])["head_to_head"]
    # worked out in tests/engine/test_engine_stats.py: VERSUS
    assert versus["Ana"]["Ben"] == {"rounds": 7, "wins": 3, "losses": 2, "net": "97.00"}
    assert versus["Ben"]["Ana"] == {"rounds": 7, "wins": 2, "losses": 3, "net": "-97.00"}
    assert "Dan" not in versus["Cris"]


def test_a_period_counts_the_nights_that_started_in_it_in_manila(client, barkada):
    token = barkada[0]
    later = stats(client, token, **{"from": "2026-11-13"})
    assert later["sessions"] == 1
    ana = later["players"]["Ana"]
    # night 2 only: Ana's Tongits (+84), the void round (−10), Ben's talon out (−29)
    assert (ana["rounds"], ana["won"], ana["net"]) == (3, 1, "45.00")
    assert later["players"]["Cris"]["rounds"] == 0  # a current member: listed, all zero
    earlier = stats(client, token, to="2026-11-12")
    assert earlier["sessions"] == 1 and earlier["players"]["Ana"]["net"] == "73.00"
    one_day = stats(client, token, **{"from": "2026-11-06", "to": "2026-11-06"})
    assert one_day["players"]["Dan"]["sessions"] == 0


@pytest.mark.parametrize(
    ("query", "where", "message"),
    [
        ({"from": "2026-13-01"}, "from", "from: write a date as YYYY-MM-DD"),
        ({"to": "next week"}, "to", "to: write a date as YYYY-MM-DD"),
        ({"from": "2026-11-13", "to": "2026-11-06"}, "to", "the period ends before it starts"),
    ],
)
def test_a_bad_period_is_refused_saying_where(client, barkada, query, where, message):
    answer = client.get(f"/api/groups/{barkada[0]}/stats", query_string=query)
    assert answer.status_code == 422
    (error,) = answer.get_json()["errors"]
    assert error["where"] == where and message in error["message"]


def test_unknown_group_is_a_json_404(client):
    answer = client.get("/api/groups/no-such-group-token-here/stats")
    assert answer.status_code == 404
    assert answer.get_json()["errors"][0]["where"] == "id"


def test_answers_follow_every_change(app, client, barkada):
    token, _, night_2 = barkada
    assert stats(client, token)["players"]["Ben"]["wins"]["talon"] == 1
    # a round more in night 2 (reopened): Cris's talon-out hands at seat 2 are Ben's: he wins
    assert client.post(f"/api/sessions/{night_2}/reopen").status_code == 200
    assert client.post(f"/api/sessions/{night_2}/rounds", json=TALON).status_code == 201
    ben = stats(client, token)["players"]["Ben"]
    assert (ben["rounds"], ben["wins"]["talon"], ben["longest_streak"]) == (8, 2, 2)
    rename(app, token, "Ben", "Benjie")  # a rename follows the whole history
    players = stats(client, token)["players"]
    assert "Ben" not in players and players["Benjie"]["rounds"] == 8


def test_payments_do_not_change_the_stats(app, client, barkada):
    token = barkada[0]
    before = stats(client, token)
    pay(app, token, "Dan", "Ana", "59.00", date(2026, 11, 14))
    assert stats(client, token)["players"] == before["players"]


def test_the_stats_page_draws_its_charts_on_the_server(client, barkada):
    page = client.get(f"/g/{barkada[0]}/stats")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    # no script of its own: the one entry of every page without any (the installable app's,
    # offline work)
    scripts = re.findall(r"<script[^>]*>", html)
    entry = static_pattern("pages/plain.js")
    assert len(scripts) == 1 and re.fullmatch(f'<script type="module" src="{entry}">', scripts[0])
    assert html.count("<svg") == 2
    assert 'aria-label="Net winnings of each member"' in html
    assert "Ana: +₱118.00" in html  # the net chart's words
    assert "Ben: 2 won (1 Tongits, 0 draw, 1 talon out)" in html
    assert "+₱97.00" in html  # Ana against Ben, the first member chosen by default
    assert "Average deadwood when losing" in html and "16.00 (3 hands)" in html


def test_the_page_shows_a_chosen_member_against_each_other(client, barkada):
    token, ids, _ = barkada
    html = client.get(f"/g/{token}/stats", query_string={"vs": ids["Dan"]}).get_data(True)
    assert "Dan vs" in html and "−₱97.00" not in html and "−₱19.00" in html


def test_a_bad_period_on_the_page_keeps_what_was_typed(client, barkada):
    page = client.get(f"/g/{barkada[0]}/stats", query_string={"from": "2026-11-31"})
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert 'value="2026-11-31"' in html and "from: write a date as YYYY-MM-DD" in html
    assert 'aria-invalid="true"' in html


def test_unknown_group_page_is_404(client):
    assert client.get("/g/no-such-group-token-here/stats").status_code == 404


def test_a_change_on_another_worker_is_seen_at_once(app, client, second_worker, barkada):
    token, _, night_2 = barkada
    assert stats(client, token)["players"]["Ben"]["rounds"] == 7  # this worker's memo filled
    other = second_worker.test_client()
    assert other.post(f"/api/sessions/{night_2}/reopen").status_code == 200
    assert other.post(f"/api/sessions/{night_2}/rounds", json=TALON).status_code == 201
    assert stats(client, token)["players"]["Ben"]["rounds"] == 8


def test_an_unchanged_group_is_answered_from_the_memo(app, client, barkada):
    from tracker.core.barkada.group_store import get_group
    from tracker.core.barkada.period_stats import Period, group_stats

    with app.app_context():
        group = get_group(barkada[0])
        first = group_stats(group, Period())
        assert group_stats(group, Period()) is first  # not derived again
        later = group_stats(group, Period(date(2026, 11, 13)))
        assert later is not first and len(later.nights) == 1
        # each session's figures are kept on their own: the period's answer reuses night 2's
        assert later.nights[0].stats is first.nights[1].stats


def test_the_collector_runs_again_after_a_cold_page(second_worker, barkada):
    """A worker that has not seen the group replays its sessions with the cyclic collector
    paused (fast_path/__init__.py): it is on again once the answer is made, and the figures are
    those worked out by hand."""
    token, _, _ = barkada
    assert gc.isenabled()
    players = stats(second_worker.test_client(), token)["players"]
    assert gc.isenabled()
    assert players["Ana"]["rounds"] == 7 and players["Ana"]["wins"]["draw"] == 2


def test_the_pause_ends_with_the_last_thread_and_keeps_a_collector_left_off():
    inside, leave = threading.Event(), threading.Event()

    def other():
        with collector_paused():
            inside.set()
            leave.wait(5)

    thread = threading.Thread(target=other)
    with collector_paused():
        thread.start()
        assert inside.wait(5) and not gc.isenabled()
    assert not gc.isenabled()  # the other thread is still at its work
    leave.set()
    thread.join(5)
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()
