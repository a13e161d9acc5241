"""A whole session as plain data: JSON export and import, CSV of the rounds and payments.

Everything here works on the *export dict*, the JSON export format itself:

    {"format": "tongits-tracker/1", "created": "2026-11-30T20:15:00+00:00",
     "players": ["Ana", "Ben", "Cris"], "first_dealer": 0, "rules": {...Rules.to_dict()...},
     "page_size": "letter" | "a4", "settled": false, "rounds": [<round record>, ...]}

Nothing is stored but the rounds: results, balances, the pot and the settlement are always
recomputed by the engine (`ledger_of`). No Flask, no database.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime

from .engine import (
    CardError,
    Ledger,
    RoundError,
    Rules,
    RulesError,
    add_round,
    check_players,
    money_str,
    parse_cards,
    replay,
    start_ledger,
)

FORMAT = "tongits-tracker/1"
PAGE_SIZES = ("letter", "a4")
MAX_ROUNDS = 10_000
MAX_PROBLEMS = 50
_SEATS = (0, 1, 2)


class ExportError(ValueError):
    """An export the tracker will not import (or cannot export); `problems` lists each one as
    {"where": "rounds[3].hands[1].melds[0]", "message": "..."}."""

    def __init__(self, problems: list[dict]):
        self.problems = problems
        super().__init__("; ".join(f"{p['where']}: {p['message']}" for p in problems))

    def to_dict(self) -> dict:
        return {"errors": self.problems}


class _Problems:
    """Collects problems as {"where", "message"} dicts."""

    def __init__(self):
        self.problems: list[dict] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append({"where": where, "message": message})


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


# -- JSON -----------------------------------------------------------------------------------


def export_json(export: dict) -> str:
    """The session as pretty, stable JSON (same session, same text): keys in a fixed order,
    cards in canonical notation, UTF-8 names as they are. A `check` block with the balances
    lets an import prove it restored the same ledger."""
    return json.dumps(export_document(export), ensure_ascii=False, indent=2) + "\n"


def export_document(export: dict) -> dict:
    """What `export_json` writes, as a dict (a backup holds one per session)."""
    clean = read_export(export)
    ledger = ledger_of(clean)
    out = {
        "format": FORMAT,
        "created": clean["created"],
        "players": clean["players"],
        "first_dealer": clean["first_dealer"],
        "page_size": clean["page_size"],
        "settled": clean["settled"],
        "rules": clean["rules"],
        "rounds": clean["rounds"],
        "check": {
            "rounds": len(clean["rounds"]),
            "balances": [money_str(amount) for amount in ledger.balances],
            "pot": money_str(ledger.pot),
        },
    }
    return out


def load_json_file(data):
    """The parsed JSON of an uploaded file (bytes, text, or already parsed); ExportError if
    it is not UTF-8 JSON. Imports and backups read their files through this."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ExportError(
                [{"where": "file", "message": "the file is not UTF-8 text"}]
            ) from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise ExportError(
                [
                    {
                        "where": "file",
                        "message": f"the file is not valid JSON ({error.msg}, line {error.lineno})",
                    }
                ]
            ) from None
    return data


def read_export(data) -> dict:
    """Check an import (JSON text, bytes, or an already parsed dict) and return the clean
    export dict. Raises ExportError listing every problem with where it is."""
    problems = _Problems()
    data = load_json_file(data)
    if not isinstance(data, dict):
        raise ExportError(
            [
                {
                    "where": "file",
                    "message": "an export must be a JSON object with players, rules and rounds",
                }
            ]
        )

    if data.get("format") != FORMAT:
        found = data.get("format")
        what = "has no format tag" if found is None else f"has format '{found}'"
        problems.add(
            "format", f"this is not a Tongits tracker export: it {what}, expected '{FORMAT}'"
        )
        raise ExportError(problems.problems)

    players, player_problems = check_players(data.get("players"))
    for problem in player_problems:
        problems.add(str(problem.where), problem.message)
    rules = _read_rules(data.get("rules"), problems)
    first_dealer = _read_seat(data, "first_dealer", problems)
    page_size = data.get("page_size", "letter")
    if not isinstance(page_size, str) or page_size.lower() not in PAGE_SIZES:
        problems.add("page_size", "page_size must be letter or a4")
        page_size = "letter"
    settled = data.get("settled", False)
    if not isinstance(settled, bool):
        problems.add("settled", "settled must be true or false")
        settled = False
    created = _read_created(data.get("created"), problems)
    rounds_in = data.get("rounds")
    if rounds_in is None:
        rounds_in = []
    if not isinstance(rounds_in, list):
        problems.add("rounds", "rounds must be a list of round records")
        rounds_in = []
    if len(rounds_in) > MAX_ROUNDS:
        problems.add(
            "rounds", f"{len(rounds_in)} rounds is more than the {MAX_ROUNDS:,} a session may hold"
        )
        rounds_in = []
    if problems.problems:  # rounds cannot be checked without players and rules
        raise ExportError(problems.problems)

    rounds = _read_rounds(rounds_in, players, rules, first_dealer, problems)
    if not problems.problems:
        _check_totals(data.get("check"), players, rules, first_dealer, rounds, problems)
    if problems.problems:
        raise ExportError(
            problems.problems[:MAX_PROBLEMS]
            + (
                [
                    {
                        "where": "file",
                        "message": f"and {len(problems.problems) - MAX_PROBLEMS} more problems",
                    }
                ]
                if len(problems.problems) > MAX_PROBLEMS
                else []
            )
        )
    return {
        "format": FORMAT,
        "created": created,
        "players": players,
        "first_dealer": first_dealer,
        "rules": rules.to_dict(),
        "page_size": page_size.lower(),
        "settled": settled,
        "rounds": rounds,
    }


def _read_rules(value, problems: _Problems) -> Rules:
    if not isinstance(value, dict):
        problems.add("rules", "rules must be an object of house-rule options")
        return Rules()
    try:
        return Rules.from_dict(value)
    except RulesError as error:
        problems.add(f"rules.{error.option}", str(error))
    except (TypeError, ValueError) as error:
        problems.add("rules", f"the rules cannot be read: {error}")
    return Rules()


def _read_seat(data: dict, key: str, problems: _Problems) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or value not in _SEATS:
        problems.add(key, f"{key} must be a seat: 0, 1 or 2")
        return 0
    return value


def _read_created(value, problems: _Problems) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value)
            return value  # as written, so an import keeps it exactly
        except ValueError:
            pass
    problems.add("created", "created must be a date and time like 2026-11-30T20:15:00+08:00")
    return None


def _read_rounds(
    rounds_in: list, players, rules: Rules, first_dealer: int, problems: _Problems
) -> list[dict]:
    """Book every round with the engine; a refused round is reported and skipped, so one
    import lists the problems of all rounds (those after a bad one are checked as if it were
    left out)."""
    ledger = start_ledger(players, rules, first_dealer)
    rounds = []
    for number, record in enumerate(rounds_in):
        where = f"rounds[{number}]"
        if not isinstance(record, dict):
            problems.add(where, f"round {number + 1} must be an object")
            continue
        clean = _canonical(record, where, problems)
        if clean is None:
            continue
        if clean["dealer"] is None:  # not given: the dealer the ledger says is next
            clean["dealer"] = ledger.next_dealer
        try:
            add_round(ledger, clean)
        except RoundError as error:
            for problem in error.problems:
                inner = "" if problem.where == ("round",) else f".{problem.where}"
                problems.add(f"{where}{inner}", f"round {number + 1}: {problem.message}")
            continue
        rounds.append(clean)
        if len(problems.problems) > MAX_PROBLEMS:
            break
    return rounds


def _canonical(record: dict, where: str, problems: _Problems) -> dict | None:
    """The round record with canonical cards and keys in a fixed order, or None (with the
    problem noted) when its shape is too wrong for the engine to read. Cards the engine
    refuses are passed on as they are, so the engine's message names them."""
    dealer = record.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or dealer not in _SEATS):
        problems.add(f"{where}.dealer", "dealer must be a seat: 0, 1 or 2")
        return None
    hands = record.get("hands")
    clean_hands = hands
    if isinstance(hands, list):
        clean_hands = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, dict):
                clean_hands.append(hand)
                continue
            melds = hand.get("melds") or []
            if isinstance(melds, list):
                melds = [_canonical_meld(meld) for meld in melds]
            clean_hands.append(
                {
                    "melds": melds,
                    "hand": _canonical_cards(hand.get("hand") or []),
                    "challenged": hand.get("challenged", False)
                    if hand.get("challenged") is not None
                    else False,
                    "kang": hand.get("kang", False) if hand.get("kang") is not None else False,
                }
            )
    return {
        "dealer": dealer,
        "ending": record.get("ending"),
        "declarer": record.get("declarer"),
        "last_drawer": record.get("last_drawer"),
        "hands": clean_hands,
    }


def _canonical_cards(value):
    if not isinstance(value, (str, list)):
        return value
    try:
        return [str(card) for card in parse_cards(value)]
    except (CardError, AttributeError):
        return value


def _canonical_meld(meld):
    if isinstance(meld, dict):
        cards = _canonical_cards(meld.get("cards"))
        return {"cards": cards, "secret": True} if meld.get("secret") is True else cards
    return _canonical_cards(meld)


def _check_totals(
    check, players, rules: Rules, first_dealer: int, rounds: list[dict], problems: _Problems
) -> None:
    """An export written by `export_json` carries the balances it had; they must come back."""
    if check is None:
        return
    if not isinstance(check, dict) or not isinstance(check.get("balances"), list):
        problems.add("check", "check must hold the balances the session had when exported")
        return
    ledger = replay(players, rules, first_dealer, rounds)
    now = [money_str(amount) for amount in ledger.balances]
    if [str(value) for value in check["balances"]] != now:
        was = ", ".join(f"{name} {value}" for name, value in zip(players, check["balances"]))
        got = ", ".join(f"{name} {value}" for name, value in zip(players, now))
        problems.add(
            "check.balances",
            f"the rounds give balances {got}, but the export says {was}: "
            "the file was changed or comes from a different rules engine",
        )


# -- CSV ------------------------------------------------------------------------------------

_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def safe_cell(value) -> str:
    """A CSV cell a spreadsheet will not run as a formula: text starting with = + - @ (or a
    tab / carriage return) gets a leading apostrophe. Plain numbers stay numbers."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    text = str(value)
    if _NUMBER.fullmatch(text):
        return text
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def rounds_csv(export: dict) -> str:
    """One row per payment of every round (a round without payments, e.g. a void one, still
    gets one row). Amounts are decimal strings; `pot in` is what each player put in the pot
    that round, `pot out` what the winner took; balances and pot are after the round."""
    players = list(export["players"])
    ledger = ledger_of(export)
    header = ["round", "dealer", "ending", "declarer", "winner"]
    header += [f"{name} deadwood" for name in players]
    header += [f"{name} sunog" for name in players]
    header += ["payer", "payee", "amount", "explain", "pot in (each)", "pot out", "pot after"]
    header += [f"{name} balance" for name in players]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(cell) for cell in header])
    for number, (record, result, balances) in enumerate(
        zip(export.get("rounds") or [], ledger.results, ledger.history), start=1
    ):
        dealer = record.get("dealer")
        base = [
            number,
            players[dealer] if dealer in _SEATS else "",
            "void" if result.void else result.ending,
            "" if result.declarer is None else players[result.declarer],
            "" if result.winner is None else players[result.winner],
        ]
        base += [player.deadwood for player in result.players]
        base += ["sunog" if player.sunog else "" for player in result.players]
        pot_each = sum((amount for seat, amount, _ in result.pot_in if seat == 0), start=0)
        tail = [
            money_str(pot_each) if result.pot_in else "",
            money_str(result.pot_out) if result.pot_out else "",
            money_str(result.pot),
        ]
        tail += [money_str(amount) for amount in balances]
        lines = [
            [players[p.payer], players[p.payee], money_str(p.amount), p.explain]
            for p in result.payments
        ]
        for line in lines or [["", "", "", " ".join(result.verdict)]]:
            writer.writerow([safe_cell(cell) for cell in base + line + tail])
    return out.getvalue()


def filename_stem(export: dict) -> str:
    """A file name for downloads: tongits-2026-11-30-ana-ben-cris (ASCII only)."""
    created = (export.get("created") or "")[:10]
    names = "-".join(re.sub(r"[^a-z0-9]+", "", name.lower()) or "x" for name in export["players"])
    return "-".join(part for part in ("tongits", created, names) if part)


__all__ = [
    "FORMAT",
    "PAGE_SIZES",
    "ExportError",
    "export_json",
    "filename_stem",
    "ledger_of",
    "read_export",
    "export_document",
    "rounds_csv",
    "rules_of",
    "safe_cell",
]
