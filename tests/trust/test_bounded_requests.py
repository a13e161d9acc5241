"""Bounded work per request: a hand bigger than a deck is refused before any card of it is
read (a 190 KB hand of 65,000 cards took 7 s and left a 6 MB answer of 65,003 errors in the
draft, read again by every poll), and no answer lists more than 50 problems (the rest are
counted in one more)."""

from __future__ import annotations

from tests.support.records import TALON
from tests.web.test_drafts import url

HUGE = "7S " * 65_000


def test_a_hand_bigger_than_a_deck_is_refused_and_the_draft_keeps_nothing(client, make_session):
    token = make_session()
    answer = client.put(url(token, "/seats/0"), json={"melds": [], "hand": HUGE})
    assert answer.status_code == 422
    (error,) = answer.get_json()["errors"]
    assert error["message"] == "the hand has 65000 cards, more than a deck holds"
    assert client.get(url(token)).get_json()["seats"][0]["hand"] is None
    melds = [["2S", "3S", "4S"]] * 19
    many = client.put(url(token, "/seats/1"), json={"melds": melds, "hand": []})
    assert many.status_code == 422
    assert "19 melds, more than a deck makes" in many.get_json()["errors"][0]["message"]


def test_a_round_with_a_huge_hand_is_checked_in_one_problem(client, make_session):
    token = make_session()
    record = {**TALON, "hands": [{"melds": [], "hand": HUGE}, *TALON["hands"][1:]]}
    for path in ("/rounds/check", "/rounds"):
        answer = client.post(f"/api/sessions/{token}{path}", json=record)
        assert answer.status_code == 422
        messages = [e["message"] for e in answer.get_json()["errors"]]
        assert "Ana's hand: 65000 cards, more than a deck holds" in messages
        assert len(messages) <= 3
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0


def test_no_answer_lists_more_than_fifty_problems(client, make_session):
    token = make_session()
    hand = {f"key{n}": True for n in range(5_000)}  # 5,000 unknown keys
    answer = client.put(url(token, "/seats/0"), json=hand)
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    assert len(errors) == 51
    assert errors[-1]["message"] == "and 4950 more problems"
    record = {**TALON, "hands": [hand, *TALON["hands"][1:]]}
    checked = client.post(f"/api/sessions/{token}/rounds/check", json=record)
    assert checked.status_code == 422 and len(checked.get_json()["errors"]) == 51
