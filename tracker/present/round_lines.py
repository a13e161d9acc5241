"""A played round as the pages, the summary and the CSV name it: who dealt, who won, how it
ended, what went into the pot; and its one line in the ledger ("Cris called · Ana won the
challenge · +₱119.00"). One source, so the page, the PDF and the spreadsheet never tell a round
differently."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from flask_babel import gettext as _
from flask_babel import pgettext

from ..engine import Ledger, RoundResult
from .display import money

SEATS = (0, 1, 2)


@dataclass(frozen=True)
class RoundLine:
    """A round in one line: who called or went out, who challenged, who won; and the winner's
    gain (None for a void round)."""

    words: str  # "Cris called · Ana won the challenge"
    amount: Decimal | None

    def text(self, unit: str = "₱", gain=lambda text: text) -> str:
        """The words and the winner's gain: 'Cris called · Ana won the challenge · +₱119.00';
        `gain` may dress the amount's text."""
        if self.amount is None:
            return self.words
        sign = "+" if self.amount > 0 else ""
        return f"{self.words} · {gain(sign + money(self.amount, unit))}"


def points_only() -> str:
    """What every place that shows a points-only round says of it (pages, PDF, CSV)."""
    return _("points only · not checked by the referee")


def round_line(result: RoundResult) -> RoundLine:
    """The ledger's line for a round (its parts are the round's words below), a points-only
    round's marked so."""
    line = _round_line(result)
    if result.points_only:
        return RoundLine(f"{line.words} · {points_only()}", line.amount)
    return line


def _round_line(result: RoundResult) -> RoundLine:
    if result.void:
        return RoundLine(_("Talon out · all three sunog · void round"), None)
    if result.push:
        return RoundLine(push_words(result), None)
    winner = result.players[result.winner]
    if result.ending == "tongits":
        words = _tongits_words(winner)
    elif result.ending == "draw":
        words = " · ".join(_draw_parts(result))
    elif _tied(result, _not_sunog(result)):
        words = _(
            "Talon out · %(name)s wins the tie with %(points)s",
            name=winner.name,
            points=winner.deadwood,
        )
    else:
        words = _(
            "Talon out · %(name)s wins with %(points)s", name=winner.name, points=winner.deadwood
        )
    return RoundLine(words, winner.net)


def _tongits_words(winner) -> str:
    """'Ana went Tongits', with a kang and/or without a discard."""
    if winner.kang and winner.no_discard:
        return _("%(name)s went Tongits with a kang without a discard", name=winner.name)
    if winner.kang:
        return _("%(name)s went Tongits with a kang", name=winner.name)
    if winner.no_discard:
        return _("%(name)s went Tongits without a discard", name=winner.name)
    return _("%(name)s went Tongits", name=winner.name)


def headline(result: RoundResult, unit: str = "₱") -> str:
    """The round in a few words for the entry page's live bar: 'Ana wins ₱86.00'."""
    if result.void:
        return _("Void round: all three sunog")
    if result.push:
        return _("A push: nobody pays")
    winner = result.players[result.winner]
    return _("%(name)s wins %(amount)s", name=winner.name, amount=money(winner.net, unit))


def push_words(result: RoundResult) -> str:
    """'Cris called · Ana and Cris tie at 5 · a push' (a tie the house rules call a push)."""
    start = pgettext("how a round ended, in its line", "Talon out")
    compared = _not_sunog(result) or list(result.players)  # all sunog at talon out: all three
    if result.ending == "draw":
        start = _("%(name)s called", name=result.players[result.declarer].name)
        if result.rules.draw_showdown != "all":
            compared = [p for p in compared if p.challenged or p.seat == result.declarer]
    low = min(p.deadwood for p in compared)
    tied = _join([p.name for p in compared if p.deadwood == low])
    return start + " · " + _("%(names)s tie at %(points)s · a push", names=tied, points=low)


def _draw_parts(result: RoundResult) -> list[str]:
    """'Cris called', then who won against whom: 'Ana won the challenge', 'Ben challenged and
    lost', 'Cris called and won', 'Ana won the showdown' (everyone shows, nobody challenged)."""
    caller = result.players[result.declarer]
    winner = result.players[result.winner]
    challengers = [p for p in result.players if p.challenged]
    if result.rules.draw_showdown == "all":
        compared = _not_sunog(result)
    else:
        compared = [caller, *challengers]
    tie = _tied(result, compared)
    losers = [p.name for p in challengers if p is not winner]
    called = _("%(name)s called", name=caller.name)
    if winner is caller:
        return _caller_won(caller.name, called, losers, tie)
    return [called, _won(winner, tie), *([_lost(losers, False)] if losers else [])]


def _caller_won(name: str, called: str, losers: list[str], tie: bool) -> list[str]:
    """'Cris called · Ben challenged and lost (on a tie)', 'Cris called and won (on a tie)'."""
    if losers:
        return [called, _lost(losers, tie)]
    if tie:
        return [_("%(name)s called and won on a tie", name=name)]
    return [_("%(name)s called and won", name=name)]


def _lost(losers: list[str], tie: bool) -> str:
    """'Ben challenged and lost (on a tie)'; one name and two are two messages, because a
    language may say them differently (Filipino: "si Ben", "sina Ana at Ben")."""
    if len(losers) == 1:
        if tie:
            return _("%(name)s challenged and lost on a tie", name=losers[0])
        return _("%(name)s challenged and lost", name=losers[0])
    if tie:
        return _("%(names)s challenged and lost on a tie", names=_join(losers))
    return _("%(names)s challenged and lost", names=_join(losers))


def _won(winner, tie: bool) -> str:
    """'Ana won the challenge', 'Ana won the showdown on a tie'."""
    if winner.challenged:
        if tie:
            return _("%(name)s won the challenge on a tie", name=winner.name)
        return _("%(name)s won the challenge", name=winner.name)
    if tie:
        return _("%(name)s won the showdown on a tie", name=winner.name)
    return _("%(name)s won the showdown", name=winner.name)


def _not_sunog(result: RoundResult) -> list:
    return [p for p in result.players if not p.sunog]


def _tied(result: RoundResult, compared: list) -> bool:
    """Whether someone else in the showdown had the winner's deadwood."""
    winner = result.players[result.winner]
    return any(p is not winner and p.deadwood == winner.deadwood for p in compared)


def _join(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


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
        """'tongits', 'draw', 'talon', 'void' or 'push' (the CSV's column)."""
        if self.result.push:
            return "push"
        return "void" if self.result.void else self.result.ending

    @property
    def line(self) -> RoundLine:
        return round_line(self.result)

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
