"""The summary PDF in the language chosen when printing: `?lang=fil` or the device's
language. The child process that prints it works in that language, and the language is part of
the cache key: a Filipino print and the English one right after it are two files that never
swap. Read back as text with pypdf, printed by the real app, nothing mocked."""

from __future__ import annotations

import pytest
from flask_babel import force_locale, gettext

from tests.support.documents import pdf_text, played
from tracker.documents.pdf_cache import cache_folder
from tracker.documents.summary import page_counter

pytestmark = pytest.mark.printed  # the same PDF on either database: run once, on SQLite


def fil(app, text: str, **values) -> str:
    with app.test_request_context("/?lang=fil"), force_locale("fil"):
        return gettext(text, **values)


@pytest.mark.slow
def test_a_filipino_print_then_an_english_one(app, client, make_session):
    token = played(client, make_session)
    url = f"/s/{token}/summary.pdf"
    filipino = pdf_text(client.get(url + "?lang=fil").data)
    assert fil(app, "Tongits session summary") in filipino
    # the score sheet takes a 3-round night onto a second page
    assert "Buod ng session ng Tongits" in filipino and "Page 1 ng 2" in filipino
    assert fil(app, "Balance over the rounds") in filipino
    assert "Magbabayad si" in filipino or "Quits lahat" in filipino
    assert "Mula sa classic na buong rules" in filipino  # a house rule's sentence
    assert "Tongits session summary" not in filipino and "Page 1 of" not in filipino
    # the English print right after it is English: the language is part of the cache key
    english = pdf_text(client.get(url).data)
    assert "Tongits session summary" in english and "Page 1 of 2" in english
    assert "Buod ng session" not in english
    # both are kept, and each comes back from the cache in its own language
    assert len(list(cache_folder(app.instance_path).glob("*.pdf"))) == 2
    again = pdf_text(client.get(url, headers={"Accept-Language": "tl-PH"}).data)
    assert again == filipino
    assert pdf_text(client.get(url + "?lang=en").data) == english


def test_dates_in_filipino_day_and_month_names(app, client, make_session):
    token = played(client, make_session)
    text = pdf_text(client.get(f"/s/{token}/summary.pdf?lang=fil").data)
    months = ("Enero", "Pebrero", "Marso", "Abril", "Mayo", "Hunyo", "Hulyo", "Agosto")
    months += ("Setyembre", "Oktubre", "Nobyembre", "Disyembre")
    assert any(month in text for month in months), text[:300]


def test_the_page_counter_is_css_in_either_language(app):
    assert page_counter() == '"Page " counter(page) " of " counter(pages)'
    with app.test_request_context("/?lang=fil"), force_locale("fil"):
        assert page_counter() == '"Page " counter(page) " ng " counter(pages)'
