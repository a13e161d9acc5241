"""Payments between a barkada's members (Bayad na): read and checked (who, how much, when),
recorded and undone in the group's history, refused when paid already, asked first when larger
than what is owed. What they do to the balances is balances.py's."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from ...clock import local_today
from ...engine import MoneyError, Problem, parse_money
from ...engine.messages import N_
from ...engine.money import ZERO, Amount
from ...extensions import db
from ...models import Barkada, Payment
from .. import history, pins
from ..errors import InputError
from ..idempotency import Idempotent
from ..pins import OPEN, Access
from .balances import group_money
from .group_store import commit_group, member_names

DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def find_member(group: Barkada, value, where: str, problems: list[Problem]):
    """The member a payment names: by current name (any case) or by id."""
    for member in group.members:
        if isinstance(value, int) and not isinstance(value, bool) and member.id == value:
            return member
        if isinstance(value, str) and " ".join(value.split()).casefold() == member.name.casefold():
            return member
    if value is None or value == "":
        problems.append(Problem(where, N_("say who paid and who was paid: a member's name")))
    else:
        problems.append(Problem(where, N_("no member of this group has this name")))
    return None


def read_payment(group: Barkada, data) -> Payment:
    """{"from", "to", "amount", "paid_on"} (names, "150.00", "2026-12-01": today if left out),
    checked; InputError lists every problem."""
    if not isinstance(data, dict):
        shape = N_("send %(example)s", example='{"from": "Ben", "to": "Ana", "amount": "150.00"}')
        raise InputError([Problem("payment", shape)])
    problems: list[Problem] = []
    payer = find_member(group, data.get("from"), "from", problems)
    payee = find_member(group, data.get("to"), "to", problems)
    if payer is not None and payer is payee:
        problems.append(Problem("to", N_("a member cannot pay themselves")))
    amount = _amount(data.get("amount"), problems)
    paid_on = _paid_on(data.get("paid_on"), problems)
    if problems:
        raise InputError(problems)
    return Payment(payer_id=payer.id, payee_id=payee.id, amount=amount, paid_on=paid_on)


def _amount(value, problems: list[Problem]) -> str:
    if value is None or value == "":
        problems.append(Problem("amount", N_("say how much was paid, e.g. 150.00")))
        return ""
    try:
        amount = parse_money(value)
    except MoneyError as error:
        problems.append(Problem("amount", error.message))
        return ""
    if amount <= 0:
        problems.append(Problem("amount", N_("a payment is more than 0.00")))
    return str(amount)


def _paid_on(value, problems: list[Problem]) -> date:
    if value is None or value == "":
        return local_today()  # the table's date (TIME_ZONE), not the server's
    if isinstance(value, str) and DATE.fullmatch(value.strip()):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    problems.append(Problem("paid_on", N_("the date of the payment, as 2026-12-01")))
    return local_today()


def record_payment(
    group: Barkada,
    data,
    access: Access = OPEN,
    idem: Idempotent | None = None,
    offered: Decimal | None = None,
    ask_over: bool = False,
):
    """Bayad na: record a payment between two members (the full utang or part of it). With
    `idem` (a double tap, a retry), answers `idem.respond(payment)`, stored with the payment:
    the same key again records nothing and answers the same. With `offered` (the Bayad na of a
    suggested transfer: the amount the page offered), refuses with `AlreadyPaid` when the payer
    now owes the payee less than that (paid meanwhile: an old page sent again, another phone),
    checked in the transaction, so two phones racing record it once. With `ask_over` (the pay
    form, before its "Record anyway"), a payment of more than the payer owes the payee now is
    not recorded: `Overpaid` asks first."""
    payment = read_payment(group, data)
    pins.admit(group, access)

    def change():
        if offered is not None:
            refuse_if_paid(group, payment, offered)
        if ask_over:
            ask_if_over(group, payment)
        group.payments.append(payment)
        db.session.flush()
        after = payment_state(group, payment)
        history.note(group, history.PAYMENT_RECORDED, access.by, after=after)
        return payment

    return commit_group(group, change, idem)


def undo_payment(group: Barkada, payment_id: int, access: Access = OPEN) -> None:
    """Undo a payment: its row is deleted."""
    payment = next((p for p in group.payments if p.id == payment_id), None)
    if payment is None:
        raise InputError([Problem("payment", N_("this group has no such payment"))], 404)
    pins.admit(group, access)

    def change():
        found = next((p for p in group.payments if p.id == payment_id), None)
        if found is None:
            raise InputError([Problem("payment", N_("this payment was undone already"))], 404)
        before = payment_state(group, found)
        history.note(group, history.PAYMENT_UNDONE, access.by, before=before)
        group.payments.remove(found)

    commit_group(group, change)


def payment_state(group: Barkada, payment: Payment) -> dict:
    """What the history keeps of a payment: who paid whom (names and member ids), how much,
    on which day."""
    names = member_names(group)
    return {
        "id": payment.id,
        "from": names.get(payment.payer_id),
        "to": names.get(payment.payee_id),
        "payer_id": payment.payer_id,
        "payee_id": payment.payee_id,
        "amount": payment.amount,
        "paid_on": payment.paid_on.isoformat(),
    }


class AlreadyPaid(InputError):
    """Bayad na under a suggested transfer ("Cris pays Ana ₱47.00") that is no longer owed as the
    page offered it: it was paid meanwhile, in full or in part. Nothing is stored. `owed` is
    what the payer owes the payee now (0.00: nothing)."""

    def __init__(self, names: dict[int, str], payment: Payment, offered: Decimal, owed: Decimal):
        self.payer_id, self.payee_id, self.owed = payment.payer_id, payment.payee_id, owed
        who = {"payer": names[payment.payer_id], "payee": names[payment.payee_id]}
        if owed > 0:
            message = N_(
                "%(payer)s owes %(payee)s %(owed)s now, not %(offered)s: the group changed "
                "meanwhile. Nothing was recorded: check the amount, then tap Bayad na again",
                owed=Amount(owed),
                offered=Amount(offered),
                **who,
            )
        else:
            message = N_("%(payer)s owes %(payee)s nothing now: nothing was recorded", **who)
        super().__init__([Problem("payment", message)], 409)


def owed_between(group: Barkada, payer_id: int, payee_id: int) -> Decimal:
    """What `payer_id` owes `payee_id` in the group's who owes whom now (0.00: no transfer)."""
    names = member_names(group)
    for transfer in group_money(group).utang:
        if (transfer.payer, transfer.payee) == (names[payer_id], names[payee_id]):
            return transfer.amount
    return ZERO


class Overpaid(InputError):
    """A payment of more than the payer owes the payee now: nothing is stored until the form
    says "Record anyway". `owed` is what is owed now (0.00: nothing)."""

    def __init__(self, names: dict[int, str], payment: Payment, owed: Decimal):
        self.owed, self.key = owed, None  # key: the pay form's idempotency key, set by the web
        who = {"payer": names[payment.payer_id], "payee": names[payment.payee_id]}
        amount = Amount(Decimal(payment.amount))
        if owed > 0:
            message = N_(
                "%(payer)s owes %(payee)s only %(owed)s; record %(amount)s anyway?",
                owed=Amount(owed),
                amount=amount,
                **who,
            )
        else:
            message = N_(
                "%(payer)s owes %(payee)s nothing; record %(amount)s anyway?", amount=amount, **who
            )
        super().__init__([Problem("amount", message)], 409)


def ask_if_over(group: Barkada, payment: Payment) -> None:
    owed = owed_between(group, payment.payer_id, payment.payee_id)
    if Decimal(payment.amount) > owed:
        raise Overpaid(member_names(group), payment, owed)


def refuse_if_paid(group: Barkada, payment: Payment, offered: Decimal) -> None:
    """A suggested transfer is recorded while it is still owed as offered; a new session settled
    since (more owed) is fine, a payment recorded since (less owed) is refused."""
    owed = owed_between(group, payment.payer_id, payment.payee_id)
    if owed < offered:
        raise AlreadyPaid(member_names(group), payment, offered, owed)


def payments_between(group: Barkada, payer_id: int, payee_id: int, since=None) -> list[Payment]:
    """The payments `payer_id` made `payee_id`, recorded at or after `since` (naive UTC, as
    stored; None: all), newest first."""
    return [
        payment
        for payment in reversed(group.payments)
        if payment.payer_id == payer_id
        and payment.payee_id == payee_id
        and (since is None or payment.created_at >= since)
    ]
