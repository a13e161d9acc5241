"""A new session started from a barkada's page: the new-session form carries the
group (`group=<id>`) and, on the way in, the three members picked on the group's page."""

from __future__ import annotations

from flask import redirect, request, url_for

from ...clock import local_today
from ...core import NotFound
from ...core.barkada.group_store import get_group, group_of, latest_session
from ...engine import Rules
from ...present.rule_form import form_value, option_names
from .. import devices
from ..form_once import new_key
from . import bayad_na


def group_asked(form):
    """The group the form is for (None when none, or no group has this id); a GET fills the
    players in from the members picked on the group's page."""
    token = request.values.get("group", "")
    if not token or len(token) > 64:
        return None
    try:
        group = get_group(token)
    except NotFound:
        return None
    if request.method == "GET":
        _last_rules(form, group)
        for seat in range(3):
            typed = request.args.get(f"player_{seat}", "")[:40]
            if typed:
                getattr(form, f"player_{seat}").data = typed
    return group


def _last_rules(form, group) -> None:
    """The house rules of the group's last session, filled in: a barkada keeps its stakes."""
    last = latest_session(group)
    if last is None:
        return
    rules = Rules.from_dict(last.rules)
    for name in option_names():
        getattr(form, name).data = form_value(rules, name)
    form.preset.data = rules.preset_name
    form.page_size.data = last.page_size


def with_group(data: dict, group) -> dict:
    return data if group is None else {**data, "group": group.token}


def locked(group):
    """The group has a PIN this device has not given: it is asked for first."""
    return redirect(url_for("groups.unlock", token=group.token), 303)


def settle_context(game) -> dict:
    """A group session's settle-up: its group, and for each of its players (as the
    session names them) the member's current name and payment note; once settled, each
    transfer as the group stands now (owed, or paid: bayad_na.py)."""
    group = group_of(game)
    if group is None or not game.seat_members or not devices.knows(group):
        return {"group": None, "members_at": {}}
    by_id = {member.id: member for member in group.members}
    members_at = {
        name: by_id[member_id]
        for name, member_id in zip(game.players, game.seat_members)
        if member_id in by_id
    }
    return {
        "group": group,
        "members_at": members_at,
        "paid_notice": bayad_na.notice(group),  # Bayad na's landing page (?paid=<id>)
        **bayad_na.settle_rows(game, group, members_at),
        "group_can_pay": devices.unlocked(group),
        "today": local_today().isoformat(),  # the table's date (TIME_ZONE)
        "new_key": new_key,
    }
