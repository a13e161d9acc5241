"""A session added to a barkada later, in Chromium at 360x740 (web/barkada/join_page.py): a
phone that opened the group's link taps "Add to a barkada" on its session, chooses the group,
names each seat (the same name by default, another member, a new one), gives the PIN; the
session page then links to the group, whose balances count the session once settled. A
member at two seats is said and what was typed is kept; the page reads in Filipino too."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from tests.support.browser import CHECK_LAYOUT
from tests.support.entry import one_phone
from tests.support.records import TALON

pytestmark = pytest.mark.browser
SHOTS = "/tmp"


def _api(page, method, url, data=None):
    answer = page.request.fetch(url, method=method, data=data)
    assert answer.ok, answer.text()
    return answer.json()


def _seat_value(page, seat):
    return page.eval_on_selector(f"#seat_{seat}", "(s) => s.options[s.selectedIndex].text")


def test_a_session_is_added_to_a_pinned_group_from_its_page(browser, server):
    maker = one_phone(browser)  # another phone made the group, with a PIN
    group = _api(
        maker,
        "POST",
        f"{server}/api/groups",
        {"name": "Friday barkada", "members": ["Ana", "Ben", "Cris"], "pin": "2468"},
    )["id"]
    maker.context.close()
    page = one_phone(browser)

    def layout_ok():
        assert page.evaluate(CHECK_LAYOUT) == [], page.url

    page.goto(f"{server}/g/{group}")  # this phone knows the group: it opened its link
    session = _api(page, "POST", f"{server}/api/sessions", {"players": ["Ana", "Benny", "Dan"]})
    session = session["id"]
    _api(page, "POST", f"{server}/api/sessions/{session}/rounds", TALON)

    page.goto(f"{server}/s/{session}")
    page.locator("#add-to-group").tap()
    page.wait_for_url(re.compile(rf"/g/join/{session}$"))
    layout_ok()
    page.locator("#known-groups").get_by_role("link", name="Friday barkada").tap()
    page.wait_for_url(re.compile(rf"/g/join/{session}\?group={group}"))
    layout_ok()
    # the same name by default; no member is called Benny or Dan
    assert _seat_value(page, 0) == "Ana"
    assert _seat_value(page, 2) == "A new member:"
    assert page.locator("#pin").is_visible()
    page.screenshot(path=f"{SHOTS}/join-form.png", full_page=True)

    # Filipino through the page's language switch, then back
    page.locator('.lang-switch[hreflang="fil"]').tap()
    page.wait_for_url(re.compile(r"lang=fil"))
    main = page.inner_text("main")
    for words in (
        "Isama sa barkada",
        "Sino ang bawat player sa",
        "Bagong miyembro:",
        "PIN ng barkada",
        "Isama sa Friday barkada",
    ):
        assert words in main, words
    layout_ok()
    page.screenshot(path=f"{SHOTS}/join-fil.png", full_page=True)
    page.locator('.lang-switch[hreflang="en"]').tap()
    page.wait_for_url(re.compile(r"lang=en"))

    # Ana at two seats: said at the seat, nothing stored, what was typed kept
    page.select_option("#seat_1", label="Ana")
    page.fill("#new_2", "Danilo")
    page.fill("#pin", "2468")
    with page.expect_navigation():
        page.get_by_role("button", name="Add to Friday barkada").tap()
    assert "Ana is chosen for both Ana and Benny: one seat each" in page.inner_text("main")
    assert _seat_value(page, 1) == "Ana" and _seat_value(page, 2) == "A new member:"
    assert page.input_value("#new_2") == "Danilo"
    layout_ok()
    page.screenshot(path=f"{SHOTS}/join-twice.png", full_page=True)
    assert _api(page, "GET", f"{server}/api/groups/{group}")["sessions"] == []

    page.select_option("#seat_1", label="Ben")
    if page.input_value("#pin") == "":
        page.fill("#pin", "2468")
    with page.expect_navigation():
        page.get_by_role("button", name="Add to Friday barkada").tap()
    assert re.search(rf"/s/{session}$", page.url), page.url
    assert "This session is now in Friday barkada." in page.inner_text("main")
    assert page.locator("#add-to-group").count() == 0
    link = page.locator("#session-group")
    assert link.get_attribute("href").endswith(f"/g/{group}")
    layout_ok()
    page.screenshot(path=f"{SHOTS}/join-done.png", full_page=True)

    # settled, the session counts in the group: its ledger's balances, seat by seat
    _api(page, "POST", f"{server}/api/sessions/{session}/settle")
    ledger = _api(page, "GET", f"{server}/api/sessions/{session}")["balances"]
    member = {"Ana": "Ana", "Benny": "Ben", "Dan": "Danilo"}
    link.tap()
    page.wait_for_url(re.compile(rf"/g/{group}"))
    rows = page.locator("#balances tr")
    shown = {
        rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").inner_text()
        for i in range(rows.count())
    }
    wanted = {member[name]: Decimal(amount) for name, amount in ledger.items()}
    assert set(shown) == {"Ana", "Ben", "Cris", "Danilo"}, shown
    for name, amount in shown.items():
        digits = Decimal(re.sub(r"[^\d.]", "", amount))
        sign = -1 if amount.strip().startswith(("−", "-")) else 1
        assert sign * digits == wanted.get(name, Decimal("0")), (name, amount)
    assert any(amount != 0 for amount in wanted.values())
    layout_ok()
    page.screenshot(path=f"{SHOTS}/join-group.png", full_page=True)
    errors = page.js_errors
    page.context.close()
    assert errors == []
