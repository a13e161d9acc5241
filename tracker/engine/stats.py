"""Stats across sessions, derived from the rounds: never stored, so never stale.

Each session is read from its ledger (the engine's replay of its rounds) with the key of the
person at each seat (a group's member id): `session_stats(keys, ledger)`. Figures of several
sessions add up with `combine(parts)`, in play order (a winning streak runs on from one
session into the next). Keys are whatever the caller uses to name people; names are given
only when turning the figures into JSON (`to_dict`).

What each figure counts (docs/API.md, "Group stats"):
- rounds: rounds the person sat in, void and push rounds included; sessions likewise.
- wins by ending: rounds won by tongits, draw (called by anyone) and talon out.
- draw calls: rounds ending in a draw they called; won when they won that round.
- challenges: hands marked challenged; won when that player won the round.
- sunog: rounds they ended with no exposed meld of their own.
- losing hands: rounds someone else won (void and push rounds are nobody's loss); the
  average deadwood is over those hands.
- pots won: rounds in which they took a pot, and the money of those pots.
- biggest win: the most they gained in one round; best session: the most in one session.
- longest streak: the most rounds won in a row, counting only the rounds they sat in; a round
  they sat in and did not win ends it.
- net: each session's final balance (an unclaimed pot handed back), summed.
Money figures skip progressive sessions, whose amounts are points, not money.
Head-to-head, for two people at the same table: rounds together, rounds each won, and the
money the round payments moved between the two (pot movements are nobody's debt to another).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from .ledger import Ledger
from .money import CENT, ZERO, money_str
from .record import ENDINGS
from .results import RoundResult


@dataclass
class Run:
    """Won rounds in a row over a sequence of rounds: its length, the run it starts with, the
    run it ends with and the longest, so that two sequences join without their rounds."""

    length: int = 0
    first: int = 0
    last: int = 0
    best: int = 0

    def add(self, won: bool) -> None:
        self.last = self.last + 1 if won else 0
        if self.first == self.length and won:
            self.first += 1
        self.length += 1
        self.best = max(self.best, self.last)

    def then(self, other: Run) -> Run:
        """This sequence followed by `other`."""
        first = self.first + other.first if self.first == self.length else self.first
        last = self.last + other.last if other.last == other.length else other.last
        best = max(self.best, other.best, self.last + other.first)
        return Run(self.length + other.length, first, last, best)


@dataclass
class Tally:
    """One person's figures."""

    sessions: int = 0
    rounds: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDINGS, 0))
    draw_calls: int = 0
    draw_calls_won: int = 0
    challenges: int = 0
    challenges_won: int = 0
    sunog: int = 0
    losing_hands: int = 0
    losing_deadwood: int = 0
    pots_won: int = 0
    pot_money: Decimal = ZERO
    biggest_win: Decimal = ZERO
    best_session: Decimal = ZERO
    net: Decimal = ZERO
    streak: Run = field(default_factory=Run)

    @property
    def won(self) -> int:
        return sum(self.wins.values())

    @property
    def average_deadwood(self) -> Decimal | None:
        if not self.losing_hands:
            return None
        return (Decimal(self.losing_deadwood) / self.losing_hands).quantize(CENT)

    def then(self, other: Tally) -> Tally:
        """These figures followed by `other`'s (a later session)."""
        return Tally(
            self.sessions + other.sessions,
            self.rounds + other.rounds,
            {ending: self.wins[ending] + other.wins[ending] for ending in ENDINGS},
            self.draw_calls + other.draw_calls,
            self.draw_calls_won + other.draw_calls_won,
            self.challenges + other.challenges,
            self.challenges_won + other.challenges_won,
            self.sunog + other.sunog,
            self.losing_hands + other.losing_hands,
            self.losing_deadwood + other.losing_deadwood,
            self.pots_won + other.pots_won,
            self.pot_money + other.pot_money,
            max(self.biggest_win, other.biggest_win),
            max(self.best_session, other.best_session),
            self.net + other.net,
            self.streak.then(other.streak),
        )

    def to_dict(self) -> dict:
        average = self.average_deadwood
        return {
            "sessions": self.sessions,
            "rounds": self.rounds,
            "won": self.won,
            "wins": dict(self.wins),
            "draw_calls": self.draw_calls,
            "draw_calls_won": self.draw_calls_won,
            "challenges": self.challenges,
            "challenges_won": self.challenges_won,
            "sunog": self.sunog,
            "losing_hands": self.losing_hands,
            "average_deadwood": None if average is None else str(average),
            "pots_won": self.pots_won,
            "pot_money": money_str(self.pot_money),
            "biggest_win": money_str(self.biggest_win),
            "best_session": money_str(self.best_session),
            "longest_streak": self.streak.best,
            "net": money_str(self.net),
        }


@dataclass
class Versus:
    """One person against another, over the rounds they sat in together."""

    rounds: int = 0
    wins: int = 0
    losses: int = 0
    net: Decimal = ZERO  # what the other paid them, less what they paid the other

    def then(self, other: Versus) -> Versus:
        return Versus(
            self.rounds + other.rounds,
            self.wins + other.wins,
            self.losses + other.losses,
            self.net + other.net,
        )

    def to_dict(self) -> dict:
        return {
            "rounds": self.rounds,
            "wins": self.wins,
            "losses": self.losses,
            "net": money_str(self.net),
        }


@dataclass
class Stats:
    """Everyone's figures (`people`, by key) and head-to-head (`versus[a][b]`: a against b)."""

    people: dict[Hashable, Tally] = field(default_factory=dict)
    versus: dict[Hashable, dict[Hashable, Versus]] = field(default_factory=dict)

    def against(self, key: Hashable, other: Hashable) -> Versus:
        return self.versus.get(key, {}).get(other, Versus())

    def to_dict(self, names: dict[Hashable, str]) -> dict:
        """JSON of the people `names` lists (key: shown name), in its order."""
        return {
            "players": {names[key]: self.people.get(key, Tally()).to_dict() for key in names},
            "head_to_head": {
                names[key]: {
                    names[other]: self.versus[key][other].to_dict()
                    for other in names
                    if other in self.versus.get(key, {})
                }
                for key in names
                if self.versus.get(key)
            },
        }


def session_stats(keys: list[Hashable], ledger: Ledger) -> Stats:
    """The figures of one session: `keys[seat]` names the person at each seat."""
    money = not ledger.rules.progressive
    people = {key: Tally(sessions=1) for key in keys}
    versus = {key: {other: Versus() for other in keys if other != key} for key in keys}
    for result in ledger.results:
        for seat, key in enumerate(keys):
            _count_round(people[key], result, seat, money)
        _count_versus(versus, keys, result, money)
    if money:
        for key, balance in zip(keys, ledger.final_balances()):
            people[key].net = balance
            people[key].best_session = max(balance, ZERO)
    return Stats(people, versus)


def combine(parts: Iterable[Stats]) -> Stats:
    """The figures of several sessions, given in play order."""
    total = Stats()
    for part in parts:
        for key, tally in part.people.items():
            mine = total.people.get(key)
            total.people[key] = tally if mine is None else mine.then(tally)
        for key, others in part.versus.items():
            row = total.versus.setdefault(key, {})
            for other, versus in others.items():
                row[other] = row[other].then(versus) if other in row else versus
    return total


def _count_round(tally: Tally, result: RoundResult, seat: int, money: bool) -> None:
    player = result.players[seat]
    won = result.winner == seat
    tally.rounds += 1
    tally.streak.add(won)
    tally.sunog += player.sunog
    if result.ending == "draw" and result.declarer == seat:
        tally.draw_calls += 1
        tally.draw_calls_won += won
    if player.challenged:
        tally.challenges += 1
        tally.challenges_won += won
    if won:
        tally.wins[result.ending] += 1
        tally.pots_won += bool(result.pot_out)
        if money:
            tally.biggest_win = max(tally.biggest_win, player.net)
            tally.pot_money += result.pot_out
    elif result.winner is not None:
        tally.losing_hands += 1
        tally.losing_deadwood += player.deadwood


def _count_versus(versus: dict, keys: list[Hashable], result: RoundResult, money: bool) -> None:
    for seat, key in enumerate(keys):
        for other_seat, other in enumerate(keys):
            if other_seat == seat:
                continue
            row = versus[key][other]
            row.rounds += 1
            row.wins += result.winner == seat
            row.losses += result.winner == other_seat
    if not money:
        return
    for payment in result.payments:
        payer, payee = keys[payment.payer], keys[payment.payee]
        versus[payee][payer].net += payment.amount
        versus[payer][payee].net -= payment.amount
