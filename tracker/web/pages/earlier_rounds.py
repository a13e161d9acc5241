"""The rounds before those the session page shows. The page shows the last RECENT_ROUNDS (their
lines, verdicts and score sheet rows): its weight on a phone stays the same however long the
evening runs. The rounds before them come a page of EARLIER_PAGE at a time, newest first, with
their score sheet rows: the page's "Show earlier rounds" is a link to such a page (JavaScript
off); static/earlier.js asks for the same with ?part=1, the rows and the lines alone, and puts
them in place. Cheap and bounded: the session's ledger (memoised, as the page derives it) and
EARLIER_PAGE rounds rendered, never every round (?all=1 is heavy work, web/heavy_limits.py).

    GET /s/<token>/earlier?before=11         rounds 1–10 (those before round 11), a page
    GET /s/<token>/earlier?before=11&part=1  the same, only the sheet rows and the rounds
"""

from __future__ import annotations

from flask import redirect, render_template, request, url_for

from ... import core
from ...core import history
from ...present.round_lines import round_line
from .. import devices
from ..lookups import game_or_404
from .blueprint import bp

RECENT_ROUNDS = 5  # the rounds the session page shows: the last few a table looks back on
EARLIER_PAGE = 10  # the rounds a tap on "Show earlier rounds" brings


def earlier_page(token: str, before: int) -> dict | None:
    """The page of the rounds before round `before`: its first and last round and its address;
    None when there is none (`before` is round 1)."""
    if before <= 1:
        return None
    return {
        "first": max(1, before - EARLIER_PAGE),
        "last": before - 1,
        "url": url_for("pages.earlier_rounds", token=token, before=before),
    }


def _before(value: str | None, count: int) -> int:
    """The round ?before= names, kept within the session (1 to the round after the last); the
    first round the session page shows when it names none or is not a number."""
    shown_first = max(1, count - RECENT_ROUNDS + 1)
    if not value or len(value) > 9 or not value.isdigit():
        return shown_first
    return min(max(int(value), 1), count + 1)


@bp.get("/s/<token>/earlier")
def earlier_rounds(token: str):
    game = game_or_404(token)
    ledger = core.ledger_of(game)
    before = _before(request.args.get("before"), len(ledger.results))
    page = earlier_page(game.token, before)
    part = request.args.get("part") == "1"
    if page is None:  # nothing before round 1: the fragment is empty, the page is the session's
        return ("", 200) if part else redirect(url_for("pages.session_page", token=token), 303)
    first, last = page["first"], page["last"]
    results = ledger.results
    rounds = [(n, results[n - 1], round_line(results[n - 1])) for n in range(last, first - 1, -1)]
    context = {
        "game": game,
        "ledger": ledger,
        "unit": core.rules_of(game).unit,
        "names": game.players,
        "rounds": rounds,
        "first": first,
        "last": last,
        "earlier": earlier_page(game.token, first),
        "edited": history.edited_rounds(game),
        "can_edit": devices.unlocked(game),
    }
    return render_template("_earlier_rounds.html" if part else "earlier_rounds.html", **context)
