"""Between the round form (typed or picked cards) and the engine's round record.

The form's fields become a round record (the engine's `record_from_fields`, which the phone's
worker runs on the same fields offline), which goes through the same core function as the API
(`sessions.submit`); each problem the engine reports (at a Path such as `hands[1].melds[0]`)
is shown next to its field.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from ...engine import HAND_FLAGS, HAND_KEYS, POINTS_KEYS, Path, Problem
from ...present.messages import sentence

SETTLED = _l("This session is settled. Reopen it on the session page to enter or change rounds.")
ENDINGS = (("tongits", _l("Tongits")), ("draw", _l("Draw")), ("talon", _l("Talon out")))


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
