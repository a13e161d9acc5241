"""A round sent from a phone's outbox (POST /api/sessions/<id>/rounds, docs/API.md) clears the
round draft it came from in the save's transaction: the phone lost the network mid-round,
and what it tapped online must not fill every phone's next "+ Enter round". With
`Draft-Changed` (the draft's `changed` the phone last saw, from the one-phone preview's
`draft_changed`) a draft nobody changed since is cleared, whatever the phone changed offline;
without it, or when the draft moved on, only a draft holding nothing that is not in the round."""

from __future__ import annotations

import pytest

from tests.support.forms import form_fields
from tests.support.records import DRAW, TALON, hand

# DRAW as the phone had it when the network dropped: the header, Ana's meld and one more card
# than the round she finished offline (she took 4H back out), Ben's and Cris's not tapped yet
EMPTY = hand()
BEGUN = {**DRAW, "hands": [hand([["7S", "7D", "7C"]], ["2C", "3D", "4H"]), EMPTY, EMPTY]}
# the same, but only cards that are in DRAW
PART = {**DRAW, "hands": [hand([["7S", "7D", "7C"]], ["2C"]), EMPTY, EMPTY]}


def draft_of(client, token) -> dict:
    return client.get(f"/api/sessions/{token}/draft").get_json()


def preview(client, round_entry, token, record) -> dict:
    """The one-phone page's live preview of `record`: what the page's script posts per tap."""
    fields = {**round_entry.hidden(token), **form_fields(record)}
    answer = client.post(f"/s/{token}/rounds/preview", data=fields)
    assert answer.status_code == 200
    return answer.get_json()


def send(client, token, record, changed=None, **headers):
    if changed is not None:
        headers["Draft-Changed"] = str(changed)
    return client.post(f"/api/sessions/{token}/rounds", json=record, headers=headers)


def blank(draft: dict) -> bool:
    return draft["header"] == {} and all(seat["hand"] is None for seat in draft["seats"])


def new_round_page(client, token) -> str:
    return client.get(f"/s/{token}/rounds/new").get_data(as_text=True)


def test_the_preview_answers_the_drafts_changed(client, make_session, round_entry):
    token = make_session()
    answer = preview(client, round_entry, token, BEGUN)
    assert answer["kept"] is True
    assert answer["draft_changed"] == draft_of(client, token)["changed"] > 0
    again = preview(client, round_entry, token, BEGUN)  # nothing new: the same `changed`
    assert again["draft_changed"] == answer["draft_changed"]
    edited = preview(client, round_entry, token, PART)
    assert edited["draft_changed"] == draft_of(client, token)["changed"] > answer["draft_changed"]


def test_the_round_sent_with_the_drafts_changed_clears_it(client, make_session, round_entry):
    token = make_session()
    changed = preview(client, round_entry, token, BEGUN)["draft_changed"]
    page = new_round_page(client, token)  # the draft fills the page
    assert 'value="2C 3D 4H"' in page and 'name="ending" value="draw" checked' in page
    saved = send(client, token, DRAW, changed, **{"Seen-Revision": "0", "Round-Number": "1"})
    assert saved.status_code == 201, saved.get_json()
    draft = draft_of(client, token)
    assert blank(draft) and draft["last_saved"] == {"number": 1}
    page = new_round_page(client, token)
    assert 'name="hand_0" value=""' in page and 'name="melds_0" value=""' in page
    assert "2C 3D 4H" not in page and 'name="ending" value="draw" checked' not in page


def test_without_the_header_a_draft_with_another_card_stays(client, make_session, round_entry):
    """Ana's 4H is in the draft, not in the round: without Draft-Changed the server cannot
    tell this draft from a round begun elsewhere with that card."""
    token = make_session()
    preview(client, round_entry, token, BEGUN)
    assert send(client, token, DRAW).status_code == 201
    assert draft_of(client, token)["seats"][0]["hand"]["hand"] == ["2C", "3D", "4H"]


def test_without_the_header_a_draft_within_the_round_is_cleared(client, make_session, round_entry):
    token = make_session()
    preview(client, round_entry, token, PART)
    assert draft_of(client, token)["header"]["ending"] == "draw"
    assert send(client, token, DRAW).status_code == 201
    assert blank(draft_of(client, token))
    assert 'name="hand_0" value=""' in new_round_page(client, token)


def test_a_draft_with_another_header_value_stays(client, make_session, round_entry):
    token = make_session()
    preview(client, round_entry, token, {**PART, "declarer": 1})  # Ben called, in the draft
    assert send(client, token, DRAW).status_code == 201
    assert draft_of(client, token)["header"]["declarer"] == 1


def test_the_next_round_begun_elsewhere_stays(client, make_session, round_entry):
    """The phone saw the draft at `changed`; then a seat page began the next round there (a
    card of its own): the stale Draft-Changed clears nothing."""
    token = make_session()
    changed = preview(client, round_entry, token, PART)["draft_changed"]
    ben = client.put(f"/api/sessions/{token}/draft/seats/1", json=TALON["hands"][1])
    assert ben.status_code == 200 and ben.get_json()["changed"] > changed
    saved = send(client, token, DRAW, changed)
    assert saved.status_code == 201
    draft = draft_of(client, token)
    assert draft["seats"][1]["hand"]["hand"] == TALON["hands"][1]["hand"]
    assert draft["header"]["ending"] == "draw" and draft["last_saved"] is None


def test_a_round_another_phone_saved_already_clears_its_draft(client, make_session, round_entry):
    """Another phone saved these very cards first (its save left the draft: it holds 4H); the
    outbox's copy answers already_saved and clears the draft it came from all the same."""
    token = make_session()
    changed = preview(client, round_entry, token, BEGUN)["draft_changed"]
    assert send(client, token, DRAW).status_code == 201  # the other phone, no header
    assert not blank(draft_of(client, token))
    answer = send(client, token, DRAW, changed, **{"Seen-Revision": "0"})
    assert answer.status_code == 200 and answer.get_json()["already_saved"] is True
    assert blank(draft_of(client, token))
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1


def test_a_refused_round_leaves_the_draft(client, make_session, round_entry):
    token = make_session()
    changed = preview(client, round_entry, token, PART)["draft_changed"]
    bad = {**DRAW, "hands": [DRAW["hands"][0], DRAW["hands"][0], DRAW["hands"][2]]}
    assert send(client, token, bad, changed).status_code == 422
    assert draft_of(client, token)["changed"] == changed


@pytest.mark.parametrize("value", ["", "x", "-1", "1.0", "１２", "1234567890", "0x10"])
def test_a_bad_draft_changed_is_a_400_and_saves_nothing(client, make_session, round_entry, value):
    token = make_session()
    changed = preview(client, round_entry, token, PART)["draft_changed"]
    answer = client.post(
        f"/api/sessions/{token}/rounds", json=DRAW, headers={"Draft-Changed": value}
    )
    assert answer.status_code == 400
    error = answer.get_json()["errors"][0]
    assert error["where"] == "Draft-Changed"
    assert "Draft-Changed takes the round draft's changed value" in error["message"]
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0
    assert draft_of(client, token)["changed"] == changed


def test_the_400_in_filipino(client, make_session):
    token = make_session()
    answer = client.post(
        f"/api/sessions/{token}/rounds",
        json=DRAW,
        headers={"Draft-Changed": "x", "Accept-Language": "fil"},
    )
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["message"].startswith("Ang Draft-Changed ay")
