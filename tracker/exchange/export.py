"""A whole session as plain data: the JSON export format, written and read back.

Everything here works on the *export dict*, the JSON export format itself:

    {"format": "tongits-tracker/1", "created": "2026-11-30T20:15:00+00:00",
     "players": ["Ana", "Ben", "Cris"], "first_dealer": 0, "rules": {...Rules.to_dict()...},
     "page_size": "letter" | "a4", "settled": false, "rounds": [<round record>, ...]}

Nothing is stored but the rounds: results, balances, the pot and the settlement are always
recomputed by the engine (`ledger_of`). No Flask, no database.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime

from ..engine import (
    Ledger,
    Problem,
    Rules,
    check_players,
    money_str,
    read_rules,
    read_seat,
    replay,
)
from ..engine.messages import N_
from .history_in import read_history
from .json_file import MAX_PROBLEMS, ExportError, load_json_file, refuse
from .rounds_in import MAX_ROUNDS, check_totals, read_rounds

FORMAT = "tongits-tracker/1"
PAGE_SIZES = ("letter", "a4")
# the order of an export's keys (`check` comes last)
_EXPORT_KEYS = ("format", "created", "players", "first_dealer", "page_size", "settled")
_EXPORT_KEYS += ("rules", "rounds", "history")


# -- the ledger -----------------------------------------------------------------------------


def rules_of(export: dict) -> Rules:
    return Rules.from_dict(export.get("rules"))


def ledger_of(export: dict) -> Ledger:
    """The engine's ledger of the session (raises the engine's RoundError on a bad round)."""
    return replay(
        list(export["players"]),
        rules_of(export),
        int(export.get("first_dealer") or 0),
        list(export.get("rounds") or []),
    )


# -- writing --------------------------------------------------------------------------------


def export_json(export: dict) -> str:
    """The session as pretty, stable JSON (same session, same text): keys in a fixed order,
    cards in canonical notation, UTF-8 names as they are. A `check` block with the balances
    lets an import prove it restored the same ledger. The history is one compact line an event:
    indented, an edit's two records would make a long history's file three times the size (and
    past what an import takes)."""
    document = export_document(export)
    events, mark = document["history"], f"history-{uuid.uuid4().hex}"
    document["history"] = mark
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    lines = ",\n    ".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events)
    return text.replace(f'"{mark}"', f"[\n    {lines}\n  ]" if events else "[]", 1)


def export_document(export: dict) -> dict:
    """What `export_json` writes, as a dict (a backup holds one per session)."""
    clean = read_export(export)
    ledger = ledger_of(clean)
    return {
        **{key: clean[key] for key in _EXPORT_KEYS},
        "check": {
            "rounds": len(clean["rounds"]),
            "balances": [money_str(amount) for amount in ledger.balances],
            "pot": money_str(ledger.pot),
        },
    }


# -- reading --------------------------------------------------------------------------------


def read_export(data) -> dict:
    """Check an import (JSON text, bytes, or an already parsed dict) and return the clean
    export dict. Raises ExportError listing every problem with where it is."""
    data = load_json_file(data)
    if not isinstance(data, dict):
        raise refuse("file", N_("an export must be a JSON object with players, rules and rounds"))
    if data.get("format") != FORMAT:
        found = data.get("format")
        if found is None:
            message = N_(
                "this is not a Tongits tracker export: it has no format tag, expected '%(format)s'",
                format=FORMAT,
            )
        else:
            message = N_(
                "this is not a Tongits tracker export: it has format '%(found)s', expected "
                "'%(format)s'",
                found=found,
                format=FORMAT,
            )
        raise refuse("format", message)
    problems: list[Problem] = []
    clean = _read_session(data, problems)
    rounds_in = _rounds_list(data.get("rounds"), problems)
    clean["history"] = read_history(data.get("history"), problems)
    if problems:  # rounds cannot be checked without players and rules
        raise ExportError(problems)
    rules = Rules.from_dict(clean["rules"])
    clean["rounds"] = read_rounds(
        rounds_in, clean["players"], rules, clean["first_dealer"], problems
    )
    if not problems:
        check_totals(data.get("check"), clean, rules, problems)
    if problems:
        raise ExportError(_at_most(problems))
    return clean


def _read_session(data: dict, problems: list[Problem]) -> dict:
    """Everything of the export but its rounds, checked: the export dict without `rounds`."""
    players, player_problems = check_players(data.get("players"))
    problems += player_problems
    rules = read_rules(data.get("rules"), problems)
    first_dealer = _read_seat(data, "first_dealer", problems)
    page_size = data.get("page_size", "letter")
    if not isinstance(page_size, str) or page_size.lower() not in PAGE_SIZES:
        problems.append(Problem("page_size", N_("page_size must be letter or a4")))
        page_size = "letter"
    settled = _read_flag(data, "settled", problems)
    return {
        "format": FORMAT,
        "created": _read_created(data.get("created"), problems),
        "players": players,
        "first_dealer": first_dealer,
        "rules": rules.to_dict(),
        "page_size": page_size.lower(),
        "settled": settled,
    }


def _rounds_list(value, problems: list[Problem]) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        problems.append(Problem("rounds", N_("rounds must be a list of round records")))
        return []
    if len(value) > MAX_ROUNDS:
        message = N_(
            "%(count)s rounds is more than the %(max)s a session may hold",
            count=len(value),
            max=format(MAX_ROUNDS, ","),
        )
        problems.append(Problem("rounds", message))
        return []
    return value


def _at_most(problems: list[Problem]) -> list[Problem]:
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = Problem("file", N_("and %(count)s more problems", count=len(problems) - MAX_PROBLEMS))
    return [*problems[:MAX_PROBLEMS], more]


def _read_seat(data: dict, key: str, problems: list[Problem]) -> int:
    missing = N_("%(where)s must be a seat: 0, 1 or 2", where=key)
    seat = read_seat(data.get(key, 0), key, problems, missing=missing)
    return 0 if seat is None else seat


def _read_flag(data: dict, key: str, problems: list[Problem]) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        problems.append(Problem(key, N_("%(key)s must be true or false", key=key)))
        return False
    return value


def _read_created(value, problems: list[Problem]) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value)
            return value  # as written, so an import keeps it exactly
        except ValueError:
            pass
    message = N_(
        "created must be a date and time like %(example)s", example="2026-11-30T20:15:00+08:00"
    )
    problems.append(Problem("created", message))
    return None
