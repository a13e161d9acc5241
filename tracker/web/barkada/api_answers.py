"""The JSON shapes of a barkada's answers (docs/API.md, "Groups"): a group with its members,
sessions, balances, utang and payments; a payment; a member."""

from __future__ import annotations

from ...core.barkada.balances import GroupMoney, group_money
from ...core.barkada.group_store import group_sessions, member_names
from ...core.barkada.groups import member_state
from ...engine import money_str
from ...models import Barkada, Payment, iso
from .. import public


def group_dict(group: Barkada, money: GroupMoney | None = None) -> dict:
    """GET /api/groups/<id>: balances and utang keyed by the members' current names."""
    money = money or group_money(group)
    names = member_names(group)
    return {
        "id": group.token,
        "name": group.name,
        "url": group_url(group),
        "created": iso(group.created_at),
        "revision": group.revision,
        "pin": group.pin_hash is not None,
        "members": [member_state(member) for member in group.members],
        "sessions": [
            {
                "id": game.token,
                "url": public.session_link(game.token),
                "players": seated_names(game, names),
                "created": iso(game.created_at),
                "rounds": count,
                "settled": game.settled,
            }
            for game, count in group_sessions(group)
        ],
        "balances": {names[m]: money_str(amount) for m, amount in money.balances.items()},
        "utang": [transfer.to_dict() for transfer in money.utang],
        "payments": [payment_dict(payment, names) for payment in group.payments],
    }


def seated_names(game, names: dict[int, str]) -> list[str]:
    """The players of a group's session by their current names (renames follow history)."""
    seats = game.seat_members or [None, None, None]
    return [names.get(member, name) for member, name in zip(seats, game.players)]


def payment_dict(payment: Payment, names: dict[int, str]) -> dict:
    return {
        "id": payment.id,
        "from": names[payment.payer_id],
        "to": names[payment.payee_id],
        "amount": payment.amount,
        "paid_on": payment.paid_on.isoformat(),
        "created": iso(payment.created_at),
    }


def group_url(group: Barkada) -> str:
    return public.group_link(group.token)
