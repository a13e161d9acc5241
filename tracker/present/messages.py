"""The engine's and the core's sentences in the reader's language.

The engine and the core say everything as a `Message` (tracker/engine/messages.py): its
English text, its template (a gettext msgid) and its parameters. `say` renders one in the
current Flask-Babel locale: the template translated (the plural form of the locale for a
count), each parameter rendered too (a nested Message, a `Joined` list, an `Amount` written
by Babel for the locale; names and cards verbatim). English is the Message's own text, so
English pages, PDFs and JSON stay byte-identical. Plain text (no Message) is shown as is.
The saying itself is present/speech.py's (no Flask, no Babel), which the phone's worker runs
too: here it gets the request's catalogue and Babel's number signs for the locale.

    say(message) -> str                      the sentence in the reader's language
    amount_text(Amount, "fil", catalogue("fil")) -> str
                                             an amount for a locale (display.money's too)
    number_signs("fil") -> dict              {"group", "decimal", "grouping"}: Babel's signs
    problem_dict(problem) -> dict            {"where", "message"}: an API error, rendered
    errors_dict(problems) -> dict            {"errors": [...]}: the API's refusal, rendered
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.numbers import get_decimal_symbol, get_group_symbol
from babel.support import Translations
from flask import g, has_app_context
from flask_babel import get_locale, get_translations

from ..engine.messages import Joined, Message
from ..engine.money import Amount
from .speech import POINTS as POINTS
from .speech import Voice
from .speech import pgettext_marked as pgettext_marked


def say(value):
    """`value` for the reader: a Message (or Joined, Amount) rendered in the current locale;
    anything else unchanged. Outside a request, and in English, the engine's own English."""
    if not isinstance(value, (Message, Joined, Amount)):
        return value
    locale = get_locale() if has_app_context() else None  # a command: English
    if locale is None or locale.language == "en":
        return str(value)
    reader = g.get("_reader")  # the request's voice, made once per request and locale
    if reader is None or reader[0] is not locale:
        reader = g._reader = (locale, _voice(str(locale), get_translations()))
    return reader[1].say(value)


def english() -> bool:
    """Is the current request read in English (or is there no request)?"""
    locale = get_locale()
    return locale is None or locale.language == "en"


@lru_cache(maxsize=8)
def catalogue(language: str) -> Translations:
    """The catalogue of `language` in tracker/translations, read once (without Flask)."""
    folder = Path(__file__).resolve().parent.parent / "translations"
    return Translations.load(str(folder), [language])


def amount_text(amount: Amount, locale: str, translations) -> str:
    """An amount as money_text writes it, its number written for `locale` by Babel's data:
    its decimal and group signs (₱1,234.50 in English and Filipino); points, as money_text
    writes them, not grouped and without trailing zeros ("1234.5 puntos")."""
    return _voice(locale, translations).amount(amount)


def _voice(locale: str, translations) -> Voice:
    signs = number_signs(locale)
    return Voice(translations, signs["group"], signs["decimal"], signs["grouping"])


@lru_cache(maxsize=16)
def number_signs(locale: str) -> dict:
    """The signs `locale` writes a number with, from Babel's data: {"group", "decimal",
    "grouping": [the first group's size, the others']} (also handed to the phone, whose worker
    has no Babel: /offline/engine.json)."""
    pattern = Locale.parse(locale).decimal_formats.get(None)
    grouping = tuple(pattern.grouping) if pattern is not None else (3, 3)
    return {
        "group": get_group_symbol(locale),
        "decimal": get_decimal_symbol(locale),
        "grouping": grouping,
    }


def sentence(message: str) -> str:
    """The engine's message as a sentence in the reader's language: capital first letter."""
    message = say(message)
    return message[:1].upper() + message[1:] if message else message


def problem_dict(problem) -> dict:
    """A Problem as the API answers it, its message in the reader's language."""
    return {"where": str(problem.where), "message": say(problem.message)}


def errors_dict(problems) -> dict:
    return {"errors": [problem_dict(problem) for problem in problems]}
