"""What the engine offers a seat while a round is entered (engine/offers.py): the flags that
can count for that seat, and the flags a page without a live preview lists at all."""

from dataclasses import replace

from tracker.engine import Rules, flags_in_play, offered_flags


def test_a_challenge_goes_to_the_callers_opponents_with_a_meld():
    rules = Rules()
    assert offered_flags(rules, "draw", 0, 1, sunog=False) == ["challenged"]
    assert offered_flags(rules, "draw", 0, 0, sunog=False) == []  # not the caller
    assert offered_flags(rules, "draw", 0, 2, sunog=True) == []  # not a sunog player
    assert offered_flags(rules, "talon", None, 1, sunog=False) == []
    assert offered_flags(rules, "talon", None, 1, sunog=False, ticked=["kang"]) == ["kang"]


def test_only_the_flags_that_multiply_anything_are_in_play():
    plain = replace(Rules(), kang_multiplier=1, no_discard_multiplier=1)
    assert flags_in_play(plain) == ["challenged"]
    both = replace(plain, kang_multiplier=2, no_discard_multiplier=3)
    assert flags_in_play(both) == ["challenged", "kang", "no_discard"]
    assert offered_flags(both, "tongits", 2, 2, sunog=False) == ["kang", "no_discard"]
    assert offered_flags(both, "tongits", 2, 1, sunog=False) == []
