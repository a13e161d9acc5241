"""Exact minimum deadwood (docs/rules.md §3): the best arrangement of a hand into disjoint melds.

Melds held in the hand do not count against a player, so the engine must find the split of
the hand into melds that leaves the fewest points, by exhaustive search, never greedily.

Without jokers a hand is a bitmask (see cards.SUIT_SHIFT) and the search is over bitmasks:
cards that can join no meld are dropped first, then the lowest remaining card is either
deadwood or in one of the melds that start at it. The most points melds can hold is memoised
per mask (with the suits put in a fixed order, since suits are interchangeable), shared by all
hands, so most hands cost a few dictionary look-ups. Hands with jokers: see jokers.py.
"""

from __future__ import annotations

from itertools import combinations

from .arrangement import Arrangement, points_of_mask
from .cards import SUIT_SHIFT
from .jokers import best_with_jokers
from .messages import N_
from .rules import Rules

_DEFAULT = Rules()
_ACES = sum(1 << (block * SUIT_SHIFT + 1) for block in range(4))
_MEMO_LIMIT = 500_000


def best_melds(cards, rules: Rules | None = None) -> Arrangement:
    """The arrangement of `cards` (a hand) into disjoint melds with the least deadwood."""
    rules = rules or _DEFAULT
    mask, total, jokers = _read_hand(cards)
    if rules.concealed_melds_count:
        return Arrangement(total + jokers * rules.joker_points, (), mask, jokers_dead=jokers)
    if jokers:
        return best_with_jokers(mask, total, jokers, rules)
    qka = rules.qka_run
    live = _live(mask, qka)
    if not live:
        return Arrangement(total, (), mask)
    memo = _MEMOS[qka]
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
        memo[0] = 0
    starting_at = _STARTING_AT[qka]
    value = memo.get(live)
    if value is None:
        value = _value(live, qka, memo, starting_at)
    meld_masks = _walk(live, value, qka, memo, starting_at)
    used = sum(meld_masks)  # the melds are disjoint
    return Arrangement(total - value, meld_masks, mask ^ used)


def _read_hand(cards) -> tuple[int, int, int]:
    """(mask of the natural cards, their points, number of jokers) of a hand."""
    mask = total = count = jokers = 0
    for card in cards:
        if card.rank:
            mask |= card.bit
            total += card.rank if card.rank < 10 else 10
            count += 1
        else:
            jokers += 1
    if mask.bit_count() != count:
        raise ValueError(N_("the same card is in the hand twice"))
    return mask, total, jokers


def _walk(live: int, value: int, qka: bool, memo: dict, starting_at: list) -> tuple[int, ...]:
    """The melds of an optimum worth `value`: at each step the lowest card starts the meld that
    keeps the value, or is left over. The values it looks up were (nearly all) memoised by the
    search."""
    meld_masks = []
    remaining, left = live, value
    while left:
        low = remaining & -remaining
        for meld, points in starting_at[low.bit_length()]:
            if meld & remaining == meld:
                rest = remaining ^ meld
                held = memo.get(rest)
                if held is None:
                    held = _value(rest, qka, memo, starting_at)
                if points + held == left:
                    meld_masks.append(meld)
                    remaining, left = rest, left - points
                    break
        else:
            remaining ^= low
    return tuple(meld_masks)


def _live(mask: int, qka: bool) -> int:
    """The cards of `mask` that are in at least one meld made only of cards of `mask`."""
    wide = mask | ((mask & _ACES) << 13) if qka else mask  # the ace again as rank 14
    starts = wide & (wide >> 1) & (wide >> 2)
    in_run = starts | (starts << 1) | (starts << 2)
    if qka:
        in_run = (in_run | ((in_run >> 13) & _ACES)) & mask
    a = mask & 0xFFFF
    b = (mask >> 16) & 0xFFFF
    c = (mask >> 32) & 0xFFFF
    d = mask >> 48
    three = (a & b & (c | d)) | (c & d & (a | b))
    if three:
        in_run |= mask & (three | three << 16 | three << 32 | three << 48)
    return in_run & mask


def _canonical(mask: int) -> int:
    """The mask with its four suit blocks sorted: melds and points do not care which suit is
    which, so all 24 suit relabellings of a hand share one memo entry."""
    a, b, c, d = mask & 0xFFFF, (mask >> 16) & 0xFFFF, (mask >> 32) & 0xFFFF, mask >> 48
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return a | b << 16 | c << 32 | d << 48


def _value(mask: int, qka: bool, memo: dict, starting_at: list) -> int:
    """Most points that disjoint melds of `mask` hold; memoised under the mask as given too,
    so a remainder met again costs one dictionary look-up."""
    key = _canonical(_live(mask, qka))
    value = memo.get(key)
    if value is None:
        value = _solve(key, qka, memo, starting_at)
    memo[mask] = value
    return value


def _solve(mask: int, qka: bool, memo: dict, starting_at: list) -> int:
    """_value of a canonical mask of live cards: the lowest card is left over, or starts a meld."""
    low = mask & -mask
    rest = mask ^ low
    best = memo.get(rest)
    if best is None:
        best = _value(rest, qka, memo, starting_at)
    for meld, value in starting_at[low.bit_length()]:
        if meld & mask == meld:
            rest = mask ^ meld
            more = memo.get(rest)
            value += _value(rest, qka, memo, starting_at) if more is None else more
            if value > best:
                best = value
    memo[mask] = best
    return best


def _all_melds(qka: bool) -> list[int]:
    """Every meld of a 52-card deck as a mask."""
    melds = []
    for rank in range(1, 14):
        same_rank = [1 << (block * SUIT_SHIFT + rank) for block in range(4)]
        for size in (3, 4):
            melds += [sum(group) for group in combinations(same_rank, size)]
    for block in range(4):
        top = 14 if qka else 13
        for first in range(1, top - 1):
            for last in range(first + 2, top + 1):
                if first == 1 and last == 14:
                    continue
                ranks = [1 if rank == 14 else rank for rank in range(first, last + 1)]
                melds.append(sum(1 << (block * SUIT_SHIFT + rank) for rank in ranks))
    return melds


def _starting_at(qka: bool) -> list:
    """Melds indexed by their lowest card's bit position, with their point values."""
    table = [[] for _ in range(4 * SUIT_SHIFT)]
    for meld in _all_melds(qka):
        low = meld & -meld
        table[low.bit_length()].append((meld, points_of_mask(meld)))
    # Bigger melds first: on equal value the search keeps the first, so arrangements prefer
    # fewer, longer melds, which is how players lay them down.
    return [tuple(sorted(melds, key=lambda item: -item[0].bit_count())) for melds in table]


_MEMOS = {False: {0: 0}, True: {0: 0}}
_STARTING_AT = {False: _starting_at(False), True: _starting_at(True)}
