"""A session added to a barkada later, from its page: the group chosen among those this phone
knows (or by its pasted link), then each seat named as a member (one of the group's, by
default the same name, or a new one), with the group's PIN when this phone has not given it.
Plain forms: the group is chosen by a GET, the seats sent by a POST (core/barkada/join.py)."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ...core import InputError, NotFound, pins
from ...core.barkada.group_store import current_members, get_group, listed_groups
from ...core.barkada.join import NEW, default_choices, group_named, join_group
from ...present.barkada import words
from ...present.messages import sentence
from .. import devices
from ..forms import ConfirmForm
from ..lookups import game_or_404, locked_redirect
from .blueprint import bp
from .group_pages import errors_of

MAX_LINK = 2000


@bp.route("/join/<token>", methods=["GET", "POST"])
def join_session(token: str):
    """Add the session `token` to a group."""
    game = game_or_404(token)
    if not devices.unlocked(game):
        return locked_redirect(game)
    if game.group_id is not None:
        return redirect(url_for("pages.session_page", token=game.token), 303)
    errors: dict[str, list[str]] = {}
    group = _group_asked(errors)
    status = 404 if errors else 200
    form = ConfirmForm()
    if request.method == "POST" and group is not None:
        done, errors, status = _join(game, group, form)
        if done:
            return done
    choices, names = _typed(game, group)
    page = render_template(
        "group_join.html",
        game=game,
        group=group,
        known=listed_groups(devices.remembered(devices.GROUPS_KEY)),
        link=request.values.get("link", "")[:MAX_LINK],
        members=current_members(group) if group is not None else [],
        choices=choices,
        names=names,
        new=NEW,
        needs_pin=group is not None and not devices.unlocked(group),
        form=form,
        errors=errors,
        words=words,
    )
    return page, status


def _group_asked(errors: dict) -> object:
    """The group the page is for: a pasted link (`link`) or a known group's id (`group`)."""
    link = request.values.get("link", "")[:MAX_LINK]
    chosen = request.values.get("group", "")
    try:
        if link.strip():
            return group_named(link)
        if chosen:
            return get_group(chosen[:64])
    except InputError as error:
        errors["link"] = [sentence(p.message) for p in error.problems]
    except NotFound:
        errors["link"] = [str(words.NO_GROUP)]
    return None


def _typed(game, group) -> tuple[list[str], list[str]]:
    """Each seat's choice and new name as typed (a POST sent back), else the defaults."""
    if group is None:
        return [], []
    if request.method == "POST":
        choices = [request.form.get(f"seat_{seat}", "") for seat in range(3)]
        names = [request.form.get(f"new_{seat}", "")[:80] for seat in range(3)]
        return choices, names
    choices = default_choices(game, group)
    # a new member's box filled only for a player no member matched: a matched one needs none
    return choices, [name if c == NEW else "" for c, name in zip(choices, game.players)]


def _join(game, group, form):
    """(the redirect when the session joined, else None; the errors; the status)."""
    if not form.validate():
        return None, {"form": [str(words.EXPIRED)]}, 400
    choices, names = _typed(game, group)
    group_access = pins.Access(
        unlocked=devices.unlocked(group),
        pin=request.form.get("pin"),
        client=devices.client(),
        by=devices.label(group),
    )
    try:
        join_group(game, group, choices, names, devices.access(game), group_access)
    except pins.PinError as problem:
        return None, {"pin": [sentence(problem.message)]}, problem.status
    except InputError as error:
        return None, errors_of(error, _field), error.status
    if group.pin_hash is not None:
        devices.unlock(group)  # the PIN was given here: as the group's unlock page does
    devices.remember(group, devices.GROUPS_KEY)
    flash(str(words.joined(group.name)))
    return redirect(url_for("pages.session_page", token=game.token), 303), {}, 303


def _field(where) -> str:
    """The form field of a join problem: seats[1] → seat_1."""
    text = str(where)
    if text.startswith("seats["):
        return f"seat_{text[6]}"
    return text if text in ("link", "pin") else "form"
