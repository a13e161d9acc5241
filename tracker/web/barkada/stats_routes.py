"""A barkada's stats: `GET /api/groups/<id>/stats?from=&to=` (docs/API.md, "Group
stats") and the page `/g/<id>/stats` with its charts. Each view reads the request, asks
core/barkada/period_stats.py once and shows its answer."""

from __future__ import annotations

import re

from flask import Response, abort, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...core import InputError, NotFound
from ...core.barkada.group_store import get_group
from ...core.barkada.period_stats import group_stats, period_of
from ...core.barkada.statements import statement
from ...documents.barkada.group_html import season_html, statement_html
from ...documents.printer import PrintRefused
from ...engine import Problem
from ...present.barkada import stats_display as shown
from ...present.barkada import words
from ...present.display import language
from ...present.messages import say
from .. import file_answers
from ..heavy_limits import heavy
from .blueprint import api_bp, bp

NO_GROUP = _l("There is no group at this link. Check the link, or ask the group for it.")


@api_bp.get("/<token>/stats")
def stats_api(token: str):
    try:
        group = get_group(token)
    except NotFound:
        raise InputError([Problem("id", _("no group with this id"))], 404) from None
    period = period_of(request.args.get("from"), request.args.get("to"))
    return jsonify(group_stats(group, period).to_dict())


@bp.get("/<token>/stats")
@heavy
def stats_page(token: str):
    group = _group_or_404(token)
    asked = {key: request.args.get(key, "") for key in ("from", "to", "vs")}
    try:
        period = period_of(asked["from"], asked["to"])
    except InputError as error:
        page = shown.stats_page(group, None, asked, error.problems)
        return render_template("group_stats.html", **page), 422
    page = shown.stats_page(group, group_stats(group, period), asked, [])
    return render_template("group_stats.html", **page)


@bp.get("/<token>/season.pdf")
@heavy
def season_pdf(token: str):
    """The season's figures as PDF, for the period asked (the page's `from` and `to`)."""
    group = _group_or_404(token)
    try:
        period = period_of(request.args.get("from"), request.args.get("to"))
    except InputError as error:
        abort(422, description=" ".join(say(problem.message) for problem in error.problems))
    found = group_stats(group, period)
    key = (f"{group.token}:season:{period.start}:{period.end}:{language()}", found.version, False)
    return _pdf(key, lambda: season_html(found, group.name), f"{_ascii(group.name)}-season")


@bp.get("/<token>/members/<int:member>/statement.pdf")
@heavy
def member_statement(token: str, member: int):
    group = _group_or_404(token)
    try:
        found = statement(group, member)
    except NotFound:
        abort(404, description=words.NO_MEMBER)
    key = (f"{group.token}:statement:{member}:{language()}", found.version, False)
    name = f"{_ascii(group.name)}-{_ascii(found.member)}-statement"
    return _pdf(key, lambda: statement_html(found), name)


def _group_or_404(token: str):
    try:
        return get_group(token)
    except NotFound:
        abort(404, description=NO_GROUP)


def _pdf(key: tuple, html, name: str) -> Response:
    try:
        pdf = file_answers.printer().document(key, html)
    except PrintRefused as refused:
        return file_answers.not_printed(refused)
    return file_answers.pdf_file(pdf, f"tongits-{name}.pdf")


def _ascii(text: str) -> str:
    """A part of a download's file name: ASCII letters and digits only (no quote can end it)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
