"""The blueprint of a session's HTML pages (endpoints `pages.*`), and what their views
share: the session or a 404 page, its link, the PIN form's redirect, two template helpers."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _

from ... import core
from ...present.js_words import words_for

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


@bp.app_template_filter("translated")
def translated(text: str) -> str:
    """A text marked for the catalogue with N_ (the house rules' labels, help and choices), in
    the reader's language; escaped like any other value (gettext's answer is no markup)."""
    return _(text) if text else text


@bp.app_template_global("js_words")
def js_words(*scripts: str) -> dict:
    """The words `scripts` (static/*.js) write, in the reader's language (present/js_words.py);
    a page renders them with {% include "_js_words.html" %}."""
    return words_for(*scripts)


def session_url(game, anchor: str = "") -> str:
    return url_for("pages.session_page", token=game.token) + (f"#{anchor}" if anchor else "")


def locked_redirect(game):
    """Send a locked device to the PIN form, coming back here (GET) afterwards."""
    target = request.path if request.method == "GET" else session_url(game)
    return redirect(url_for("pages.unlock", token=game.token, next=target), 303)
