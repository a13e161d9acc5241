"""The ledger on a 360×740 phone: balances up to ₱99,999.99 on one line, no sideways scroll;
after saving a round the page shows its top; Back after saving shows the next dealer."""

from __future__ import annotations

import os
import re

import pytest

from tests.support.browser import CHECK_LAYOUT
from tests.support.entry import SAVE_READY, words
from tests.support.picker import Taps, enter_round, start_session

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}
SHOTS = os.environ.get("TRACKER_SCREENSHOTS", "")  # a folder for screenshots, when set

# Ana goes Tongits: Ben keeps KS QH (20), Cris 2C 3D (5, sunog).
TONGITS = {
    "ending": "tongits",
    "declarer": 0,
    "hands": [
        {"melds": [["7S", "7D", "7C"], ["2H", "3H", "4H"]], "hand": []},
        {"melds": [["9S", "9D", "9C"]], "hand": ["KS", "QH"]},
        {"melds": [], "hand": ["2C", "3D"]},
    ],
}


def api_session(page, server, names, stake, point_rate) -> str:
    rules = {"preset": "classic", "stake": stake, "point_rate": point_rate}
    answer = page.request.post(
        f"{server}/api/sessions", data={"players": list(names), "dealer": 0, "rules": rules}
    )
    assert answer.status == 201, answer.text()
    token = answer.json()["id"]
    saved = page.request.post(f"{server}/api/sessions/{token}/rounds", data=TONGITS)
    assert saved.status == 201, saved.text()
    return token


# Each pays stake + points × rate: (stake, rate) → the balances shown.
BIG = [
    (("49999.87", "0.01"), ["+₱99,999.99", "−₱50,000.07", "−₱49,999.92"]),
    (("1234.30", "0.01"), ["+₱2,468.85", "−₱1,234.50", "−₱1,234.35"]),
    (("69.50", "1"), ["+₱164.00", "−₱89.50", "−₱74.50"]),
]

ONE_LINE = """(box) => {
  const range = document.createRange();
  range.selectNodeContents(box);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  const style = getComputedStyle(box);
  return {lines: tops.size, height: box.getBoundingClientRect().height,
          line: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.45,
          fits: box.scrollWidth <= box.clientWidth + 0.5};
}"""


@pytest.mark.parametrize("money,shown", BIG, ids=["99999.99", "1234.50", "164.00"])
def test_balances_stay_on_one_line_at_360px(browser, server, money, shown):
    context = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True)
    page = context.new_page()
    token = api_session(page, server, ("Ñoño Dela Cruz", "Ma. Luz Bañez", "Cris"), *money)
    page.goto(f"{server}/s/{token}")
    amounts = page.locator(".balances .amt")
    assert [text.strip() for text in amounts.all_inner_texts()] == shown
    for box in amounts.all() + [page.locator(".round summary .amt").first]:
        measured = box.evaluate(ONE_LINE)
        assert measured["lines"] == 1, (box.inner_text(), measured)
        assert measured["height"] <= measured["line"] * 1.2, (box.inner_text(), measured)
        assert measured["fits"], (box.inner_text(), measured)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    assert page.evaluate(CHECK_LAYOUT) == []
    # the round's verdict and the settle-up page: every amount on one line too
    page.locator(".round summary").first.tap()
    nets = page.locator(".round .verdict td.plus, .round .verdict td.minus")
    settle = context.new_page()
    settle.goto(f"{server}/s/{token}/settle")
    finals = settle.locator("td.plus, td.minus")
    assert nets.count() == 3 and finals.count() == 3
    for cell in nets.all() + finals.all():
        assert cell.evaluate(ONE_LINE)["lines"] == 1, cell.inner_text()
    for shown_page in (page, settle):
        assert shown_page.evaluate(CHECK_LAYOUT) == []
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/balances-{shown[0][2:]}.png", full_page=True)
    context.close()


# -- after saving a round ---------------------------------------------------------------------

ROUND = [(["9S 9D 9C"], "2C"), (["5H 6H 7H", "JS JD JC"], ""), ([], "AS KD")]


def test_back_after_saving_shows_the_next_dealer(browser, server):
    context = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True)
    page = context.new_page()
    token = start_session(page, server, ("Gem", "Hal", "Ivo"))
    opened = page.goto(f"{server}/s/{token}/rounds/new")
    assert opened.headers["cache-control"] == "no-store"
    assert page.input_value("#dealer") == "0"
    enter_round(page, Taps(page), "tongits", "1", ROUND)
    assert "Gem deals next" not in page.locator(".facts").inner_text()
    page.go_back(wait_until="commit")
    page.wait_for_url(re.compile(r"/rounds/new$"))
    page.wait_for_load_state()
    assert words(page.locator("h1")) == "Round 2 · Hal deals"
    assert page.input_value("#dealer") == "1"  # not the browser's copy of round 1's form
    assert [
        page.input_value(f"#{field}_{seat}") for field in ("melds", "hand") for seat in range(3)
    ] == [""] * 6
    assert not page.locator("input[name=ending]:checked").count()
    context.close()


IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0
    && box.right <= window.innerWidth;
}"""


@pytest.mark.slow
def test_saving_a_round_shows_the_top_of_the_session_page(browser, server):
    context = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True)
    page = context.new_page()
    token = start_session(page, server, ("Jo", "Kai", "Lu"))
    for number in (1, 2):
        page.get_by_role("link", name=f"+ Enter round {number}").tap()
        enter_round(page, Taps(page), "tongits", "1", ROUND)
        assert page.url == f"{server}/s/{token}"  # no #fragment to scroll to
        page.wait_for_load_state()
        assert page.evaluate("window.scrollY") == 0
        for selector in (".balances", "#enter-round"):
            assert page.evaluate(IN_VIEW, selector), selector
        # one box says what was saved, with its Undo beside it
        assert page.locator("#saved-box #saved-round").inner_text().startswith(f"Round {number}:")
        assert page.locator("#saved-box #undo-saved").is_visible()
        assert f"Round {number} saved." not in page.locator("main").inner_text()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/after-save.png")
    # an edit lands on the round it changed
    page.goto(f"{server}/s/{token}/rounds/1/edit")
    page.locator(".livebar .bar-main", has_text="Review ▸").tap()  # the stored round, checked
    page.wait_for_function(SAVE_READY)
    page.locator("#save").tap()
    page.wait_for_url(f"{server}/s/{token}#round-1")
    context.close()
