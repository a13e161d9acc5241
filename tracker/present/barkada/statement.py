"""The words of a member's statement, for its PDF (in the language of the
request that prints it)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...engine import money_text
from ..display import short_day, signed_money

UNIT = "₱"
EXPLAIN = _l(
    "A settled session adds your final balance of that night; a payment you made raises your "
    "balance, a payment you received lowers it. A session still being played is listed, and "
    "counts once it is settled."
)
NOTHING = _l("No sessions and no payments yet.")


def line_words(line) -> str:
    if line.kind == "paid":
        return _("Paid %(name)s", name=line.other)
    if line.kind == "received":
        return _("Received from %(name)s", name=line.other)
    if line.kind == "session in play":
        return ngettext(
            "Session with %(names)s, %(num)s round, in play: %(net)s so far",
            "Session with %(names)s, %(num)s rounds, in play: %(net)s so far",
            line.rounds,
            names=line.other,
            net=signed_money(line.net),
        )
    return ngettext(
        "Session with %(names)s, %(num)s round",
        "Session with %(names)s, %(num)s rounds",
        line.rounds,
        names=line.other,
    )


def standing(found) -> str:
    balance = found.balance
    if balance > 0:
        return _(
            "%(name)s is owed %(amount)s.", name=found.member, amount=money_text(balance, UNIT)
        )
    if balance < 0:
        return _("%(name)s owes %(amount)s.", name=found.member, amount=money_text(-balance, UNIT))
    return _("%(name)s is even: owes nothing and is owed nothing.", name=found.member)


def statement_view(found) -> dict:
    lines = [
        {
            "day": short_day(line.day),
            "words": line_words(line),
            "amount": line.amount,
            "amount_text": signed_money(line.amount, UNIT) if line.amount else "—",
            "balance": line.balance,
        }
        for line in found.lines
    ]
    return {
        "group_name": found.group,
        "member": found.member,
        "left": found.left,
        "standing": standing(found),
        "explain": EXPLAIN,
        "nothing": NOTHING,
        "lines": lines,
        "unit": UNIT,
    }
