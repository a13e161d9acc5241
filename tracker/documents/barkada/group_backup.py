"""The barkada groups of a server backup, written, checked and restored with the code
of the group export (core/barkada/import_export.py).

Each group of the backup's `groups` is {"token", "name", "created", "updated", "members":
[{"name", "note", "left", "left_at"}], "payments": [{"from", "to", "amount", "paid_on"}]} plus
the hashes a session keeps (`pin_hash`, `owner_key_hash`, `recovery_hash`). A session of the
group carries `"group": <its token>` and `"seats": [the three members' names]`: members are named
by name, so a restore gives them new ids and every session and payment follows.

A group whose link exists here is skipped (left as it is; a restored session of it joins it,
and a seat's member it lacks is added as a member who left), or with `--replace` updated in
place: its name and hashes are the backup's, its members matched by name (one it has that the
backup lacks stays, marked as left, so that its other sessions keep their seats), and its
payments are exactly the backup's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from ...core import InputError, history
from ...core.barkada.group_store import member_names
from ...core.barkada.import_export import (
    add_payments,
    made_of,
    member_dict,
    payment_dicts,
    read_members,
)
from ...engine import Path, Problem
from ...exchange.history_in import read_history
from ...extensions import db
from ...models import Barkada, GameSession, Member, from_iso, iso, utcnow

HASHES = ("pin_hash", "owner_key_hash", "recovery_hash")


# -- writing --------------------------------------------------------------------------------


def groups_dict() -> tuple[list[dict], dict[int, tuple[str, dict[int, str]]]]:
    """Every group of this server, oldest first, and id: (token, member names) for the
    sessions' entries."""
    groups = db.session.execute(select(Barkada).order_by(Barkada.id)).scalars().all()
    out, known = [], {}
    for group in groups:
        names = member_names(group)
        known[group.id] = (group.token, names)
        entry = {"token": group.token, "name": group.name, "created": iso(group.created_at)}
        entry["updated"] = iso(group.updated_at)
        entry["members"] = [member_dict(m) | {"left_at": iso(m.left_at)} for m in group.members]
        paid = zip(payment_dicts(group, names), group.payments, strict=True)
        entry["payments"] = [d | {"created": iso(p.created_at)} for d, p in paid]
        entry["history"] = [event.to_dict() for event in group.events]
        out.append(entry | {name: getattr(group, name) for name in HASHES if getattr(group, name)})
    return out, known


def session_link(game: GameSession, known: dict) -> dict:
    """What a session's backup entry says of its group: {} for a session on its own."""
    if game.group_id not in known or not game.seat_members:
        return {}
    token, names = known[game.group_id]
    return {"group": token, "seats": [names[m] for m in game.seat_members]}


# -- reading --------------------------------------------------------------------------------


@dataclass
class GroupEntry:
    token: str
    name: str
    members: list  # [(NewMember, left_at)]
    payments: list
    created: object = None
    updated: object = None
    hashes: dict = field(default_factory=dict)
    history: list = field(default_factory=list)


def read_groups(data: dict, problems: list[Problem], read_token, check_hashes) -> dict:
    """token: GroupEntry of every group of the backup (none in a backup made before groups)."""
    given = data.get("groups", [])
    if not isinstance(given, list):
        problems.append(Problem("groups", "groups must be a list of groups"))
        return {}
    seen: dict[str, int] = {}
    out = {}
    for index, raw in enumerate(given):
        where = Path.of("groups", index)
        if not isinstance(raw, dict):
            problems.append(Problem(where, "a group must be an object"))
            continue
        token = read_token(raw.get("token"), where, seen, index, "group")
        hashes = check_hashes(raw, where, problems)
        members = raw.get("members") if isinstance(raw.get("members"), list) else None
        payments = raw.get("payments", [])
        if not isinstance(payments, list):
            problems.append(Problem(Path.of(*where, "payments"), "payments is a list"))
        try:
            name, checked = read_members(raw.get("name"), members)
        except InputError as error:
            problems += [problem.under(*where) for problem in error.problems]
            continue
        if token is not None and isinstance(payments, list):
            left = [_left_at(m) for m in members]
            pairs = list(zip(checked, left, strict=True))
            times = from_iso(raw.get("created")), from_iso(raw.get("updated"))
            events = read_history(raw.get("history"), problems, (*where, "history"))
            out[token] = GroupEntry(token, name, pairs, payments, *times, hashes, events)
    return out


def _left_at(member):
    """When a member left: the backup's time, or now for a member marked `left` without one."""
    if not isinstance(member, dict):
        return None
    return from_iso(member.get("left_at")) or (utcnow() if member.get("left") is True else None)


def check_seats(raw: dict, where: Path, groups: dict, problems: list[Problem]):
    """A session's (group token, seat names), checked against the backup's groups."""
    token = raw.get("group")
    if token is None:
        return None, None
    group = groups.get(token) if isinstance(token, str) else None
    if group is None:
        problems.append(Problem(Path.of(*where, "group"), "the token of a group of this backup"))
        return None, None
    seats = raw.get("seats")
    names = {member.name.casefold() for member, _ in group.members}
    if not (
        isinstance(seats, list)
        and len(seats) == 3
        and all(isinstance(s, str) and s.casefold() in names for s in seats)
    ):
        message = "the three members at its seats, by name, each a member of its group"
        problems.append(Problem(Path.of(*where, "seats"), message))
        return None, None
    return token, seats


# -- restoring ------------------------------------------------------------------------------


def restore_groups(groups: dict, replace: bool, report) -> dict[str, Barkada]:
    """Every group of the backup added (or skipped, or replaced) in the open transaction;
    token: the group its sessions join. InputError (under groups[i]) for a bad payment."""
    out = {}
    for index, entry in enumerate(groups.values()):
        existing = db.session.execute(
            select(Barkada).where(Barkada.token == entry.token)
        ).scalar_one_or_none()
        label = f"group {entry.token[:8]}… ({entry.name}, {len(entry.members)} members)"
        if existing is not None and not replace:
            report.skipped.append(label)
            out[entry.token] = existing
            continue
        group = existing or Barkada(token=entry.token)
        _fill(group, entry)
        if existing is None:
            db.session.add(group)
        db.session.flush()
        try:
            add_payments(group, entry.payments)
        except InputError as error:
            raise InputError([p.under("groups", index) for p in error.problems]) from None
        for payment, raw in zip(group.payments, entry.payments, strict=True):
            payment.created_at = from_iso(raw.get("created")) or utcnow()
        history.forget(group)
        history.copy_in(group, entry.history, "restore", made_of(group))
        (report.replaced if existing is not None else report.restored).append(label)
        out[entry.token] = group
    return out


def _fill(group: Barkada, entry: GroupEntry) -> None:
    """The group's name, hashes and members of the backup; its payments cleared."""
    group.name = entry.name
    group.created_at = entry.created or group.created_at or utcnow()
    group.updated_at = entry.updated or utcnow()
    for name in HASHES:
        setattr(group, name, entry.hashes.get(name))
    kept = {member.name.casefold(): member for member in group.members}
    members = []
    for position, (new, left_at) in enumerate(entry.members):
        member = kept.pop(new.name.casefold(), None) or Member(name=new.name)
        member.name, member.note, member.position, member.left_at = (
            new.name,
            new.note,
            position,
            left_at,
        )
        members.append(member)
    for position, member in enumerate(kept.values(), start=len(members)):
        member.position, member.left_at = position, member.left_at or utcnow()
        members.append(member)
    group.members = members
    group.payments = []


def seat(game: GameSession, group: Barkada, seats: list[str]) -> None:
    """The session joins its group, each seat the member of that name (added as a member who
    left when a group that was skipped lacks them)."""
    by_name = {member.name.casefold(): member for member in group.members}
    for name in seats:
        if name.casefold() not in by_name:
            member = Member(name=name, position=len(group.members), left_at=utcnow())
            group.members.append(member)
            by_name[name.casefold()] = member
    db.session.flush()
    game.group_id, game.seat_members = group.id, [by_name[n.casefold()].id for n in seats]
