"""What the numbers of a points-only round must fit (docs/rules.md §7): no cards were entered,
so each number is held to the most that real cards could make of it, and a round no deal can
make is refused at its place instead of booking its money.

- A hand ends with 13 cards at most (shape.MOST_IN_HAND), its melds on the table counted: each
  secret meld takes 4 of them at least (a four of a kind; with `secret_runs` also a run of 4 or
  more), and a player who is not sunog has a meld on the table, 3 cards at least (a secret meld
  is one). The deadwood must fit in the cards left: at most the deck's highest cards, the
  jokers first (`joker_points`), then 10 a card.
- Aces: a deck holds 4. A joker is no ace, even where it stands for one (a card round counts
  only the aces themselves, results.PlayerResult.aces).
- The three players' deadwood together: at most what the deck's highest cards hold, as many of
  them as the three hands have left beside their melds (the deck has only 16 cards worth 10).

Each bound is what the cards could hold whatever the house rules (with
`concealed_melds_count` a hand's deadwood is the plain sum of its cards), so nothing a real
table can deal is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .messages import N_, ngettext
from .problems import Path, Problems
from .rules import Rules
from .shape import MOST_IN_HAND

if TYPE_CHECKING:
    from .points import PointsEntry

ACES = 4  # in a deck; a joker is none
SECRET_CARDS = 4  # a secret meld's fewest cards: four of a kind, or a run of 4 or more
MELD_CARDS = 3  # a meld's fewest cards: what a player who is not sunog has on the table
DECK_VALUES = (10,) * 16 + tuple(value for value in range(9, 0, -1) for _ in range(4))


def highest(count: int, rules: Rules) -> int:
    """The most points `count` different cards of the deck hold: its jokers, then the highest."""
    values = (rules.joker_points,) * rules.jokers + DECK_VALUES
    return sum(values[: max(count, 0)])


def fewest_cards(points: int, rules: Rules) -> int:
    """The fewest cards of the deck that hold `points` deadwood (13 + 1 for more than 13 hold)."""
    for count in range(MOST_IN_HAND + 1):
        if highest(count, rules) >= points:
            return count
    return MOST_IN_HAND + 1


def melded_cards(entry: PointsEntry) -> int:
    """The fewest cards a seat has in melds on the table: its secret melds, or one meld of 3
    when it is not sunog."""
    if entry.secret_melds:
        return SECRET_CARDS * entry.secret_melds
    return 0 if entry.sunog else MELD_CARDS


def check_fit(seats: Sequence[PointsEntry], players: list[str], rules: Rules, problems: Problems):
    """Add a problem at its place for each number no deal can make; the table's totals are
    checked once every seat fits."""
    fits = [
        _seat_fits(entry, seat, players[seat], rules, problems) for seat, entry in enumerate(seats)
    ]
    _check_aces(seats, players, problems)
    if all(fits):
        _check_table(seats, rules, problems)


def _seat_fits(entry: PointsEntry, seat: int, name: str, rules: Rules, problems: Problems):
    where = Path.of("points", seat)
    melded = melded_cards(entry)
    if melded > MOST_IN_HAND:
        said = N_(
            "%(name)s's %(melds)s secret melds take %(cards)s cards at least, more than a hand "
            "of %(most)s cards holds",
            name=name,
            melds=entry.secret_melds,
            cards=melded,
            most=MOST_IN_HAND,
        )
        problems.add(Path.of(*where, "secret_melds"), said)
        return False
    left = MOST_IN_HAND - melded
    if fewest_cards(entry.deadwood, rules) <= left:
        return True
    if not melded:
        return True  # more than 13 cards hold: said where the deadwood is read (points.py)
    problems.add(Path.of(*where, "deadwood"), _no_room(entry, name, melded, left, rules))
    return False


def _no_room(entry: PointsEntry, name: str, melded: int, left: int, rules: Rules):
    numbers = {
        "name": name,
        "points": entry.deadwood,
        "cards": melded,
        "left": left,
        "top": highest(left, rules),
        "most": MOST_IN_HAND,
    }
    if entry.secret_melds == 1:  # counted twice: one sentence for one meld, one for more
        return ngettext(
            "%(name)s's secret meld and %(points)s deadwood cannot fit in a hand of %(most)s "
            "cards: the meld takes %(cards)s, and the %(num)s card left holds %(top)s points at "
            "most",
            "%(name)s's secret meld and %(points)s deadwood cannot fit in a hand of %(most)s "
            "cards: the meld takes %(cards)s, and the %(num)s cards left hold %(top)s points at "
            "most",
            left,
            **numbers,
        )
    if entry.secret_melds:
        return ngettext(
            "%(name)s's %(melds)s secret melds and %(points)s deadwood cannot fit in a hand of "
            "%(most)s cards: the melds take %(cards)s, and the %(num)s card left holds %(top)s "
            "points at most",
            "%(name)s's %(melds)s secret melds and %(points)s deadwood cannot fit in a hand of "
            "%(most)s cards: the melds take %(cards)s, and the %(num)s cards left hold %(top)s "
            "points at most",
            left,
            melds=entry.secret_melds,
            **numbers,
        )
    return N_(
        "%(name)s is not sunog, so has a meld on the table (%(cards)s cards at least): "
        "%(points)s deadwood cannot fit in the %(left)s cards left of a hand of %(most)s, "
        "which hold %(top)s points at most",
        **numbers,
    )


def _check_aces(seats: Sequence[PointsEntry], players: list[str], problems: Problems) -> None:
    """Each seat whose aces take the table past the deck's 4, at its aces."""
    total = 0
    for seat, entry in enumerate(seats):
        total += entry.aces
        if entry.aces and total > ACES:
            said = N_(
                "%(name)s's aces make %(total)s at the table, but a deck holds %(most)s aces "
                "(a joker is no ace)",
                name=players[seat],
                total=total,
                most=ACES,
            )
            problems.add(Path.of("points", seat, "aces"), said)


def _check_table(seats: Sequence[PointsEntry], rules: Rules, problems: Problems) -> None:
    """The three seats' deadwood against the deck's highest cards, as many as they have left."""
    points = sum(entry.deadwood for entry in seats)
    cards = sum(MOST_IN_HAND - melded_cards(entry) for entry in seats)
    top = highest(cards, rules)
    if points > top:
        said = N_(
            "the three players' deadwood adds up to %(points)s, more than the %(cards)s "
            "highest cards of the deck hold (%(top)s)",
            points=points,
            cards=cards,
            top=top,
        )
        problems.add("points", said)
