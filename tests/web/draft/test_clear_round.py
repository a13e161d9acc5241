"""The entry pages' "Clear this round" without JavaScript (a plain form with its CSRF token):
asked first, then the session's round draft is blank (header and three hands) and the history
says who cleared it and what it held, in English and Filipino; back on the page it came from,
never elsewhere; refused with a clear message and nothing changed."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.support.drafts import fill
from tests.support.forms import csrf_token, pin_and_unlock
from tests.support.records import DRAW, TALON

CLEAR = re.compile(
    r'<details class="clear-round">\s*<summary>(?P<summary>[^<]+)</summary>\s*'
    r'<form method="post" action="(?P<action>[^"]+)">.*?name="next" value="(?P<next>[^"]*)">'
    r"\s*<p>(?P<question>[^<]+)</p>\s*<button[^>]*>(?P<button>[^<]+)</button>",
    re.S,
)


def draft_of(client, token) -> dict:
    return client.get(f"/api/sessions/{token}/draft").get_json()


def blank(draft: dict) -> bool:
    return draft["header"] == {} and all(seat["hand"] is None for seat in draft["seats"])


def clear_form(client, url: str) -> tuple[re.Match, str]:
    page = client.get(url)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    found = CLEAR.search(html)
    assert found, "no Clear this round on " + url
    return found, csrf_token(html)


def clear(client, token, next_url: str, token_field: str | None = "from the page"):
    data = {"next": next_url}
    if token_field is not None:
        data["csrf_token"] = csrf_token(client.get(f"/s/{token}/rounds/new").get_data(True))
    return client.post(f"/s/{token}/rounds/draft/clear", data=data)


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def choose_seat(client, token, seat: int) -> None:
    page = client.get(f"/s/{token}").get_data(as_text=True)
    answer = client.post(f"/s/{token}/seat", data={"csrf_token": csrf_token(page), "seat": seat})
    assert answer.status_code == 303


def test_the_one_phone_page_asks_then_clears_the_draft(client, make_session):
    token = make_session()
    choose_seat(client, token, 1)  # this phone is Ben's
    fill(client, token, DRAW)
    page = client.get(f"/s/{token}/rounds/new").get_data(as_text=True)
    assert 'value="KD"' in page  # the draft fills the page
    found, csrf = clear_form(client, f"/s/{token}/rounds/new")
    assert found["summary"] == "Clear this round" and found["button"] == "Yes, clear it"
    assert found["question"] == "Clear every card and the header of this round on every phone?"
    assert found["action"] == f"/s/{token}/rounds/draft/clear"
    assert page.index("</form>") < page.index('class="clear-round"')  # not inside the round form
    answer = client.post(found["action"], data={"csrf_token": csrf, "next": found["next"]})
    assert answer.status_code == 303 and answer.location == f"/s/{token}/rounds/new"
    assert blank(draft_of(client, token))
    again = client.get(answer.location).get_data(as_text=True)
    assert "Round 1 cleared." in again and 'value="KD"' not in again
    events = client.get(f"/api/sessions/{token}/history").get_json()["events"]
    event = events[0]
    assert (event["kind"], event["round"], event["by"]) == ("draft_cleared", 1, "seat:1")
    assert event["title"] == "Round 1 cleared before saving"
    assert event["before"]["record"]["ending"] == "draw"
    assert event["before"]["record"]["hands"][1]["hand"] == ["KD"]
    history = text(client.get(f"/s/{token}/history").get_data(as_text=True))
    assert "Round 1 cleared before saving on Ben's phone" in history


def test_the_seat_page_clears_and_comes_back_to_its_seat(client, make_session):
    token = make_session()
    fill(client, token, TALON)
    found, csrf = clear_form(client, f"/s/{token}/rounds/new?seat=2")
    assert unescape(found["next"]) == f"/s/{token}/rounds/new?seat=2"
    answer = client.post(
        found["action"], data={"csrf_token": csrf, "next": unescape(found["next"])}
    )
    assert answer.status_code == 303 and answer.location == f"/s/{token}/rounds/new?seat=2"
    assert blank(draft_of(client, token))


def test_in_filipino(client, make_session):
    token = make_session()
    fill(client, token, DRAW)
    client.set_cookie("lang", "fil")
    found, csrf = clear_form(client, f"/s/{token}/rounds/new?lang=fil")
    assert found["summary"] == "I-clear ang round na ito" and found["button"] == "Oo, i-clear"
    assert found["question"].startswith("I-clear ang lahat ng baraha")
    answer = client.post(found["action"], data={"csrf_token": csrf, "next": found["next"]})
    assert "Na-clear ang round 1." in client.get(answer.location).get_data(as_text=True)
    history = text(client.get(f"/s/{token}/history?lang=fil").get_data(as_text=True))
    assert "Na-clear ang round 1 bago na-save" in history
    api = client.get(f"/api/sessions/{token}/history", headers={"Accept-Language": "fil"})
    assert api.get_json()["events"][0]["title"] == "Na-clear ang round 1 bago na-save"


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/s/x/rounds/new",
        "/s/{token}/rounds/new?seat=5",
        "/s/{token}/rounds/new?seat=0&next=https://evil.example/",
        "/s/{token}/history",
        "/s/other/rounds/new?seat=1",
        "",
    ],
)
def test_next_is_only_an_entry_page_of_this_session(client, make_session, target):
    token = make_session()
    fill(client, token, DRAW)
    answer = clear(client, token, target.format(token=token))
    assert answer.status_code == 303 and answer.location == f"/s/{token}/rounds/new"
    assert blank(draft_of(client, token))


def test_an_expired_form_clears_nothing(client, make_session):
    token = make_session()
    fill(client, token, DRAW)
    answer = clear(client, token, f"/s/{token}/rounds/new", token_field=None)
    assert answer.status_code == 303
    page = client.get(answer.location).get_data(as_text=True)
    assert "The form had expired: nothing was cleared." in page
    assert draft_of(client, token)["seats"][0]["hand"] is not None
    kinds = [e["kind"] for e in client.get(f"/api/sessions/{token}/history").get_json()["events"]]
    assert "draft_cleared" not in kinds


def test_nothing_to_clear_records_nothing(client, make_session):
    token = make_session()
    answer = clear(client, token, f"/s/{token}/rounds/new")
    assert "There was nothing to clear." in client.get(answer.location).get_data(as_text=True)
    kinds = [e["kind"] for e in client.get(f"/api/sessions/{token}/history").get_json()["events"]]
    assert kinds == ["created"]


def test_a_settled_session_is_refused_and_keeps_its_draft(client, make_session):
    token = make_session()
    fill(client, token, DRAW)
    assert client.post(f"/api/sessions/{token}/settle").status_code == 200
    assert 'class="clear-round"' not in client.get(f"/s/{token}/rounds/new").get_data(True)
    answer = clear(client, token, f"/s/{token}/rounds/new")
    assert answer.status_code == 303
    page = client.get(answer.location).get_data(as_text=True)
    assert "settled" in text(page).lower()
    assert draft_of(client, token)["seats"][0]["hand"] is not None


def test_a_locked_phone_is_sent_to_the_pin_first(app, client, make_session):
    token = make_session()
    fill(client, token, DRAW)
    pin_and_unlock(client, token, make_session.owner[token])
    other = app.test_client()  # a phone that has not given the PIN
    page = other.get(f"/s/{token}/unlock").get_data(as_text=True)
    data = {"csrf_token": csrf_token(page), "next": f"/s/{token}/rounds/new?seat=1"}
    answer = other.post(f"/s/{token}/rounds/draft/clear", data=data)
    assert answer.status_code == 303 and "/unlock" in answer.location
    assert "seat%3D1" in answer.location or "seat=1" in answer.location
    assert draft_of(other, token)["seats"][0]["hand"] is not None
    assert clear(client, token, f"/s/{token}/rounds/new").status_code == 303  # unlocked: clears
    assert blank(draft_of(client, token))


def test_not_on_the_edit_of_a_saved_round(client, make_session):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    page = client.get(f"/s/{token}/rounds/1/edit").get_data(as_text=True)
    assert 'class="clear-round"' not in page


def test_a_clear_is_not_in_the_way_of_undoing_the_last_round(client, make_session):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    fill(client, token, TALON)
    clear(client, token, f"/s/{token}/rounds/new")
    events = client.get(f"/api/sessions/{token}/history").get_json()["events"]
    assert [e["kind"] for e in events[:2]] == ["draft_cleared", "round_saved"]
    assert 'name="event"' in client.get(f"/s/{token}/history").get_data(as_text=True)
    undone = client.post(f"/api/sessions/{token}/undo", json={"event": events[1]["id"]})
    assert undone.status_code == 200, undone.get_json()
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0
