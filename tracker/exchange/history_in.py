"""A history as an export carries it: a list of events, oldest first, each
{"id", "at", "kind", "by", "round", "before", "after"} (core/history.py writes them).

An import keeps them as the file says, then records its own "imported" event holding the
rounds it made, so the history replays to the stored rounds whatever came before. Checked
here: the shape of each event, a known kind, a known label for who, never an address.
"""

from __future__ import annotations

import re
from datetime import datetime

from ..engine import Path, Problem
from ..engine.messages import N_

KINDS = frozenset(
    (
        "created",
        "owner_given",
        "round_saved",
        "round_edited",
        "round_deleted",
        "round_restored",
        "settled",
        "reopened",
        "pin_changed",
        "imported",
        "history_erased",
        "member_added",
        "member_changed",
        "payment_recorded",
        "payment_undone",
        "session_added",
        "session_removed",
        "group_joined",
        "group_left",
        "draft_cleared",
    )
)
BY = re.compile(r"(seat:[0-2]|owner|phone)(@[0-9a-f]{8})?|api|import|restore|server")
MAX_EVENTS = 100_000


def read_history(value, problems: list[Problem], where: tuple = ("history",)) -> list[dict]:
    """The clean events of `value` (absent: none); each bad one is a problem under
    history[i] (`where` names the list)."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_EVENTS:
        message = N_("history is a list of at most %(max)s events", max=format(MAX_EVENTS, ","))
        problems.append(Problem(Path.of(*where), message))
        return []
    clean = []
    for index, event in enumerate(value):
        read = _event(event)
        if read is None:
            message = N_(
                "an event is {id, at, kind, by, round, before, after} with a known kind and who"
            )
            problems.append(Problem(Path.of(*where, index), message))
        else:
            clean.append(read)
    return clean


def _event(event) -> dict | None:
    if not isinstance(event, dict) or event.get("kind") not in KINDS:
        return None
    by, number, at = event.get("by"), event.get("round"), _moment(event.get("at"))
    if not isinstance(by, str) or not BY.fullmatch(by) or at is None:
        return None
    if number is not None and (type(number) is not int or number < 1):
        return None
    if not all(isinstance(event.get(key), dict | None) for key in ("before", "after")):
        return None
    ident = event.get("id")
    return {
        "id": ident if type(ident) is int else None,
        "at": at,
        "kind": event["kind"],
        "by": by,
        "round": number,
        "before": event.get("before"),
        "after": event.get("after"),
    }


def _moment(value) -> str | None:
    """An event's time, if it is one (ISO 8601; the import reads it as UTC)."""
    if not isinstance(value, str):
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value
