"""A draft write names the round it was made on (`began.at` of the draft the phone showed: the
seat page's Draft-Began header, the one-phone page's `draft_began` field). Once the table
cleared or saved that round, such a write is refused (409, at `began`), says which phone did
it, and changes nothing: cleared cards never come back. The one-phone page's preview keeps
only the parts it says it changed (`draft_touched`), so another phone's hand stays."""

from __future__ import annotations

from tests.support.drafts import all_done, fill, url
from tests.support.forms import form_fields
from tests.support.records import DRAW

ANA_SEAT = 0


def draft_of(client, token) -> dict:
    return client.get(url(token)).get_json()


def blank(draft: dict) -> bool:
    return draft["header"] == {} and all(seat["hand"] is None for seat in draft["seats"])


def test_a_hand_written_on_a_cleared_round_is_refused_and_says_which_phone(client, make_session):
    token = make_session()
    began = fill(client, token)["began"]
    assert began == {"at": 0, "how": None, "number": None, "seat": None}
    cleared = client.delete(url(token) + "?seat=1")  # the API's DELETE: no seat cookie
    assert cleared.status_code == 200
    now = cleared.get_json()
    assert blank(now) and now["began"]["at"] > 0 and now["began"]["how"] == "cleared"
    assert now["began"]["number"] == 1

    late = client.put(
        url(token, f"/seats/{ANA_SEAT}"), json=DRAW["hands"][0], headers={"Draft-Began": "0"}
    )
    assert late.status_code == 409
    error = late.get_json()["errors"][0]
    assert error["where"] == "began"
    assert error["message"] == ("Round 1 was cleared on another phone: this change was not kept")
    assert blank(draft_of(client, token))  # nothing came back
    header = client.put(
        url(token, "/header"), json={"ending": "draw"}, headers={"Draft-Began": "0"}
    )
    done = client.post(url(token, "/seats/1/done"), headers={"Draft-Began": "0"})
    assert (header.status_code, done.status_code) == (409, 409)
    assert draft_of(client, token)["version"] == now["version"]

    # made on the round as it is now: taken
    fresh = client.put(
        url(token, "/seats/0"),
        json=DRAW["hands"][0],
        headers={"Draft-Began": str(now["began"]["at"])},
    )
    assert fresh.status_code == 200 and fresh.get_json()["seats"][0]["hand"] is not None


def test_the_refusal_names_the_seat_phone_that_saved_the_round(client, make_session):
    token = make_session()
    fill(client, token)
    all_done(client, token)
    version = draft_of(client, token)["version"]
    for seat in (0, 1):
        client.post(url(token, f"/seats/{seat}/agree"), json={"version": version})
    # the third Agree, from Cris's phone (a seat cookie names the phone in the history)
    client.set_cookie("seat", "2", path=f"/s/{token}")
    saved = client.post(url(token, "/seats/2/agree"), json={"version": version})
    assert saved.status_code == 201
    began = saved.get_json()["began"]
    assert began["how"] == "saved" and began["number"] == 1 and began["seat"] == 2
    late = client.put(url(token, "/seats/0"), json=DRAW["hands"][0], headers={"Draft-Began": "0"})
    assert late.status_code == 409
    assert late.get_json()["errors"][0]["message"] == (
        "Round 1 was saved on Cris's phone: this change was not kept"
    )
    assert blank(draft_of(client, token))


def test_a_bad_draft_began_is_a_400_that_says_where(client, make_session):
    token = make_session()
    answer = client.put(url(token, "/seats/0"), json=DRAW["hands"][0], headers={"Draft-Began": "x"})
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["where"] == "Draft-Began"
    assert draft_of(client, token)["seats"][0]["hand"] is None


def preview(client, round_entry, token, record, **extra):
    fields = {**round_entry.hidden(token), **form_fields(record), **extra}
    return client.post(f"/s/{token}/rounds/preview", data=fields).get_json()


def test_the_one_phone_preview_made_on_a_cleared_round_keeps_nothing(
    client, make_session, round_entry
):
    token = make_session()
    assert preview(client, round_entry, token, DRAW, draft_began="0")["kept"] is True
    assert client.delete(url(token)).status_code == 200
    answer = preview(client, round_entry, token, DRAW, draft_began="0")
    assert answer["kept"] is False
    assert answer["gone"] == "Round 1 was cleared on another phone: this change was not kept"
    assert blank(draft_of(client, token))
    began = draft_of(client, token)["began"]["at"]
    # the page read the draft again: the same taps, made on the round as it is, are kept
    again = preview(client, round_entry, token, DRAW, draft_began=str(began))
    assert again["kept"] is True and not blank(draft_of(client, token))


def test_the_one_phone_preview_keeps_only_what_it_changed(client, make_session, round_entry):
    token = make_session()
    # Ben's phone enters his own hand on the seat page
    assert client.put(url(token, "/seats/1"), json=DRAW["hands"][1]).status_code == 200
    # the one-phone page, opened before, still shows Ben with no card, and taps Ana's
    stale = {
        **DRAW,
        "hands": [DRAW["hands"][0], {"melds": [], "hand": []}, {"melds": [], "hand": []}],
    }
    answer = preview(client, round_entry, token, stale, draft_began="0", draft_touched="header,0")
    assert answer["kept"] is True
    seats = draft_of(client, token)["seats"]
    assert seats[1]["hand"]["hand"] == DRAW["hands"][1]["hand"]  # Ben's stays
    assert seats[0]["hand"]["melds"] == DRAW["hands"][0]["melds"]
    assert seats[2]["hand"] is None
    # without the field (a page without JavaScript) the form is the round: every part written
    preview(client, round_entry, token, stale, draft_began="0")
    assert draft_of(client, token)["seats"][1]["hand"] is None
