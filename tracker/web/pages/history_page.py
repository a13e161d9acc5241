"""A session's history page (newest first, one line a change, each opening to before and
after with the cards), and its buttons: Undo of the last change, Restore of a deleted round,
Erase for the owner. Plain forms: all of it works without JavaScript."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ... import core
from ...core import Conflict, Locked, Refused, history, removal, undo
from ...core.pins import PinError
from ...present import history_lines as words
from ...present.messages import say
from .. import devices
from ..entry import undo_saved
from ..forms import ConfirmForm
from ..history_paging import a_page, undone
from ..lookups import game_or_404, locked_redirect, session_url
from .blueprint import bp


@bp.get("/s/<token>/history")
def session_history(token: str):
    game = game_or_404(token)
    return _page(game)


def _page(game, error: str | None = None, status: int = 200):
    events, older = a_page(game)
    last = undo.undoable(game)
    if (
        last is not None
        and game.settled
        and last.kind not in (history.SETTLED, history.GROUP_JOINED)
    ):
        last = None  # a settled session changes nothing but by a reopen (or leaving a group)
    deletes = any(e.kind == history.ROUND_DELETED for e in events)
    restorable = removal.restorable(game) if deletes and devices.unlocked(game) else set()
    return (
        render_template(
            "history.html",
            game=game,
            lines=words.lines(
                events, game.players, core.rules_of(game).unit, history.all_events(game)
            ),
            hands=words.hands,
            points=words.points_said,
            ending=words.ending_name,
            undo_id=None if last is None else last.id,
            restorable=restorable,
            older=older,
            form=ConfirmForm(),
            can_edit=devices.unlocked(game),
            owner=devices.owns(game),
            error=error,
        ),
        status,
    )


@bp.post("/s/<token>/history/undo")
def undo_change(token: str):
    game = game_or_404(token)
    if request.form.get("back") == "session":  # the session page's offer, after a save
        if not devices.unlocked(game):
            return locked_redirect(game)
        if not ConfirmForm().validate():
            return undo_saved.expired(game)
        return undo_saved.undo_from_banner(game, request.form.get("event", ""))
    done, answer = undone(game, undo.undo, _page, locked_redirect)
    return _answered(game, answer, _("Undone.")) if done else answer


@bp.post("/s/<token>/rounds/<int:number>/restore")
def restore_round(token: str, number: int):
    game = game_or_404(token)
    if not devices.unlocked(game):
        return locked_redirect(game)
    if not ConfirmForm().validate():
        return _page(game, _("The form had expired. Please press Restore again."), 400)
    outcome = core.restore_round(game, number, devices.access(game))
    return _answered(game, outcome, _("Round %(number)s is back.", number=number))


def _answered(game, outcome, done: str):
    if isinstance(outcome, Locked):
        return locked_redirect(game)
    if isinstance(outcome, Conflict):
        return _page(game, _("Someone changed this round meanwhile: look again."), 409)
    if isinstance(outcome, Refused):
        return _page(game, say(outcome.problems[0].message), outcome.status)
    flash(done)
    return redirect(url_for("pages.session_history", token=game.token), 303)


@bp.post("/s/<token>/history/erase")
def erase_history(token: str):
    game = game_or_404(token)
    if not ConfirmForm().validate():
        return _page(game, _("The form had expired. Please press Erase again."), 400)
    claim = devices.owner_claim(game, recovery_code=request.form.get("recovery_code"))
    try:
        undo.erase_history(game, claim)
    except PinError as error:
        return _page(game, say(error.message), error.status)
    flash(_("History erased: the rounds stay as they are."))
    return redirect(session_url(game), 303)
