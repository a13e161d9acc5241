""" "Clear this round" in Debian's Chromium at 360x740: on the seat page and on the one-phone
page of a new round, a thumb-sized control under the screen's working parts; a tap asks, the
second clears the round draft on the server (header and three hands), and the page comes back
empty. Without JavaScript the same form works."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import SEAT_PHONE
from tests.support.seats import draft_json, fits, half_round, seat_url, start

pytestmark = pytest.mark.browser

QUESTION = "Clear every card and the header of this round on every phone?"


@pytest.fixture
def thumb(page):
    """The phone of tests/web/conftest.py (360x740, touch, failing on any JavaScript error),
    patient as the seat tests are (three pages and the server share 2 cores)."""
    page.set_default_timeout(15000)
    return page


def no_cards(body: dict) -> bool:
    return all(seat["hand"] is None for seat in body["seats"]) and "ending" not in body["header"]


def tap_clear(page) -> None:
    """Open "Clear this round" (at least 44 px to tap), then confirm it."""
    summary = page.locator(".clear-round > summary")
    assert summary.inner_text().strip() == "Clear this round"
    summary.scroll_into_view_if_needed()
    box = summary.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    summary.tap()
    page.get_by_text(QUESTION).wait_for()
    yes = page.get_by_role("button", name="Yes, clear it")
    assert yes.bounding_box()["height"] >= 44
    yes.tap()


def test_the_seat_page_clears_the_round(thumb, server):
    token = start(thumb, server)
    half_round(thumb, server, token)
    thumb.goto(seat_url(server, token, 0))
    thumb.locator(".picker [data-card='7S']").wait_for()
    thumb.wait_for_function("() => document.querySelector('[data-chips]').textContent.trim()")
    fits(thumb)  # the round's parts still fit the screen; only Clear lies under it
    tap_clear(thumb)
    thumb.wait_for_url(re.compile(r"/rounds/new\?seat=0$"))
    thumb.locator(".flash").get_by_text("Round 1 cleared.").wait_for()
    assert no_cards(draft_json(thumb, server, token))
    thumb.locator(".picker [data-card='7S']").wait_for()
    assert thumb.locator("[data-chips]").inner_text().strip() == ""
    assert thumb.locator("[data-ending] [aria-pressed=true]").count() == 0


def test_the_one_phone_page_clears_the_round(thumb, server):
    token = start(thumb, server)
    half_round(thumb, server, token)
    thumb.goto(f"{server}/s/{token}/rounds/new")
    thumb.locator(".picker [data-card='7S']").wait_for()
    assert thumb.locator("#hand_2").input_value() == "AS AD 9C"
    tap_clear(thumb)
    thumb.wait_for_url(re.compile(r"/rounds/new$"))
    thumb.locator(".flash").get_by_text("Round 1 cleared.").wait_for()
    thumb.locator(".picker [data-card='7S']").wait_for()
    assert thumb.locator("#hand_2").input_value() == ""
    thumb.wait_for_timeout(500)  # the page's first preview: it keeps no card again
    assert no_cards(draft_json(thumb, server, token))


def test_without_javascript_both_pages_clear_it(browser, server):
    context = browser.new_context(viewport=SEAT_PHONE, java_script_enabled=False)
    page = context.new_page()
    token = start(page, server)
    for url in (f"{server}/s/{token}/rounds/new", seat_url(server, token, 1)):
        half_round(page, server, token)
        page.goto(url)
        page.locator(".clear-round > summary").click()
        page.get_by_role("button", name="Yes, clear it").click()
        page.wait_for_url(url)
        assert "Round 1 cleared." in page.locator(".flash").inner_text()
        assert no_cards(draft_json(page, server, token))
    history = page.request.get(f"{server}/api/sessions/{token}/history").json()["events"]
    assert [event["kind"] for event in history[:2]] == ["draft_cleared", "draft_cleared"]
    context.close()
