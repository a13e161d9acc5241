"""A played round as the summary and the CSV name it: who dealt, who won, how it ended, what
went into the pot. One source, so the PDF and the spreadsheet never tell a round differently."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..engine import Ledger, RoundResult

SEATS = (0, 1, 2)


@dataclass(frozen=True)
class PlayedRound:
    number: int  # from 1
    record: dict  # as stored
    result: RoundResult  # the engine's
    balances: tuple[Decimal, ...]  # every player's, after the round
    players: tuple[str, ...]

    def name(self, seat) -> str:
        """The player at a seat; '' for none (no winner, no dealer written down)."""
        return self.players[seat] if seat in SEATS and not isinstance(seat, bool) else ""

    @property
    def dealer(self) -> str:
        return self.name(self.record.get("dealer"))

    @property
    def declarer(self) -> str:
        return self.name(self.result.declarer)

    @property
    def winner(self) -> str:
        return self.name(self.result.winner)

    @property
    def ending(self) -> str:
        """'tongits', 'draw', 'talon' or 'void' (the CSV's column)."""
        return "void" if self.result.void else self.result.ending

    def ending_text(self) -> str:
        """How the round ended, in words: 'Draw called by Ben; challenged by Cris'."""
        result = self.result
        if result.void:
            return "Talon out, all sunog: void"
        if result.ending == "tongits":
            kang = " with a kang" if result.players[result.declarer].kang else ""
            return f"Tongits by {self.declarer}{kang}"
        if result.ending == "draw":
            text = f"Draw called by {self.declarer}"
            challengers = [p.name for p in result.players if p.challenged]
            if challengers:
                text += f"; challenged by {' and '.join(challengers)}"
            return text
        drawer = self.name(self.record.get("last_drawer"))
        return f"Talon out (last card: {drawer})" if drawer else "Talon out"

    @property
    def pot_in_each(self) -> dict[str, Decimal]:
        """What each player put into the pot this round, by reason ('ante', 'void round'):
        everyone pays the same, so the first payer's share is everyone's."""
        pot_in = self.result.pot_in
        each: dict[str, Decimal] = {}
        for seat, amount, reason in pot_in:
            if seat == pot_in[0][0]:
                each[reason] = each.get(reason, Decimal(0)) + amount
        return each

    @property
    def pot_in_total(self) -> Decimal:
        return sum((amount for _, amount, _ in self.result.pot_in), Decimal(0))


def played_rounds(players, records: list[dict], ledger: Ledger) -> list[PlayedRound]:
    """Each round of a session with its result and the balances after it, in play order."""
    names = tuple(players)
    return [
        PlayedRound(number, record, result, tuple(after), names)
        for number, (record, result, after) in enumerate(
            zip(records, ledger.results, ledger.history), start=1
        )
    ]
