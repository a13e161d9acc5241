"""History on a 360×740 phone, played as a table would: rounds tapped in on the one-phone page
by Ana's phone, one deleted, the history read, the deleted round restored and the restore
undone; offline, a tap on Undo says plainly that nothing was sent; and three phones at once
(each its own seat) each named in the history by its player."""

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


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"history-{name}.png"), full_page=True)


def _choose(page, server, token, name: str) -> None:
    page.goto(f"{server}/s/{token}")
    page.locator("#whose button", has_text=name).first.tap()
    page.locator('#whose button[aria-pressed="true"]', has_text=name).wait_for()


def _rounds(page, server, token) -> int:
    return page.request.get(f"{server}/api/sessions/{token}").json()["round_count"]


@pytest.mark.slow
def test_a_deleted_round_comes_back_from_the_history_and_undo_takes_it_back(browser, server):
    page = one_phone(browser)
    token = new_session(page, server)
    _choose(page, server, token, "Ana")
    tap_a_round(page, server, token)
    tap_a_round(page, server, token)
    # round 1 deleted on its page
    page.goto(f"{server}/s/{token}/rounds/1/delete")
    page.get_by_role("button", name="Delete round 1").tap()
    page.wait_for_url(f"{server}/s/{token}")
    assert _rounds(page, server, token) == 1
    page.locator("#session-history").tap()
    page.wait_for_url(f"{server}/s/{token}/history")
    lines = [" ".join(t.split()) for t in page.locator("ol.history > li summary").all_inner_texts()]
    assert lines[0].startswith("Round 1 deleted on Ana's phone")
    assert any(line.startswith("Round 2 saved on Ana's phone") for line in lines)
    assert page.evaluate(CHECK_LAYOUT) == []
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    page.locator("ol.history > li summary").first.tap()  # opens to the cards it had
    assert page.locator("ol.history > li").first.locator(".card").count() >= 9
    _shot(page, "deleted")
    restore = page.get_by_role("button", name="Restore round 1")
    assert restore.bounding_box()["height"] >= 44  # a thumb's target
    with page.expect_navigation():
        restore.tap()
    assert "Round 1 is back." in page.locator(".flash").inner_text()
    assert _rounds(page, server, token) == 2
    _shot(page, "restored")
    # offline: Undo says nothing was sent, and nothing changed
    page.context.set_offline(True)
    page.get_by_role("button", name="Undo").tap()
    said = page.locator("#history-said")
    said.wait_for(state="visible")
    assert "nothing was sent" in said.inner_text()
    assert page.url == f"{server}/s/{token}/history"
    _shot(page, "offline")
    page.context.set_offline(False)
    assert _rounds(page, server, token) == 2
    with page.expect_navigation():
        page.get_by_role("button", name="Undo").tap()
    assert _rounds(page, server, token) == 1
    first = " ".join(page.locator("ol.history > li summary").first.inner_text().split())
    assert first.startswith("Undone: Round 1 brought back on Ana's phone")
    # a reload shows the same history: nothing was lost or doubled
    page.reload()
    assert " ".join(page.locator("ol.history > li summary").first.inner_text().split()) == first
    assert page.js_errors == []
    close(page.context)


@pytest.mark.slow
def test_three_phones_each_named_by_its_player(browser, server, phones):
    token = new_session(phones[0], server)
    for page, name in zip(phones, ("Ana", "Ben", "Cris"), strict=True):
        _choose(page, server, token, name)
    # each phone saves a round through its one-phone page, the three at once
    for page in phones:
        page.goto(f"{server}/s/{token}/rounds/new")
    for page in phones:
        tap_a_round(page, server, token)
    phones[1].goto(f"{server}/s/{token}/history")
    texts = phones[1].locator("ol.history > li summary").all_inner_texts()
    lines = [" ".join(text.split()) for text in texts]
    # the three saved in whatever order the server took them, each by its own phone
    who = sorted(re.search(r"saved on (.+?) ·", line).group(1) for line in lines[:3])
    assert who == ["Ana's phone", "Ben's phone", "Cris's phone"], lines
    assert sorted(re.match(r"Round (\d) saved", line).group(1) for line in lines[:3]) == list("123")
    assert _rounds(phones[0], server, token) == 3
    _shot(phones[1], "three-phones")
