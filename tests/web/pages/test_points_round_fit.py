"""The one-phone points page as a plain form, on a real database (both): numbers no deal can
make shown at their field with what was typed kept and nothing stored; each page begins a
round with its own id (a hidden field), so two pages with the same numbers save two rounds
and one page's Confirm sent twice saves one."""

from __future__ import annotations

import re

from tests.support.forms import IDEMPOTENCY_KEY, REVISION, csrf_token, review_key
from tests.support.pages import field_error, plain

RULES = {"points_rounds": True, "ace_bonus_units": 1, "secret_bonus_units": 3}
ROUND_ID = re.compile(r'name="round_id" value="([^"]*)"')
TYPED = {"ending": "talon", "last_drawer": "0", "dealer": "0"}
TYPED.update(points_0="3", points_1="9", points_2="20", sunog_2="y")


def hidden(page: str) -> dict:
    """The hidden fields a page sends back: its CSRF token, key, revision and round's id."""
    fields = {"csrf_token": csrf_token(page), "mode": "points"}
    for name, pattern in (
        ("idempotency_key", IDEMPOTENCY_KEY),
        ("revision", REVISION),
        ("round_id", ROUND_ID),
    ):
        if match := pattern.search(page):
            fields[name] = match.group(1)
    return fields


def begin(client, token) -> dict:
    """A points page opened: what it will send back with the typed numbers."""
    return hidden(client.get(f"/s/{token}/rounds/new?mode=points").get_data(as_text=True))


def send(client, token, fields: dict, action="review", **more):
    data = {**fields, "action": action, **more}
    return client.post(f"/s/{token}/rounds/new?mode=points", data=data)


def rounds(client, token) -> list:
    return client.get(f"/api/sessions/{token}").get_json()["rounds"]


def test_impossible_numbers_are_shown_at_their_field_and_kept(client, make_session):
    token = make_session(rules=RULES)
    typed = {**TYPED, "points_1": "130", "secret_melds_1": "4"}
    typed.update(aces_0="4", aces_1="4", aces_2="4")
    page = send(client, token, begin(client, token), **typed)
    assert page.status_code == 422
    assert "Ben's 4 secret melds take 16 cards at least" in field_error(page, "secret_melds_1")
    assert "Ben's aces make 8 at the table" in field_error(page, "aces_1")
    assert "Cris's aces make 12 at the table" in field_error(page, "aces_2")
    text = page.get_data(as_text=True)
    assert 'name="points_1" class="points-input" value="130"' in text  # kept as typed
    assert 'name="secret_melds_1" class="count-input" value="4"' in text
    assert rounds(client, token) == []
    table = send(client, token, begin(client, token), **{**TYPED, "sunog_0": "y", "sunog_1": "y"})
    assert table.status_code == 200  # three sunog: a void round, nothing wrong
    wide = {**TYPED, "sunog_0": "y", "sunog_1": "y"}
    wide.update(points_0="130", points_1="130", points_2="130")
    page = send(client, token, begin(client, token), **wide)
    assert page.status_code == 422
    assert "The three players' deadwood adds up to 390" in field_error(page, "form")
    assert rounds(client, token) == []


def test_each_page_begins_a_round_with_its_own_id_kept_until_saved(client, make_session):
    token = make_session(rules=RULES)
    first, second = begin(client, token), begin(client, token)
    assert first["round_id"] and second["round_id"] and first["round_id"] != second["round_id"]
    review = send(client, token, first, **TYPED)
    assert ROUND_ID.search(review.get_data(as_text=True)).group(1) == first["round_id"]
    saved = send(client, token, first, "save", reviewed=review_key(review), **TYPED)
    assert saved.status_code == 303
    record = client.get(f"/api/sessions/{token}/rounds/1").get_json()["record"]
    assert record["id"] == first["round_id"]
    edit = client.get(f"/s/{token}/rounds/1/edit").get_data(as_text=True)
    assert ROUND_ID.search(edit).group(1) == first["round_id"]  # an edit keeps it


def test_two_pages_with_the_same_numbers_save_two_rounds(client, make_session):
    """Two phones began at the same revision and typed the same numbers: the second is told
    of the round saved since, not that it was 'already saved', and its Confirm saves it."""
    token = make_session(rules=RULES)
    a, b = begin(client, token), begin(client, token)
    assert a["revision"] == b["revision"]
    review = send(client, token, a, **TYPED)
    assert send(client, token, a, "save", reviewed=review_key(review), **TYPED).status_code == 303
    review = send(client, token, b, **TYPED)
    assert review.status_code == 200, plain(review)
    assert "on another phone" in plain(review)
    confirm = {**hidden(review.get_data(as_text=True)), "reviewed": review_key(review)}
    saved = send(client, token, confirm, "save", **TYPED)
    assert saved.status_code == 303
    assert len(rounds(client, token)) == 2


def test_one_pages_confirm_sent_twice_saves_once(client, make_session):
    token = make_session(rules=RULES)
    page = begin(client, token)
    review = send(client, token, page, **TYPED)
    for _ in range(2):
        saved = send(client, token, page, "save", reviewed=review_key(review), **TYPED)
        assert saved.status_code == 303
    assert len(rounds(client, token)) == 1
