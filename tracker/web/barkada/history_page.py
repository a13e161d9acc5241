"""A barkada's history page (members added, renamed or gone; payments recorded or undone;
sessions added), newest first, with Undo of the last payment change. Plain forms."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ...core import history, undo
from ...core.errors import InputError, NotFound
from ...core.pins import PinError
from ...present import history_lines as words
from ...present.messages import say
from .. import devices
from ..forms import ConfirmForm
from .blueprint import bp
from .group_pages import group_or_404, locked_redirect

UNDOABLE = (history.PAYMENT_RECORDED, history.PAYMENT_UNDONE)


@bp.get("/<token>/history")
def group_history(token: str):
    return _page(group_or_404(token))


def _page(group, error: str | None = None, status: int = 200):
    before = request.args.get("before", type=int)
    events = history.events(group, before=before, limit=history.PAGE + 1)
    more = len(events) > history.PAGE
    events = events[: history.PAGE]
    last = history.latest(group)
    return (
        render_template(
            "group_history.html",
            group=group,
            lines=words.lines(events, every=history.all_events(group)),
            undo_id=last.id if last is not None and last.kind in UNDOABLE else None,
            older=events[-1].id if more and events else None,
            form=ConfirmForm(),
            can_edit=devices.unlocked(group),
            error=error,
        ),
        status,
    )


@bp.post("/<token>/history/undo")
def undo_change(token: str):
    group = group_or_404(token)
    if not devices.unlocked(group):
        return locked_redirect(group)
    if not ConfirmForm().validate():
        return _page(group, _("The form had expired. Please press Undo again."), 400)
    try:
        undo.undo_group(group, request.form.get("event", ""), devices.access(group))
    except NotFound:
        return _page(group, _("This change is not in the history."), 404)
    except InputError as error:
        return _page(group, say(error.problems[0].message), error.status)
    except PinError:
        return locked_redirect(group)
    flash(_("Undone."))
    return redirect(url_for("groups.group_history", token=group.token), 303)
