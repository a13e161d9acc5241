"""The page side of one phone per seat without a browser: "Which player is
this phone?" remembered in a cookie per session, the seat page and its refusals, the PIN
first, and the draft's verdict as the HTML of a saved round's."""

from __future__ import annotations

import re

from tests.support.forms import csrf_token
from tests.support.records import PLAYERS, TALON
from tests.support.static import static_pattern


def choose(client, token, seat: str):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    return client.post(f"/s/{token}/seat", data={"csrf_token": csrf_token(page), "seat": seat})


def test_which_player_is_this_phone_is_a_cookie_of_this_session(client, make_session):
    token, other = make_session(), make_session()
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Which player is this phone?" in page and "Everyone <small>(one phone)</small>" in page
    assert f'id="enter-round" href="/s/{token}/rounds/new"' in page
    answer = choose(client, token, "1")
    assert answer.status_code == 303 and answer.headers["Location"] == f"/s/{token}"
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("seat=1;") and f"Path=/s/{token}" in cookie
    assert "Max-Age=31536000" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert f'href="/s/{token}/rounds/new?seat=1"' in page
    assert '· <span class="whose-phone">Ben\'s phone</span>' in page
    assert f'href="/s/{other}/rounds/new"' in client.get(f"/s/{other}").get_data(as_text=True)
    choose(client, token, "all")
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert f'id="enter-round" href="/s/{token}/rounds/new"' in page and "Ben's phone" not in page


def test_a_bad_choice_or_an_expired_form_remembers_nothing(client, make_session):
    token = make_session()
    for data in ({"seat": "3"}, {"seat": "x"}, {}):
        page = client.get(f"/s/{token}").get_data(as_text=True)
        answer = client.post(f"/s/{token}/seat", data={"csrf_token": csrf_token(page), **data})
        assert answer.status_code == 303 and "Set-Cookie" not in answer.headers
    answer = client.post(f"/s/{token}/seat", data={"seat": "1"})  # no CSRF token
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers


def test_the_seat_page_and_its_refusals(client, make_session):
    token = make_session()
    page = client.get(f"/s/{token}/rounds/new?seat=2")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert 'data-seat="2"' in html and "Seat mode needs JavaScript" in html
    assert re.search(static_pattern("pages/seat.js"), html) and "Enter cards here" in html
    for bad in ("3", "-1", "x", "1.0", "%00"):
        refused = client.get(f"/s/{token}/rounds/new?seat={bad}")
        text = refused.get_data(as_text=True)
        assert refused.status_code == 400 and "is not a seat at this table" in text
        assert f'href="/s/{token}/rounds/new"' in text  # the one-phone page
    for one_phone in ("", "all"):
        html = client.get(f"/s/{token}/rounds/new?seat={one_phone}").get_data(as_text=True)
        assert 'id="round"' in html and "seat-page" not in html
    assert client.get("/s/nope/rounds/new?seat=1").status_code == 404


def test_a_locked_phone_gives_the_pin_then_comes_back_to_its_seat(client):
    answer = client.post("/api/sessions", json={"players": PLAYERS, "pin": "0420"})
    token = answer.get_json()["id"]
    page = client.get(f"/s/{token}/rounds/new?seat=1")
    assert page.status_code == 303
    assert page.headers["Location"] == f"/s/{token}/unlock?next=/s/{token}/rounds/new?seat%3D1"
    form = client.get(page.headers["Location"]).get_data(as_text=True)
    target = f"/s/{token}/rounds/new?seat=1"
    right = client.post(
        f"/s/{token}/unlock", data={"csrf_token": csrf_token(form), "pin": "0420", "next": target}
    )
    assert right.status_code == 303 and right.headers["Location"] == target
    assert client.get(target).status_code == 200


def test_the_draft_verdict_is_the_saved_rounds_html(client, make_session):
    token = make_session()
    blank = client.get(f"/s/{token}/draft/verdict").get_data(as_text=True)
    assert 'data-ready="false"' in blank and "verdict" not in blank.replace("draft-verdict", "")
    client.put(f"/api/sessions/{token}/draft/header", json={"ending": "talon"})
    for seat, hand in enumerate(TALON["hands"]):
        body = client.put(f"/api/sessions/{token}/draft/seats/{seat}", json=hand).get_json()
    html = client.get(f"/s/{token}/draft/verdict").get_data(as_text=True)
    assert 'data-ready="true"' in html and "Cris wins" in html and "₱" in html
    assert f'data-changed="{body["changed"]}" data-revision="{body["revision"]}"' in html
    assert client.get("/s/nope/draft/verdict").status_code == 404


def test_a_settled_session_has_no_seat_to_enter(client, make_session):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/settle").status_code == 200
    html = client.get(f"/s/{token}/rounds/new?seat=0").get_data(as_text=True)
    assert "This session is settled" in html and "seat.js" not in html
    assert "Which player is this phone?" not in client.get(f"/s/{token}").get_data(as_text=True)
