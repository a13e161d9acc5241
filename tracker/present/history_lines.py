"""A session's or a group's history as people read it: one line a change ("Round 7 edited on
Ben's phone · 02 Dec 2026 22:14"), what it changed in money ("Ana −₱12.00 → −₱20.00"), and who
made it, in the reader's language. The events themselves are core/history.py's."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext as _

from ..clock import local_time
from .display import short_day_time, signed_money


@dataclass(frozen=True)
class HistoryLine:
    id: int
    kind: str
    title: str  # "Round 7 edited"
    who: str  # "on Ben's phone"
    when: str  # "02 Dec 2026 22:14"
    at: object  # the stored moment, for a <time datetime=…>
    money: list[str] = field(default_factory=list)  # ["Ana −₱12.00 → −₱20.00", …]
    round: int | None = None
    before: dict | None = None  # a round's record as it was (cards), for the details
    after: dict | None = None


def who(by: str, players: list[str] | None = None) -> str:
    """The device as a noun: "Ben's phone", "the owner's phone", "API" …"""
    by = by.partition("@")[0]  # "seat:1@3f9a0c2e": the phone's own id is not shown
    seat = _seat(by)
    if seat is not None:
        return _("%(name)s's phone", name=_player(seat, players))
    return {
        "owner": _("the owner's phone"),
        "phone": _("a phone"),
        "api": _("API"),
        "import": _("import"),
        "restore": _("restore"),
    }.get(by, _("the server"))


def on_who(by: str, players: list[str] | None = None) -> str:
    """The device in a line: "on Ben's phone", "through the API", "by an import" …"""
    by = by.partition("@")[0]
    if by == "api":
        return _("through the API")
    if by == "import":
        return _("by an import")
    if by == "restore":
        return _("by a backup restore")
    return _("on %(device)s", device=who(by, players))


def phones_agreed(event, players: list[str] | None = None) -> str | None:
    """The phones that agreed to a round saved on the seat pages, when more than one did:
    "Ana's, Ben's and Cris's phones", each named by the first seat it agreed for (the event's
    `phones`, core/draft/agreed.py). None for one phone, for a round saved otherwise and for
    any other change: the device that made it says it all."""
    groups = (event.after or {}).get("phones") if event.kind == "round_saved" else None
    if not isinstance(groups, list) or not 2 <= len(groups) <= 3:
        return None
    if not all(isinstance(group, list) and group and _is_seat(group[0]) for group in groups):
        return None
    names = [_player(group[0], players) for group in groups]
    if len(names) == 2:
        return _("%(first)s's and %(last)s's phones", first=names[0], last=names[1])
    return _(
        "%(first)s's, %(second)s's and %(last)s's phones",
        first=names[0],
        second=names[1],
        last=names[2],
    )


def _is_seat(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value


def _player(seat: int, players: list[str] | None) -> str:
    return players[seat] if players and seat < len(players) else str(seat + 1)


def _seat(by: str) -> int | None:
    kind, _sep, number = by.partition(":")
    return int(number) if kind == "seat" and number.isdigit() else None


def lines(
    events, players: list[str] | None = None, unit: str = "₱", every=None
) -> list[HistoryLine]:
    """The lines of `events`; a phone is named alike in all of them: by the seat it chose
    last among `every` event (all of them, when the page shows only some)."""
    names = phone_names(events if every is None else every)
    return [line(event, players, unit, names) for event in events]


def phone_names(events) -> dict[str, str]:
    """Each phone's id (in `by`, after its "@") -> the name it has throughout: the seat it
    chose last ("seat:1"), else how it was first named ("owner", "phone")."""
    names: dict[str, str] = {}
    for event in sorted(events, key=lambda e: (e.at, e.id or 0)):
        kind, _sep, phone = event.by.partition("@")
        if phone and (kind.startswith("seat:") or phone not in names):
            names[phone] = kind
    return names


def line(event, players=None, unit: str = "₱", names: dict | None = None) -> HistoryLine:
    before, after = event.before or {}, event.after or {}
    return HistoryLine(
        id=event.id,
        kind=event.kind,
        title=title(event.kind, event.round, before, after),
        who=_on_whom(event, players, names),
        when=short_day_time(local_time(event.at)),
        at=event.at,
        money=money_lines(event.kind, before, after, players or [], unit),
        round=event.round,
        before=before.get("record"),
        after=after.get("record"),
    )


def _on_whom(event, players, names: dict | None) -> str:
    """Who made the change, in a line: every phone that agreed to a round saved on the seat
    pages, else the device (a phone named alike throughout: `names`)."""
    several = phones_agreed(event, players)
    if several:
        return _("on %(device)s", device=several)
    kind, _sep, phone = event.by.partition("@")
    return on_who((names or {}).get(phone, kind) if phone else kind, players)


def title(kind: str, number, before: dict, after: dict) -> str:
    titles = {
        "round_saved": _("Round %(number)s saved", number=number),
        "round_edited": _("Round %(number)s edited", number=number),
        "round_deleted": _("Round %(number)s deleted", number=number),
        "round_restored": _("Round %(number)s brought back", number=number),
        "owner_given": _("New owner key and recovery code"),
        "settled": _("Session settled"),
        "reopened": _("Session reopened"),
        "imported": _("Session imported"),
        "history_erased": _("History erased"),
        "draft_cleared": _("Round %(number)s cleared before saving", number=number),
    }
    if kind == "round_deleted" and after.get("undoes") == "round_restored":
        return _("Undone: %(words)s", words=titles["round_restored"])  # not a second delete
    if kind in titles:
        return titles[kind]
    if kind == "pin_changed":
        return _pin_title(before.get("pin"), after.get("pin"))
    if kind == "created":
        return _("Group started") if "members" in after else _("Session started")
    return _group_title(kind, before, after)


def _pin_title(had: bool | None, has: bool | None) -> str:
    if has and had:
        return _("Edit PIN changed")
    return _("Edit PIN set") if has else _("Edit PIN removed")


def _group_title(kind: str, before: dict, after: dict) -> str:
    name = after.get("name") or before.get("name") or ""
    if kind == "member_added":
        return _("%(name)s joined the group", name=name)
    if kind == "member_changed":
        return _member_title(before, after)
    if kind in ("payment_recorded", "payment_undone"):
        paid = after if kind == "payment_recorded" else before
        words = _("%(payer)s paid %(payee)s", payer=paid.get("from"), payee=paid.get("to"))
        return words if kind == "payment_recorded" else _("Undone: %(words)s", words=words)
    return _session_moved(kind, before, after)


def _session_moved(kind: str, before: dict, after: dict) -> str:
    """A session added to a group or taken out, as the group's or the session's history says."""
    if kind == "session_added":
        return _("Session added: %(players)s", players=", ".join(after.get("players") or []))
    if kind == "session_removed":
        return _("Session taken out: %(players)s", players=", ".join(before.get("players") or []))
    if kind == "group_joined":
        return _("Added to %(group)s", group=after.get("name") or "")
    if kind == "group_left":
        return _("Taken out of %(group)s", group=before.get("name") or "")
    return kind


def _member_title(before: dict, after: dict) -> str:
    old, new = before.get("name"), after.get("name")
    if old != new:
        return _("%(old)s renamed to %(new)s", old=old, new=new)
    if after.get("left") and not before.get("left"):
        return _("%(name)s left the group", name=new)
    if before.get("left") and not after.get("left"):
        return _("%(name)s is back in the group", name=new)
    return _("%(name)s's note changed", name=new)


def money_lines(kind: str, before: dict, after: dict, players: list[str], unit: str) -> list:
    """What the change did to the money: each player's amount, before → after for an edit."""
    if kind in ("payment_recorded", "payment_undone"):
        paid = after if kind == "payment_recorded" else before
        return [signed_money(paid.get("amount", "0"), unit).lstrip("+")]
    old, new = before.get("amounts"), after.get("amounts")
    if old and new:
        return [
            f"{name} {signed_money(a, unit)} → {signed_money(b, unit)}"
            for name, a, b in zip(players, old, new, strict=False)
            if a != b
        ]
    amounts = new or old or []
    return [f"{name} {signed_money(a, unit)}" for name, a in zip(players, amounts, strict=False)]


def ending_name(ending: str | None) -> str:
    """How a round ended, in a word or two."""
    return {
        "tongits": _("Tongits"),
        "draw": _("Draw called"),
        "talon": _("Talon out"),
    }.get(ending or "", "")


def hands(record: dict | None, players: list[str]) -> list[tuple[str, list, list]]:
    """A round record's cards per player, for the details: (name, melds, hand)."""
    if not record:
        return []
    return [
        (name, list(hand.get("melds") or []), list(hand.get("hand") or []))
        for name, hand in zip(players, record.get("hands") or [], strict=False)
    ]


def points_said(record: dict | None, players: list[str]) -> list[tuple[str, str]]:
    """A points-only round's points per player, for the details: (name, '12 pts · sunog')."""
    if not record or not isinstance(record.get("points"), list):
        return []
    said = []
    for name, seat in zip(players, record["points"], strict=False):
        seat = seat if isinstance(seat, dict) else {}
        parts = [_("%(points)s pts", points=seat.get("deadwood", "?"))]
        parts += [_("Sunog")] if seat.get("sunog") else []
        said.append((name, " · ".join(parts)))
    return said
