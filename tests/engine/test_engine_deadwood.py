"""docs/rules.md §3: exact minimum deadwood, checked against an exhaustive search."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.engine import MeldError, Rules, best_melds, parse_cards, validate_meld
from tracker.engine.cards import DECK, JOKER_CARD


@pytest.mark.parametrize(
    "hand, deadwood",
    [
        # the examples of docs/rules.md §3
        ("QC QD QH QS JC JD JH JS 8C 9C 10C 3S", 3),
        ("AS 2S 3S 4S AH AD", 0),
        ("10D JD QD KD KS KH", 0),
        ("KC AC 2C", 13),
        # greedy finders get these wrong: the long run or the big set is the trap
        ("3C 4C 5C 6C 6S 6H", 0),  # 3-4-5C + 6C 6S 6H, not the long run 3-6C
        ("7S 7H 7D 5S 6S 8S 9S", 14),  # the run 5-9S leaves 7H 7D (14); the set leaves 28
        ("4D 5D 6D 7D 7S 7C 8S 9S", 7),  # 4-7D + 7-9S leave 7C; the set of sevens would leave 17
        ("AS 2S 3S 3H 3D 3C", 0),  # A-2-3S + 3H 3D 3C, not the four threes (leaves A-2)
        ("", 0),
    ],
)
def test_known_hands(hand, deadwood):
    assert best_melds(parse_cards(hand), Rules()).deadwood == deadwood


def test_qka_changes_deadwood():
    hand = parse_cards("QS KS AS 2D")
    assert best_melds(hand, Rules(qka_run=True)).deadwood == 2
    assert best_melds(hand, Rules(qka_run=False)).deadwood == 23


def test_concealed_melds_count_makes_deadwood_the_plain_sum():
    hand = parse_cards("7S 7H 7D 2C")
    assert best_melds(hand, Rules()).deadwood == 2
    arrangement = best_melds(hand, Rules(concealed_melds_count=True))
    assert arrangement.deadwood == 23
    assert arrangement.melds == ()


def test_unmelded_joker_counts_joker_points():
    assert best_melds(parse_cards("JK 2C"), Rules(jokers=1)).deadwood == 27
    assert best_melds(parse_cards("JK 2C"), Rules(jokers=1, joker_points=30)).deadwood == 32


def test_joker_melds_in_the_best_place():
    arrangement = best_melds(parse_cards("JK 5H 6H KS KD 9C"), Rules(jokers=1))
    assert arrangement.deadwood == 20  # JK joins K K (leaves 5+6+9) rather than 5-6H (leaves 29)
    assert [str(c) for c in arrangement.deadwood_cards] == ["5H", "6H", "9C"]


def test_arrangement_lists_melds_and_leftover_cards():
    arrangement = best_melds(parse_cards("QC QD QH QS JC JD JH JS 8C 9C 10C 3S"), Rules())
    assert [str(card) for card in arrangement.deadwood_cards] == ["3S"]
    assert sorted(meld.kind for meld in arrangement.melds) == ["run", "set", "set"]


def test_same_card_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        best_melds(parse_cards("7S 7S 7D"), Rules())


def exhaustive(cards, rules):
    """Least deadwood over every split of `cards` into disjoint valid melds (slow, obvious)."""
    cards = list(cards)
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = first.points(rules.joker_points) + exhaustive(rest, rules)
    for size in range(2, len(cards)):
        for others in combinations(range(len(rest)), size):
            group = [first] + [rest[i] for i in others]
            try:
                validate_meld(group, rules)
            except MeldError:
                continue
            left = [card for i, card in enumerate(rest) if i not in others]
            best = min(best, exhaustive(left, rules))
    return best


def assert_sound(arrangement, hand, rules):
    """No card used twice, every meld valid, deadwood = leftover points."""
    used = [card for meld in arrangement.melds for card in meld.cards] + list(
        arrangement.deadwood_cards
    )
    assert sorted(map(str, used)) == sorted(map(str, hand))
    for meld in arrangement.melds:
        validate_meld(meld.cards, rules)
    assert arrangement.deadwood == sum(
        card.points(rules.joker_points) for card in arrangement.deadwood_cards
    )


small_hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=9, unique=True)
dense_hands = st.integers(1, 10).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in DECK if low <= c.rank < low + 4]),
        min_size=3,
        max_size=9,
        unique=True,
    )
)
rules_choice = st.sampled_from([Rules(), Rules(qka_run=False)])


@settings(max_examples=150, deadline=None)
@given(small_hands, rules_choice)
def test_best_melds_equals_exhaustive_search(hand, rules):
    arrangement = best_melds(hand, rules)
    assert arrangement.deadwood == exhaustive(hand, rules)
    assert_sound(arrangement, hand, rules)


@settings(max_examples=150, deadline=None)
@given(dense_hands, rules_choice)
def test_best_melds_equals_exhaustive_search_on_dense_hands(hand, rules):
    arrangement = best_melds(hand, rules)
    assert arrangement.deadwood == exhaustive(hand, rules)
    assert_sound(arrangement, hand, rules)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True),
    st.integers(1, 2),
    rules_choice,
)
def test_best_melds_with_jokers_equals_exhaustive_search(hand, jokers, base):
    rules = base.with_options(jokers=2)
    hand = hand + [JOKER_CARD] * jokers
    arrangement = best_melds(hand, rules)
    assert arrangement.deadwood == exhaustive(hand, rules)
    assert_sound(arrangement, hand, rules)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=13, max_size=13, unique=True))
def test_full_hands_are_sound(hand):
    assert_sound(best_melds(hand, Rules()), hand, Rules())
