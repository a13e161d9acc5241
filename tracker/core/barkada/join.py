"""A session added to a barkada after it was started: each of its three seats named as a
member (one already in the group, or a new member added with it), as a session started from
the group names them (`seat_members`). The session's players keep their names; the group's
balances and stats then count it, as they count every session of the group (derived).

Recorded in both histories: the group's "session added" (and a "joined the group" for each
member added) and the session's "added to a group". Undone by `leave_group` (the session's
Undo): the session is on its own again; members added with it stay in the group.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import Path, Problem
from ...engine.messages import N_
from ...extensions import db
from ...models import Barkada, GameSession, Member, utcnow
from .. import history, pins
from ..errors import InputError, NotFound
from ..ledger_memo import ledger_of
from ..pins import OPEN, Access
from ..store import commit
from .group_store import current_members, get_group, group_of
from .groups import MAX_MEMBERS, member_state, read_member_name

TOKEN = re.compile(r"([A-Za-z0-9_-]{16,64})")
LINKED = re.compile(r"/g/([A-Za-z0-9_-]{16,64})(?:[/?#]|$)")
NEW = "new"  # a seat's choice: a new member, named in its own field


@dataclass(frozen=True)
class Seat:
    """Who a seat is in the group: an existing member (`member`), or a new one (`name`)."""

    member: Member | None = None
    name: str | None = None


def group_named(text) -> Barkada:
    """The group a pasted link (…/g/<token>…) or bare code names; InputError otherwise."""
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise InputError([Problem("link", N_("paste the group's link or its code"))], 422)
    match = LINKED.search(text[:2000]) or TOKEN.fullmatch(text[:2000])
    try:
        return get_group(match.group(1))  # type: ignore[union-attr]
    except (AttributeError, NotFound):
        message = N_("no group has this link or code: open the group's page and copy its link")
        raise InputError([Problem("link", message)], 404) from None


def default_choices(game: GameSession, group: Barkada) -> list[str]:
    """Each seat's choice before anyone picks: the current member of the same name (any case),
    else a new member."""
    members = {member.name.casefold(): member for member in current_members(group)}
    chosen = []
    for name in game.players:
        member = members.get(name.casefold())
        chosen.append(str(member.id) if member is not None else NEW)
    return chosen


def read_seats(game: GameSession, group: Barkada, choices: list, names: list) -> list[Seat]:
    """The three seats from the form: `choices[n]` a current member's id or NEW, `names[n]` the
    new member's name (the seat's player name when left empty). InputError lists every problem
    (a member chosen twice, a new name taken, …) and nothing is stored."""
    problems: list[Problem] = []
    members = {str(member.id): member for member in current_members(group)}
    taken = [member.name for member in group.members]
    seats: list[Seat] = []
    for seat in range(3):
        where = Path.of("seats", seat)
        choice = str(choices[seat] if seat < len(choices) else "").strip()
        if choice == NEW:
            typed = names[seat] if seat < len(names) and names[seat] else game.players[seat]
            name = read_member_name(typed, where, problems, taken)
            taken.append(name)
            seats.append(Seat(name=name))
        elif choice in members:
            seats.append(Seat(member=members[choice]))
        else:
            problems.append(Problem(where, N_("choose a member of the group for each player")))
    _twice(game, seats, problems)
    added = sum(1 for seat in seats if seat.member is None)
    if added and len(group.members) + added > MAX_MEMBERS:
        problems.append(
            Problem("seats", N_("a group has at most %(max)s members", max=MAX_MEMBERS))
        )
    if problems:
        raise InputError(problems)
    return seats


def _twice(game: GameSession, seats: list[Seat], problems: list[Problem]) -> None:
    """A member may sit at one seat only."""
    seen: dict[int, int] = {}
    for seat, chosen in enumerate(seats):
        if chosen.member is None:
            continue
        if chosen.member.id in seen:
            first = game.players[seen[chosen.member.id]]
            message = N_(
                "%(member)s is chosen for both %(first)s and %(second)s: one seat each",
                member=chosen.member.name,
                first=first,
                second=game.players[seat],
            )
            problems.append(Problem(Path.of("seats", seat), message))
        seen.setdefault(chosen.member.id, seat)


def join_group(
    game: GameSession,
    group: Barkada,
    choices: list,
    names: list,
    access: Access = OPEN,
    group_access: Access = OPEN,
) -> list[int]:
    """Add `game` (settled or not) to `group`, its seats as `read_seats` reads them; `access`
    may change the session and `group_access` the group. Answers the member id at each seat."""
    if game.group_id is not None:
        raise InputError([Problem("group", N_("this session is in a group already"))], 409)
    seats = read_seats(game, group, choices, names)
    pins.admit(game, access)
    pins.admit(group, group_access)

    def change():
        if game.group_id is not None:  # another phone added it meanwhile
            raise InputError([Problem("group", N_("this session is in a group already"))], 409)
        ids = [_member_at(group, seat, group_access.by) for seat in seats]
        game.group_id, game.seat_members = group.id, ids
        group.updated_at = utcnow()  # the group's revision moves on too (its money changed)
        names_of = {member.id: member.name for member in group.members}
        seated = [names_of[member_id] for member_id in ids]
        after = {"session": game.id, "players": list(game.players), "members": seated}
        history.note(group, history.SESSION_ADDED, group_access.by, after=after)
        joined = {"group": group.id, "name": group.name, "seat_members": ids, "members": seated}
        history.note(game, history.GROUP_JOINED, access.by, after=joined)
        return ids, ledger_of(game)

    return commit(game, change)


def _member_at(group: Barkada, seat: Seat, by: str) -> int:
    if seat.member is not None:
        return seat.member.id
    position = max((m.position for m in group.members), default=-1) + 1
    added = Member(name=seat.name, position=position)
    group.members.append(added)
    db.session.flush()
    history.note(group, history.MEMBER_ADDED, by, after=member_state(added))
    return added.id


def leave_group(game: GameSession, access: Access = OPEN) -> None:
    """Take back `join_group` (the session's Undo): the session is on its own again and the
    group's balances leave it out; members added with it stay members."""
    pins.admit(game, access)
    group = group_of(game)

    def change():
        before = {"group": game.group_id, "seat_members": game.seat_members}
        if group is not None:
            before["name"] = group.name
            group.updated_at = utcnow()
            gone = {"session": game.id, "players": list(game.players)}
            history.note(group, history.SESSION_REMOVED, access.by, before=gone)
        game.group_id, game.seat_members = None, None
        history.note(game, history.GROUP_LEFT, access.by, before=before)
        return None, ledger_of(game)

    commit(game, change)
