"""The table's "Clear this round" on the entry pages (templates/_clear_round.html, on the
one-phone page of a new round and on the seat page): a plain form with its CSRF token, so it
works without JavaScript. The draft is made blank through `core.clear_round` (the history
says who did it), then the page it came from is shown again."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _

from ... import core
from ...core.errors import InputError
from ...core.pins import PinError
from ...present.messages import say
from .. import devices
from ..devices import EVERYONE
from ..forms import ConfirmForm
from ..lookups import game_or_404
from .blueprint import bp

SEATS = ("0", "1", "2", EVERYONE)  # ?seat= of the entry pages


def back_to(game, target: str | None) -> str:
    """The entry page of this session that `target` names (the one-phone page, or a seat's
    page), made here again from its seat: never an address the request wrote, so no open
    redirect; anything else is the one-phone page."""
    page = url_for("entry.new_round", token=game.token)
    path, _sep, query = (target or "").partition("?")
    name, _sep, seat = query.partition("=")
    if path == page and name == "seat" and seat in SEATS:
        return url_for("entry.new_round", token=game.token, seat=seat)
    return page


@bp.post("/s/<token>/rounds/draft/clear")
def clear_round(token: str):
    """Blank the round being entered (header and three hands) on every phone, and go back."""
    game = game_or_404(token)
    target = back_to(game, request.form.get("next"))
    if not devices.unlocked(game):  # the edit PIN first, as for any change of the draft
        return redirect(url_for("pages.unlock", token=game.token, next=target), 303)
    if not ConfirmForm().validate():
        flash(_("The form had expired: nothing was cleared. Please try again."))
        return redirect(target, 303)
    try:
        number = core.clear_round(game, devices.access(game))
    except PinError:  # the PIN changed since this device gave it
        return redirect(url_for("pages.unlock", token=game.token, next=target), 303)
    except InputError as error:  # a settled session; the draft changing at the same moment
        flash(say(error.problems[0].message))
        return redirect(target, 303)
    if number is None:
        flash(_("There was nothing to clear."))
    else:
        flash(_("Round %(number)s cleared.", number=number))
    return redirect(target, 303)
