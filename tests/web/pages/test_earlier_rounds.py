"""The session page's last rounds and the earlier ones on demand (pages/earlier_rounds.py),
through the Flask test client: the page holds the last five rounds' lines and sheet rows, a
link to the rounds before them; that link's page brings ten at a time, whole or as the part
earlier.js puts in place, and is never heavy work nor kept offline."""

from __future__ import annotations

import re

from tests.support.documents import played
from tests.support.pages import plain, text_of
from tests.support.records import DRAW, TALON, TONGITS
from tracker.web.offline_pages import KEEP


def lines(page: str) -> list[int]:
    """The rounds whose lines a page holds, in its order."""
    return [int(n) for n in re.findall(r'<details class="round" id="round-(\d+)"', page)]


def sheet_rows(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-round="(\d+)"', page)]


def test_the_page_holds_the_last_five_rounds_and_a_link_to_the_earlier(client, make_session):
    token = played(client, make_session, 22)
    page = text_of(client.get(f"/s/{token}"))
    assert lines(page) == [22, 21, 20, 19, 18]
    assert sheet_rows(page) == [18, 19, 20, 21, 22]  # the sheet oldest first
    # the sheet's first row: rounds 1–17 with their totals, a link to those before round 18
    assert f'href="/s/{token}/earlier?before=18#sheet" data-earlier' in page
    assert f'href="/s/{token}/earlier?before=18#rounds" data-earlier' in page
    assert "Show earlier rounds 8–17" in plain(client.get(f"/s/{token}"))
    everything = text_of(client.get(f"/s/{token}?all=1"))  # every round still, heavy work
    assert lines(everything) == list(range(22, 0, -1)) and "data-earlier" not in everything


def test_a_short_session_has_no_link(client, make_session):
    token = played(client, make_session, 5)
    page = text_of(client.get(f"/s/{token}"))
    assert lines(page) == [5, 4, 3, 2, 1] and "data-earlier" not in page


def test_the_earlier_page_brings_ten_rounds_then_a_link_to_those_before(client, make_session):
    token = played(client, make_session, 22)
    answer = client.get(f"/s/{token}/earlier?before=18")
    assert answer.status_code == 200 and KEEP not in answer.headers  # not kept offline
    assert answer.headers["Cache-Control"] == "no-store"
    page = text_of(answer)
    assert lines(page) == list(range(17, 7, -1)) and sheet_rows(page) == list(range(8, 18))
    assert "Rounds 8–17" in page and "Back to the session" in page
    assert f'href="/s/{token}/earlier?before=8#rounds"' in page  # the next page: rounds 1–7
    last = text_of(client.get(f"/s/{token}/earlier?before=8"))
    assert lines(last) == list(range(7, 0, -1)) and "data-earlier" not in last


def test_the_part_is_the_rows_and_the_lines_alone(client, make_session):
    token = played(client, make_session, 15)
    part = text_of(client.get(f"/s/{token}/earlier?before=11&part=1"))
    assert "<html" not in part and "<tbody data-rows>" in part and "<div data-lines>" in part
    assert lines(part) == list(range(10, 0, -1)) and sheet_rows(part) == list(range(1, 11))
    assert 'class="before"' not in part and 'id="earlier"' not in part  # nothing before round 1
    # the rows' stripes follow the round's number, whichever page they came on
    assert re.search(r'<tr class="z"><th scope="row"><a class="go" href="#round-2"', part)
    assert not re.search(r'<tr class="z"><th scope="row"><a class="go" href="#round-1"', part)
    assert client.get(f"/s/{token}/earlier?before=1&part=1").get_data() == b""


def test_a_wrong_before_is_kept_within_the_session(client, make_session):
    token = played(client, make_session, 15)
    for asked in ("", "abc", "-3", "9" * 12):  # none, or no round: those before the page's
        page = text_of(client.get(f"/s/{token}/earlier?before={asked}"))
        assert lines(page) == list(range(10, 0, -1)), asked
    beyond = text_of(client.get(f"/s/{token}/earlier?before=99"))  # past the last round
    assert lines(beyond) == list(range(15, 5, -1))
    nothing = client.get(f"/s/{token}/earlier?before=1")
    assert nothing.status_code == 303 and nothing.headers["Location"].endswith(f"/s/{token}")
    assert client.get("/s/nope/earlier").status_code == 404


def test_a_locked_session_shows_the_rounds_without_their_edit_links(client, make_session):
    token = played(client, make_session, 8)
    page = text_of(client.get(f"/s/{token}/earlier?before=4"))
    assert f"/s/{token}/rounds/2/edit" in page  # no PIN: anyone with the link edits
    locked = client.post(
        "/api/sessions", json={"players": ["Ana", "Ben", "Cris"], "pin": "1234"}
    ).get_json()["id"]
    headers = {"X-Edit-Pin": "1234"}
    for record in (DRAW, TALON, TONGITS, DRAW, TALON, TONGITS):
        client.post(f"/api/sessions/{locked}/rounds", json=record, headers=headers)
    page = text_of(client.get(f"/s/{locked}/earlier?before=2"))
    assert lines(page) == [1] and "/rounds/1/edit" not in page


def test_hostile_names_are_text_on_the_earlier_page(client, make_session):
    name = "<img src=x onerror=alert(1)>"
    token = played(client, make_session, 7, players=["Ana", name, "Cris"])
    for url in (f"/s/{token}/earlier?before=3", f"/s/{token}/earlier?before=3&part=1"):
        page = client.get(url).get_data(as_text=True)
        assert name not in page and "&lt;img src=x onerror=alert(1)&gt;" in page, url
