"""What a session's history page and a barkada's share (pages/history_page.py,
barkada/history_page.py): a page of events, newest first, from `?before=`, and the Undo of one
of them, refused as a page (the form expired, the change gone, a PIN asked for) or done."""

from __future__ import annotations

from flask import request
from flask_babel import gettext as _

from ..core import history
from ..core.errors import InputError, NotFound
from ..core.pins import PinError
from ..present.messages import say
from . import devices
from .forms import ConfirmForm


def a_page(owner) -> tuple[list, int | None]:
    """This page's events (at most history.PAGE, before `?before=`), and the id to ask the
    next older page from (None: no older one)."""
    before = request.args.get("before", type=int)
    events = history.events(owner, before=before, limit=history.PAGE + 1)
    more = len(events) > history.PAGE
    events = events[: history.PAGE]
    return events, events[-1].id if more and events else None


def undone(owner, undo, page, locked):
    """The Undo a history page's form asks for: `undo(owner, event id, access)`'s outcome, or
    the answer refusing it: `page(owner, error, status)` or `locked(owner)`."""
    if not devices.unlocked(owner):
        return False, locked(owner)
    if not ConfirmForm().validate():
        return False, page(owner, _("The form had expired. Please press Undo again."), 400)
    try:
        return True, undo(owner, request.form.get("event", ""), devices.access(owner))
    except NotFound:
        return False, page(owner, _("This change is not in the history."), 404)
    except InputError as error:
        return False, page(owner, say(error.problems[0].message), error.status)
    except PinError:
        return False, locked(owner)
