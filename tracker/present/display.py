"""Template helpers: money as the table reads it, the sign of an amount, cards with their suit
symbols, dates; and the house rules' words (`house_rules` in every template).

Money and dates are written for the reader's language, by Babel from the locale's
data: `money` and `signed_money` (₱1,234.50, −₱3.00, or a table's own unit), `day` ("Tuesday,
1 December 2026" / "Martes, Disyembre 1, 2026"), `day_time` (the same and ", 8:15 PM"),
`short_day` ("01 Dec 2026" / "01 Dis 2026") and `short_day_time` ("01 Dec 2026 20:15"). English
stays exactly what the app wrote before (engine.money_text, strftime in the C locale). Each
takes `locale=` for what is made outside a request (the PDF's child process); by default the
request's language (web/language.py), or English.

The date filters write the time that is in the value; a stored time (naive UTC) goes through
`local_time` first, into the table's one time zone (clock.py, the app's TIME_ZONE):
`{{ game.updated_at|local_time|short_day_time }}`."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache

from babel import dates
from flask_babel import get_locale
from markupsafe import Markup, escape

from ..engine import money_text, parse_cards
from ..engine.money import Amount
from .messages import amount_text, catalogue

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = {"H", "D"}
CARD_TOKEN = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")  # a card in the engine's notation


ENGLISH = "en"
DAY = {ENGLISH: "EEEE, d MMMM y"}  # "Monday, 30 November 2026"; other languages: CLDR's full
TIME = "h:mm a"  # "8:15 PM"
SHORT_DAY = "dd MMM y"  # "01 Dec 2026", as strftime("%d %b %Y")


def language(locale: str | None = None) -> str:
    """`locale`, else the language of the request (or of a `force_locale`), else English."""
    if locale:
        return str(locale)
    chosen = get_locale()
    return str(chosen) if chosen is not None else ENGLISH


def money(amount, unit: str = "₱", locale: str | None = None) -> str:
    return _money(Decimal(str(amount)), unit, language(locale))


def signed_money(amount, unit: str = "₱", locale: str | None = None) -> str:
    amount = Decimal(str(amount))
    return ("+" if amount > 0 else "") + _money(amount, unit, language(locale))


def _money(amount: Decimal, unit: str, locale: str) -> str:
    if locale == ENGLISH:
        return money_text(amount, unit)
    return amount_text(Amount(amount, unit), locale, catalogue(locale))


def day(value: date | None, locale: str | None = None) -> str:
    """A day in words: "Tuesday, 1 December 2026", "Martes, Disyembre 1, 2026"."""
    if value is None:
        return ""
    locale = language(locale)
    return _date(value, DAY.get(locale, "full"), locale)


def day_time(value: datetime | None, locale: str | None = None) -> str:
    """A moment in words: "Monday, 30 November 2026, 8:15 PM" (the time as it is in `value`)."""
    if value is None:
        return ""
    locale = language(locale)
    return f"{day(value, locale)}, {dates.format_time(value, TIME, locale=locale)}"


def short_day(value: date | None, locale: str | None = None) -> str:
    """A day in a list: "01 Dec 2026", "01 Dis 2026"."""
    return "" if value is None else _date(value, SHORT_DAY, language(locale))


def short_day_time(value: datetime | None, sep: str = " ", locale: str | None = None) -> str:
    """A moment in a list: "01 Dec 2026 20:15" (`sep` ", " gives "01 Dec 2026, 20:15")."""
    if value is None:
        return ""
    return f"{short_day(value, locale)}{sep}{value:%H:%M}"


def _date(value: date, pattern: str, locale: str) -> str:
    # the day as the value shows it: two aware datetimes of one instant in two zones are equal
    # (and hash alike), so only the date may be the cache's key
    day_only = value.date() if isinstance(value, datetime) else value
    return _day_text(day_only, pattern, locale)


@lru_cache(maxsize=1024)
def _day_text(day_only: date, pattern: str, locale: str) -> str:
    return dates.format_date(day_only, pattern, locale=locale)


def sign_class(amount) -> str:
    """The one set of class names for an amount's sign, on the pages and in the PDF."""
    amount = Decimal(str(amount))
    return "plus" if amount > 0 else "minus" if amount < 0 else "zero"


def card_html(token: str) -> Markup:
    token = str(token)
    if token == "JK":
        return Markup('<span class="card jk">JK</span>')
    rank, suit = token[:-1], token[-1]
    colour = "red" if suit in RED else "blk"
    return Markup(
        f'<span class="card {colour}">{escape(rank)}{SUIT_SYMBOL.get(suit, escape(suit))}</span>'
    )


def cards_html(cards) -> Markup:
    """Cards (a list or notation text) as small coloured chips; unreadable text is shown as is."""
    if isinstance(cards, str):
        try:
            cards = [str(card) for card in parse_cards(cards)]
        except ValueError:
            return Markup(escape(cards))
    return Markup(" ").join(card_html(card) for card in cards)


def card_text(text) -> str:
    """A message with every card in it shown as the chips show it: 'a meld 9S 10S' → 'a meld
    9♠ 10♠'. For the pages only: the engine and the JSON API keep the notation."""
    return CARD_TOKEN.sub(lambda m: m.group(1) + SUIT_SYMBOL[m.group(2)], str(text))
