"""A whole barkada as plain data: the group export format, read and checked.

    {"format": "tongits-tracker-group/1", "name": "Friday barkada", "created": "…Z",
     "members": [{"name": "Ana", "note": "GCash …", "left": false}, …],
     "sessions": [{"seats": ["Ana", "Ben", "Cris"], "session": <a session's export>}, …],
     "payments": [{"from": "Cris", "to": "Ben", "amount": "50.00", "paid_on": "2026-11-27"}, …]}

Each session is its own export ("tongits-tracker/1", exchange/export.py), read by the same
code as a session imported alone; members are named by name (unique within the group), so
renames made before the export are already in it. No Flask, no database.
"""

from __future__ import annotations

import json

from ..engine import Path, Problem
from ..engine.messages import N_
from .export import read_export
from .history_in import read_history
from .json_file import MAX_PROBLEMS, ExportError, load_json_file, refuse

FORMAT = "tongits-tracker-group/1"
MAX_SESSIONS = 1000


def group_json(export: dict) -> str:
    """A group export as its file: compact JSON (without indents, under half the size), so
    that a group whose export the import's size limit holds is also one it takes back."""
    return json.dumps(export, ensure_ascii=False, separators=(",", ":"))


def read_group_export(data) -> dict:
    """{"name", "created", "members", "sessions": [{"seats", "session": clean export}],
    "payments"} of a group export; members and payments are checked by the core that adds
    them (core/barkada/import_export.py). ExportError lists every problem with where it is."""
    data = load_json_file(data)
    if not isinstance(data, dict):
        raise refuse("file", N_("a group export is a JSON object with members and sessions"))
    if data.get("format") != FORMAT:
        found = data.get("format")
        if found == "tongits-tracker/1":
            message = N_("this is one session's export: import it with Import a session")
        elif found is None:
            message = N_(
                "this is not a group export: it has no format tag, expected '%(format)s'",
                format=FORMAT,
            )
        else:
            message = N_(
                "this is not a group export: it has format '%(found)s', expected '%(format)s'",
                found=found,
                format=FORMAT,
            )
        raise refuse("format", message)
    problems: list[Problem] = []
    sessions = []
    given = data.get("sessions", [])
    if not isinstance(given, list) or len(given) > MAX_SESSIONS:
        problems.append(
            Problem("sessions", N_("a list of at most %(max)s sessions", max=MAX_SESSIONS))
        )
        given = []
    for index, entry in enumerate(given):
        sessions.append(_read_entry(entry, index, problems))
        if len(problems) >= MAX_PROBLEMS:
            break
    for key in ("members", "payments"):
        if not isinstance(data.get(key, []), list):
            problems.append(Problem(key, N_("%(key)s is a list", key=key)))
    group_history = read_history(data.get("history"), problems)
    if problems:
        raise ExportError(problems[:MAX_PROBLEMS])
    return {
        "name": data.get("name"),
        "created": data.get("created"),
        "members": data.get("members", []),
        "sessions": sessions,
        "payments": data.get("payments", []),
        "history": group_history,
    }


def _read_entry(entry, index: int, problems: list[Problem]) -> dict:
    if not isinstance(entry, dict):
        problems.append(
            Problem(
                Path.of("sessions", index),
                N_("a session is %(shape)s", shape="{seats, session}"),
            )
        )
        return {}
    seats = entry.get("seats")
    if not isinstance(seats, list) or len(seats) != 3 or not all(isinstance(s, str) for s in seats):
        problems.append(
            Problem("seats", N_("the three members at its seats, by name")).under("sessions", index)
        )
    try:
        session = read_export(entry.get("session"))
    except ExportError as error:
        problems += [problem.under("sessions", index, "session") for problem in error.problems]
        session = {}
    return {"seats": seats, "session": session}
