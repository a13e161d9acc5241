"""Reading a round record (the JSON of one round) into checked values, collecting every problem.

Each problem says where it is (`hands[1].melds[0]`, as in the JSON) and what is wrong in words
a player understands (RULES.md §8). Nothing is scored until the whole record is clean.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .hands import HandEntry, read_hands
from .money import MoneyError, parse_money
from .problems import Path, Problem, Problems, RoundError
from .rules import Rules, RulesError
from .values import read_seat

ENDINGS = ("tongits", "draw", "talon")
MAX_NAME = 40


@dataclass
class RoundInput:
    players: list[str]
    rules: Rules
    dealer: int
    ending: str
    declarer: int | None
    last_drawer: int | None
    pot: Decimal
    hands: list[HandEntry]
    streak: tuple[int, int] | None  # (seat, rounds won in a row) before this round


def check_players(value) -> tuple[list[str], list[Problem]]:
    """Three names in turn order, white space folded, and the problems with them."""
    problems = Problems()
    names = read_players(value, problems)
    return names, list(problems)


def read_players(value, problems: Problems) -> list[str]:
    if not isinstance(value, list) or len(value) != 3:
        problems.add("players", "Tongits needs exactly three players, in turn order")
        return ["Seat 1", "Seat 2", "Seat 3"]
    names = []
    for seat, name in enumerate(value):
        name = " ".join(name.split()) if isinstance(name, str) else ""
        if not name:
            problems.add(Path.of("players", seat), f"player {seat + 1} needs a name")
        elif len(name) > MAX_NAME:
            problems.add(
                Path.of("players", seat),
                f"player {seat + 1}'s name is longer than {MAX_NAME} characters",
            )
        elif name.casefold() in (n.casefold() for n in names):
            problems.add(
                Path.of("players", seat),
                f"two players are called {name}: give each a different name",
            )
        names.append(name or f"Seat {seat + 1}")
    return names


def _seat(record: dict, key: str, problems: Problems, what: str | None = None) -> int | None:
    """The seat at `key`; `what` (e.g. "called the draw") when it must be said."""
    missing = None if what is None else f"say who {what}"
    wrong = f"{key} must be a seat: 0, 1 or 2"
    return read_seat(record.get(key), key, problems, missing=missing, wrong=wrong)


def read_record(record, rules: Rules | None = None, players: list[str] | None = None) -> RoundInput:
    """Check a round record and return its values; raise RoundError listing every problem."""
    problems = Problems()
    if not isinstance(record, dict):
        raise RoundError([Problem("round", "a round must be a JSON object")])
    if players is None:
        players = read_players(record.get("players"), problems)
    if rules is None:
        try:
            rules = Rules.from_dict(record.get("rules"))
        except RulesError as error:
            problems.add(Path.of("rules", error.option), str(error))
            rules = Rules()
        except (TypeError, ValueError):
            problems.add("rules", "rules must be an object of options")
            rules = Rules()
    dealer = _seat(record, "dealer", problems) or 0
    ending = record.get("ending")
    if ending not in ENDINGS:
        problems.add("ending", "say how the round ended: tongits, draw or talon")
    declarer = None
    if ending == "tongits":
        declarer = _seat(record, "declarer", problems, "won by Tongits")
    elif ending == "draw":
        declarer = _seat(record, "declarer", problems, "called the draw")
    else:  # nobody declares at talon out: a seat given anyway is ignored, anything else refused
        _seat(record, "declarer", problems)
    last_drawer = _seat(record, "last_drawer", problems)
    try:
        pot = parse_money(record.get("pot", "0") or "0")
        if pot < 0:
            problems.add("pot", "the pot cannot be negative")
    except MoneyError as error:
        problems.add("pot", f"pot: {error}")
        pot = Decimal("0.00")
    streak = _read_streak(record.get("streak"), problems)
    hands = read_hands(record.get("hands"), players, rules, problems)
    if problems:
        raise RoundError(list(problems))
    entry = RoundInput(players, rules, dealer, ending, declarer, last_drawer, pot, hands, streak)
    return entry


def _read_streak(value, problems: Problems):
    if value in (None, {}):
        return None
    try:
        seat, wins = int(value["seat"]), int(value["wins"])
        if seat in (0, 1, 2) and wins >= 0:
            return (seat, wins)
    except (TypeError, KeyError, ValueError):
        pass
    problems.add("streak", 'streak must look like {"seat": 0, "wins": 1}')
    return None
