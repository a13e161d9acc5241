"""A points-only round played in Debian's Chromium at 360x740 as a table would: the button on
the card page once round.js has taken over, the three deadwoods and a sunog, the live verdict,
Confirm, and the ledger the engine says, marked as not checked by the referee."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.entry import new_session
from tracker.engine import score_round

pytestmark = pytest.mark.browser

MARK = "points only · not checked by the referee"
NAMES = ["Ana", "Ben", "Cris"]


def expected(deadwoods) -> dict[str, Decimal]:
    """The balances the engine gives this draw (Ana called, Ben challenged, Cris sunog)."""
    seats = [{"deadwood": d} for d in deadwoods]
    seats[1]["challenged"] = True
    seats[2]["sunog"] = True
    record = {"players": NAMES, "rules": {"points_rounds": True}, "dealer": 0}
    record.update({"ending": "draw", "declarer": 0, "last_drawer": None, "points": seats})
    return {p["name"]: Decimal(p["net"]) for p in score_round(record).to_dict()["players"]}


def balances(page, server, token) -> dict[str, Decimal]:
    data = page.request.get(f"{server}/api/sessions/{token}").json()
    return {name: Decimal(amount) for name, amount in data["balances"].items()}


def test_a_points_round_from_the_card_page_to_the_ledger(page, server):
    token = new_session(page, server, rules={"points_rounds": True})
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_load_state("networkidle")
    page.screenshot(path="/tmp/points-card.png")
    button = page.locator("#to-points")
    assert button.is_visible()
    box = button.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    button.tap()
    page.wait_for_url(f"{server}/s/{token}/rounds/new?mode=points")
    page.locator("label[for=ending-draw]").tap()
    page.locator("label[for=declarer-0]").tap()
    for seat, points in enumerate(("5", "12", "30")):
        page.fill(f"#points_{seat}", points)
    page.locator("label[for=challenged_1]").tap()
    page.locator("label[for=sunog_2]").tap()
    page.screenshot(path="/tmp/points-entry.png", full_page=True)
    page.goto(page.url)  # nothing typed is lost: the numbers, the ending and the ticks come back
    assert [page.input_value(f"#points_{seat}") for seat in range(3)] == ["5", "12", "30"]
    assert page.is_checked("#ending-draw") and page.is_checked("#declarer-0")
    assert page.is_checked("#challenged_1") and page.is_checked("#sunog_2")
    page.wait_for_selector("#preview .verdict")
    assert "Ana wins" in page.locator("#preview").inner_text()
    page.screenshot(path="/tmp/points-verdict.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#save").tap()
    page.wait_for_url(f"{server}/s/{token}")
    assert MARK in page.locator(".rounds").inner_text()
    page.screenshot(path="/tmp/points-ledger.png", full_page=True)
    assert balances(page, server, token) == expected((5, 12, 30))

    # Edit: the same page with the round's numbers; one changed, saved, the ledger follows
    page.goto(f"{server}/s/{token}/rounds/1/edit")
    assert page.input_value("#points_1") == "12"
    page.fill("#points_1", "20")
    page.wait_for_selector("#preview .verdict >> text=Ben challenged with 20.")
    page.locator("#save").tap()
    page.wait_for_url(f"{server}/s/{token}#round-1")
    assert balances(page, server, token) == expected((5, 20, 30))
    assert MARK in page.locator(".rounds").inner_text()
