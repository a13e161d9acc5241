"""The pages on a stream through a real Pushpin, in Debian's Chromium at 360x740: the session
page hears of a round saved on another phone without polling for it, a seat phone sees another
seat's tap the same way, with Pushpin stopped and started again the page falls back to
polling, comes back to its stream and misses nothing, and a stream gone silent is opened
again."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from tests.support.entry import one_phone
from tests.support.records import PLAYERS, TALON
from tests.support.silent_relay import SilentRelay

pytestmark = pytest.mark.browser


def post(url: str, body: dict, method: str = "POST") -> None:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method=method
    )
    urllib.request.urlopen(request, timeout=10).close()


def new_session(base: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/sessions",
        json.dumps({"players": PLAYERS}).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["id"]


@pytest.fixture
def phones(browser):
    made = []

    def make():
        page = one_phone(browser)
        page.polls = []  # the polls this phone made: the revision's, the draft's
        page.on(
            "request",
            lambda r: page.polls.append(r.url) if "/revision" in r.url or "/draft" in r.url else 0,
        )
        made.append(page)
        return page

    yield make
    for page in made:
        errors = page.js_errors
        page.context.close()
        assert errors == [], errors


def live(page) -> None:
    """Wait until the page's stream is open (static/stream.js marks <html data-stream>)."""
    page.locator("html[data-stream=live]").wait_for(state="attached", timeout=10000)


def revision_polls(page) -> int:
    return sum("/revision" in url for url in page.polls)


def test_the_session_page_hears_of_a_saved_round_without_polling(pushed, phones):
    token = new_session(pushed.url)
    page = phones()
    page.goto(f"{pushed.url}/s/{token}")
    live(page)
    before = revision_polls(page)  # a page shown polls once (visibilitychange)
    page.wait_for_timeout(4000)  # longer than the 3 s poll: none may go out while live
    assert revision_polls(page) == before
    started = time.monotonic()
    post(f"{pushed.url}/api/sessions/{token}/rounds", TALON)  # another phone saves
    page.locator("#round-1").wait_for(timeout=3000)
    assert time.monotonic() - started < 2.5
    assert revision_polls(page) == before + 1  # the one read the stream's event asked for


def test_a_round_saved_while_the_page_reads_the_one_before_is_shown_too(pushed, phones):
    """Rounds saved in quick succession (a busy server, two tables' phones): the event of the
    second arrives while the page is still reading the first's ledger. The page reads again
    once that read ends; it does not wait for the next change to show the second."""
    token = new_session(pushed.url)
    page = phones()
    page.goto(f"{pushed.url}/s/{token}")
    live(page)
    held = []

    def read_then_save_again(route):
        answer = route.fetch()  # the ledger as of round 1
        if not held:
            held.append(route.request.url)
            post(f"{pushed.url}/api/sessions/{token}/rounds", TALON)  # round 2, meanwhile
            time.sleep(1)  # its event arrives while this read is under way
        route.fulfill(response=answer)

    page.route("**/ledger*", read_then_save_again)
    post(f"{pushed.url}/api/sessions/{token}/rounds", TALON)
    page.locator("#round-1").wait_for(timeout=3000)
    page.locator("#round-2").wait_for(timeout=3000)  # read again: no poll while the stream lives
    assert held


def test_a_seat_sees_another_seats_tap_from_the_stream(pushed, phones):
    """The event brings the draft: a seat page in English shows the tap without asking; one
    in Filipino (the event's draft is the English answer) reads the draft once."""
    token = new_session(pushed.url)
    seat, tagalog = phones(), phones()
    seat.goto(f"{pushed.url}/s/{token}/rounds/new?seat=0")
    tagalog.goto(f"{pushed.url}/s/{token}/rounds/new?seat=2&lang=fil")
    for page in (seat, tagalog):
        page.locator(".picker [data-card='7S']").wait_for()
        live(page)
    seat.wait_for_timeout(1000)  # the pages' first polls done
    before = len(seat.polls), len(tagalog.polls)
    post(f"{pushed.url}/api/sessions/{token}/draft/seats/1", {"melds": [], "hand": ["KD"]}, "PUT")
    for page in (seat, tagalog):
        page.locator(".seat-cell", has_text="1").first.wait_for(timeout=3000)  # Ben: 1 card
    assert len(seat.polls) == before[0]  # no read: the event carried the draft
    assert len(tagalog.polls) == before[1] + 1  # one read, in Filipino


def test_pushpin_away_and_back_the_page_falls_back_and_misses_nothing(pushed, phones):
    token = new_session(pushed.url)
    page = phones()
    page.goto(f"{pushed.url}/s/{token}")
    live(page)
    pushed.pushpin.stop()  # the page's stream drops; its polls fail too (all goes through it)
    post(f"{pushed.direct}/api/sessions/{token}/rounds", TALON)  # saved meanwhile elsewhere
    before = revision_polls(page)
    page.wait_for_timeout(3500)  # a poll tried, and failed
    assert revision_polls(page) > before  # it fell back to polling
    pushed.pushpin.start()
    page.locator("#round-1").wait_for(timeout=10000)  # back: the round saved meanwhile shows


def test_the_group_page_offers_a_reload_when_the_group_changed(pushed, phones):
    request = urllib.request.Request(
        f"{pushed.url}/api/groups",
        json.dumps({"name": "Biyernes", "members": [*PLAYERS, "Dina"]}).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        group = json.loads(answer.read())["id"]
    page = phones()
    page.goto(f"{pushed.url}/g/{group}")
    page.locator("html[data-stream=live]").wait_for(state="attached", timeout=10000)
    assert page.locator("#updated").is_hidden()
    post(f"{pushed.url}/api/groups/{group}/members", {"name": "Eli"})  # another phone
    page.locator("#updated").wait_for(timeout=3000)  # "Updated · Reload"
    with page.expect_navigation():
        page.locator("#updated").tap()
    page.locator("li", has_text="Eli").first.wait_for(state="attached")


def test_a_stream_gone_silent_is_opened_again(pushed, phones):
    """The stream's connection dies without a word (no close, no error: bytes stop both ways):
    the page hears neither the change nor Pushpin's `alive` every 20 s, and opens its stream
    again after 50 s of quiet (static/stream.js: QUIET), the missed round its first event.
    The page's clock is Playwright's: its timers run 40 s, then 20 s more, in no time."""
    relay = SilentRelay(pushed.pushpin.port)
    try:
        token = new_session(pushed.url)
        page, opens = phones(), []
        page.clock.install()
        page.on("request", lambda r: opens.append(r.url) if r.url.endswith("/events") else 0)
        page.goto(f"http://127.0.0.1:{relay.port}/s/{token}")
        live(page)
        assert relay.silence() == 1
        post(f"{pushed.url}/api/sessions/{token}/rounds", TALON)  # another phone saves
        page.wait_for_timeout(1000)
        page.clock.run_for(40000)  # two of Pushpin's `alive` missed: still quiet enough
        page.wait_for_timeout(1000)
        assert page.locator("#round-1").count() == 0  # not heard, and no poll: "live"
        assert len(opens) == 1
        page.clock.run_for(20000)  # 60 s without a word: the stream is dead, opened again
        page.locator("#round-1").wait_for(timeout=10000)
        assert len(opens) == 2
    finally:
        relay.close()
