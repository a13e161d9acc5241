"""Who deals, in sight on a 360×740 phone: the session page's big "Round 8 · Ben deals" line,
right after another phone saves or edits a round (two browser contexts: two devices); the
entry pages keep the dealer at the top as they scroll, and the one-phone page follows the
session's next dealer when another phone saved a round meanwhile. Screenshots:
/tmp/sheet-entry-scrolled.png, /tmp/sheet-seat-scrolled.png."""

from __future__ import annotations

import pytest

from tests.support.browser import close
from tests.support.entry import SETTLED, TYPICAL, OneScreen, new_session, one_phone, words
from tests.support.records import DRAW, TALON, TONGITS

pytestmark = pytest.mark.browser

WINNER_DEALS = {"preset": "classic", "next_dealer": "winner"}

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def save(page, server, token, record, number=None):
    url = f"{server}/api/sessions/{token}/rounds"
    answer = page.request.put(f"{url}/{number}", data=record) if number else None
    answer = answer or page.request.post(url, data=record)
    assert answer.ok, answer.text()


@pytest.fixture
def other(browser):
    """Another phone at the table: a browser context of its own."""
    phone = one_phone(browser)
    yield phone
    close(phone.context)


def test_the_session_page_line_follows_other_phones(page, other, server):
    token = new_session(page, server, rules=WINNER_DEALS)
    page.goto(f"{server}/s/{token}")
    line = page.locator("#deal-line")
    assert line.inner_text() == "Round 1 · Ana deals"
    assert line.evaluate(IN_VIEW)
    size = line.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 20  # large, beside the page's 17 px text
    save(other, server, token, TONGITS)  # Ben wins round 1 on the other phone: he deals next
    page.wait_for_function("() => document.getElementById('deal-line').textContent.includes('2')")
    assert line.inner_text() == "Round 2 · Ben deals"
    save(other, server, token, TALON, number=1)  # round 1 edited: Cris wins it now
    page.wait_for_function(
        "() => document.getElementById('deal-line').textContent.includes('Cris')"
    )
    assert line.inner_text() == "Round 2 · Cris deals"


def test_the_one_phone_page_keeps_the_dealer_in_sight(page, server):
    token = new_session(page, server)
    save(page, server, token, DRAW)
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_function(SETTLED)
    title = page.locator(".page-title")
    assert words(title).startswith("Round 2 · Ben deals")
    page.locator(".type-toggle").click()  # typing: the whole form, longer than the screen
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200
    assert title.evaluate(IN_VIEW)
    page.screenshot(path="/tmp/sheet-entry-scrolled.png")
    # the round's Dealer field (in the review, with JavaScript) changed: the title follows it
    page.evaluate(
        "() => { const d = document.getElementById('dealer'); d.value = '2';"
        " d.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    assert words(title).startswith("Round 2 · Cris deals")


def test_the_seat_page_keeps_the_dealer_in_sight(page, server):
    token = new_session(page, server)
    save(page, server, token, DRAW)
    page.goto(f"{server}/s/{token}/rounds/new?seat=0")
    dealer = page.locator(".seat-title select[data-dealer]")
    dealer.wait_for()
    assert dealer.evaluate("(s) => s.options[s.selectedIndex].textContent") == "Ben"
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert dealer.evaluate(IN_VIEW)
    page.screenshot(path="/tmp/sheet-seat-scrolled.png")


def test_a_round_saved_elsewhere_moves_the_dealer(page, other, server):
    """The one-phone page of round 1 (Ana deals) tapped up to the last card; the other phone
    saves round 1 meanwhile: at the last tap's answer this page is round 2, dealt by Ben."""
    token = new_session(page, server)
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_function(SETTLED)
    title = page.locator(".page-title")
    assert words(title).startswith("Round 1 · Ana deals")
    screen = OneScreen(page)
    screen.ending("Talon out")
    for seat, (melds, rest) in enumerate(TYPICAL):
        screen.hand(melds, rest if seat < 2 else rest.rsplit(" ", 1)[0])
        if seat < 2:
            screen.act("Next")
    save(other, server, token, TALON)
    screen.cards(TYPICAL[2][1].split()[-1])
    page.wait_for_function(
        "() => document.querySelector('[data-round-number]').textContent === '2'"
    )
    page.wait_for_function(
        "() => document.querySelector('.page-title .sub').textContent === 'Ben deals'"
    )
    assert page.locator("#dealer").input_value() == "1"
    assert screen.problems() == []
