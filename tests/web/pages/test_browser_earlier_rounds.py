"""The session page of a long evening on a 360×740 phone, in English and in Filipino: with 15
rounds it holds fewer than 800 elements (the last five rounds, their sheet rows, the totals
before them), and the earlier rounds are one tap away: fetched in place with JavaScript, a page
of their own without it; offline the control says it cannot fetch them and the page keeps what
it showed; a round saved on another phone meanwhile keeps the earlier rounds in view. Nothing
cut, nothing wider than the phone, with long names and a stake of ₱10 (the four-figure amounts
of test_browser_score_sheet.py are held to the sheet's own check there). Screenshots:
/tmp/earlier-*.png."""

from __future__ import annotations

import pytest

from tests.support.browser import (
    CHECK_LAYOUT,
    LANGUAGES,
    SEAT_PHONE,
    close,
    language_phone,
)
from tests.support.records import DRAW
from tests.web.pages.test_browser_nothing_cut import CHECK_CUT
from tests.web.pages.test_browser_score_sheet import made_session

pytestmark = pytest.mark.browser

LONG = ["Anastasia dela Cruz", "Bienvenido Macaraeg", "Maria Cristina Sy-Gonzales"]
ELEMENTS = "() => document.querySelectorAll('*').length"
SHOW = {"en": "Show earlier rounds", "fil": "Ipakita ang mga naunang round"}
OFFLINE = {
    "en": "No connection: the earlier rounds could not be fetched.",
    "fil": "Walang koneksyon: hindi nakuha ang mga naunang round.",
}


@pytest.fixture(params=sorted(LANGUAGES))
def phone(browser, request):
    yield from language_phone(browser, request.param)


def lines(page) -> list[int]:
    ids = page.locator("#ledger details.round").evaluate_all("(ds) => ds.map((d) => d.id)")
    return [int(i.removeprefix("round-")) for i in ids]


def rows(page, where="#ledger #sheet") -> list[int]:
    found = page.locator(f"{where} tbody a[data-round]").evaluate_all(
        "(links) => links.map((a) => a.dataset.round)"
    )
    return [int(n) for n in found]


def whole(page) -> list[str]:
    """What is cut, too wide or too small to tap (tests/support/check_cut.js, check_layout.js)."""
    return page.evaluate(CHECK_CUT) + page.evaluate(CHECK_LAYOUT)


def test_fifteen_rounds_are_light_and_the_earlier_ones_one_tap_away(phone, server):
    page, lang = phone, phone.language
    token = made_session(page, server, 15, names=LONG, stake="10", rate="1")
    page.goto(f"{server}/s/{token}")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.evaluate(ELEMENTS) < 800
    assert lines(page) == [15, 14, 13, 12, 11] and rows(page) == [11, 12, 13, 14, 15]
    assert page.locator("#sheet tr.before th [aria-hidden]").inner_text() == "1–10"
    # what the table relies on is all there: the balances, who deals, the next round
    assert page.locator(".balances .bal").count() == 3 and page.locator("#enter-round").count()
    control = page.locator("#earlier a[data-earlier]")
    assert control.inner_text().startswith(SHOW[lang])
    assert control.locator("small").inner_text() == "1–10"
    assert whole(page) == []
    page.screenshot(path=f"/tmp/earlier-{lang}-folded.png", full_page=True)

    control.scroll_into_view_if_needed()
    control.tap()
    page.locator("#round-1").wait_for(state="attached")
    assert lines(page) == list(range(15, 0, -1))
    assert rows(page) == list(range(1, 16))  # the whole sheet, oldest first, the totals true
    assert page.locator("#sheet tr.before").count() == 0 and page.locator("#earlier").count() == 0
    assert page.evaluate("() => document.activeElement.closest('details').id") == "round-10"
    page.locator("#sheet a[data-round='3']").tap()  # a row brought in opens its round
    page.wait_for_function("() => document.getElementById('round-3').open")
    assert whole(page) == []
    page.screenshot(path=f"/tmp/earlier-{lang}-all.png", full_page=True)


def test_the_sheet_row_of_the_earlier_rounds_brings_them_too(phone, server):
    page = phone
    token = made_session(page, server, 27, names=LONG, stake="10", rate="1")
    page.goto(f"{server}/s/{token}")
    before = page.locator("#sheet tr.before a")
    assert before.locator("[aria-hidden]").inner_text() == "1–22"
    before.scroll_into_view_if_needed()
    before.tap()
    page.locator("#round-13").wait_for(state="attached")
    assert rows(page) == list(range(13, 28))  # ten more, then 1–12 still one row away
    assert page.locator("#sheet tr.before [aria-hidden]").inner_text() == "1–12"
    assert lines(page) == list(range(27, 12, -1))
    assert page.locator("#earlier small").inner_text() == "3–12"
    assert page.evaluate("() => document.activeElement.dataset.round") == "13"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_without_javascript_the_link_shows_them(browser, server, lang):
    context = browser.new_context(
        viewport=SEAT_PHONE,
        has_touch=True,
        is_mobile=True,
        java_script_enabled=False,
        extra_http_headers={"Accept-Language": LANGUAGES[lang]},
    )
    page = context.new_page()
    try:
        token = made_session(page, server, 15, names=LONG, stake="10", rate="1")
        page.goto(f"{server}/s/{token}")
        assert page.evaluate(ELEMENTS) < 800
        link = page.locator("#earlier a")
        assert link.inner_text().startswith(SHOW[lang])
        link.tap()
        page.wait_for_url(f"{server}/s/{token}/earlier?before=11#rounds")
        assert page.locator("html").get_attribute("lang") == lang
        shown = page.locator("details.round").evaluate_all("(ds) => ds.map((d) => d.id)")
        assert shown == [f"round-{n}" for n in range(10, 0, -1)]
        assert rows(page, "#sheet") == list(range(1, 11))
        assert whole(page) == []
        page.screenshot(path=f"/tmp/earlier-{lang}-no-js.png", full_page=True)
        page.locator("#back-to-session").tap()
        page.wait_for_url(f"{server}/s/{token}")
    finally:
        close(context)


def test_offline_the_control_says_it_cannot_fetch(phone, server):
    page, lang = phone, phone.language
    token = made_session(page, server, 12, names=LONG, stake="10", rate="1")
    page.goto(f"{server}/s/{token}")
    page.context.set_offline(True)
    page.locator("#earlier a").tap()
    said = page.locator("#earlier [data-earlier-said]")
    page.wait_for_function(
        "(text) => document.querySelector('#earlier [data-earlier-said]').textContent"
        ".startsWith(text)",
        arg=OFFLINE[lang],
    )
    assert lines(page) == [12, 11, 10, 9, 8]  # the page keeps what it showed
    assert whole(page) == []
    page.screenshot(path=f"/tmp/earlier-{lang}-offline.png", full_page=True)
    page.context.set_offline(False)
    page.locator("#earlier a").tap()  # one tap again once back
    page.locator("#round-1").wait_for(state="attached")
    assert said.count() == 0 and lines(page) == list(range(12, 0, -1))


def test_a_round_saved_on_another_phone_keeps_the_earlier_rounds(phone, server):
    page = phone
    token = made_session(page, server, 15, names=LONG, stake="10", rate="1")
    page.goto(f"{server}/s/{token}")
    page.locator("#earlier a").tap()
    page.locator("#round-1").wait_for(state="attached")
    other = page.context.request  # another phone saves round 16
    saved = other.post(f"{server}/api/sessions/{token}/rounds", data=DRAW)
    assert saved.status == 201, saved.text()
    page.locator("#round-16").wait_for(state="attached", timeout=15000)  # live.js reloads
    page.wait_for_function("() => document.querySelectorAll('#ledger details.round').length == 16")
    assert lines(page) == list(range(16, 0, -1)) and rows(page) == list(range(1, 17))
