"""What scoring a round gives: each player's result, the payments, the verdict, the pot."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from .arrangement import Arrangement
from .melds import Meld
from .money import ZERO, money_str
from .rules import Rules


@dataclass
class PlayerResult:
    seat: int
    name: str
    melds: list[Meld]
    arrangement: Arrangement
    sunog: bool
    challenged: bool
    kang: bool
    no_discard: bool = False
    net: Decimal = ZERO
    # a points-only round: (aces, secret melds) as the table said; None: counted from the cards
    counted: tuple[int, int] | None = None

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood

    def aces(self) -> int:
        """The aces the player holds, on the table, in melds or not."""
        if self.counted is not None:
            return self.counted[0]
        cards = [card for meld in self.melds for card in meld.cards]
        cards += [card for meld in self.arrangement.melds for card in meld.cards]
        cards += self.arrangement.deadwood_cards
        return sum(1 for card in cards if card.rank == 1)

    def secret_melds(self) -> int:
        if self.counted is not None:
            return self.counted[1]
        return sum(1 for meld in self.melds if meld.secret)

    def to_dict(self) -> dict:
        counted = {} if self.counted is None else dict(zip(("aces", "secret_melds"), self.counted))
        return {
            **counted,
            "seat": self.seat,
            "name": self.name,
            "deadwood": self.deadwood,
            "sunog": self.sunog,
            "net": money_str(self.net),
            "challenged": self.challenged,
            "kang": self.kang,
            "no_discard": self.no_discard,
            "melds": [_meld_dict(meld) for meld in self.melds],
            "hand_melds": [_meld_dict(meld) for meld in self.arrangement.melds],
            "deadwood_cards": [str(card) for card in self.arrangement.deadwood_cards],
        }


@dataclass
class Payment:
    payer: int
    payee: int
    amount: Decimal
    parts: list[tuple[str, Decimal]]
    multipliers: list[tuple[str, int]]
    explain: str

    def to_dict(self, players: list[str]) -> dict:
        return {
            "from": self.payer,
            "to": self.payee,
            "from_name": players[self.payer],
            "to_name": players[self.payee],
            "amount": money_str(self.amount),
            "parts": [
                {"label": label, "amount": money_str(amount)} for label, amount in self.parts
            ],
            "multipliers": [
                {"label": label, "factor": factor} for label, factor in self.multipliers
            ],
            "explain": self.explain,
        }


@dataclass
class RoundResult:
    players: list[PlayerResult]
    rules: Rules
    ending: str
    declarer: int | None
    winner: int | None
    void: bool
    verdict: list[str]
    payments: list[Payment]
    pot_before: Decimal
    pot_in: list[tuple[int, Decimal, str]] = field(default_factory=list)
    pot_out: Decimal = ZERO
    streak: tuple[int, int] | None = None
    push: bool = False  # a tie the house rules call a push: nobody wins, nothing moves
    points_only: bool = False  # entered as deadwood points: no cards for the referee to check

    @property
    def pot(self) -> Decimal:
        return self.pot_before + sum((amount for _, amount, _ in self.pot_in), ZERO) - self.pot_out

    def to_dict(self) -> dict:
        names = [player.name for player in self.players]
        return {
            **({"points_only": True} if self.points_only else {}),
            "winner": self.winner,
            "winner_name": None if self.winner is None else names[self.winner],
            "void": self.void,
            "push": self.push,
            "ending": self.ending,
            "declarer": self.declarer,
            "verdict": self.verdict,
            "players": [player.to_dict() for player in self.players],
            "payments": [payment.to_dict(names) for payment in self.payments],
            "pot_before": money_str(self.pot_before),
            "pot_in": [
                {"from": seat, "amount": money_str(amount), "reason": reason}
                for seat, amount, reason in self.pot_in
            ],
            "pot_out": {"to": self.winner, "amount": money_str(self.pot_out)}
            if self.pot_out
            else None,
            "pot": money_str(self.pot),
            "streak": None
            if self.streak is None
            else {"seat": self.streak[0], "wins": self.streak[1]},
        }


def _meld_dict(meld: Meld) -> dict:
    return {"kind": meld.kind, "cards": [str(card) for card in meld.cards], "secret": meld.secret}
