"""A phone made ready to work offline, as a player does it, and what the offline browser tests
share: phones of their own, the network taken and given back, a round tapped and confirmed
(used by the browser tests and by benchmarks/offline_outbox.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import SEAT_PHONE, close
from tests.support.entry import TYPICAL, OneScreen
from tracker.web.pages.offline_engine import pyodide_version

# The marks of a test file that drives the phone's offline work
OFFLINE_TESTS = [
    pytest.mark.browser,
    pytest.mark.slow,  # Pyodide booted in the phone
    pytest.mark.timeout(900),
    pytest.mark.skipif(pyodide_version() is None, reason="no Pyodide: scripts/setup.sh test"),
]
# Three rounds a table plays, each ended by the talon running out
ROUNDS = [
    TYPICAL,
    [(["2S 3S 4S"], "5D 6C"), (["8H 8D 8C"], "KS KD QC"), (["JH QH KH"], "9S 10C")],
    [(["AH AD AC"], "2D"), (["5S 6S 7S"], "9H 10H"), ([], "3C 4D 8S JD")],
]

# The session's snapshot kept in IndexedDB and its one-phone page in the service worker's cache.
KEPT = (
    "async t => !!(await (await import('/static/outbox.js')).state(t)) &&"
    " !!(await (await caches.open('pages')).match('/s/' + t + '/rounds/new'))"
)


def ready_offline(page, server: str, token: str, ready_ms: int = 180_000) -> None:
    """Open the session, take the offer, wait till the engine and the session are kept."""
    page.goto(f"{server}/s/{token}")
    offer = page.get_by_role("button", name=re.compile("^Keep working offline"))
    offer.wait_for()
    assert re.search(r"· \d+\.\d MB$", offer.inner_text())  # its size, before it is taken
    offer.tap()
    page.locator("#offline-state", has_text="Ready to work offline").wait_for(timeout=ready_ms)
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    page.reload()  # controlled now: the session and its round entry are kept
    page.wait_for_function(KEPT, arg=token, timeout=60_000)
    page.locator("#offline-state", has_text="Ready to work offline").wait_for(timeout=ready_ms)


@pytest.fixture
def table(browser):
    """Phones of their own (cookies, caches, IndexedDB and service worker each)."""
    made = []

    def phone():
        context = browser.new_context(
            viewport=SEAT_PHONE, has_touch=True, is_mobile=True, service_workers="allow"
        )
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda error: page.js_errors.append(str(error)))
        page.set_default_timeout(20_000)
        made.append(page)
        return page

    yield phone
    errors = [e for page in made for e in page.js_errors]
    for page in made:
        close(page.context)
    assert errors == [], errors


def offline(page, off: bool) -> None:
    """The network gone (or back) for the phone's pages and its service worker alike."""
    page.context.set_offline(off)
    page.wait_for_function(f"() => navigator.onLine === {'false' if off else 'true'}")


def enter(page, server: str, token: str, hands, shot=None) -> str:
    """One round tapped and confirmed on the one-phone page; the live bar's words before (and
    a screenshot of the review at `shot`)."""
    page.goto(f"{server}/s/{token}/rounds/new")
    screen = OneScreen(page)
    screen.ending("Talon out")
    screen.play(hands)
    bar = page.locator(".livebar .bar-main")
    page.wait_for_function(
        "() => document.querySelector('.livebar .bar-main').textContent.includes('Review')"
    )
    said = bar.inner_text()
    if shot:
        page.screenshot(path=str(shot))
    screen.confirm()
    page.wait_for_url(f"{server}/s/{token}")
    assert screen.problems() == []
    return said


def waiting(page, said: str) -> None:
    """The page says how many rounds wait to be sent ("" : it says nothing)."""
    count = page.locator("#outbox-count")
    if said:  # "1 round not sent yet · since 20:15"
        expect(count).to_have_text(re.compile("^" + re.escape(said) + " · since \\d"))
    else:
        expect(count).to_be_hidden()


def server_session(page, server: str, token: str) -> dict:
    answer = page.request.get(f"{server}/api/sessions/{token}")
    assert answer.ok, answer.text()
    return answer.json()
