"""The session page's live update asks cheaply: static/live.js sends If-None-Match
with the ETag of the revision it shows, the server answers 304 while nothing changed, and a
round saved on another device still reaches the page without a reload. The page's clock is
Playwright's: its polls every 3 s come as fast as the server answers them."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.support.browser import SEAT_PHONE
from tests.support.records import DRAW, PLAYERS

pytestmark = pytest.mark.browser


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        assert response.status == 201
        return json.loads(response.read())


@pytest.mark.slow
def test_the_revision_poll_is_304_until_another_device_saves(browser, server):
    token = post(f"{server}/api/sessions", {"players": PLAYERS})["id"]
    context = browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors, polls = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda r: (
            polls.append((r.status, r.request.headers.get("if-none-match")))
            if r.url.endswith(f"/api/sessions/{token}/revision")
            else None
        ),
    )
    page.clock.install()
    page.goto(f"{server}/s/{token}")
    assert "No rounds yet" in page.locator(".rounds").inner_text()
    wait_for(page, lambda: sum(status == 304 for status, _ in polls) >= 2)
    # the first poll learns the ETag; the next ones name it and get 304, no body
    first = revision_tag(server, token)
    assert polls[0] == (200, None), polls
    assert all(poll == (304, first) for poll in polls[1:]), polls
    seen = len(polls)
    post(f"{server}/api/sessions/{token}/rounds", DRAW)  # the second device saves a round
    wait_for(page, lambda: "round 2" in page.locator("#enter-round").text_content())
    assert "No rounds yet" not in page.locator(".rounds").inner_text()
    assert polls[seen] == (200, first), polls  # the new revision came in full
    later, then = len(polls), revision_tag(server, token)
    wait_for(page, lambda: len(polls) >= later + 2)
    assert all(poll == (304, then) for poll in polls[later:]), polls  # and is named from then on
    context.close()
    assert errors == [], errors


def revision_tag(server: str, token: str) -> str:
    with urllib.request.urlopen(f"{server}/api/sessions/{token}/revision", timeout=20) as answer:
        return answer.headers["ETag"]


def wait_for(page, done, seconds: int = 15) -> None:
    """Until `done()`, the page's clock run on by a quarter second at a time (up to `seconds`),
    a moment apart for its polls' answers to arrive."""
    for _ in range(seconds * 4):
        if done():
            return
        page.clock.run_for(250)
        page.wait_for_timeout(40)
    raise AssertionError("the page did not poll as expected")
