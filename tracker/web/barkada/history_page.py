"""A barkada's history page (members added, renamed or gone; payments recorded or undone;
sessions added), newest first, with Undo of the last payment change. Plain forms."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _

from ...core import history, undo
from ...present import history_lines as words
from .. import devices
from ..forms import ConfirmForm
from ..history_paging import a_page, undone
from .blueprint import bp
from .group_pages import group_or_404, locked_redirect

UNDOABLE = (history.PAYMENT_RECORDED, history.PAYMENT_UNDONE)


@bp.get("/<token>/history")
def group_history(token: str):
    return _page(group_or_404(token))


def _page(group, error: str | None = None, status: int = 200):
    events, older = a_page(group)
    last = history.latest(group)
    return (
        render_template(
            "group_history.html",
            group=group,
            lines=words.lines(events, every=history.all_events(group)),
            undo_id=last.id if last is not None and last.kind in UNDOABLE else None,
            older=older,
            form=ConfirmForm(),
            can_edit=devices.unlocked(group),
            error=error,
        ),
        status,
    )


@bp.post("/<token>/history/undo")
def undo_change(token: str):
    group = group_or_404(token)
    done, answer = undone(group, undo.undo_group, _page, locked_redirect)
    if not done:
        return answer
    flash(_("Undone."))
    return redirect(url_for("groups.group_history", token=group.token), 303)
