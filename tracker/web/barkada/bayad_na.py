"""Bayad na as the pages show it: a payment, once recorded, is shown as paid (who paid whom,
how much, on which day: read back from its stored row) and is not offered again.

    notice(group) -> dict | None
        what the page a payment form lands on says: `?paid=<id>` (recorded) or `?again=<id>`
        (a suggested transfer tapped again after this payment had paid it; nothing stored)
    settle_rows(game, group, members_at) -> dict
        a settled group session's settle-up: for each of its transfers what the payer owes the
        payee in the group now and the payments between them since the session started; the
        group's other transfers, or that the group is all square
    group_paid(group) -> list
        the payments recorded since the group's latest session started (the night's), newest
        first, for the group page's who owes whom
"""

from __future__ import annotations

from flask import request

from ...core import ledger_of, rules_of
from ...core.barkada.balances import group_money
from ...core.barkada.group_store import latest_session, member_names
from ...core.barkada.member_payments import payments_between
from ...engine.money import ZERO
from ...present.barkada import words
from ...present.display import money, short_day

MAX_ID = 12  # digits of a payment id in the address
PAID_SHOWN = 10  # payments of the night on the group page


def notice(group) -> dict | None:
    """The landing page's words about the payment the address names, or None (no such payment
    of this group: undone since, or another group's)."""
    names = member_names(group)
    for kind, say in (("paid", words.paid_on), ("again", words.paid_before)):
        value = request.args.get(kind, "")
        if not value.isdigit() or len(value) > MAX_ID:
            continue
        payment = next((p for p in group.payments if p.id == int(value)), None)
        if payment is None:
            continue
        text = say(
            names[payment.payer_id],
            names[payment.payee_id],
            money(payment.amount),
            short_day(payment.paid_on),
        )
        more = str(words.NOTHING_NEW) if kind == "again" else None
        return {"kind": kind, "text": text, "more": more, "payment": payment}
    return None


def _lines(group, payments) -> list[tuple]:
    names = member_names(group)
    return [(payment, names[payment.payer_id], names[payment.payee_id]) for payment in payments]


def group_paid(group) -> list[tuple]:
    """(payment, payer's name, payee's name) of the payments recorded since the group's latest
    session started, newest first; none when the group has no session yet."""
    last = latest_session(group)
    if last is None:
        return []
    since = [payment for payment in group.payments if payment.created_at >= last.created_at]
    return _lines(group, list(reversed(since))[:PAID_SHOWN])


def settle_rows(game, group, members_at: dict) -> dict:
    """A settled group session's transfers as the group stands now, keyed by the transfer's
    (payer, payee) as the session names them: {"owed": what the payer owes the payee in the
    group now (0.00: nothing, so no Bayad na), "paid": the payments between them recorded since
    the session started}. Sessions counted in points stay out of the group's money."""
    empty = {"group_rows": {}, "group_others": [], "group_square": False}
    if not game.settled or rules_of(game).unit == "pts":
        return empty
    now = group_money(group)
    names = member_names(group)
    ids = {name: member_id for member_id, name in names.items()}
    owed = {(ids[t.payer], ids[t.payee]): t for t in now.utang}
    rows, pairs = {}, set()
    for transfer in ledger_of(game).settlement():
        payer, payee = members_at.get(transfer.payer), members_at.get(transfer.payee)
        if payer is None or payee is None:
            continue
        pair = (payer.id, payee.id)
        pairs.add(pair)
        still = owed.get(pair)
        paid = payments_between(group, payer.id, payee.id, since=game.created_at)
        rows[(transfer.payer, transfer.payee)] = {
            "owed": still.amount if still else ZERO,
            "paid": _lines(group, paid),
        }
    return {
        "group_rows": rows,
        "group_others": [t for pair, t in owed.items() if pair not in pairs],
        "group_square": not now.utang,
    }
