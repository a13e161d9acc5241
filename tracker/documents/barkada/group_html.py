"""The HTML of a group's season and of a member's statement, which the bounded
printer (printer.py, render.py) turns into PDF. Needs no Flask app: a standalone Jinja2
environment (the summary's settings, autoescape on) with the pages' money filters.

The HTML is rendered in the request that asks for the PDF (only the printing happens
in the child process), so its words come in that request's language through Flask-Babel's
gettext (English outside a request); web/barkada/stats_routes.py puts the language in the cache key.

    season_html(found, group_name, now=None) -> str        found: a sessions GroupStats
    statement_html(found, now=None) -> str                 found: a sessions Statement
"""

from __future__ import annotations

from datetime import UTC, datetime

import flask_babel
from markupsafe import Markup

from ...clock import local_time
from ...present import templates
from ...present.barkada import stats_display as words
from ...present.barkada.statement import statement_view
from ...present.display import language, short_day_time


def _page_footer() -> Markup:
    """The CSS `content` of the page footer, "Page 2 of 5", from one translated sentence."""
    sentence = flask_babel.gettext("Page %(page)s of %(pages)s", page="\0page", pages="\0pages")
    first, *rest = sentence.split("\0")
    parts = [_css_text(first)]
    for piece in rest:
        counter = "pages" if piece.startswith("pages") else "page"
        parts += [f"counter({counter})", _css_text(piece[len(counter) :])]
    parts = [part for part in parts if part]
    return Markup(" ".join(parts))


def _css_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"' if text else ""


def _printed(now: datetime | None) -> str:
    """The printing time at the table (the app's TIME_ZONE: the HTML is made in the request)."""
    return short_day_time(local_time(now or datetime.now(UTC)), ", ")


def _common(now: datetime | None) -> dict:
    return {"printed": _printed(now), "lang": language(), "page_footer": _page_footer()}


def season_html(found, group_name: str, now: datetime | None = None) -> str:
    view = words.stats_view(found)
    versus = [
        {"name": name, "other": other, **vars(found.stats.against(key, other_key))}
        for key, name in found.people.items()
        for other_key, other in found.people.items()
        if other_key != key and found.stats.against(key, other_key).rounds
    ]
    context = {
        **view,
        **_common(now),
        "group_name": group_name,
        "period": words.period_words(found.period),
        "no_sessions": words.NO_SESSIONS,
        "versus": versus,
        "versus_title": words.VERSUS_TITLE,
        "versus_help": words.VERSUS_HELP,
    }
    return templates.documents().get_template("season.html").render(context)


def statement_html(found, now: datetime | None = None) -> str:
    context = {**statement_view(found), **_common(now)}
    return templates.documents().get_template("statement.html").render(context)
