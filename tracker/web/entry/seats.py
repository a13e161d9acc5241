"""The web layer's ground floor for one phone per seat, the page side: which player this phone
is (its cookie's path, the session page's "Which player is this phone?"), and the seat page
`/s/<id>/rounds/new?seat=N` that static/entry/seat.js drives through the draft's JSON API."""

from __future__ import annotations

from flask import make_response, redirect, render_template, request, url_for

from ... import core
from ...engine import read_seat
from .. import devices
from ..devices import EVERYONE, seat_of_device


def cookie_path(game) -> str:
    return url_for("pages.session_page", token=game.token)


def seat_choice(game) -> dict:
    """What the session page needs to ask "Which player is this phone?" and to send
    "+ Enter round" to the right page."""
    seat = seat_of_device(game)
    if isinstance(seat, int):
        enter = url_for("entry.new_round", token=game.token, seat=seat)
    else:
        enter = url_for("entry.new_round", token=game.token)
    return {"device_seat": seat, "enter_url": enter, "everyone": EVERYONE}


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
