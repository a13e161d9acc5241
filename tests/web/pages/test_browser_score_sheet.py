"""The session page's score sheet on a 360×740 phone, in English and Filipino: 19 rounds of
three 40-character names and four-figure amounts fit with no sideways scroll (the earlier ones
brought in by "Show earlier rounds"), a long name wraps and is shown whole, a tapped row opens
its round's verdict, and the running totals stay true when the page shows only the last rounds.
Screenshots: /tmp/sheet-*.png."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import CHECK_LAYOUT
from tests.support.records import DRAW, TALON, TONGITS

pytestmark = pytest.mark.browser

LONG = [
    "Anastasia Maria Consuelo dela Cruz Reyes",
    "Benedicto Emmanuel Santiago y Bartolomeo",
    "Crisostomo Ignacio Villanueva Macapagal",
]
RECORDS = [DRAW, TONGITS, TALON]

# Every element of the sheet that reaches past the viewport's right edge, and the page's width.
OVER = """() => {
  const out = [];
  const wide = document.documentElement.scrollWidth;
  if (wide > innerWidth) out.push('page ' + wide);
  document.querySelectorAll('#sheet, #sheet *').forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > innerWidth + 0.5) out.push(el.tagName + ' ' + el.className);
  });
  return out;
}"""


def made_session(page, server, rounds: int, names=LONG, stake="1234.30", rate="0.01") -> str:
    """A session of `rounds` rounds entered through the JSON API (a draw, a Tongits, a talon
    out, over again): each pays stake + points × rate, such as −₱1,234.50."""
    rules = {"preset": "classic", "stake": stake, "point_rate": rate}
    answer = page.request.post(
        f"{server}/api/sessions", data={"players": list(names), "dealer": 0, "rules": rules}
    )
    assert answer.status == 201, answer.text()
    token = answer.json()["id"]
    for number in range(rounds):
        saved = page.request.post(
            f"{server}/api/sessions/{token}/rounds", data=RECORDS[number % len(RECORDS)]
        )
        assert saved.status == 201, saved.text()
    return token


def figures(cells) -> list[str]:
    """The amounts of these cells as shown on screen (without the words for screen readers)."""
    return cells.evaluate_all(
        "(els) => els.map((el) => { const c = el.cloneNode(true);"
        " c.querySelectorAll('.sr').forEach((s) => s.remove()); return c.textContent; })"
    )


def rows(page):
    return page.locator("#sheet tbody tr:not(.before)")


def earlier_brought(page) -> None:
    """Every earlier round brought in: "Show earlier rounds" tapped till it is gone."""
    while page.locator("#earlier a").count():
        shown = page.locator("details.round").count()
        page.locator("#earlier a").tap()
        page.wait_for_function(
            "(n) => document.querySelectorAll('details.round').length > n", arg=shown
        )


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_nineteen_rounds_fit_the_phone(page, server, lang):
    token = made_session(page, server, 19)
    page.goto(f"{server}/s/{token}?lang={lang}")
    assert page.locator("html").get_attribute("lang") == lang
    assert rows(page).count() == 5  # the last rounds; the earlier ones a tap away
    earlier_brought(page)
    assert rows(page).count() == 19
    assert rows(page).first.locator("a").get_attribute("data-round") == "1"  # oldest first
    assert page.evaluate(OVER) == []
    sheet_problems = [p for p in page.evaluate(CHECK_LAYOUT) if "sideways" in p or "small" in p]
    assert sheet_problems == []
    # a long name wraps onto lines of its own, never cut: whole on screen and in the page's text
    head = page.locator("#sheet thead th.nm").first
    assert head.evaluate("(th) => th.scrollWidth <= th.clientWidth")
    assert head.evaluate("(th) => th.getClientRects()[0].height > 40")  # more than two lines
    assert head.text_content() == LONG[0]
    assert head.get_attribute("title") == LONG[0]
    total = page.locator("#sheet tfoot th")  # "Total", "Kabuuan": whole, on one line
    assert total.evaluate("(th) => th.scrollWidth <= th.clientWidth")
    amounts = figures(page.locator("#sheet tbody .net"))
    assert any(re.fullmatch(r"(★)?−₱1,\d{3}\.\d\d", a) for a in amounts), amounts[:6]
    # the winner of each round is starred, and named so for a screen reader
    winners = page.locator("#sheet tbody td.won")
    assert winners.count() == 19
    assert "★" in winners.first.inner_text()
    page.screenshot(path=f"/tmp/sheet-session-{lang}.png", full_page=True)


def test_a_tapped_row_opens_its_verdict(page, server):
    token = made_session(page, server, 5)
    page.goto(f"{server}/s/{token}")
    verdict = page.locator("#round-4 .verdict")
    assert not verdict.is_visible()
    row = rows(page).nth(3)
    row.scroll_into_view_if_needed()
    cell = row.locator("td").nth(1).bounding_box()  # mid-row, away from the round's number
    page.touchscreen.tap(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    page.wait_for_function("() => location.hash === '#round-4'")
    assert page.locator("#round-4").evaluate("(d) => d.open")
    verdict.wait_for(state="visible")
    assert verdict.is_visible()
    assert page.locator("#round-5").evaluate("(d) => !d.open")  # only the round tapped


def test_the_running_totals_stay_true_under_the_cut(page, server):
    """23 rounds: the page shows the last 5; the sheet's first row carries the total after
    round 18, the same as on the page that shows every round, and the Total row is the sum."""
    token = made_session(page, server, 23, names=["Ana", "Ben", "Cris"], stake="10", rate="1")
    page.goto(f"{server}/s/{token}?all=1")
    everything = [figures(rows(page).nth(i).locator(".run")) for i in (17, 22)]
    total = figures(page.locator("#sheet tfoot td"))
    page.goto(f"{server}/s/{token}")
    assert rows(page).count() == 5
    before = page.locator("#sheet tr.before")
    assert before.locator("th [aria-hidden]").inner_text() == "1–18"
    assert figures(before.locator(".run")) == everything[0]
    assert figures(rows(page).last.locator(".run")) == everything[1] == total
    assert figures(page.locator("#sheet tfoot td")) == total
    balances = page.locator(".balances .amt").all_inner_texts()
    assert balances == total  # the Total row is the balances at the top
