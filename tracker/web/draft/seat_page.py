"""One phone per seat, the page side: which player this phone is (a cookie per
device and session), the seat page `/s/<id>/rounds/new?seat=N` that static/seat.js drives
through the draft's JSON API (web/draft/draft_api.py), and the verdict of the draft as the HTML that
saved rounds show (templates/_verdict.html), so money and sentences are written once.
"""

from __future__ import annotations

from flask import make_response, redirect, render_template, request, url_for

from ... import core
from ...core.draft import writes as drafts
from ...core.draft.preview import preview
from ...engine import read_seat
from .. import devices, public
from ..devices import EVERYONE, SEAT_COOKIE, seat_of_device
from ..forms import ConfirmForm
from ..pages.blueprint import game_or_404, session_url
from .blueprint import bp

YEAR = 365 * 24 * 3600


def cookie_path(game) -> str:
    return url_for("pages.session_page", token=game.token)


def seat_choice(game) -> dict:
    """What the session page needs to ask "Which player is this phone?" and to send
    "+ Enter round" to the right page."""
    seat = seat_of_device(game)
    if isinstance(seat, int):
        enter = url_for("pages.new_round", token=game.token, seat=seat)
    else:
        enter = url_for("pages.new_round", token=game.token)
    return {"device_seat": seat, "enter_url": enter, "everyone": EVERYONE}


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


def seat_page(game, value: str):
    """The seat page of seat `value` ("0", "1", "2"); a clear 400 page for another seat."""
    seat = read_seat(value, "seat", [])
    if seat is None:
        return make_response(render_template("seat_missing.html", game=game, value=value[:20]), 400)
    if not devices.unlocked(game):  # the PIN first, then back to this very seat
        return redirect(url_for("pages.unlock", token=game.token, next=request.full_path), 303)
    ledger = core.ledger_of(game)
    rules = core.rules_of(game)
    page = render_template(
        "round_seat.html",
        game=game,
        seat=seat,
        shown_number=len(ledger.results) + 1,
        dealer=core.dealer_of(game, None),
        rules=rules,
    )
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/s/<token>/draft/verdict")
def draft_verdict(token: str):
    """The verdict of the round draft as it stands, in the HTML of a saved round's verdict;
    its `data-changed` and `data-revision` are what an Agree on it agrees to."""
    game = game_or_404(token)
    draft = drafts.get_draft(game)
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
