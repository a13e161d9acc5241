"""The one-phone page's live preview (static/entry/round.js posts the form at each change): the
engine's reading of each seat (core.seat_views) and the verdict with what the phone must
know (a round saved meanwhile), and, for a new round, the round in progress kept in the
session's draft (core.keep_entry) so that nothing tapped is lost, with the draft's `changed`
after it (`draft_changed`: what the phone's outbox sends back as `Draft-Changed`)."""

from __future__ import annotations

from flask import abort, jsonify, render_template, request

from ... import core
from ...core import AlreadySaved
from ...core.errors import RoundGone
from ...engine import points_mode, record_from_fields
from ...extensions import csrf
from ...present.messages import problem_dict
from ...present.round_lines import headline
from ...present.round_news import news_lines
from .. import devices
from ..lookups import game_or_404
from .blueprint import bp
from .round_form import SETTLED, draft_hands, field_for, spoken


def keep_entry(game, form) -> int | None:
    """The new round as the form has it, kept in the session's draft (core.keep_entry): the
    draft's `changed` after it; None when it was not kept: a device that has not given the
    session's PIN, a busy database (the page says so and sends it again with its next
    change)."""
    if not devices.unlocked(game) or points_mode(form):
        return None  # the draft holds cards: a points-only round is kept by its page alone
    record = draft_hands(record_from_fields(form))
    access, seen = devices.access(game), seen_revision(form, game)
    return core.keep_entry(game, record, access, seen, _began(form), _touched(form))


def _began(form) -> int | None:
    """The draft's `began.at` the page read (its hidden field; None: not said)."""
    value = form.get("draft_began", "")
    return int(value) if value.isdigit() and len(value) <= 9 else None


def _touched(form) -> frozenset | None:
    """The parts of the round the page changed since it last read the draft ("header", 0, 1, 2:
    its hidden field, e.g. "header,2"); None when it does not say (a page without JavaScript:
    everything it shows is its own)."""
    if "draft_touched" not in form:
        return None
    said = set(form.get("draft_touched", "").split(","))
    return frozenset(p for p in ("header", 0, 1, 2) if str(p) in said)


def seen_revision(form, game) -> int | None:
    """The revision a new round's form began at (its hidden field); None when it has none (a
    form from before this field, or another client): no news is looked for."""
    value = form.get("revision", "")
    if not value.isdigit() or len(value) > 9:
        return None
    return min(int(value), game.revision)


def _kept(game) -> dict:
    """What became of a new round's taps: `kept` and the draft's `changed` after them (for a
    Draft-Changed sent with the round); `kept: null` when the page said not now (draft_keep=0:
    the taps of a burst go together); `gone`, why not, when the round was cleared or saved on
    another phone since the page read it."""
    if request.form.get("draft_keep") == "0":
        return {"kept": None}
    try:
        changed = keep_entry(game, request.form)
    except RoundGone as error:
        return {"kept": False, "gone": problem_dict(error.problems[0])["message"]}
    return {"kept": changed is not None} | ({} if changed is None else {"draft_changed": changed})


@bp.post("/s/<token>/rounds/preview")
@bp.post("/s/<token>/rounds/<int:number>/preview")
def preview_round(token: str, number: int | None = None):
    """The live preview of the round form: the engine's answer as JSON (and the verdict HTML)."""
    csrf.protect()  # a 400 unless the form's CSRF token came along
    game = game_or_404(token)
    rules = core.rules_of(game)
    if number is not None and not 1 <= number <= core.round_count(game):
        abort(404)
    record = record_from_fields(request.form, core.dealer_of(game, number))
    views = (
        []
        if points_mode(request.form)
        else core.seat_views(rules, record, draft_hands(record)["hands"])
    )
    answer = {"ok": False, "hands": spoken(views), "errors": [], "review_key": None}
    if game.settled:
        answer["errors"] = [{"where": "session", "field": "form", "message": str(SETTLED)}]
        return jsonify(answer)
    if number is None:
        answer.update(_kept(game))
    try:
        checked = core.check_round(game, record, number)
    except core.InputError as error:
        answer["errors"] = [
            {**problem_dict(p), "field": field_for(p.where)} for p in error.problems
        ]
        return jsonify(answer)
    news = None if number else core.news_of(game, seen_revision(request.form, game), checked)
    if isinstance(news, AlreadySaved):  # nothing to confirm: the other phone saved it
        message = news_lines(news, rules.unit)[0]
        answer["errors"] = [{"where": "round", "field": "form", "message": message}]
        return jsonify(answer)
    lines = news_lines(news, rules.unit) if news else []
    answer.update(
        ok=True,
        review_key=checked.review_key,
        number=checked.number,
        dealer=core.dealer_of(game, number),  # as the session stands: a round saved meanwhile
        headline=headline(checked.result, rules.unit),
        verdict_html=render_template("_round_news.html", news=lines)
        + render_template("_verdict.html", result=checked.result, unit=rules.unit, game=game),
    )
    return jsonify(answer)
