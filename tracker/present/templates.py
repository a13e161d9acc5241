"""The one Jinja environment definition of every template, pages and printed documents alike:
its settings, filters and globals, written once. `configure(env)` installs them on Flask's
environment (create_app) and on the documents' (`documents()`): a print is made in a child
process with no app (documents/render.py), so the documents keep an instance of their own,
configured by the same function, with gettext from Flask-Babel as the pages have it.

    money, signed_money, sign, cards, card_text   amounts and cards (display.py)
    iso, local_time, day, day_time, short_day, short_day_time   times, in the table's zone
    say, translated   the engine's and the catalogue's words in the reader's language
    house_rules, js_words   the house rules' words; the words of the page's scripts
"""

from __future__ import annotations

from flask_babel import get_translations
from flask_babel import gettext as _
from jinja2 import BytecodeCache, Environment, FileSystemLoader, select_autoescape

from ..clock import local_time
from ..config import ROOT
from ..models import iso
from . import display, house_rules
from .js_words import words_for
from .messages import say

TEMPLATES = ROOT / "templates"


def translated(text: str) -> str:
    """A text marked for the catalogue with N_ (the house rules' labels, help and choices), in
    the reader's language; escaped like any other value (gettext's answer is no markup)."""
    return _(text) if text else text


def configure(env: Environment) -> None:
    env.trim_blocks = True
    env.lstrip_blocks = True
    env.filters.update(
        money=display.money,
        signed_money=display.signed_money,
        sign=display.sign_class,
        cards=display.cards_html,
        card_text=display.card_text,
        iso=iso,
        local_time=local_time,
        day=display.day,
        day_time=display.day_time,
        short_day=display.short_day,
        short_day_time=display.short_day_time,
        say=say,
        translated=translated,
    )
    # the words `scripts` (static/*.js) write, in the reader's language (present/js_words.py);
    # a page renders them with {% include "_js_words.html" %}
    env.globals.update(house_rules=house_rules, js_words=words_for)


class CompiledOnce(BytecodeCache):
    """The pages' templates compiled once per process, shared by every app made in it: a
    gunicorn worker makes one, a test run hundreds (a compile per app was a fifth of the quick
    tests' time). A template whose source changed is compiled anew (Jinja checks its checksum);
    every app's environment is configured alike (create_app), so their code is the same."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


PAGES_COMPILED = CompiledOnce()  # the pages' environment's (Flask's jinja_options, create_app)

_documents: Environment | None = None


def documents() -> Environment:
    """The documents' environment (summary, season, statement): autoescaped, with the words in
    the language of the print (Flask-Babel's, so that a child printing within `force_locale`
    gets Filipino, and English without any app)."""
    global _documents
    if _documents is None:
        env = Environment(
            loader=FileSystemLoader(str(TEMPLATES)),
            autoescape=select_autoescape(default=True, default_for_string=True),
            extensions=["jinja2.ext.i18n"],
        )
        env.install_gettext_callables(
            gettext=lambda text: get_translations().ugettext(text),
            ngettext=lambda one, many, n: get_translations().ungettext(one, many, n),
            newstyle=True,
        )
        configure(env)
        _documents = env
    return _documents
