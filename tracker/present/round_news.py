"""What a phone is told of a round beside its own: one saved on another phone meanwhile, one
already saved, a verdict overtaken; and the sentence of a round just saved."""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _

from ..engine import RoundResult
from .display import money
from .round_lines import headline


def news_lines(news, unit: str = "₱") -> list[str]:
    """What a phone entering a new round is told before it saves: the rounds another phone
    saved meanwhile (`news`: an AlreadySaved or NeedsReview of the core), and a round whose
    cards are those of the round before."""
    saved = getattr(news, "saved_since", None)
    if saved is None:  # AlreadySaved: this very round
        said = headline(news.result, unit)
        if news.elsewhere:
            line = _(
                "Round %(number)s was just saved on another phone: %(headline)s. "
                "Nothing more was saved.",
                number=news.number,
                headline=said,
            )
        else:
            line = _(
                "Round %(number)s was already saved: %(headline)s. Nothing more was saved.",
                number=news.number,
                headline=said,
            )
        return [line]
    lines = [
        _(
            "Round %(number)s was just saved on another phone: %(headline)s.",
            number=number,
            headline=headline(result, unit),
        )
        for number, result in saved
    ]
    if saved:
        lines.append(
            _(
                "These cards would be round %(number)s: check them, then confirm.",
                number=news.checked.number,
            )
        )
    if news.same_as is not None:
        lines.append(
            _(
                "These are the same cards as round %(number)s: confirm only if the table "
                "really played them twice.",
                number=news.same_as,
            )
        )
    return lines


def overtaken_message(news) -> str:
    """What the API answers (a 409, nothing saved) for a new round judged before rounds were
    saved or changed on another phone (`news`: the core's NeedsReview with `saved_since`)."""
    return _(
        "rounds were saved, changed or deleted on another phone since this round was judged: "
        "the table must look at both before this one is saved (it would now be round "
        "%(number)s)",
        number=news.checked.number,
    )


def saved_sentence(result: RoundResult, number: int, unit: str = "₱") -> str:
    """What every phone shows once a round is saved: 'Round 7: Cris wins ₱118.00 + pot ₱30.00'
    (the payments to the winner, then the pot the winner took), a void round's pot, a push."""
    if result.void:
        into = sum((amount for _, amount, _ in result.pot_in), Decimal(0))
        return _(
            "Round %(number)s: void round, %(amount)s into the pot",
            number=number,
            amount=money(into, unit),
        )
    if result.push:
        return _("Round %(number)s: a push, nobody pays", number=number)
    winner = result.players[result.winner]
    won = sum((p.amount for p in result.payments if p.payee == result.winner), Decimal(0))
    said = _(
        "Round %(number)s: %(name)s wins %(amount)s",
        number=number,
        name=winner.name,
        amount=money(won, unit),
    )
    if result.pot_out:
        said += " " + _("+ pot %(amount)s", amount=money(result.pot_out, unit))
    return said
