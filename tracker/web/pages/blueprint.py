"""The blueprint of a session's HTML pages (endpoints `pages.*`), and what their views
share: the session or a 404 page, its link, the PIN form's redirect."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _

from ... import core

bp = Blueprint("pages", __name__)


def game_or_404(token: str):
    try:
        return core.get_session(token)
    except core.NotFound:
        abort(
            404,
            description=_(
                "There is no session at this link. Check the link or start a new session."
            ),
        )


def session_url(game, anchor: str = "") -> str:
    return url_for("pages.session_page", token=game.token) + (f"#{anchor}" if anchor else "")


def locked_redirect(game):
    """Send a locked device to the PIN form, coming back here (GET) afterwards."""
    target = request.path if request.method == "GET" else session_url(game)
    return redirect(url_for("pages.unlock", token=game.token, next=target), 303)
