"""The web layer's ground floor: a session found from its link, or a 404 (a page's) or a 404
problem (the JSON API's); a session page's address; a locked device sent to the PIN form.
Every feature package (pages, api, draft, barkada, exports) uses these; none imports another."""

from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _

from .. import core
from ..core.errors import InputError
from ..engine import Problem


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


def game_of(token: str):
    try:
        return core.get_session(token)
    except core.NotFound:
        raise InputError([Problem("id", _("no session with this id"))], 404) from None
