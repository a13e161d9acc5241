"""Undo right after a save, on a 360×740 phone: a round tapped in on the one-phone page, the
session page's Undo under it (a thumb's target, the seconds left counting down) takes it back
and the balances are as before; left alone, the offer goes after its seconds; another phone's
round saved in between makes Undo refuse, saying what came after."""

from __future__ import annotations

import os
import re

import pytest

from tests.support.browser import CHECK_LAYOUT, close
from tests.support.entry import new_session, one_phone, tap_a_round

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("TRACKER_SCREENSHOTS", "")

DRAW = {
    "ending": "draw",
    "declarer": 0,
    "hands": [
        {"melds": [["7S", "7D", "7C"]], "hand": ["2C", "3D"]},
        {"melds": [["5H", "6H", "7H", "8H"]], "hand": ["KD"], "challenged": True},
        {"melds": [], "hand": ["AS", "AD", "9C"]},
    ],
}


def _balances(page, server, token) -> dict:
    return page.request.get(f"{server}/api/sessions/{token}").json()["balances"]


def test_undo_under_the_saved_round_takes_it_back(page, server):
    token = new_session(page, server)
    tap_a_round(page, server, token)
    before = _balances(page, server, token)
    tap_a_round(page, server, token)
    assert _balances(page, server, token) != before
    undo = page.get_by_role("button", name=re.compile(r"^Undo round 2"))
    undo.wait_for()
    assert undo.bounding_box()["height"] >= 44
    seen = "b => [...b.children].filter(c => c.getBoundingClientRect().width > 1)"
    assert undo.evaluate(seen + ".map(c => c.textContent).join('')") == "Undo"
    named = undo.evaluate("b => b.textContent")  # heard: which round, and the seconds left
    assert re.fullmatch(r"UndoUndo round 2· (10|9)", named), named
    beside = page.locator("#saved-round").bounding_box()  # on the saved round's line
    assert abs(undo.bounding_box()["y"] + 22 - (beside["y"] + beside["height"] / 2)) < 12
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "undo-saved.png"))
    assert page.locator("#undo-saved [data-bar]").is_visible()  # the bar shrinking
    assert page.evaluate(CHECK_LAYOUT) == []
    with page.expect_navigation():
        undo.tap()
    page.wait_for_url(f"{server}/s/{token}")
    page.locator(".flash", has_text="Round 2 undone: it is deleted").wait_for()
    assert _balances(page, server, token) == before
    assert page.locator("#undo-saved").count() == 0
    assert page.locator("#enter-round", has_text="Enter round 2").is_visible()


@pytest.mark.slow  # still about 5 s: a round tapped in, and the page's clock run on
def test_the_offer_goes_after_its_seconds(page, server):
    page.clock.install()  # the page's clock, flowing as the real one till it is moved on
    token = new_session(page, server)
    tap_a_round(page, server, token)
    form = page.locator("#undo-saved")
    form.wait_for()
    page.wait_for_function(
        "() => /· (9|10)$/.test(document.querySelector('#undo-saved button').textContent)"
    )
    page.clock.run_for(2500)
    page.wait_for_function(
        "() => /· [1-8]$/.test(document.querySelector('#undo-saved button').textContent)"
    )  # counting down
    assert form.is_visible()
    page.clock.fast_forward(9000)  # the phone put down for its last seconds
    form.wait_for(state="hidden", timeout=2000)
    page.locator("#saved-round", has_text="Round 1:").wait_for()  # what was saved stays said
    page.reload()
    assert page.locator("#undo-saved").count() == 0  # and a reload offers nothing
    assert len(page.request.get(f"{server}/api/sessions/{token}").json()["rounds"]) == 1


def test_another_phone_saving_in_between_refuses_the_undo(page, browser, server):
    token = new_session(page, server)
    tap_a_round(page, server, token)
    undo = page.get_by_role("button", name=re.compile(r"^Undo round 1"))
    undo.wait_for()
    ben = one_phone(browser)  # another phone at the table saves round 2 meanwhile
    try:
        saved = ben.request.post(f"{server}/api/sessions/{token}/rounds", data=DRAW)
        assert saved.status == 201, saved.text()
    finally:
        close(ben.context)
    with page.expect_navigation():
        undo.tap()
    said = page.get_by_role("alert").filter(has_text="Round 1 was not undone")
    said.wait_for()
    assert "Round 2 saved" in said.inner_text()
    assert "only the last change can be undone" in said.inner_text()
    assert len(page.request.get(f"{server}/api/sessions/{token}").json()["rounds"]) == 2
