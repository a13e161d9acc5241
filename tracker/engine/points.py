"""Reading a points-only round (docs/rules.md §7, "Points-only rounds"): each player's deadwood
points and the facts about their hand the money rules need, instead of the cards.

    "points": [{"deadwood": 5}, {"deadwood": 12, "sunog": true}, {"deadwood": 0}]

Per seat: `deadwood` (a whole number, required), `sunog` (no meld on the table), the hand
flags of a card round (`challenged`, `kang`, `no_discard`), and, for the bonuses, `aces` (the
aces the player holds, on the table or in hand) and `secret_melds`. A PointsEntry stands where
a card round's HandEntry stands, and is scored by the very same rules; nothing here is checked
against cards, which the table did not enter; the numbers are held to what cards could make
of them (points_fit.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .hands import HandEntry
from .messages import N_, Later, ngettext
from .points_fit import check_fit
from .problems import Path, Problems
from .rules import Rules
from .shape import HAND_FLAGS, MOST_IN_HAND
from .values import check_keys, read_flag, whole_number

POINTS_FLAGS = ("sunog", *HAND_FLAGS)
POINTS_COUNTS = ("aces", "secret_melds")
POINTS_KEYS = ("deadwood", *POINTS_FLAGS, *POINTS_COUNTS)
MOST_COUNTED = 4  # each seat's aces and secret melds; what fits the hand: points_fit.py
POINTS_OFF = N_(
    "points-only rounds are off at this table: enter the cards, or turn on points_rounds "
    "in the house rules"
)


@dataclass
class PointsEntry(HandEntry):
    """A seat's part of a points-only round: no cards, the facts the table said instead."""

    deadwood: int = 0
    sunog: bool = False
    aces: int = 0
    secret_melds: int = 0


def most_deadwood(rules: Rules) -> int:
    """The most points a hand of 13 cards can hold: ten a card, a joker its own points."""
    return 10 * MOST_IN_HAND + rules.jokers * (rules.joker_points - 10)


def read_points(
    record: dict, players: list[str], rules: Rules, problems: Problems, stored: bool = False
) -> list[PointsEntry]:
    """The three seats of a record's `points`, every problem added at its place. `stored`: a
    round read again as it was saved, whose numbers are not held to the cards again (a round
    saved before they were stays readable, and pays what it paid)."""
    before = len(problems)
    if "hands" in record:
        problems.add("points", N_("give either the cards (hands) or the points, not both"))
    if not rules.points_rounds:
        problems.add("points", POINTS_OFF)
    value = record["points"]
    if not isinstance(value, list) or len(value) != 3:
        problems.add("points", N_("enter the points of all three players, in seat order"))
        return []
    seats = [
        _read_seat(raw, Path.of("points", seat), players[seat], rules, problems)
        for seat, raw in enumerate(value)
    ]
    if not stored and len(problems) == before:
        check_fit(seats, players, rules, problems)
    declarer = record.get("declarer")
    if record.get("ending") == "tongits" and declarer in (0, 1, 2) and type(declarer) is int:
        _went_out(seats[declarer], players[declarer], declarer, problems)
    return seats


def _went_out(entry: PointsEntry, name: str, seat: int, problems: Problems) -> None:
    if entry.deadwood:
        problems.add(
            Path.of("points", seat, "deadwood"),
            ngettext(
                "%(name)s declared Tongits but still has %(num)s point in hand",
                "%(name)s declared Tongits but still has %(num)s points in hand",
                entry.deadwood,
                name=name,
            ),
        )


def _read_seat(raw, where: Path, name: str, rules: Rules, problems: Problems) -> PointsEntry:
    entry = PointsEntry()
    if not isinstance(raw, dict):
        problems.add(where, N_("%(name)s's points must be an object with deadwood", name=name))
        return entry
    check_keys(raw, POINTS_KEYS, where, Later("%(name)s's points", name=name), problems)
    for flag in POINTS_FLAGS:
        setattr(entry, flag, read_flag(raw, flag, where, problems))
    entry.deadwood = _deadwood(
        raw.get("deadwood"), Path.of(*where, "deadwood"), name, rules, problems
    )
    for key in POINTS_COUNTS:
        setattr(entry, key, _count(raw.get(key, 0), Path.of(*where, key), name, problems))
    if entry.sunog and entry.secret_melds:
        problems.add(
            Path.of(*where, "sunog"),
            N_("%(name)s has a secret meld, so is not sunog", name=name),
        )
    return entry


def _deadwood(value, where: Path, name: str, rules: Rules, problems: Problems) -> int:
    if value is None or value == "":
        problems.add(where, N_("enter %(name)s's deadwood points", name=name))
        return 0
    points = whole_number(value)
    most = most_deadwood(rules)
    if points is None:
        problems.add(where, N_("%(name)s's deadwood must be a whole number of points", name=name))
    elif points < 0:
        problems.add(where, N_("%(name)s's deadwood cannot be negative", name=name))
    elif points > most:
        problems.add(
            where,
            N_(
                "%(name)s's deadwood of %(points)s is more than 13 cards can hold (%(most)s)",
                name=name,
                points=points,
                most=most,
            ),
        )
    else:
        return points
    return 0


_COUNT_WRONG = {
    "aces": N_("%(name)s's aces must be a whole number from 0 to %(most)s"),
    "secret_melds": N_("%(name)s's secret melds must be a whole number from 0 to %(most)s"),
}


def _count(value, where: Path, name: str, problems: Problems) -> int:
    number = whole_number(value)
    if number is None or not 0 <= number <= MOST_COUNTED:
        wrong = _COUNT_WRONG[where[-1]].template
        problems.add(where, N_(wrong, name=name, most=MOST_COUNTED))
        return 0
    return number


def canonical_points(value: list) -> list[dict]:
    """The stored form of a checked `points`: whole numbers, only true flags and counts > 0."""
    out = []
    for raw in value:
        seat = {"deadwood": whole_number(raw["deadwood"])}
        seat.update({flag: True for flag in POINTS_FLAGS if raw.get(flag) is True})
        seat.update(
            {key: whole_number(raw[key]) for key in POINTS_COUNTS if whole_number(raw.get(key, 0))}
        )
        out.append(seat)
    return out
