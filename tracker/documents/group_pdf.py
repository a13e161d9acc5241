"""The HTML of a group's season and of a member's statement (issue 11), which the bounded
printer (printer.py, render.py) turns into PDF. Needs no Flask app: the summary's standalone
Jinja2 environment (autoescape on) with the pages' money filters.

    season_html(found, group_name, now=None) -> str        found: a sessions GroupStats
    statement_html(found, now=None) -> str                 found: a sessions Statement
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from jinja2 import Environment

from ..present import group_stats as words
from ..present.display import money, sign_class, signed_money
from ..present.statement import statement_view
from .summary import DEFAULT_ZONE, environment

_env: Environment | None = None


def _environment() -> Environment:
    global _env
    if _env is None:
        _env = environment().overlay()
        _env.filters.update(money=money, signed_money=signed_money, sign=sign_class)
    return _env


def _printed(now: datetime | None) -> str:
    moment = (now or datetime.now(UTC)).astimezone(ZoneInfo(DEFAULT_ZONE))
    return f"{moment:%d %b %Y, %H:%M}"


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
        "group_name": group_name,
        "period": words.period_words(found.period),
        "printed": _printed(now),
        "no_sessions": words.NO_SESSIONS,
        "versus": versus,
        "versus_title": words.VERSUS_TITLE,
        "versus_help": words.VERSUS_HELP,
    }
    return _environment().get_template("season.html").render(context)


def statement_html(found, now: datetime | None = None) -> str:
    context = {**statement_view(found), "printed": _printed(now)}
    return _environment().get_template("statement.html").render(context)
