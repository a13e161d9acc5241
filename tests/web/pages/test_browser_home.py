"""the home page is private to each phone. Three phones at 360x740 (a browser context
each: their own cookies, as three devices): the phone that starts a session lists it at home;
another phone's home does not, until it opens the session from its pasted link (or the bare
code); a link to no session keeps what was typed and says so; and a phone that never opened
anything is told how to get a session."""

from __future__ import annotations

import os
import re

import pytest

from tests.support.browser import CHECK_LAYOUT
from tests.support.picker import start_session

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("TRACKER_SCREENSHOTS", "")
NAMES = ("Dina", "Eli", "Fe")
LISTED = " · ".join(NAMES)


def listed_at_home(page, server) -> list[str]:
    page.goto(server + "/")
    return page.locator("ul.sessions .names").all_inner_texts()


def open_from_home(page, server, typed: str) -> None:
    page.goto(server + "/")
    page.fill("#link", typed)
    page.get_by_role("button", name="Open").tap()


@pytest.mark.slow
def test_each_phone_lists_only_the_sessions_it_started_or_opened(phones, server):
    owner, guest, stranger = phones
    token = start_session(owner, server, NAMES)
    assert LISTED in listed_at_home(owner, server)
    assert owner.evaluate(CHECK_LAYOUT) == []
    if SHOTS:
        owner.screenshot(path=os.path.join(SHOTS, "home-owner.png"), full_page=True)

    assert LISTED not in listed_at_home(guest, server)  # the link was never given to it
    open_from_home(guest, server, f"  {server}/s/{token}?new=1  ")  # pasted with stray spaces
    guest.wait_for_url(f"{server}/s/{token}")
    assert LISTED in listed_at_home(guest, server)

    assert listed_at_home(stranger, server) == []
    assert "No sessions yet on this phone" in stranger.inner_text("main")
    wrong = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    open_from_home(stranger, server, wrong)
    stranger.wait_for_url(re.compile(r"/open\?link="))
    assert stranger.input_value("#link") == wrong  # what was typed is kept
    assert stranger.locator("#link").get_attribute("aria-invalid") == "true"
    assert "session" in stranger.locator("#err-link").inner_text().lower()
    assert listed_at_home(stranger, server) == []  # nothing opened, nothing listed
    open_from_home(stranger, server, token)  # the bare code works too
    stranger.wait_for_url(f"{server}/s/{token}")
    assert LISTED in listed_at_home(stranger, server)
    if SHOTS:
        stranger.screenshot(path=os.path.join(SHOTS, "home-stranger.png"), full_page=True)
