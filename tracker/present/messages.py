"""The engine's and the core's sentences in the reader's language.

The engine and the core say everything as a `Message` (tracker/engine/messages.py): its
English text, its template (a gettext msgid) and its parameters. `say` renders one in the
current Flask-Babel locale: the template translated (the plural form of the locale for a
count), each parameter rendered too (a nested Message, a `Joined` list, an `Amount` written
by Babel for the locale; names and cards verbatim). English is the Message's own text, so
English pages, PDFs and JSON stay byte-identical. Plain text (no Message) is shown as is.

    say(message) -> str                      the sentence in the reader's language
    amount_text(Amount, "fil", catalogue("fil")) -> str
                                             an amount for a locale (display.money's too)
    problem_dict(problem) -> dict            {"where", "message"}: an API error, rendered
    errors_dict(problems) -> dict            {"errors": [...]}: the API's refusal, rendered
"""

from __future__ import annotations

from copy import copy
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.numbers import get_decimal_symbol, get_group_symbol
from babel.support import Translations
from flask import g, has_app_context
from flask_babel import get_locale, get_translations

from ..engine.messages import Joined, Message
from ..engine.money import Amount


def say(value):
    """`value` for the reader: a Message (or Joined, Amount) rendered in the current locale;
    anything else unchanged. Outside a request, and in English, the engine's own English."""
    if not isinstance(value, (Message, Joined, Amount)):
        return value
    locale = get_locale() if has_app_context() else None  # a command: English
    if locale is None or locale.language == "en":
        return str(value)
    reader = g.get("_reader")  # the request's catalogue, looked up once per request and locale
    if reader is None or reader[0] is not locale:
        reader = g._reader = (locale, str(locale), get_translations())
    return _rendered(value, reader[1], reader[2])


def english() -> bool:
    """Is the current request read in English (or is there no request)?"""
    locale = get_locale()
    return locale is None or locale.language == "en"


@lru_cache(maxsize=8)
def catalogue(language: str) -> Translations:
    """The catalogue of `language` in tracker/translations, read once (without Flask)."""
    folder = Path(__file__).resolve().parent.parent / "translations"
    return Translations.load(str(folder), [language])


def _rendered(value, locale, translations):
    if isinstance(value, Message):
        return _message(value, locale, translations)
    if isinstance(value, Joined):
        parts = (str(_rendered(part, locale, translations)) for part in value.parts)
        return value.separator.join(parts)
    if isinstance(value, Amount):
        return amount_text(value, locale, translations)
    return value


def _message(message: Message, locale, translations) -> str:
    if message.plural is None:
        text = translations.ugettext(message.template)
    else:
        count = message.params[message.count]
        text = translations.ungettext(message.template, message.plural, count)
    if not message.params:
        return text
    params = {
        name: _rendered(value, locale, translations) for name, value in message.params.items()
    }
    try:
        return text % params
    except (KeyError, ValueError, TypeError):  # a translation that lost a placeholder
        return str(message)


def amount_text(amount: Amount, locale: str, translations) -> str:
    """An amount as money_text writes it, its number written for `locale` by Babel's data:
    its decimal and group signs (₱1,234.50 in English and Filipino); points, as money_text
    writes them, not grouped and without trailing zeros ("1234.5 puntos")."""
    sign = "−" if amount.value < 0 else ""
    value = abs(amount.value)
    if amount.symbol == "pts":
        number = format(value.normalize(), "f").replace(".", get_decimal_symbol(locale))
        return sign + translations.upgettext(*POINTS) % {"points": number}
    return sign + amount.symbol + _number(format(value, ",.2f"), locale)


def _number(text: str, locale: str) -> str:
    """`text` ("1,234.50", as Python groups it by threes) with the locale's signs; a locale
    that does not group by threes gets Babel's own formatting."""
    signs = _signs(locale)
    if signs is not None:
        return text.translate(signs)
    pattern = copy(Locale.parse(locale).decimal_formats[None])
    places = len(text.partition(".")[2])
    pattern.frac_prec = (places, places)
    return pattern.apply(Decimal(text.replace(",", "")), locale)


@lru_cache(maxsize=16)
def _signs(locale: str):
    """str.translate's table from Python's ',' and '.' to the locale's group and decimal
    signs; None when the locale does not group digits by threes (Babel formats those)."""
    pattern = Locale.parse(locale).decimal_formats.get(None)
    if pattern is None or tuple(pattern.grouping) != (3, 3):
        return None
    return str.maketrans({",": get_group_symbol(locale), ".": get_decimal_symbol(locale)})


def pgettext_marked(context: str, text: str) -> tuple[str, str]:
    """Marks a message with its context for the catalogue (catalog.sh extracts it) and keeps
    both, for `upgettext` where it is shown."""
    return context, text


# an amount in progressive mode (the engine's money_text): its own context, because "pts" also
# counts deadwood, and a language may have two words where English has one
POINTS = pgettext_marked("points in progressive mode", "%(points)s pts")


def problem_dict(problem) -> dict:
    """A Problem as the API answers it, its message in the reader's language."""
    return {"where": str(problem.where), "message": say(problem.message)}


def errors_dict(problems) -> dict:
    return {"errors": [problem_dict(problem) for problem in problems]}
