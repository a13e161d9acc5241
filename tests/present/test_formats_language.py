"""Money and dates for the reader's language (present/display.py): English exactly as
before (engine.money_text, strftime in the C locale), Filipino by Babel from the locale's data;
in a page through the template filters."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
from flask import render_template_string
from flask_babel import force_locale

from tracker.engine import money_text
from tracker.engine.money import Amount
from tracker.present import display
from tracker.present.messages import say

AMOUNTS = ["0", "0.5", "-0.5", "12", "-12", "1234.5", "-1234.50", "1000000", "-99999.99", "3.333"]
UNITS = ["₱", "$", "€", "pts", "PHP "]


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("amount", AMOUNTS)
def test_english_money_is_the_engines_money_text(amount, unit):
    value = Decimal(amount)
    assert display.money(value, unit, locale="en") == money_text(value, unit)
    assert display.money(value, unit) == money_text(value, unit)  # no request: English
    sign = "+" if value > 0 else ""
    assert display.signed_money(value, unit, locale="en") == sign + money_text(value, unit)


@pytest.mark.parametrize(
    "amount, unit, text",
    [
        ("1234.5", "₱", "₱1,234.50"),
        ("-12", "₱", "−₱12.00"),
        ("0", "₱", "₱0.00"),
        ("1000000", "$", "$1,000,000.00"),
        ("-3.5", "€", "−€3.50"),
    ],
)
def test_filipino_money(amount, unit, text):
    assert display.money(Decimal(amount), unit, locale="fil") == text
    assert display.money(float(amount), unit, locale="fil") == text


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("amount", AMOUNTS)
def test_a_page_and_an_engine_sentence_write_an_amount_alike(app, amount, unit):
    """display.money (pages) and say(Amount) (the engine's sentences) share one formatter: in
    Filipino as in English, "1,234.50" grouped, points ungrouped as money_text writes them."""
    value = Decimal(amount)
    for language in ("en", "fil"):
        with app.test_request_context(f"/?lang={language}"):
            assert say(Amount(value, unit)) == display.money(value, unit)
    with app.test_request_context("/?lang=fil"):
        if unit == "pts":
            assert display.money(value, unit).replace(" iskor", "") == money_text(value, "pts")[:-4]


def test_filipino_points_and_signs(app):
    with app.app_context(), force_locale("fil"):
        assert display.money(Decimal("12"), "pts") == "12 iskor"
        assert display.money(Decimal("-2.5"), "pts") == "−2.5 iskor"
        assert display.signed_money(Decimal("5"), "₱") == "+₱5.00"
        assert display.signed_money(Decimal("-5"), "₱") == "−₱5.00"
        assert display.signed_money(0, "₱") == "₱0.00"
    with app.app_context(), force_locale("en"):
        assert display.money(Decimal("12"), "pts") == "12 pts"


def test_english_dates_are_strftimes():
    start = datetime(2026, 1, 1, 0, 5)
    for days in range(0, 365, 9):  # every month, every weekday
        moment = start + timedelta(days=days, hours=days % 24)
        assert display.short_day(moment.date(), "en") == moment.strftime("%d %b %Y")
        assert display.short_day_time(moment, locale="en") == moment.strftime("%d %b %Y %H:%M")
        assert display.short_day_time(moment, ", ", "en") == moment.strftime("%d %b %Y, %H:%M")
        long = f"{moment:%A}, {moment.day} {moment:%B %Y}"  # documents/summary.py's day
        assert display.day(moment.date(), "en") == long
        hour = moment.strftime("%I").lstrip("0") or "12"
        assert display.day_time(moment, "en") == f"{long}, {hour}:{moment:%M %p}"


def test_filipino_dates():
    assert display.day(date(2026, 12, 1), "fil") == "Martes, Disyembre 1, 2026"
    assert display.day_time(datetime(2026, 11, 30, 20, 15), "fil") == (
        "Lunes, Nobyembre 30, 2026, 8:15 PM"
    )
    assert display.short_day(date(2026, 9, 1), "fil") == "01 Set 2026"
    assert display.short_day_time(datetime(2026, 2, 14, 9, 5), locale="fil") == "14 Peb 2026 09:05"
    assert display.day(None) == "" and display.short_day(None) == ""


def test_the_request_language_is_the_default(app):
    with app.test_request_context("/?lang=fil"):
        assert display.day(date(2026, 12, 6)) == "Linggo, Disyembre 6, 2026"
        assert display.money(Decimal("-1234.5")) == "−₱1,234.50"
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert display.day(date(2026, 12, 6)) == "Sunday, 6 December 2026"


def test_the_template_filters(app):
    page = (
        "{{ amount|money }} {{ amount|signed_money('pts') }} | {{ when|day }} | "
        "{{ when|short_day }} | {{ moment|short_day_time(', ') }} | {{ moment|day_time }}"
    )
    values = {
        "amount": Decimal("7"),
        "when": date(2026, 12, 1),
        "moment": datetime(2026, 12, 1, 21, 0),
    }
    with app.test_request_context("/?lang=fil"):
        assert render_template_string(page, **values) == (
            "₱7.00 +7 iskor | Martes, Disyembre 1, 2026 | 01 Dis 2026 | 01 Dis 2026, 21:00 | "
            "Martes, Disyembre 1, 2026, 9:00 PM"
        )
    with app.test_request_context("/?lang=en"):
        assert render_template_string(page, **values) == (
            "₱7.00 +7 pts | Tuesday, 1 December 2026 | 01 Dec 2026 | 01 Dec 2026, 21:00 | "
            "Tuesday, 1 December 2026, 9:00 PM"
        )
