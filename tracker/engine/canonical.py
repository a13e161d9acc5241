"""The stored form of a round record: canonical card notation, only the keys that mean something."""

from __future__ import annotations

from .cards import parse_cards
from .points import canonical_points
from .rules import Rules
from .shape import HAND_FLAGS, ROUND_ID


def canonical_record(record: dict, rules: Rules) -> dict:
    """The record as stored. Called only on a record the engine accepted under `rules` (the
    session's; today the stored form does not depend on them)."""
    out: dict = {}
    if record.get("dealer") not in (None, ""):
        out["dealer"] = int(record["dealer"])
    out["ending"] = record["ending"]
    for key in ("declarer", "last_drawer"):
        value = record.get(key)
        if key == "declarer" and out["ending"] == "talon":
            value = None  # nobody declares at talon out: the engine ignores a seat given anyway
        out[key] = None if value in (None, "") else int(value)
    if "points" in record:
        if record.get(ROUND_ID):  # a points round's own id (shape.ROUND_ID), as sent
            out[ROUND_ID] = record[ROUND_ID]
        out["points"] = canonical_points(record["points"])
    else:
        out["hands"] = [_canonical_hand(raw) for raw in record["hands"]]
    return out


def _canonical_hand(raw: dict) -> dict:
    melds = [_canonical_meld(meld) for meld in raw.get("melds") or []]
    hand = {"melds": melds, "hand": [str(card) for card in parse_cards(raw.get("hand") or [])]}
    for flag in HAND_FLAGS:
        if raw.get(flag):
            hand[flag] = True
    return hand


def _canonical_meld(meld):
    secret = isinstance(meld, dict) and meld.get("secret") is True
    cards = [str(card) for card in parse_cards(meld["cards"] if isinstance(meld, dict) else meld)]
    return {"cards": cards, "secret": True} if secret else cards
