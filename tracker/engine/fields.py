"""A round's record from the flat fields of the one-phone round form, and back.

The server reads a posted form with these (tracker/web/entry/round_entry.py, live_preview.py)
and the phone's engine worker reads the same fields offline (judge.preview_form), so a round
typed into the form is one record wherever it is judged. Nothing is checked here: the engine
does that when it scores the record (a seat that is no seat, a card that is no card, each
refused in its own words).

    record_from_fields({"ending": "draw", "declarer": "0", "melds_0": "7S 7D 7C | *9S 9H 9D 9C",
                        "hand_0": "2C", "challenged_1": "y", ...}) -> round record
    fields_of_record(record) -> the form's fields (to edit a stored round)
"""

from __future__ import annotations

import re

from .points import POINTS_COUNTS, POINTS_FLAGS
from .problems import Problem
from .shape import HAND_FLAGS, ROUND_ID, ROUND_ID_FIELD
from .values import read_seat

MELD_SPLIT = re.compile(r"[|;/\n]+")
SECRET_MARK = "*"


def split_melds(text: str) -> list:
    """'7S 7D 7C | *9S 9H 9D 9C' → ['7S 7D 7C', {'cards': '9S 9H 9D 9C', 'secret': True}]."""
    melds = []
    for chunk in MELD_SPLIT.split(text or ""):
        chunk = chunk.strip()
        if not chunk:
            continue
        if chunk.startswith(SECRET_MARK):
            melds.append({"cards": chunk[len(SECRET_MARK) :].strip(), "secret": True})
        else:
            melds.append(chunk)
    return melds


def _seat(value):
    """A seat field: 0, 1 or 2, None when left empty, else the text as typed, for the engine to
    refuse in its own words."""
    text = (value or "").strip() if isinstance(value, str) else value
    problems: list[Problem] = []
    seat = read_seat(text, "seat", problems)
    return text if problems else seat


def record_from_fields(data: dict, default_dealer: int | None = None) -> dict:
    """The round record of the form's fields. Nothing is checked here: the engine does that."""
    record = {"ending": (data.get("ending") or "").strip() or None}
    dealer = _seat(data.get("dealer"))
    record["dealer"] = default_dealer if dealer is None else dealer
    record["declarer"] = None if record["ending"] == "talon" else _seat(data.get("declarer"))
    record["last_drawer"] = _seat(data.get("last_drawer")) if record["ending"] == "talon" else None
    if points_mode(data):
        return {**record, **_points_part(data)}
    hands = []
    for seat in range(3):
        hand = {
            "melds": split_melds(data.get(f"melds_{seat}") or ""),
            "hand": (data.get(f"hand_{seat}") or "").strip(),
        }
        hand.update({flag: True for flag in HAND_FLAGS if data.get(f"{flag}_{seat}")})
        hands.append(hand)
    record["hands"] = hands
    return record


def points_mode(data) -> bool:
    """Is the form a points-only round (each player's deadwood points, no cards)?"""
    return (data.get("mode") or "") == "points"


def _points_part(data) -> dict:
    """A points-only round's own id (when the form has one) and its seats."""
    part = {}
    if round_id := (data.get(ROUND_ID_FIELD) or "").strip():
        part[ROUND_ID] = round_id
    part["points"] = [_points_of(data, seat) for seat in range(3)]
    return part


def _points_of(data, seat: int) -> dict:
    """A seat of a points-only round as the form has it; the numbers as typed, for the engine
    to read or refuse."""
    entry = {"deadwood": (data.get(f"points_{seat}") or "").strip()}
    for flag in POINTS_FLAGS:
        if data.get(f"{flag}_{seat}"):
            entry[flag] = True
    for count in POINTS_COUNTS:
        if text := (data.get(f"{count}_{seat}") or "").strip():
            entry[count] = text
    return entry


def fields_of_record(record: dict) -> dict:
    """The form's field values for a stored record (to edit a round)."""
    data = {
        "ending": record.get("ending") or "",
        "declarer": "" if record.get("declarer") is None else str(record["declarer"]),
        "last_drawer": "" if record.get("last_drawer") is None else str(record["last_drawer"]),
    }
    if record.get("dealer") is not None:
        data["dealer"] = str(record["dealer"])
    if "points" in record:
        data["mode"] = "points"
        if record.get(ROUND_ID):
            data[ROUND_ID_FIELD] = str(record[ROUND_ID])
        for seat, entry in enumerate(record["points"] or []):
            data.update(_points_fields(seat, entry))
        return data
    for seat, hand in enumerate(record.get("hands") or []):
        data.update(_hand_fields(seat, hand))
    return data


def _points_fields(seat: int, entry: dict) -> dict:
    data = {f"points_{seat}": str(entry.get("deadwood", ""))}
    data.update({f"{flag}_{seat}": bool(entry.get(flag)) for flag in POINTS_FLAGS})
    for count in POINTS_COUNTS:
        data[f"{count}_{seat}"] = str(entry[count]) if entry.get(count) else ""
    return data


def _hand_fields(seat: int, hand: dict) -> dict:
    texts = []
    for meld in hand.get("melds") or []:
        if isinstance(meld, dict):
            text = _cards_text(meld.get("cards"))
            texts.append(SECRET_MARK + text if meld.get("secret") else text)
        else:
            texts.append(_cards_text(meld))
    fields = {f"melds_{seat}": " | ".join(texts), f"hand_{seat}": _cards_text(hand.get("hand"))}
    return {**fields, **{f"{flag}_{seat}": bool(hand.get(flag)) for flag in HAND_FLAGS}}


def _cards_text(cards) -> str:
    if isinstance(cards, (list, tuple)):
        return " ".join(str(card) for card in cards)
    return str(cards or "")
