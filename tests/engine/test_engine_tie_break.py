"""Among equally good arrangements the engine lays down one defined choice, whatever the order
of the cards and whatever the platform: the phone's engine (Pyodide, 32-bit) and the server's
show the same melds, not only the same money."""

from dataclasses import replace
from itertools import permutations

from tracker.engine import Rules, best_melds, parse_cards
from tracker.engine.jokers import _joker_candidates

RULES = replace(Rules(), jokers=2)


def shown(cards: str) -> tuple:
    found = best_melds(parse_cards(cards), RULES)
    return tuple(str(meld) for meld in found.melds), found.deadwood


def test_two_equal_joker_melds_give_one_defined_choice():
    # J♥ J♦ JK (a set, Q♥ left) and JK J♥ Q♥ (a run, J♦ left) both leave 10 points
    assert shown("JH JD QH JK") == (("JK JH QH",), 10)


def test_the_order_of_the_cards_changes_nothing():
    for hand in ("JH JD QH JK", "5S 6S 7S 7H 7D JK", "9C 9D 10C JK JK 2S"):
        choices = {shown(" ".join(order)) for order in permutations(hand.split())}
        assert len(choices) == 1, (hand, choices)


def test_the_candidate_melds_are_met_in_one_defined_order():
    mask_of = sum(1 << n for n in (1, 5, 9, 14, 20, 27, 33))
    candidates = _joker_candidates(mask_of, 2, True, 20)
    assert candidates == sorted(candidates)
