"""Undo right after a save: on the phone that saved a round, the session page's banner offers
to take it back (for UNDO_SECONDS with JavaScript, a plain form until the next page without);
a round saved on the seat pages, on each phone that agreed to it (its next session page within
AGREED_SECONDS of the save, while the save is the session's last change: core/draft/agreed.py).
Each device is offered a save's Undo once.
The button posts the history's Undo (web/pages/history_page.py → core/undo.py) with
`back=session`: the same checks, so another phone's change since refuses it; this module says
the outcome on the session page instead of the history page."""

from __future__ import annotations

from datetime import timedelta

from flask import flash, redirect
from flask_babel import gettext as _

from ...core import Conflict, Locked, Refused, history, undo
from ...core.draft import agreed
from ...core.errors import InputError, NotFound
from ...core.pins import PinError
from ...present import history_lines
from ...present.messages import say
from .. import devices
from ..lookups import locked_redirect, session_url

UNDO_SECONDS = 10
# a phone that agreed before the last Agree goes to its session page once its seat page hears
# of the save (within a second or two); one put down meanwhile and picked up later is too late
AGREED_SECONDS = 60
ERROR = "error"  # the flash category shown as a refusal (base.html)


def offer(game) -> dict | None:
    """What the banner's Undo needs ({"number", "event", "seconds"}), when this device just
    saved a round of `game` (or agreed to the round the seat pages saved), may change it, and
    was not offered this Undo yet."""
    saved = devices.just_saved(game) or _agreed_to(game)
    if saved is None or game.settled or not devices.unlocked(game):
        return None
    number, event = saved
    if not devices.first_offer(game, event):
        return None
    return {"number": number, "event": event, "seconds": UNDO_SECONDS}


def _agreed_to(game) -> tuple[int, int] | None:
    """The round the seat pages saved with this device's Agree, still the last change."""
    return agreed.saved_with(game, devices.this_phone(), timedelta(seconds=AGREED_SECONDS))


def undo_from_banner(game, event_id: str):
    """The Undo of the banner: the history's undo of that save, said on the session page."""
    number = _round_of(game, event_id)
    try:
        outcome = undo.undo(game, event_id, devices.access(game))
    except PinError:
        return locked_redirect(game)
    except NotFound:
        return _refused(game, _("This change is not in the history."))
    except InputError as error:
        if error.status != 409:
            return _refused(game, say(error.problems[0].message))
        return _refused(game, _since(game, number))
    if isinstance(outcome, Locked):
        return locked_redirect(game)
    if isinstance(outcome, Conflict):
        return _refused(game, _since(game, number))
    if isinstance(outcome, Refused):
        return _refused(game, say(outcome.problems[0].message))
    flash(
        _(
            "Round %(number)s undone: it is deleted and the balances are as before it. "
            "History can bring it back.",
            number=number,
        )
    )
    return redirect(session_url(game), 303)


def _round_of(game, event_id: str):
    event = history.event_of(game, event_id)
    return None if event is None else event.round


def _since(game, number) -> str:
    """The refusal when another change came after the save: which change, on which phone."""
    last = history.latest_change(game)
    if last is None:
        return _("Round %(number)s was not undone: it changed meanwhile.", number=number)
    line = history_lines.line(last, game.players)
    return _(
        "Round %(number)s was not undone: %(change)s %(who)s came after it, and only the last "
        "change can be undone. Look at the ledger first; History has every change.",
        number=number,
        change=line.title,
        who=line.who,
    )


def expired(game):
    """The banner's form came back with an expired CSRF token."""
    return _refused(game, _("The form had expired. Please press Undo again."))


def _refused(game, message: str):
    flash(message, ERROR)
    return redirect(session_url(game), 303)
