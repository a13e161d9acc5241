"""The best split of a hand the deadwood search found, and the bitmask helpers it is read with."""

from __future__ import annotations

from functools import lru_cache

from .cards import JOKER_CARD, Card, card_from_bit
from .melds import Meld, validate_meld
from .rules import Rules

# Only used to order and name melds the search found; Q-K-A masks exist only when allowed.
PERMISSIVE = Rules(qka_run=True, jokers=2)


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
            self._melds = tuple(meld_of_mask(mask) for mask in self._meld_masks)
        return self._melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        if self._dead is None:
            cards = sorted(cards_of_mask(self._dead_mask), key=lambda card: (card.rank, card.suit))
            self._dead = tuple(cards) + (JOKER_CARD,) * self._jokers_dead
        return self._dead

    def __repr__(self) -> str:
        melds = " | ".join(str(meld) for meld in self.melds)
        dead = " ".join(str(card) for card in self.deadwood_cards)
        return f"Arrangement(melds=[{melds}], deadwood_cards=[{dead}], deadwood={self.deadwood})"


def points_of_mask(mask: int) -> int:
    return sum(card.points() for card in cards_of_mask(mask))


@lru_cache(maxsize=4096)
def cards_of_mask(mask: int) -> tuple[Card, ...]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(card_from_bit(low))
        mask ^= low
    return tuple(cards)


@lru_cache(maxsize=4096)
def meld_of_mask(mask: int) -> Meld:
    return validate_meld(cards_of_mask(mask), PERMISSIVE)
