"""A phone that cannot mark Bayad na is told why and what to do (templates/_paid_notice.html):
the group's PIN not given on it (the group page and a group session's settle-up), the session's
group never opened on it, or a session in no group (then: add it to one)."""

from __future__ import annotations

from tests.support.forms import csrf_token
from tests.support.group_pages import made_group, start_from_group
from tests.support.pages import plain, text_of
from tests.support.records import TALON

PIN_LINE = "Enter the group PIN to mark payments (Bayad na)."


def _settled_group(client, pin="2468") -> tuple[str, str]:
    token = made_group(client, pin=pin)
    started = start_from_group(client, token, ["Ana", "Ben", "Cris"])
    session = started.headers["Location"].split("/s/")[1].split("?")[0]
    assert client.post(f"/api/sessions/{session}/rounds", json=TALON).status_code == 201
    assert client.post(f"/s/{session}/settle", data=_csrf(client, session)).status_code == 303
    return token, session


def _csrf(client, session) -> dict:
    return {"csrf_token": csrf_token(text_of(client.get(f"/s/{session}/settle")))}


def test_the_group_page_says_the_pin_is_needed_until_it_is_given(app, client):
    token, _session = _settled_group(client)
    assert PIN_LINE not in plain(client.get(f"/g/{token}"))  # the phone that made it
    other = app.test_client()
    page = text_of(other.get(f"/g/{token}"))
    assert PIN_LINE in plain(other.get(f"/g/{token}"))
    assert f'<a class="btn" href="/g/{token}/unlock">Enter the PIN</a>' in page
    assert "/pay" not in page.split('id="utang"')[1].split("</section>")[0]  # no dead button
    unlock = {"csrf_token": csrf_token(text_of(other.get(f"/g/{token}/unlock"))), "pin": "2468"}
    assert other.post(f"/g/{token}/unlock", data=unlock).status_code == 303
    after = plain(other.get(f"/g/{token}"))
    assert PIN_LINE not in after and after.count("Bayad na") >= 2


def test_a_group_sessions_settle_up_says_why_on_each_kind_of_phone(app, client):
    token, session = _settled_group(client)
    assert PIN_LINE not in plain(client.get(f"/s/{session}"))
    knows = app.test_client()
    knows.get(f"/g/{token}")  # opened the group's page, never gave its PIN
    said = plain(knows.get(f"/s/{session}"))
    assert PIN_LINE in said and "Bayad na Owed" not in said
    stranger = app.test_client()  # only the session's link
    said = plain(stranger.get(f"/s/{session}"))
    assert "This session's payments are kept in its barkada: open the group's link" in said
    assert PIN_LINE not in said


def test_a_session_in_no_group_offers_to_add_it_to_one(app, client):
    made = client.post("/api/sessions", json={"players": ["Ana", "Ben", "Cris"]})
    session = made.get_json()["id"]
    assert client.post(f"/api/sessions/{session}/rounds", json=TALON).status_code == 201
    assert "kept in a barkada" not in plain(client.get(f"/s/{session}"))  # not settled yet
    assert client.post(f"/api/sessions/{session}/settle").status_code == 200
    page = text_of(client.get(f"/s/{session}"))
    assert "Payments (Bayad na) are kept in a barkada." in plain(client.get(f"/s/{session}"))
    assert f'href="/g/join/{session}">Add this session to a barkada</a>' in page
