"""The ledger on a 360×740 phone: balances up to ₱99,999.99 on one line, no sideways scroll;
after saving a round the page shows its top; Back after saving shows the next dealer."""

from __future__ import annotations

import os
import re

import pytest

from tests.support.browser import CHECK_LAYOUT

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
    page.screenshot(path=f"{SHOTS or '/tmp'}/balances-{shown[0][2:]}.png", full_page=True)
    context.close()
