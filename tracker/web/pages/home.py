"""The home page (private by default): the sessions this device started or opened,
kept in its own cookie (web/devices.py), and a field to open another one from its link or code.
Nothing here lists the sessions of other devices."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for

from ... import core
from ...core.barkada.group_store import listed_groups
from ...present.messages import sentence
from .. import devices
from .blueprint import bp


@bp.get("/")
def home():
    return _home_page()


@bp.get("/open")
def open_session():
    """Open the session a pasted link or code names (a GET form: works without JavaScript)."""
    typed = request.args.get("link", "")[:2000]
    try:
        game = core.session_named(typed)
    except core.InputError as error:
        return _home_page(typed, sentence(error.problems[0].message), error.status)
    return redirect(url_for("pages.session_page", token=game.token), 303)


def _home_page(typed: str = "", error: str | None = None, status: int = 200):
    listed = core.listed_sessions(devices.remembered())
    groups = listed_groups(devices.remembered(devices.GROUPS_KEY))
    page = render_template("home.html", sessions=listed, groups=groups, typed=typed, error=error)
    return page, status
