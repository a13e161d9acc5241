"""Two phones at 360x740 both enter round 1 on the one-phone page, as a table does when two
players each reach for their phone: the first Confirm saves it; the second phone's Confirm
lands on the ledger saying which round the other phone saved, and nothing is saved twice.
The second phone does not hear the shared draft (its reads of it are lost on the way), so it
still shows the round when the first saves it: a page that hears it shows the round saved
(tests/web/draft/test_browser_cleared_stays_cleared.py)."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.entry import KEPT, SAVE_READY, SETTLED, TYPICAL, OneScreen, new_session

pytestmark = [pytest.mark.browser, pytest.mark.races]

SHOTS = os.environ.get("TRACKER_SCREENSHOTS")


def opened(page, server: str, token: str) -> None:
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_function(SETTLED)


def entered(page) -> OneScreen:
    screen = OneScreen(page)
    screen.ending("Talon out")
    screen.play(TYPICAL)
    page.wait_for_function(SAVE_READY)
    # its taps kept in the draft: no keep put off fires later, to hear from the server that
    # the round was saved meanwhile (tests/web/draft/test_browser_cleared_stays_cleared.py
    # holds that way of hearing it)
    page.wait_for_function(KEPT)
    return screen


@pytest.mark.slow
def test_two_phones_confirming_the_same_round_save_it_once(phones, server):
    ana, ben = phones[0], phones[1]
    token = new_session(ana, server)
    opened(ana, server, token)
    ben.route(re.compile(r"/api/sessions/[^/]+/draft$"), lambda route: route.abort())
    opened(ben, server, token)  # both phones opened round 1 before either entered a card
    first, second = entered(ana), entered(ben)
    first.confirm()
    ana.wait_for_url(f"{server}/s/{token}")
    second.confirm()
    try:
        ben.wait_for_url(f"{server}/s/{token}")
    except PlaywrightTimeout:
        # seldom, on a busy machine, the second phone is shown its round to review again
        # instead (a race not pinned down yet): nothing is saved by it either
        assert ben.url.endswith("/rounds/new"), ben.url
    else:
        told = ben.locator(".flash").first.inner_text()
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            ben.screenshot(path=f"{SHOTS}/entered-twice-told.png")
        assert told.startswith("Round 1 was just saved on another phone: ")
        assert told.endswith("Nothing more was saved.")
    rounds = ana.request.get(f"{server}/api/sessions/{token}").json()["rounds"]
    assert len(rounds) == 1
