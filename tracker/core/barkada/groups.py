"""A barkada: created with its members, members added, renamed or leaving, its edit
PIN set. The same owner key, recovery code and PIN rules as a session guard every change
(core/owners.py, pins.py). Money between members is in balances.py and member_payments.py."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Path, Problem
from ...engine.messages import N_
from ...engine.values import bad_character, name_text
from ...extensions import db
from ...models import Barkada, Member, new_token, utcnow
from .. import history, idempotency, owners, pins
from ..errors import InputError
from ..idempotency import Idempotent
from ..names import look_alike
from ..pins import OPEN, Access
from .group_store import commit_group

MAX_GROUP_NAME = 80
MAX_NAME = 40  # as a player's name
MAX_NOTE = 120
MIN_MEMBERS = 3  # Tongits needs three at the table
MAX_MEMBERS = 50


@dataclass(frozen=True)
class NewMember:
    name: str
    note: str | None


def read_group_name(value, problems: list[Problem], where: str = "name") -> str:
    name = " ".join(value.split()) if isinstance(value, str) else ""
    if not name:
        problems.append(Problem(where, N_("give the group a name, e.g. Friday barkada")))
    elif bad_character(name):
        problems.append(
            Problem(where, N_("the group's name has %(bad)s: remove it", bad=bad_character(name)))
        )
    elif len(name) > MAX_GROUP_NAME:
        too_long = N_("the group's name is longer than %(max)s characters", max=MAX_GROUP_NAME)
        problems.append(Problem(where, too_long))
    return name


def read_member(value, where, problems: list[Problem], taken: list[str]) -> NewMember:
    """A member as a name, or {"name", "note"}; `taken`: the names already in the group."""
    note, where = None, Path(where)
    if isinstance(value, dict):
        note = read_note(value.get("note"), Path.of(*where, "note"), problems)
        value, where = value.get("name"), Path.of(*where, "name")
    name = read_member_name(value, where, problems, taken)
    return NewMember(name, note)


def read_member_name(value, where, problems: list[Problem], taken: list[str]) -> str:
    name = name_text(value)
    if not name:
        problems.append(Problem(where, N_("each member needs a name")))
    elif bad_character(name):
        problems.append(
            Problem(where, N_("the name has %(bad)s: remove it", bad=bad_character(name)))
        )
    elif len(name) > MAX_NAME:
        problems.append(Problem(where, N_("a name is at most %(max)s characters", max=MAX_NAME)))
    elif (other := look_alike(name, taken)) is not None:
        problems.append(Problem(where, _twin(name, other)))
    return name


def _twin(name: str, other: str) -> str:
    if name.casefold() == other.casefold():
        return N_("two members are called %(name)s: give each their own name", name=name)
    return N_(
        "%(name)s looks just like %(other)s, a member already (letters of another alphabet "
        "or invisible marks): give each their own name",
        name=name,
        other=other,
    )


def read_note(value, where, problems: list[Problem]) -> str | None:
    """A payment note (such as "GCash 0917 123 4567"), or None for none."""
    if value is None:
        return None
    note = " ".join(value.split()) if isinstance(value, str) else None
    if note is None:
        problems.append(Problem(where, N_("a payment note is text, e.g. GCash 0917 123 4567")))
    elif bad_character(note):
        problems.append(
            Problem(where, N_("the note has %(bad)s: remove it", bad=bad_character(note)))
        )
    elif len(note) > MAX_NOTE:
        problems.append(
            Problem(where, N_("a payment note is at most %(max)s characters", max=MAX_NOTE))
        )
    return note or None


def read_new_group(data) -> tuple[str, list[NewMember], str | None]:
    """{"name", "members": [names or {"name", "note"}], "pin"}, checked; InputError lists
    every problem at once."""
    if not isinstance(data, dict):
        raise InputError([Problem("group", N_("send a JSON object with a name and members"))])
    problems: list[Problem] = []
    name = read_group_name(data.get("name"), problems)
    given = data.get("members")
    members: list[NewMember] = []
    if not isinstance(given, list) or not MIN_MEMBERS <= len(given) <= MAX_MEMBERS:
        problems.append(
            Problem(
                "members",
                N_(
                    "list the group's members: %(low)s to %(high)s names",
                    low=MIN_MEMBERS,
                    high=MAX_MEMBERS,
                ),
            )
        )
        given = []
    for index, value in enumerate(given):
        taken = [m.name for m in members]
        member = read_member(value, Path.of("members", index), problems, taken)
        members.append(member)
    pin = pins.read_new_pin(data.get("pin"), "pin", problems)
    if problems:
        raise InputError(problems)
    return name, members, pin


def create_group(data, seed: bytes | None = None, idem: Idempotent | None = None):
    """A new group from the JSON of `read_new_group`; its owner key and recovery code are
    `owners.derive(seed, group.token)`, as a session's. With `idem`, answers
    `idem.respond(group)` (the stored answer for a repeated key) instead of the group."""
    name, members, pin = read_new_group(data)

    def make() -> Barkada:
        group = Barkada(name=name, token=new_token(), pin_hash=pins.hash_pin(pin) if pin else None)
        owners.issue(group, seed or owners.new_seed())
        group.members = [
            Member(name=member.name, note=member.note, position=position)
            for position, member in enumerate(members)
        ]
        db.session.add(group)
        db.session.flush()
        started = {"name": name, "members": [m.name for m in members], "pin": bool(pin)}
        history.note(group, history.CREATED, "owner", after=started)
        return group

    return idempotency.created(idem, make)


def add_member(group: Barkada, data, access: Access = OPEN) -> Member:
    """A new member from {"name", "note"}."""
    if not isinstance(data, dict):
        raise InputError(
            [
                Problem(
                    "member", N_("send %(example)s", example='{"name": "Dan", "note": "GCash …"}')
                )
            ]
        )
    problems: list[Problem] = []
    taken = [member.name for member in group.members]
    member = read_member(data, "member", problems, taken)
    if len(taken) >= MAX_MEMBERS:
        problems.append(
            Problem("member", N_("a group has at most %(max)s members", max=MAX_MEMBERS))
        )
    if problems:
        raise InputError(problems)
    pins.admit(group, access)

    def change():
        position = max((m.position for m in group.members), default=-1) + 1
        added = Member(name=member.name, note=member.note, position=position)
        group.members.append(added)
        db.session.flush()
        history.note(group, history.MEMBER_ADDED, access.by, after=member_state(added))
        return added

    return commit_group(group, change)


def member_state(member: Member) -> dict:
    """A member as the history keeps it and the API answers it: id, name, note, and whether
    they left."""
    return {
        "id": member.id,
        "name": member.name,
        "note": member.note,
        "left": member.left_at is not None,
    }


def member_of(group: Barkada, member_id) -> Member:
    for member in group.members:
        if member.id == member_id:
            return member
    raise InputError([Problem("member", N_("this group has no such member"))], 404)


def change_member(group: Barkada, member_id: int, data, access: Access = OPEN) -> Member:
    """Rename a member, change their note, or mark them gone or back, from {"name", "note",
    "left"} (each optional). History follows the rename: it names members by id."""
    member = member_of(group, member_id)
    if not isinstance(data, dict) or not data.keys() & {"name", "note", "left"}:
        raise InputError(
            [
                Problem(
                    "member",
                    N_(
                        "send %(name)s, %(note)s or %(left)s",
                        name='{"name"}',
                        note='{"note"}',
                        left='{"left": true}',
                    ),
                )
            ]
        )
    problems: list[Problem] = []
    others = [m.name for m in group.members if m.id != member.id]
    name = read_member_name(data["name"], "name", problems, others) if "name" in data else None
    note = read_note(data.get("note"), "note", problems)
    left = data.get("left", member.left_at is not None)
    if not isinstance(left, bool):
        problems.append(Problem("left", N_("left is true (they left the group) or false")))
    if problems:
        raise InputError(problems)
    pins.admit(group, access)

    def change():
        before = member_state(member)
        if name is not None:
            member.name = name
        if "note" in data:
            member.note = note
        if left and member.left_at is None:
            member.left_at = utcnow()
        elif not left:
            member.left_at = None
        after = member_state(member)
        if after != before:
            history.note(group, history.MEMBER_CHANGED, access.by, before=before, after=after)
        return member

    return commit_group(group, change)


def set_group_pin(group: Barkada, data, claim: owners.Claim) -> bool:
    """Set, change or remove the group's edit PIN, under a session's rules (lifecycle.set_pin)."""
    new_pin = owners.pin_change(group, data, claim)

    def change():
        history.note_pin(group, new_pin, claim.by)
        group.pin_hash = pins.hash_pin(new_pin) if new_pin else None
        return group.pin_hash is not None

    return commit_group(group, change)
