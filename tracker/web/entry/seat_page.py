"""One phone per seat, the page side's routes: "this phone is Ben" remembered (a cookie per
device and session; the seat page itself is web/entry/seats.py), and the verdict of the draft as the
HTML that saved rounds show (templates/_verdict.html), so money and sentences are written once.
"""

from __future__ import annotations

from flask import make_response, redirect, render_template, request

from ... import core
from ...core.draft import rows as draft_rows
from ...core.draft.preview import preview
from ...engine import read_seat
from .. import public
from ..devices import EVERYONE, SEAT_COOKIE
from ..forms import ConfirmForm
from ..lookups import game_or_404, session_url
from .blueprint import bp
from .seats import cookie_path

YEAR = 365 * 24 * 3600


@bp.post("/s/<token>/seat")
def choose_seat(token: str):
    """Remember which player this phone is, for this session only (works without JS)."""
    game = game_or_404(token)
    response = make_response(redirect(session_url(game), 303))
    if not ConfirmForm().validate():
        return response  # an expired form: nothing remembered, the question is asked again
    value = (request.form.get("seat") or "").strip()
    if value != EVERYONE and read_seat(value, "seat", []) is None:
        return response
    response.set_cookie(
        SEAT_COOKIE,
        value,
        max_age=YEAR,
        path=cookie_path(game),
        httponly=True,
        samesite="Lax",
        secure=public.secure_cookies(),
    )
    return response


@bp.get("/s/<token>/draft/verdict")
def draft_verdict(token: str):
    """The verdict of the round draft as it stands, in the HTML of a saved round's verdict;
    its `data-changed` and `data-revision` are what an Agree on it agrees to."""
    game = game_or_404(token)
    draft = draft_rows.get_draft(game)
    seen = preview(game, draft)
    rules = core.rules_of(game)
    response = make_response(
        render_template(
            "_draft_verdict.html",
            game=game,
            draft=draft,
            result=seen.result if seen.result is not None and not seen.problems else None,
            unit=rules.unit,
        )
    )
    response.headers["Cache-Control"] = "no-store"
    return response
