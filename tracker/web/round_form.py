"""Between the round form (typed or picked cards) and the engine's round record.

The form's fields become a round record, which goes through the same core function as the
API (`sessions.submit`); each problem the engine reports (at a Path such as
`hands[1].melds[0]`) is shown next to its field.
"""

from __future__ import annotations

import re

from flask_babel import lazy_gettext as _l

from ..engine import (
    HAND_FLAGS,
    HAND_KEYS,
    POINTS_COUNTS,
    POINTS_FLAGS,
    POINTS_KEYS,
    Path,
    Problem,
    read_seat,
)
from ..present.messages import say

MELD_SPLIT = re.compile(r"[|;/\n]+")
SECRET_MARK = "*"
SETTLED = _l("This session is settled. Reopen it on the session page to enter or change rounds.")
ENDINGS = (("tongits", _l("Tongits")), ("draw", _l("Draw")), ("talon", _l("Talon out")))


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


def record_from_form(data: dict, default_dealer: int | None = None) -> dict:
    """The round record of the form's fields. Nothing is checked here: the engine does that."""
    record = {"ending": (data.get("ending") or "").strip() or None}
    dealer = _seat(data.get("dealer"))
    record["dealer"] = default_dealer if dealer is None else dealer
    record["declarer"] = None if record["ending"] == "talon" else _seat(data.get("declarer"))
    record["last_drawer"] = _seat(data.get("last_drawer")) if record["ending"] == "talon" else None
    if points_mode(data):
        record["points"] = [_points_of(data, seat) for seat in range(3)]
        return record
    hands = []
    for seat in range(3):
        hand = {
            "melds": split_melds(data.get(f"melds_{seat}") or ""),
            "hand": (data.get(f"hand_{seat}") or "").strip(),
        }
        if data.get(f"challenged_{seat}"):
            hand["challenged"] = True
        if data.get(f"kang_{seat}"):
            hand["kang"] = True
        if data.get(f"no_discard_{seat}"):
            hand["no_discard"] = True
        hands.append(hand)
    record["hands"] = hands
    return record


def points_mode(data) -> bool:
    """Is the form a points-only round (each player's deadwood points, no cards)?"""
    return (data.get("mode") or "") == "points"


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


def draft_hands(record: dict) -> dict:
    """The form's round with its cards as lists (melds: lists, a secret one {"cards", "secret"};
    the flags always said), as a seat page writes a hand into the draft."""
    hands = []
    for hand in record["hands"]:
        melds = []
        for meld in hand["melds"]:
            if isinstance(meld, dict):
                melds.append({"cards": meld["cards"].replace(",", " ").split(), "secret": True})
            else:
                melds.append(meld.replace(",", " ").split())
        entry = {"melds": melds, "hand": hand["hand"].replace(",", " ").split()}
        hands.append({**entry, **{flag: bool(hand.get(flag)) for flag in HAND_FLAGS}})
    return {**record, "hands": hands}


def form_from_record(record: dict) -> dict:
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
    return {
        f"melds_{seat}": " | ".join(texts),
        f"hand_{seat}": _cards_text(hand.get("hand")),
        f"challenged_{seat}": bool(hand.get("challenged")),
        f"kang_{seat}": bool(hand.get("kang")),
        f"no_discard_{seat}": bool(hand.get("no_discard")),
    }


def _cards_text(cards) -> str:
    if isinstance(cards, (list, tuple)):
        return " ".join(str(card) for card in cards)
    return str(cards or "")


def field_for(where: Path) -> str:
    """The form field where the engine's problem at `where` is shown ('form' = top of the form)."""
    points = where.after("points")
    if points and isinstance(points[0], int):
        part = points[1] if len(points) > 1 and points[1] in POINTS_KEYS else "deadwood"
        return f"{'points' if part == 'deadwood' else part}_{points[0]}"
    if points is not None:
        return "form"
    hand = where.after("hands")
    if hand and isinstance(hand[0], int):
        part = hand[1] if len(hand) > 1 and hand[1] in HAND_KEYS else "melds"
        return f"{part}_{hand[0]}"
    if len(where) == 1 and where[0] in ("ending", "declarer", "dealer", "last_drawer"):
        return where[0]
    return "form"


def errors_by_field(problems: list[Problem]) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(field_for(problem.where), []).append(sentence(problem.message))
    return errors


def sentence(message: str) -> str:
    """The engine's message as a sentence in the reader's language: capital first letter."""
    message = say(message)
    return message[:1].upper() + message[1:] if message else message


def spoken(views: list[dict]) -> list[dict]:
    """The seats' views of the round in progress (sessions.seat_views) with each of their
    messages a sentence in the reader's language, for the page's live preview."""
    for view in views:
        for meld in view["melds"]:
            if meld.get("message"):
                meld["message"] = sentence(meld["message"])
        if view.get("hand_error"):
            view["hand_error"] = sentence(view["hand_error"])
        if view.get("open", {}).get("message"):
            view["open"]["message"] = sentence(view["open"]["message"])
    return views
