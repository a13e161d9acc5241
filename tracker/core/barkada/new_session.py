"""A session started from a barkada: `"group": <id>` in the new session's JSON; its
three players must be current members of the group, each named as the group names them."""

from __future__ import annotations

from ...engine import Path, Problem
from ...engine.messages import N_
from ...models import Barkada
from ..errors import NotFound
from .group_store import current_members, get_group


def read_group_seats(
    data: dict, players: list[str], problems: list[Problem]
) -> tuple[Barkada | None, list[int] | None, list[str]]:
    """(the group, the member id at each seat, the players as the group spells them) of a new
    session's JSON, or (None, None, players) when it names no group."""
    token = data.get("group")
    if token is None or token == "":
        return None, None, players
    try:
        group = get_group(token) if isinstance(token, str) and len(token) <= 64 else None
    except NotFound:
        group = None
    if group is None:
        problems.append(
            Problem("group", N_("no group has this id: use the id from the group's link"))
        )
        return None, None, players
    members = {member.name.casefold(): member for member in current_members(group)}
    gone = {member.name.casefold() for member in group.members if member.left_at is not None}
    seats, names = [], []
    for seat, name in enumerate(players):
        member = members.get(name.casefold())
        if member is None:
            problems.append(Problem(Path.of("players", seat), _not_member(name, group, gone)))
            continue
        seats.append(member.id)
        names.append(member.name)
    if len(seats) != 3:
        return group, None, players
    return group, seats, names


def _not_member(name: str, group: Barkada, gone: set[str]) -> str:
    if name.casefold() in gone:
        return N_(
            "%(name)s left %(group)s: only current members can sit down",
            name=name,
            group=group.name,
        )
    return N_(
        "%(name)s is not a member of %(group)s: add them to the group first",
        name=name,
        group=group.name,
    )
