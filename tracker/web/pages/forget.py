"""Forget this phone (GET asks, POST does it): for a phone passed on, or one a stranger used.
The server's part is the cookie (the sessions and groups listed here, the PINs unlocked, the
sessions this phone started); the answer also asks the browser to clear this site's caches and
storage (Clear-Site-Data, which browsers honour over HTTPS), and static/forget.js clears them
itself (the service worker's kept pages, the offline copies and the outbox) where they do not.
The language chosen stays: it is no one's secret. Works without JavaScript: the cookie goes."""

from __future__ import annotations

from flask import render_template, request, session

from ...present.barkada.words import EXPIRED
from ..forms import ConfirmForm
from .blueprint import bp

CLEAR_SITE_DATA = '"cache", "storage"'


@bp.route("/forget", methods=["GET", "POST"])
def forget_phone():
    form = ConfirmForm()
    if request.method == "GET":
        return render_template("forget.html", form=form, done=False)
    if not form.validate():
        return render_template("forget.html", form=form, done=False, expired=EXPIRED), 400
    session.clear()
    page = render_template("forget.html", form=form, done=True)
    return page, 200, {"Clear-Site-Data": CLEAR_SITE_DATA}
