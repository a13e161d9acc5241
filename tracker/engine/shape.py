"""What a round is made of, said once: the round's header, a hand's parts, the flags a player
may claim of a hand (which ending each belongs to, which house rule scales it, its words), and
the limits. The engine reads records by it (hands.py, fields.py); the web layer builds the round
form and the entry pages' flag boxes from it; the pages' scripts get it as JSON (`describe`)
instead of typing the flags again. A new per-hand flag is a line here, its scoring, its words
and its tests (tests/code/test_hand_shape.py lists every other place a flag's name appears).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .messages import N_

SEATS = 3
HEADER = ("ending", "declarer", "last_drawer", "dealer")  # the round's, set by any seat
HAND_PARTS = ("melds", "hand")  # a seat's cards: its melds on the table, the rest in hand
MELD_KEYS = ("cards", "secret")
MOST_IN_HAND = 13  # cards a hand holds at the end of a round: the dealer's 13 at most
MOST_CARDS = 54  # a deck and two jokers: a seat's part with more is no hand
MOST_MELDS = 18  # three cards a meld at least
# A points-only round's own id: no cards tell two rounds with the same numbers apart, so the
# page (or client) that begins one makes a random text, kept while it is reviewed and sent
# again: the same id is the same round (a retry), another id another round. A card round has
# none. In the record `id`, in the one-phone form the hidden field `round_id`.
ROUND_ID = "id"
ROUND_ID_FIELD = "round_id"
MOST_ID = 64
_ID = re.compile(rf"[A-Za-z0-9_.:-]{{1,{MOST_ID}}}")


def is_round_id(value) -> bool:
    """Is `value` a round's id as a record may carry it (shape.ROUND_ID)?"""
    return isinstance(value, str) and _ID.fullmatch(value) is not None


@dataclass(frozen=True)
class Flag:
    """A claim a player makes of their hand, ticked at the table (the engine cannot see it in
    the cards): `ending`, the round's ending it belongs to; `rule`, the house rule whose factor
    its words name (None: none); `label`, its words on the entry pages (%(times)s: the rule's
    factor); `short`, its words on a seat page's toggle."""

    name: str
    ending: str
    label: str
    short: str
    rule: str | None = None


FLAGS = (
    Flag("challenged", "draw", N_("Challenged the draw (laban)"), N_("Laban")),
    Flag("kang", "tongits", N_("Kang"), N_("Kang")),
    Flag(
        "no_discard",
        "tongits",
        N_("No discard: Tongits without a single discard (×%(times)s)"),
        N_("No discard"),
        "no_discard_multiplier",
    ),
)
HAND_FLAGS = tuple(flag.name for flag in FLAGS)  # what a player may claim of their hand
HAND_KEYS = (*HAND_PARTS, *HAND_FLAGS)


def form_fields() -> tuple[str, ...]:
    """The one-phone round form's fields of the hands, seat by seat: melds_0, hand_0, …"""
    return tuple(f"{key}_{seat}" for seat in range(SEATS) for key in HAND_KEYS)


def describe() -> dict:
    """The shape as JSON, for the pages' scripts."""
    return {
        "seats": SEATS,
        "header": list(HEADER),
        "parts": list(HAND_PARTS),
        "flags": [{"name": f.name, "ending": f.ending, "rule": f.rule} for f in FLAGS],
        "most_in_hand": MOST_IN_HAND,
    }
