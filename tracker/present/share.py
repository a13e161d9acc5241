"""The settle-up as plain text to share (a chat, a message): the session's or the group's name
and the date on the first line, then one line a transfer, in the reader's language, amounts as
the pages write them. The page puts it in a read-only text box (copied by hand without
JavaScript) that static/share.js hands to the phone's share sheet or its clipboard.

    share_text("Friday barkada", date(2026, 12, 1), transfers) ->
        "Friday barkada — Tuesday, 1 December 2026\nCris pays Ana ₱47.00\nBen pays Ana ₱12.00"
    share_text(…, link="http://192.168.1.20:8000/g/AbC") -> the same, then the link
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from flask_babel import gettext as _

from ..engine import Transfer
from .display import day, money


def share_text(
    title: str, when: date | None, transfers: Iterable[Transfer], unit: str = "₱", link: str = ""
):
    """The lines of a settle-up: "<title> — <day>", then "<payer> pays <payee> <amount>" for
    each transfer, or that nobody owes anybody; then `link`, the session's or group's, for
    whoever reads it to open the ledger itself."""
    head = f"{title} — {day(when)}" if when is not None else title
    lines = [
        _(
            "%(payer)s pays %(payee)s %(amount)s",
            payer=transfer.payer,
            payee=transfer.payee,
            amount=money(transfer.amount, unit),
        )
        for transfer in transfers
    ]
    return "\n".join([head, *(lines or [_("Nobody owes anybody.")]), *([link] if link else [])])
