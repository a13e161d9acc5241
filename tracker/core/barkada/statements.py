"""A member's statement: their group sessions with the net of each, and the payments
they made and received, in date order with the running balance.

The balance is the group's (docs/API.md): a settled session adds the member's final balance, a
payment they made raises it, a payment they received lowers it. A session still being played
is listed but adds nothing until it is settled.

    statement(group, member_id) -> Statement      NotFound when the group has no such member
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from sqlalchemy import or_, select

from ...engine import parse_money
from ...extensions import db
from ...models import Barkada, Member, Payment
from ..errors import NotFound
from .period_stats import Period, digest, group_stats

ZERO_MONEY = Decimal("0.00")


@dataclass(frozen=True)
class Line:
    day: date
    kind: str  # "session", "session in play", "paid", "received"
    other: str  # the session's other players, or who was paid / paid them
    amount: Decimal  # what it adds to the balance (0 for a session in play)
    balance: Decimal  # the running balance after it
    rounds: int = 0
    net: Decimal = ZERO_MONEY  # a session's net (also shown while it is in play)


@dataclass
class Statement:
    group: str
    member: str
    left: bool
    version: str  # names what it was made from: the group's stats and the member's payments
    lines: list[Line] = field(default_factory=list)

    @property
    def balance(self) -> Decimal:
        return self.lines[-1].balance if self.lines else ZERO_MONEY


def statement(group: Barkada, member_id: int) -> Statement:
    members = {
        row.id: row
        for row in db.session.execute(
            select(Member.id, Member.name, Member.left_at).where(Member.group_id == group.id)
        )
    }
    if member_id not in members:
        raise NotFound(member_id)
    names = {id_: row.name for id_, row in members.items()}
    everything = group_stats(group, Period())
    paid = _payment_items(group, member_id, names)
    items = _session_items(everything, member_id, names) + paid
    items.sort(key=lambda item: item[:2])
    version = digest((everything.version, names[member_id], tuple(paid)))
    found = Statement(group.name, names[member_id], members[member_id].left_at is not None, version)
    balance = ZERO_MONEY
    for day, _, kind, other, amount, rounds, net in items:
        balance += amount
        found.lines.append(Line(day, kind, other, amount, balance, rounds, net))
    return found


def _session_items(everything, member_id: int, names: dict) -> list[tuple]:
    items = []
    for night in everything.nights:
        if member_id not in night.keys:
            continue
        tally = night.stats.people[member_id]
        others = ", ".join(names.get(key, "?") for key in night.keys if key != member_id)
        kind = "session" if night.settled else "session in play"
        amount = tally.net if night.settled else ZERO_MONEY
        items.append((night.day, 0, kind, others, amount, tally.rounds, tally.net))
    return items


def _payment_items(group: Barkada, member_id: int, names: dict) -> list[tuple]:
    rows = db.session.execute(
        select(Payment.payer_id, Payment.payee_id, Payment.amount, Payment.paid_on)
        .where(
            Payment.group_id == group.id,
            or_(Payment.payer_id == member_id, Payment.payee_id == member_id),
        )
        .order_by(Payment.paid_on, Payment.id)
    )
    items = []
    for payer, payee, amount, paid_on in rows:
        money = parse_money(amount)
        if payer == member_id:
            items.append((paid_on, 1, "paid", names.get(payee, "?"), money, 0, ZERO_MONEY))
        else:
            items.append((paid_on, 1, "received", names.get(payer, "?"), -money, 0, ZERO_MONEY))
    return items
