"""A payment of more than is owed asks first, in Chromium at 360x740 (web/barkada/
money_forms.py): the question with Record anyway and Change the amount, the typed amount kept;
Change the amount goes back to the form with it; Record anyway, even tapped twice, records one
payment."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import CHECK_LAYOUT
from tests.support.entry import one_phone
from tests.support.records import TALON

pytestmark = pytest.mark.browser


def _api(page, method, url, data=None):
    answer = page.request.fetch(url, method=method, data=data)
    assert answer.ok, answer.text()
    return answer.json()


def test_more_than_owed_asks_and_record_anyway_records_once(browser, server):
    page = one_phone(browser)
    group = _api(
        page,
        "POST",
        f"{server}/api/groups",
        {"name": "Friday barkada", "members": ["Ana", "Ben", "Cris"]},
    )["id"]
    data = {"players": ["Ana", "Ben", "Cris"], "group": group}
    session = _api(page, "POST", f"{server}/api/sessions", data)["id"]
    _api(page, "POST", f"{server}/api/sessions/{session}/rounds", TALON)
    _api(page, "POST", f"{server}/api/sessions/{session}/settle")  # Ben owes Cris 29.00

    def layout_ok():
        assert page.evaluate(CHECK_LAYOUT) == [], page.url

    page.goto(f"{server}/g/{group}/pay")
    page.select_option("#from", label="Ben")
    page.select_option("#to", label="Cris")
    page.fill("#amount", "100")
    with page.expect_navigation():
        page.locator("#pay-form").get_by_role("button", name="Bayad na").tap()
    asked = page.locator("#confirm-over")
    assert "Ben owes Cris only ₱29.00; record ₱100.00 anyway?" in asked.inner_text()
    anyway = asked.get_by_role("button", name="Record anyway")
    change = asked.get_by_role("link", name="Change the amount")
    assert anyway.is_visible() and change.is_visible()
    assert page.input_value("#amount") == "100"
    layout_ok()
    for target in (anyway, change):
        box = target.bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360, box
    page.screenshot(path="/tmp/join-overpay-asked.png", full_page=True)
    assert _api(page, "GET", f"{server}/api/groups/{group}")["payments"] == []

    change.tap()  # back to the form, the amount still there
    page.wait_for_url(re.compile(r"#amount$"))
    assert page.input_value("#amount") == "100"
    assert page.input_value("#from") == "Ben" and page.input_value("#to") == "Cris"
    assert _api(page, "GET", f"{server}/api/groups/{group}")["payments"] == []

    anyway.dblclick()  # tapped twice: the second send may abort the first page's load
    page.wait_for_url(re.compile(rf"/g/{group}\?paid="))
    assert "Ben paid Cris ₱100.00" in page.locator("#payments").inner_text()
    paid = _api(page, "GET", f"{server}/api/groups/{group}")["payments"]
    assert [(p["from"], p["to"], p["amount"]) for p in paid] == [("Ben", "Cris", "100.00")]
    page.screenshot(path="/tmp/join-overpay-done.png", full_page=True)
    errors = page.js_errors
    page.context.close()
    assert errors == []
