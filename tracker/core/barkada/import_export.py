"""A barkada exported and imported: its members, its sessions (each as its own
session export) and its payments, in the format of exchange/group_export.py. An import makes
a NEW group with new links for it and each of its sessions, in one transaction; bad input
raises InputError listing every problem and stores nothing."""

from __future__ import annotations

from ...engine import Path, Problem
from ...engine.messages import N_
from ...exchange.group_export import FORMAT, read_group_export
from ...exchange.json_file import ExportError
from ...extensions import db
from ...models import Barkada, GameSession, Member, from_iso, iso, new_token, utcnow
from .. import history, owners
from ..errors import InputError
from ..heavy import one_import
from ..imports import add_imported
from .group_store import member_names
from .groups import read_new_group
from .member_payments import read_payment


def export_group(group: Barkada) -> dict:
    names = member_names(group)
    games = db.session.query(GameSession).filter_by(group_id=group.id).order_by(GameSession.id)
    return {
        "format": FORMAT,
        "name": group.name,
        "created": iso(group.created_at),
        "members": [member_dict(m) for m in group.members],
        "sessions": [
            {"seats": [names[m] for m in game.seat_members], "session": game.export(history=True)}
            for game in games
            if game.seat_members
        ],
        "payments": payment_dicts(group, names),
        "history": [event.to_dict() for event in group.events],
    }


def member_dict(member: Member) -> dict:
    return {"name": member.name, "note": member.note, "left": member.left_at is not None}


def payment_dicts(group: Barkada, names: dict[int, str]) -> list[dict]:
    """The group's payments as the export has them: members by name (the backup's too)."""
    return [
        {
            "from": names[p.payer_id],
            "to": names[p.payee_id],
            "amount": p.amount,
            "paid_on": p.paid_on.isoformat(),
        }
        for p in group.payments
    ]


def read_members(name, members: list) -> tuple[str, list]:
    """The group's name and members ([names or {"name", "note", …}]) of an export or backup,
    checked as a new group's; InputError lists every problem."""
    shape = members
    if isinstance(members, list):
        shape = [
            {"name": m.get("name"), "note": m.get("note")} if isinstance(m, dict) else m
            for m in members
        ]
    checked, new_members, _ = read_new_group({"name": name, "members": shape})
    return checked, new_members


def import_group(data, seed: bytes | None = None) -> Barkada:
    """A NEW group from its export; whoever imports it owns it and each of its sessions. One
    import at a time on this machine (heavy.py)."""
    with one_import():
        return _import_group(data, seed)


def _import_group(data, seed: bytes | None) -> Barkada:
    try:
        clean = read_group_export(data)
    except ExportError as error:
        raise InputError(error.problems) from None
    seed = seed or owners.new_seed()
    members = clean["members"]
    name, new_members = read_members(clean["name"], members)
    try:
        group = Barkada(
            name=name, token=new_token(), created_at=from_iso(clean["created"]) or utcnow()
        )
        owners.issue(group, seed)
        group.members = [
            Member(name=m.name, note=m.note, position=i, left_at=_left(members[i]))
            for i, m in enumerate(new_members)
        ]
        db.session.add(group)
        db.session.flush()
        _add_sessions(group, clean["sessions"], seed)
        add_payments(group, clean["payments"])
        history.copy_in(group, clean["history"], "import", made_of(group))
        db.session.commit()
        return group
    except BaseException:
        db.session.rollback()
        raise


def made_of(group: Barkada) -> dict:
    """What an import or a restore made of a group, for its "imported" event."""
    return {"members": [m.name for m in group.members], "payments": len(group.payments)}


def _left(member) -> object:
    return utcnow() if isinstance(member, dict) and member.get("left") is True else None


def _add_sessions(group: Barkada, sessions: list[dict], seed: bytes) -> None:
    by_name = {m.name.casefold(): m for m in group.members}
    problems: list[Problem] = []
    for index, entry in enumerate(sessions):
        seated = [by_name.get(name.casefold()) for name in entry["seats"]]
        if None in seated:
            message = N_("each seat names a member of the group")
            problems.append(Problem(Path.of("sessions", index, "seats"), message))
            continue
        game = add_imported(entry["session"])
        game.group_id, game.seat_members = group.id, [m.id for m in seated]
        owners.issue(game, seed)
    if problems:
        raise InputError(problems)


def add_payments(group: Barkada, payments: list) -> None:
    """Each payment of an export or backup (members by name) added to the group; InputError
    lists every bad one, under payments[i]."""
    problems: list[Problem] = []
    for index, entry in enumerate(payments):
        try:
            group.payments.append(read_payment(group, entry))
        except InputError as error:
            problems += [p.under("payments", index) for p in error.problems]
    if problems:
        raise InputError(problems)
