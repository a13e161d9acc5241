"""Exact minimum deadwood (RULES.md §3): the best arrangement of a hand into disjoint melds.

Melds held in the hand do not count against a player, so the engine must find the split of
the hand into melds that leaves the fewest points, by exhaustive search, never greedily.

Without jokers a hand is a bitmask (see cards.SUIT_SHIFT) and the search is over bitmasks:
cards that can join no meld are dropped first, then the lowest remaining card is either
deadwood or in one of the melds that start at it. The most points melds can hold is memoised
per mask (with the suits put in a fixed order, since suits are interchangeable), shared by all
hands, so most hands cost a few dictionary look-ups. With jokers the same search runs over
(cards, jokers left) with melds generated for the hand.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .cards import JOKER_CARD, SUIT_SHIFT, Card, card_from_bit
from .melds import Meld, validate_meld
from .rules import Rules

_DEFAULT = Rules()
_RANK_BITS = 0b0011_1111_1111_1110  # ranks 1..13 of one suit block
_ACES = sum(1 << (block * SUIT_SHIFT + 1) for block in range(4))
_MEMO_LIMIT = 500_000


class Arrangement:
    """Best split of a hand: `melds` found in it, `deadwood_cards` left over, `deadwood` points."""

    __slots__ = ("deadwood", "_meld_masks", "_dead_mask", "_melds", "_dead", "_jokers_dead")

    def __init__(self, deadwood, meld_masks=(), dead_mask=0, melds=None, dead=None, jokers_dead=0):
        self.deadwood = deadwood
        self._meld_masks = meld_masks
        self._dead_mask = dead_mask
        self._melds = melds
        self._dead = dead
        self._jokers_dead = jokers_dead

    @property
    def melds(self) -> tuple[Meld, ...]:
        if self._melds is None:
            self._melds = tuple(_meld_of_mask(mask) for mask in self._meld_masks)
        return self._melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        if self._dead is None:
            cards = sorted(_cards_of_mask(self._dead_mask), key=lambda card: (card.rank, card.suit))
            self._dead = tuple(cards) + (JOKER_CARD,) * self._jokers_dead
        return self._dead

    def __repr__(self) -> str:
        melds = " | ".join(str(meld) for meld in self.melds)
        dead = " ".join(str(card) for card in self.deadwood_cards)
        return f"Arrangement(melds=[{melds}], deadwood_cards=[{dead}], deadwood={self.deadwood})"


def best_melds(cards, rules: Rules | None = None) -> Arrangement:
    """The arrangement of `cards` (a hand) into disjoint melds with the least deadwood."""
    rules = rules or _DEFAULT
    mask = total = count = jokers = 0
    for card in cards:
        if card.rank:
            mask |= card.bit
            total += card.rank if card.rank < 10 else 10
            count += 1
        else:
            jokers += 1
    if mask.bit_count() != count:
        raise ValueError("the same card is in the hand twice")
    if rules.concealed_melds_count:
        return Arrangement(total + jokers * rules.joker_points, (), mask, jokers_dead=jokers)
    if jokers:
        return _best_with_jokers(mask, total, jokers, rules)
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
    # Walk the optimum: at each step the lowest card starts the meld that keeps the value, or
    # is left over. The values it looks up were (nearly all) memoised by the search.
    meld_masks = []
    used = 0
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
                    used |= meld
                    remaining, left = rest, left - points
                    break
        else:
            remaining ^= low
    return Arrangement(total - value, tuple(meld_masks), mask ^ used)


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
        table[low.bit_length()].append((meld, _points_of_mask(meld)))
    # Bigger melds first: on equal value the search keeps the first, so arrangements prefer
    # fewer, longer melds, which is how players lay them down.
    return [tuple(sorted(melds, key=lambda item: -item[0].bit_count())) for melds in table]


def _points_of_mask(mask: int) -> int:
    return sum(card.points() for card in _cards_of_mask(mask))


@lru_cache(maxsize=4096)
def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(card_from_bit(low))
        mask ^= low
    return tuple(cards)


@lru_cache(maxsize=4096)
def _meld_of_mask(mask: int) -> Meld:
    return validate_meld(_cards_of_mask(mask), _PERMISSIVE)


# Only used to order and name melds the search found; Q-K-A masks exist only when allowed.
_PERMISSIVE = Rules(qka_run=True, jokers=2)
_MEMOS = {False: {0: 0}, True: {0: 0}}
_STARTING_AT = {False: _starting_at(False), True: _starting_at(True)}


# --- hands with jokers --------------------------------------------------------------------


def _best_with_jokers(mask: int, total: int, jokers: int, rules: Rules) -> Arrangement:
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
            validate_meld(_cards_of_mask(meld_mask) + (JOKER_CARD,) * used_jokers, _PERMISSIVE)
        )
        used |= meld_mask
        remaining ^= meld_mask
        left -= used_jokers
    deadwood = total + jokers * joker_points - value
    return Arrangement(deadwood, (), mask ^ used, melds=tuple(melds), jokers_dead=left)


def _joker_candidates(mask: int, jokers: int, qka: bool, joker_points: int):
    """(natural cards, jokers, points held) of every meld the hand can make with its jokers."""
    found = set()
    for rank in range(1, 14):
        present = [
            1 << (b * SUIT_SHIFT + rank) for b in range(4) if mask >> (b * SUIT_SHIFT + rank) & 1
        ]
        for size in range(1, len(present) + 1):
            for group in combinations(present, size):
                for used in range(0, jokers + 1):
                    if 3 <= size + used <= 4:
                        found.add((sum(group), used))
    top = 14 if qka else 13
    for block in range(4):
        for first in range(1, top - 1):
            for last in range(first + 2, min(top, first + 12) + 1):
                if first == 1 and last == 14:
                    continue
                bits = [
                    1 << (block * SUIT_SHIFT + (1 if r == 14 else r))
                    for r in range(first, last + 1)
                ]
                present = [bit for bit in bits if mask & bit]
                missing = len(bits) - len(present)
                if missing > jokers or not present:
                    continue
                for dropped in range(0, jokers - missing + 1):
                    for drop in combinations(present, dropped):
                        naturals = sum(present) - sum(drop)
                        if naturals:
                            found.add((naturals, missing + dropped))
    return [(m, used, _points_of_mask(m) + used * joker_points) for m, used in found]
