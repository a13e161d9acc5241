"""The one-phone page enters the session's round draft: each preview (and, without JavaScript,
each Review) keeps the round in progress there, the page opened again shows it, the seat pages
see the same round, and Confirm saves the round and clears the draft in one transaction."""

from __future__ import annotations

from tests.support.drafts import fill
from tests.support.faults import Fault
from tests.support.forms import csrf_token, form_fields
from tests.support.records import DRAW, TALON


def draft_of(client, token) -> dict:
    return client.get(f"/api/sessions/{token}/draft").get_json()


def preview(client, round_entry, token, record):
    fields = {**round_entry.hidden(token), **form_fields(record)}
    return client.post(f"/s/{token}/rounds/preview", data=fields).get_json()


def test_a_preview_keeps_the_round_in_the_draft_and_the_page_shows_it_again(
    client, make_session, round_entry
):
    token = make_session()
    half = {**DRAW, "hands": [DRAW["hands"][0], {"melds": [], "hand": ["9S"]}, DRAW["hands"][2]]}
    answer = preview(client, round_entry, token, half)
    assert answer["kept"] is True
    draft = draft_of(client, token)
    assert draft["header"]["ending"] == "draw" and draft["header"]["declarer"] == 0
    assert draft["seats"][1]["hand"] == {
        "melds": [],
        "hand": ["9S"],
        "challenged": False,
        "kang": False,
        "no_discard": False,
    }
    assert draft["seats"][0]["hand"]["melds"] == DRAW["hands"][0]["melds"]
    page = client.get(f"/s/{token}/rounds/new").get_data(as_text=True)
    assert 'name="hand_1" value="9S"' in page
    assert f'name="melds_0" value="{" ".join(DRAW["hands"][0]["melds"][0])}' in page
    # the same preview again changes nothing
    version = draft["version"]
    preview(client, round_entry, token, half)
    assert draft_of(client, token)["version"] == version


def test_a_seat_with_no_card_is_not_entered(client, make_session, round_entry):
    token = make_session()
    empty = {"melds": [], "hand": []}
    one = {"ending": "talon", "hands": [DRAW["hands"][0], empty, empty]}
    preview(client, round_entry, token, one)
    seats = draft_of(client, token)["seats"]
    assert seats[0]["hand"] is not None and seats[1]["hand"] is None and seats[2]["hand"] is None


def test_review_without_javascript_keeps_it_and_confirm_clears_it(
    client, make_session, round_entry
):
    token = make_session()
    review, fields = round_entry.review(token, DRAW, key=True)
    assert review.status_code == 200
    assert draft_of(client, token)["seats"][2]["hand"] is not None
    assert round_entry.confirm(token, review, fields).status_code == 303
    draft = draft_of(client, token)
    assert all(seat["hand"] is None for seat in draft["seats"]) and draft["header"] == {}
    assert draft["last_saved"] == {"number": 1}
    assert 'name="hand_0" value=""' in client.get(f"/s/{token}/rounds/new").get_data(as_text=True)


def test_a_save_with_other_cards_than_the_draft_leaves_the_draft(client, make_session, round_entry):
    """The seat pages are entering another round: a round saved from a form that never wrote
    the draft (an old page, the API) does not wipe their cards."""
    token = make_session()
    fill(client, token, TALON)
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    assert draft_of(client, token)["seats"][0]["hand"] == TALON["hands"][0]


def test_a_fault_in_the_save_leaves_the_round_in_the_draft(app, client, make_session, round_entry):
    token = make_session()
    review, fields = round_entry.review(token, DRAW, key=True)
    fault = Fault(app, "UPDATE ROUND_DRAFT")
    try:
        failed = round_entry.confirm(token, review, fields)
    finally:
        fault.remove()
    assert fault.left == 0 and failed.status_code == 503
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0
    assert draft_of(client, token)["seats"][0]["hand"] is not None  # still there to confirm
    assert round_entry.confirm(token, review, fields).status_code == 303
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1
    assert all(seat["hand"] is None for seat in draft_of(client, token)["seats"])


def test_a_device_without_the_pin_keeps_nothing(app, client, make_session):
    token = make_session()
    pin = client.put(
        f"/api/sessions/{token}/pin", json={"pin": "1234"}, headers=make_session.owner[token]
    )
    assert pin.status_code == 200, pin.get_json()
    other = app.test_client()  # a phone that never gave the PIN: its form page asks for it
    unlock = other.get(f"/s/{token}/rounds/new", follow_redirects=True).get_data(as_text=True)
    fields = {"csrf_token": csrf_token(unlock), **form_fields(DRAW)}
    answer = other.post(f"/s/{token}/rounds/preview", data=fields).get_json()
    assert answer["kept"] is False
    assert draft_of(client, token)["version"] == 0
