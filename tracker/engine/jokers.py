"""The deadwood search for hands with jokers (docs/rules.md §3): over (cards, jokers left), with the
melds this hand can make generated for it."""

from __future__ import annotations

from itertools import combinations

from .arrangement import PERMISSIVE, Arrangement, cards_of_mask, points_of_mask
from .cards import JOKER_CARD, SUIT_SHIFT
from .melds import validate_meld
from .rules import Rules


def best_with_jokers(mask: int, total: int, jokers: int, rules: Rules) -> Arrangement:
    joker_points = rules.joker_points
    candidates = _joker_candidates(mask, jokers, rules.qka_run, joker_points)
    by_low: dict[int, list] = {}
    for meld_mask, used_jokers, value in candidates:
        by_low.setdefault(meld_mask & -meld_mask, []).append((meld_mask, used_jokers, value))
    memo: dict = {}

    def solve(remaining: int, left: int) -> int:
        key = (remaining, left)
        if key in memo:
            return memo[key][0]
        if not remaining:
            memo[key] = (0, None)
            return 0
        low = remaining & -remaining
        best, choice = solve(remaining ^ low, left), None
        for meld_mask, used_jokers, value in by_low.get(low, ()):
            if used_jokers <= left and meld_mask & remaining == meld_mask:
                value += solve(remaining ^ meld_mask, left - used_jokers)
                if value > best:
                    best, choice = value, (meld_mask, used_jokers)
        memo[key] = (best, choice)
        return best

    value = solve(mask, jokers)
    melds, used, left, remaining = [], 0, jokers, mask
    while remaining:
        choice = memo[(remaining, left)][1]
        if choice is None:
            remaining ^= remaining & -remaining
            continue
        meld_mask, used_jokers = choice
        melds.append(
            validate_meld(cards_of_mask(meld_mask) + (JOKER_CARD,) * used_jokers, PERMISSIVE)
        )
        used |= meld_mask
        remaining ^= meld_mask
        left -= used_jokers
    deadwood = total + jokers * joker_points - value
    return Arrangement(deadwood, (), mask ^ used, melds=tuple(melds), jokers_dead=left)


def _joker_candidates(mask: int, jokers: int, qka: bool, joker_points: int):
    """(natural cards, jokers, points held) of every meld the hand can make with its jokers."""
    # The search keeps the first of equally good melds it meets, so they are met in one
    # defined order (by their cards, then jokers): not a set's, which follows the hashes of the
    # masks and so the platform (a 32-bit Pyodide laid down another of two equal melds).
    found: set[tuple[int, int]] = set()
    _add_sets(found, mask, jokers)
    _add_runs(found, mask, jokers, qka)
    return [(m, used, points_of_mask(m) + used * joker_points) for m, used in sorted(found)]


def _add_sets(found: set, mask: int, jokers: int) -> None:
    """(natural cards, jokers) of every set of 3 or 4 the hand can make."""
    for rank in range(1, 14):
        bits = [1 << (block * SUIT_SHIFT + rank) for block in range(4)]
        present = [bit for bit in bits if mask & bit]
        for size in range(1, len(present) + 1):
            used_jokers = range(max(0, 3 - size), min(jokers, 4 - size) + 1)
            for group in combinations(present, size):
                for used in used_jokers:
                    found.add((sum(group), used))


def _add_runs(found: set, mask: int, jokers: int, qka: bool) -> None:
    """(natural cards, jokers) of every run the hand can make: each window of ranks with its
    missing cards and any of its present cards (up to the jokers left) taken by jokers."""
    top = 14 if qka else 13
    for block in range(4):
        for first in range(1, top - 1):
            for last in range(first + 2, min(top, first + 12) + 1):
                if first == 1 and last == 14:
                    continue
                ranks = range(first, last + 1)
                bits = [1 << (block * SUIT_SHIFT + (1 if r == 14 else r)) for r in ranks]
                present = [bit for bit in bits if mask & bit]
                missing = len(bits) - len(present)
                if missing <= jokers and present:
                    _add_window(found, present, missing, jokers)


def _add_window(found: set, present: list[int], missing: int, jokers: int) -> None:
    for dropped in range(0, jokers - missing + 1):
        for drop in combinations(present, dropped):
            naturals = sum(present) - sum(drop)
            if naturals:
                found.add((naturals, missing + dropped))
