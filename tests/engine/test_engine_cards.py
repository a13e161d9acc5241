"""docs/rules.md §1: the card notation and card points."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracker.engine import Card, CardError, parse_cards
from tracker.engine.cards import DECK, JOKER_CARD


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AS 10H QD", ["AS", "10H", "QD"]),
        ("as,10h , qd", ["AS", "10H", "QD"]),  # case-insensitive, commas
        ("TS th", ["10S", "10H"]),  # T means 10
        ("7♠ 8♥ 9♦ K♣", ["7S", "8H", "9D", "KC"]),  # suit symbols
        ("JK jk Joker", ["JK", "JK", "JK"]),
        ("", []),
    ],
)
def test_notation_parses_to_canonical_form(text, expected):
    assert [str(card) for card in parse_cards(text)] == expected


@pytest.mark.parametrize("token", ["1S", "11H", "ZZ", "7X", "S", "10", "QQ", "0S"])
def test_unknown_card_names_the_token(token):
    with pytest.raises(CardError) as caught:
        parse_cards(f"7S {token} 8S")
    assert caught.value.token == token
    assert token in str(caught.value)


def test_parse_accepts_a_list_of_tokens():
    assert parse_cards(["7s", "JK"]) == [Card(7, "S"), JOKER_CARD]


@pytest.mark.parametrize(
    "text, points", [("AS", 1), ("2H", 2), ("10D", 10), ("JC", 10), ("QS", 10), ("KH", 10)]
)
def test_card_points(text, points):
    assert parse_cards(text)[0].points() == points


@pytest.mark.parametrize("joker_points", [25, 30])
def test_joker_points_follow_the_rule(joker_points):
    assert JOKER_CARD.points(joker_points) == joker_points


@given(st.lists(st.sampled_from(DECK + (JOKER_CARD,)), max_size=20))
def test_cards_round_trip_through_the_notation(cards):
    assert parse_cards(" ".join(str(card) for card in cards)) == cards


@given(st.lists(st.sampled_from(DECK), max_size=20))
def test_round_trip_with_commas_and_lower_case(cards):
    text = ", ".join(str(card).lower() for card in cards)
    assert parse_cards(text) == cards
