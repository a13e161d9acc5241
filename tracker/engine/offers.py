"""What a player may be offered while a round is being entered: the hand flags that can count
for them (§8) and whether a meld may be laid face down (secret). Entry pages ask this, so that
no page decides the rules itself; scoring refuses the same flags in the same cases."""

from __future__ import annotations

from .melds import MeldError, validate_meld
from .rules import Rules
from .shape import HAND_FLAGS


def offered_flags(rules: Rules, ending, declarer, seat: int, sunog: bool, ticked=()) -> list[str]:
    """The flags seat `seat` may tick, in HAND_FLAGS order: a challenge for a caller's opponent
    with a meld on the table, kang and no discard for the Tongits winner when they multiply
    anything; a flag already ticked (`ticked`) stays offered, so that it can be seen and taken
    back."""
    tongits_winner = ending == "tongits" and seat == declarer
    can = {
        "challenged": ending == "draw" and declarer is not None and seat != declarer and not sunog,
        "kang": tongits_winner and rules.kang_multiplier > 1,
        "no_discard": tongits_winner and rules.no_discard_multiplier > 1,
    }
    return [flag for flag in HAND_FLAGS if can[flag] or flag in ticked]


def flags_in_play(rules: Rules) -> list[str]:
    """The flags some seat may be offered in some round under `rules` (a page without a live
    preview lists these): each ending, each caller, each seat asked of `offered_flags`."""
    found = {
        flag
        for ending in ("tongits", "draw", "talon")
        for declarer in range(3)
        for seat in range(3)
        for flag in offered_flags(rules, ending, declarer, seat, False)
    }
    return [flag for flag in HAND_FLAGS if flag in found]


def may_be_secret(cards, rules: Rules) -> bool:
    """Whether these cards (a list of Card) may be laid as a secret meld under `rules`."""
    try:
        validate_meld(cards, rules, secret=True)
    except MeldError:
        return False
    return True
