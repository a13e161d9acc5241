"""Cards and the card notation of docs/rules.md §1."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .messages import N_
from .values import shown

SUITS = "SHDC"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_OF = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, **{str(n): n for n in range(2, 11)}}
_TOKEN_SPLIT = re.compile(r"[\s,]+")

# Bit layout used by the deadwood search: one 16-bit block per suit, bit `rank` inside it.
# Bits 0, 14 and 15 of every block stay empty, so shifting a whole hand never carries a
# card of one suit into a run of the next.
SUIT_SHIFT = 16
JOKER = "JK"


class CardError(ValueError):
    """A token that is not a card. `token` holds it as the player typed it, as a message may
    show it (cut short, control characters escaped)."""

    def __init__(self, token, message: str | None = None):
        token = shown(token)
        self.token = token
        super().__init__(
            message
            or N_("'%(token)s' is not a card (write e.g. 7S, 10H, QD, AC or JK)", token=token)
        )


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; rank 1 (ace) … 13 (king) and suit S/H/D/C, or the joker (rank 0)."""

    rank: int
    suit: str
    # Precomputed because the deadwood search reads it for every card of every hand.
    bit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        bit = 0 if self.rank == 0 else 1 << (SUITS.index(self.suit) * SUIT_SHIFT + self.rank)
        object.__setattr__(self, "bit", bit)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def points(self, joker_points: int = 25) -> int:
        if self.rank == 0:
            return joker_points
        return min(self.rank, 10)

    def __str__(self) -> str:
        if self.rank == 0:
            return JOKER
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def sort_key(self) -> tuple[int, int]:
        return (SUITS.index(self.suit) if self.suit else 4, self.rank)


JOKER_CARD = Card(0, "")
DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
_BY_BIT = {card.bit: card for card in DECK}
_CANONICAL = {str(card): card for card in (*DECK, JOKER_CARD)}


def card_from_bit(bit: int) -> Card:
    return _BY_BIT[bit]


def parse_card(token: str) -> Card:
    """One card in the notation, case-insensitive; `T` means 10 and suit symbols are accepted."""
    card = _CANONICAL.get(token)
    if card is not None:  # as stored rounds write it: found at once (a replay reads thousands)
        return card
    text = token.strip().upper()
    if text in (JOKER, "JOKER"):
        return JOKER_CARD
    if len(text) < 2:
        raise CardError(token)
    rank_text, suit_text = text[:-1], text[-1]
    suit = SUIT_SYMBOLS.get(suit_text, suit_text)
    rank = _RANK_OF.get(rank_text)
    if rank is None or suit not in SUITS:
        raise CardError(token)
    return Card(rank, suit)


def parse_cards(text: str | list | tuple) -> list[Card]:
    """Cards separated by spaces or commas (or an already split list of tokens)."""
    tokens = text if isinstance(text, (list, tuple)) else _TOKEN_SPLIT.split(text.strip())
    cards = []
    for token in tokens:
        card = _CANONICAL.get(token) if isinstance(token, str) else None
        if card is None:
            token = _token(token)
            if not token.strip():
                continue
            card = parse_card(token)
        cards.append(card)
    return cards


def _token(token) -> str:
    """A token of a list of cards as text; a list or an object in its place is no card."""
    if isinstance(token, (list, tuple, dict)):
        said = N_("%(token)s is not a card: write each card as text, e.g. 7S", token=shown(token))
        raise CardError(token, said)
    return token if isinstance(token, str) else shown(token)


def format_cards(cards) -> str:
    return " ".join(str(card) for card in cards)
