"""Reading a round record (the JSON of one round) into checked values, collecting every problem.

Each problem says where it is (`hands[1].melds[0]`, as in the JSON) and what is wrong in words
a player understands (docs/rules.md §8). Nothing is scored until the whole record is clean.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .hands import HandEntry, read_hands
from .messages import N_, message_of
from .money import MoneyError, parse_money
from .points import read_points
from .problems import Path, Problem, Problems, RoundError
from .rules import Rules, RulesError
from .shape import MOST_ID, ROUND_ID, is_round_id
from .values import bad_character, check_keys, name_text, read_seat, whole_number

ENDINGS = ("tongits", "draw", "talon")
ROUND_KEYS = (
    "players",
    "rules",
    "dealer",
    "ending",
    "declarer",
    "last_drawer",
    "pot",
    "streak",
    "hands",
    "points",
    ROUND_ID,
)
MAX_NAME = 40
MAX_WINS = 1000  # a streak is won once it reaches pot_streak, 10 at most
STREAK_SHAPE = N_("streak must look like %(shape)s", shape='{"seat": 0, "wins": 1}')


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
    points_only: bool = False  # `hands` are the PointsEntry of a points-only round


def check_players(value) -> tuple[list[str], list[Problem]]:
    """Three names in turn order, white space folded, and the problems with them."""
    problems = Problems()
    names = read_players(value, problems)
    return names, list(problems)


def read_players(value, problems: Problems) -> list[str]:
    if not isinstance(value, list) or len(value) != 3:
        problems.add("players", N_("Tongits needs exactly three players, in turn order"))
        return ["Seat 1", "Seat 2", "Seat 3"]
    names = []
    for seat, name in enumerate(value):
        name = name_text(name)
        problem = _name_problem(seat, name, names)
        if problem:
            problems.add(Path.of("players", seat), problem)
        if not name or bad_character(name):  # never shown in a message
            name = f"Seat {seat + 1}"
        names.append(name)
    return names


def _name_problem(seat: int, name: str, names: list[str]) -> str | None:
    if not name:
        return N_("player %(number)s needs a name", number=seat + 1)
    bad = bad_character(name)
    if bad:
        return N_("player %(number)s's name has %(bad)s: remove it", number=seat + 1, bad=bad)
    if len(name) > MAX_NAME:
        return N_(
            "player %(number)s's name is longer than %(max)s characters",
            number=seat + 1,
            max=MAX_NAME,
        )
    if name.casefold() in (n.casefold() for n in names):
        return N_("two players are called %(name)s: give each a different name", name=name)
    return None


def _seat(record: dict, key: str, problems: Problems, what=None) -> int | None:
    """The seat at `key`; `what` (e.g. "say who called the draw") when it must be said."""
    wrong = N_("%(where)s must be a seat: 0, 1 or 2", where=key)
    return read_seat(record.get(key), key, problems, missing=what, wrong=wrong)


def read_record(
    record, rules: Rules | None = None, players: list[str] | None = None, stored: bool = False
) -> RoundInput:
    """Check a round record and return its values; raise RoundError listing every problem.
    `stored`: a round read again as it was saved (a points round's numbers are not held to
    what cards could make of them again: points.read_points)."""
    problems = Problems()
    if not isinstance(record, dict):
        raise RoundError([Problem("round", N_("a round must be a JSON object"))])
    check_keys(record, ROUND_KEYS, (), N_("the round"), problems)
    if players is None:
        players = read_players(record.get("players"), problems)
    if rules is None:
        rules = _read_rules(record.get("rules"), problems)
    dealer = _seat(record, "dealer", problems) or 0
    ending = record.get("ending")
    if ending not in ENDINGS:
        problems.add("ending", N_("say how the round ended: tongits, draw or talon"))
    declarer = _read_declarer(record, ending, problems)
    last_drawer = _seat(record, "last_drawer", problems)
    pot = _read_pot(record.get("pot"), problems)
    streak = _read_streak(record.get("streak"), problems)
    points_only = "points" in record
    _read_id(record.get(ROUND_ID), points_only, problems)
    if points_only:
        hands = read_points(record, players, rules, problems, stored)
    else:
        hands = read_hands(record.get("hands"), players, rules, problems)
    if problems:
        raise RoundError(list(problems))
    return RoundInput(
        players, rules, dealer, ending, declarer, last_drawer, pot, hands, streak, points_only
    )


def _read_id(value, points_only: bool, problems: Problems) -> None:
    """A points-only round's own id (shape.ROUND_ID), when it has one; null or "" is none."""
    if value is None or value == "":
        return
    if not points_only:
        said = N_("only a points-only round carries an id: a card round is known by its cards")
        problems.add(ROUND_ID, said)
    elif not is_round_id(value):
        said = N_(
            "a round's id is 1 to %(most)s letters, digits, dashes, underscores, dots or "
            "colons, e.g. a random UUID",
            most=MOST_ID,
        )
        problems.add(ROUND_ID, said)


def _read_rules(value, problems: Problems) -> Rules:
    try:
        return Rules.from_dict(value)
    except RulesError as error:
        problems.add(error.where, message_of(error))
    except (TypeError, ValueError):
        problems.add("rules", N_("rules must be an object of options"))
    return Rules()


def _read_declarer(record: dict, ending, problems: Problems) -> int | None:
    if ending == "tongits":
        return _seat(record, "declarer", problems, N_("say who won by Tongits"))
    if ending == "draw":
        return _seat(record, "declarer", problems, N_("say who called the draw"))
    # nobody declares at talon out: a seat given anyway is ignored, anything else refused
    _seat(record, "declarer", problems)
    return None


def _read_pot(value, problems: Problems) -> Decimal:
    try:
        pot = parse_money("0" if value is None or value == "" else value)
    except MoneyError as error:
        problems.add("pot", N_("pot: %(error)s", error=message_of(error)))
        return Decimal("0.00")
    if pot < 0:
        problems.add("pot", N_("the pot cannot be negative"))
    return pot


def _read_streak(value, problems: Problems) -> tuple[int, int] | None:
    if value is None or value == {}:
        return None
    if not isinstance(value, dict) or set(value) != {"seat", "wins"}:
        problems.add("streak", STREAK_SHAPE)
        return None
    seat = read_seat(value["seat"], "streak", problems, missing=STREAK_SHAPE, wrong=STREAK_SHAPE)
    wins = whole_number(value["wins"])
    if wins is None or not 0 <= wins <= MAX_WINS:
        problems.add(
            Path.of("streak", "wins"),
            N_("streak wins must be a whole number from 0 to %(max)s", max=MAX_WINS),
        )
        return None
    return None if seat is None else (seat, wins)
