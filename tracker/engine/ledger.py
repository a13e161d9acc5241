"""The running ledger of a session, derived from its rounds (never stored, so never stale)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from .messages import N_
from .money import ZERO, money_str
from .problems import Problem, RoundError
from .rules import Rules
from .scoring import RoundResult, score_round
from .settle import Transfer, settle

# What a ledger supplies to each round it books: players and rules, the pot and the streak.
SESSION_KEYS = ("players", "rules", "pot", "streak")


@dataclass
class Ledger:
    players: list[str]
    rules: Rules
    results: list[RoundResult] = field(default_factory=list)
    balances: list[Decimal] = field(default_factory=lambda: [ZERO, ZERO, ZERO])
    history: list[list[Decimal]] = field(default_factory=list)  # balances after each round
    pot: Decimal = ZERO
    pot_shares: list[Decimal] = field(default_factory=lambda: [ZERO, ZERO, ZERO])
    streak: tuple[int, int] | None = None
    next_dealer: int = 0
    loser: int | None = None  # progressive mode: who reached the loss limit

    @property
    def ended(self) -> bool:
        return self.loser is not None

    def final_balances(self) -> list[Decimal]:
        """Balances with an unclaimed pot handed back in the shares each player paid in."""
        return [balance + share for balance, share in zip(self.balances, self.pot_shares)]

    def settlement(self) -> list[Transfer]:
        return settle(dict(zip(self.players, self.final_balances())))

    def copy(self) -> Ledger:
        """A copy `add_round` can extend without touching this one (results are shared)."""
        return replace(
            self,
            results=list(self.results),
            history=list(self.history),
            balances=list(self.balances),
            pot_shares=list(self.pot_shares),
        )

    def context(self) -> dict:
        """What the session supplies to the next round record."""
        streak = None if self.streak is None else {"seat": self.streak[0], "wins": self.streak[1]}
        return {"pot": money_str(self.pot), "streak": streak}

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "balances": {name: money_str(b) for name, b in zip(self.players, self.balances)},
            "pot": money_str(self.pot),
            "pot_shares": {name: money_str(s) for name, s in zip(self.players, self.pot_shares)},
            "next_dealer": self.next_dealer,
            "ended": self.ended,
            "loser": None if self.loser is None else self.players[self.loser],
            "settlement": [transfer.to_dict() for transfer in self.settlement()],
        }


def start_ledger(players: list[str], rules: Rules, first_dealer: int = 0) -> Ledger:
    return Ledger(list(players), rules, next_dealer=first_dealer)


def add_round(ledger: Ledger, record: dict, stored: bool = False) -> RoundResult:
    """Score `record` as the ledger's next round and book it. Raises RoundError, booking nothing.
    `stored`: a round read again as it was saved, not a new one (record.read_record)."""
    if ledger.ended:
        loser = ledger.players[ledger.loser]
        said = N_("the session is over: %(name)s reached the loss limit", name=loser)
        raise RoundError([Problem("round", said)])
    if not isinstance(record, dict):
        raise RoundError([Problem("round", N_("a round must be a JSON object"))])
    given = [key for key in SESSION_KEYS if key in record]
    if given:  # never read from a round, nor silently replaced: refused
        said = N_("leave %(key)s out of the round: the session supplies it")
        raise RoundError([Problem(key, N_(said.template, key=key)) for key in given])
    record = {**record, **ledger.context()}
    if record.get("dealer") in (None, ""):
        record["dealer"] = ledger.next_dealer
    result = score_round(record, ledger.rules, ledger.players, stored)
    _book(ledger, result, record)
    return result


def replay(
    players: list[str], rules: Rules, first_dealer: int, records: list[dict], new: int | None = None
) -> Ledger:
    """The ledger after these rounds, in order. A RoundError names the round (`rounds[3]...`).
    The rounds are read as saved (`stored`), but for the one at index `new` (an edit): that
    one is checked as any new round."""
    ledger = start_ledger(players, rules, first_dealer)
    for number, record in enumerate(records):
        try:
            add_round(ledger, record, stored=number != new)
        except RoundError as error:
            raise RoundError([p.under("rounds", number) for p in error.problems]) from None
    return ledger


def _book(ledger: Ledger, result: RoundResult, record: dict) -> None:
    for player in result.players:
        ledger.balances[player.seat] += player.net
    for seat, amount, _ in result.pot_in:
        ledger.pot_shares[seat] += amount
    if result.pot_out:
        ledger.pot_shares = [ZERO, ZERO, ZERO]
    ledger.pot = result.pot
    ledger.streak = result.streak
    ledger.history.append(list(ledger.balances))
    ledger.results.append(result)
    dealer = int(record.get("dealer") or 0)
    if ledger.rules.next_dealer == "winner" and result.winner is not None:
        ledger.next_dealer = result.winner
    else:
        ledger.next_dealer = (dealer + 1) % 3 if ledger.rules.next_dealer == "rotate" else dealer
    if ledger.rules.progressive:
        limit = -ledger.rules.loss_limit
        down = [seat for seat in range(3) if ledger.balances[seat] <= limit]
        if down:
            ledger.loser = min(down, key=lambda seat: ledger.balances[seat])
