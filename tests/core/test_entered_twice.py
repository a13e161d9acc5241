"""One round entered on two phones in one-phone mode: the first Confirm saves it, the second is
told which round the other phone saved and saves nothing; with other cards, the second phone's
round becomes the next one only after it has seen what happened. A round with the same cards
as the round before is saved only after the phone was shown that."""

from __future__ import annotations

import re

from tests.support.forms import confirmation
from tests.support.records import DRAW, TALON

ROUND_SAVED = "Round 1 was just saved on another phone: Ana wins"


def rounds_of(client, token):
    return client.get(f"/api/sessions/{token}").get_json()["rounds"]


def page_text(response) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def test_the_second_phone_confirming_the_same_round_is_told_and_saves_nothing(
    app, client, make_session, round_entry
):
    token = make_session()
    ana, ben = round_entry, round_entry.on(app.test_client())
    ana_hidden = ana.hidden(token, key=True)
    ben_hidden = ben.hidden(token, key=True)  # both phones opened round 1
    ana_review, ana_fields = ana.review(token, DRAW, hidden=ana_hidden)
    ben_review, ben_fields = ben.review(token, DRAW, hidden=ben_hidden)
    assert ana.confirm(token, ana_review, ana_fields).status_code == 303
    told = ben.client.post(f"/s/{token}/rounds/new", data=confirmation(ben_review, ben_fields))
    assert told.status_code == 303 and told.headers["Location"].endswith(f"/s/{token}")
    page = page_text(ben.client.get(f"/s/{token}"))
    assert ROUND_SAVED in page and "Nothing more was saved." in page
    assert len(rounds_of(client, token)) == 1
    # the live preview of the second phone says so too, and offers nothing to confirm
    preview = ben.client.post(f"/s/{token}/rounds/preview", data=ben_fields).get_json()
    assert preview["ok"] is False and preview["review_key"] is None
    assert ROUND_SAVED in preview["errors"][0]["message"]
    # and neither leaves the saved round's cards in the draft as a round still to enter
    draft = client.get(f"/api/sessions/{token}/draft").get_json()
    assert [seat["hand"] for seat in draft["seats"]] == [None, None, None]


def test_other_cards_become_the_next_round_once_the_phone_saw_what_happened(
    app, client, make_session, round_entry
):
    token = make_session()
    ana, ben = round_entry, round_entry.on(app.test_client())
    ben_hidden = ben.hidden(token, key=True)
    ben_review, ben_fields = ben.review(token, TALON, hidden=ben_hidden)
    assert ana.save(token, DRAW, key=True).status_code == 303
    shown = ben.client.post(f"/s/{token}/rounds/new", data=confirmation(ben_review, ben_fields))
    assert shown.status_code == 200  # reviewed again, not saved
    text = page_text(shown)
    assert ROUND_SAVED in text and "These cards would be round 2" in text
    assert len(rounds_of(client, token)) == 1
    # the page now carries the revision it showed: Confirm saves round 2
    revision = re.search(r'name="revision" value="(\d+)"', shown.get_data(as_text=True)).group(1)
    saved = ben.confirm(token, shown, {**ben_fields, "revision": revision})
    assert saved.status_code == 303
    assert [r["number"] for r in rounds_of(client, token)] == [1, 2]


def test_the_same_cards_as_the_round_before_are_shown_before_they_are_saved(
    client, make_session, round_entry
):
    token = make_session()
    assert round_entry.save(token, DRAW, key=True).status_code == 303
    review, fields = round_entry.review(token, DRAW, key=True)
    assert review.status_code == 200
    assert "These are the same cards as round 1" in page_text(review)
    preview = client.post(f"/s/{token}/rounds/preview", data=fields).get_json()
    assert (
        preview["ok"] is True and "These are the same cards as round 1" in preview["verdict_html"]
    )
    # shown and confirmed: the table did play them twice
    assert round_entry.confirm(token, review, fields).status_code == 303
    assert len(rounds_of(client, token)) == 2
    other, _ = round_entry.review(token, TALON, key=True)
    assert "same cards" not in page_text(other)
