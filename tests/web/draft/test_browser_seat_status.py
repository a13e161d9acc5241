"""The seat page says what happened (one phone per seat, "every round safe"): offline and still
sending are said plainly, an Agree tapped offline is kept and sent when the network is back
(the round saved once), every phone then shows what was saved and each balance its change,
and the screen is kept on unless this phone turned that off. Three phones at 360x740."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.support import seats
from tests.support.browser import WAKE_LOCK

pytestmark = pytest.mark.browser


@pytest.mark.slow
def test_an_agree_tapped_offline_is_sent_when_the_network_is_back(phones, server):
    token = seats.agreed_on(phones, server, 0, 1)
    ana, ben, cris = phones
    ben.locator("[data-review-msg]", has_text="Waiting for Cris").wait_for()
    cris.context.set_offline(True)
    cris.locator("[data-bar]", has_text="Offline · your taps will be sent").wait_for()
    # offline, this phone does not claim to be waiting for the others
    assert "Waiting" not in cris.locator("[data-review-msg]").inner_text()
    seats.agree_button(cris).tap()
    cris.locator("[data-review-msg]", has_text="your Agree is kept").wait_for()
    assert seats.agree_button(cris).inner_text() == "Agree ✓ · waiting for the network"
    seats.shoot([cris], "offline-agree")
    ana.wait_for_timeout(1500)
    assert seats.session_json(ana, server, token)["rounds"] == []  # not sent yet, not dropped
    cris.context.set_offline(False)
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+\?saved=1$"))
        page.locator("#saved-round", has_text="Round 1: Cris wins ₱66.00").wait_for()
    assert len(seats.session_json(ana, server, token)["rounds"]) == 1  # saved once
    changes = [" ".join(tile.text_content().split()) for tile in ana.locator("[data-change]").all()]
    assert changes == ["round 1: −₱26.00", "round 1: −₱40.00", "round 1: +₱66.00"]
    seats.shoot(phones, "saved-sentence")


@pytest.mark.slow
def test_an_agree_kept_offline_survives_a_reload(phones, server):
    """Agree tapped offline, then the page reloaded while still offline (the seat page as the
    service worker kept it, or the browser's own error page): the Agree is kept in the tab and
    sent when the seat page opens again, and the round is saved once."""
    token = seats.agreed_on(phones, server, 0, 1)
    ana, ben, cris = phones
    seat_url = cris.url
    cris.context.set_offline(True)
    cris.locator("[data-bar]", has_text="Offline").wait_for()
    seats.agree_button(cris).tap()
    cris.locator("[data-review-msg]", has_text="your Agree is kept").wait_for()
    try:  # the seat page first opened before the service worker ran: nothing kept of it
        cris.reload()
    except PlaywrightError:
        pass  # the browser's error page, whose address is the seat's
    # Back online the seat page is opened again (a second load of it is harmless: an Agree
    # sent twice saves the round once). Cris may land on the next round's seat page.
    cris.context.set_offline(False)
    cris.goto(seat_url)
    for page in (ana, ben):  # online all along: they see the round saved
        page.wait_for_url(re.compile(r"/s/[\w-]+\?saved=1$"))
    assert len(seats.session_json(ana, server, token)["rounds"]) == 1


def test_a_write_held_on_its_way_says_sending(phones, server):
    token = seats.start(phones[0], server)
    ana = phones[0]
    seats.open_seats([ana], server, token)
    held = []
    ana.route(
        "**/draft/seats/0", lambda route: held.append(route) if not held else route.continue_()
    )
    ana.locator(".picker [data-card='7S']").tap()
    ana.locator("[data-bar]", has_text="Sending…").wait_for()
    for _ in range(50):
        if held:
            break
        ana.wait_for_timeout(100)
    held[0].continue_()
    ana.locator("[data-bar]", has_text="Tap your cards").wait_for()
    hand = ana.request.get(f"{server}/api/sessions/{token}/draft").json()["seats"][0]["hand"]
    assert hand["hand"] == ["7S"]


# Counts the page's Screen Wake Lock requests and releases (the browser's own API, observed).
COUNT_WAKE = """(() => {
  if (!navigator.wakeLock) return;
  const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
  window.wake = { held: 0 };
  navigator.wakeLock.request = (type) => ask(type).then((lock) => {
    window.wake.held += 1;
    lock.addEventListener("release", () => { window.wake.held -= 1; });
    return lock;
  });
})();"""


def test_the_screen_stays_on_unless_this_phone_turns_it_off(phones, server):
    token = seats.start(phones[0], server)
    ana = phones[0]
    ana.context.add_init_script(COUNT_WAKE)
    ana.context.grant_permissions(WAKE_LOCK)  # as a phone's Chrome does, unasked
    ana.goto(f"{server}/s/{token}/rounds/new?seat=0")
    wake = ana.get_by_role("button", name="Keep the screen on")
    if not ana.evaluate("() => !!(navigator.wakeLock && navigator.wakeLock.request)"):
        assert wake.is_hidden()  # no Wake Lock API: no toggle
        return
    assert wake.get_attribute("aria-pressed") == "true"
    ana.wait_for_function("() => window.wake.held === 1")  # the screen is kept on
    wake.tap()
    assert wake.get_attribute("aria-pressed") == "false"
    ana.wait_for_function("() => window.wake.held === 0")
    ana.goto(f"{server}/s/{token}/rounds/new")  # the one-phone page: off on this phone too
    wake = ana.get_by_role("button", name="Keep the screen on")
    assert wake.get_attribute("aria-pressed") == "false"
    assert ana.evaluate("() => window.wake.held") == 0
    wake.tap()
    ana.wait_for_function("() => window.wake.held === 1")
    assert ana.evaluate("() => localStorage.getItem('tongits:wake')") is None


@pytest.mark.parametrize(
    "status, body",
    [(503, '{"errors": []}'), (502, "")],  # the app's "not now"; a proxy's bare 502
)
def test_a_write_answered_503_is_sent_again_not_dropped(phones, server, status, body):
    """A 503 (the database out of reach, the server busy) saved nothing, and a proxy's 502
    says the app did not answer: the seat page sends the same tap again, and it is stored."""
    token = seats.start(phones[0], server)
    ana = phones[0]
    seats.open_seats([ana], server, token)
    refused = []

    def once(route):
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=status, content_type="application/json", body=body)

    ana.route("**/draft/seats/0", once)
    ana.locator(".picker [data-card='7S']").tap()
    hand = seats.stored_hand(ana, server, token, 0)
    assert refused and hand["hand"] == ["7S"]


KEPT_AGREE = "() => Object.keys(sessionStorage).filter((key) => key.startsWith('seat-agree:'))"


@pytest.mark.slow
def test_an_agree_whose_answer_was_lost_is_not_sent_again_in_the_next_round(phones, server):
    """Cris's Agree reaches the server and saves the round, but its answer is lost on the way
    back: the phone keeps the Agree, then sees the round saved and shows the ledger. Nothing is
    left kept for later, and the next round's seat page stays on that round (it does not
    answer for the round before and leave for its ledger)."""
    token = seats.agreed_on(phones, server, 0, 1)
    cris = phones[2]

    def answer_lost(route):
        route.fetch()  # the server takes the Agree...
        route.abort("internetdisconnected")  # ...and the phone never hears back

    cris.route("**/draft/seats/2/agree", answer_lost)
    seats.agree_button(cris).tap()
    cris.wait_for_url(re.compile(r"/s/[\w-]+\?saved=1$"))
    assert cris.evaluate(KEPT_AGREE) == []
    cris.unroute("**/draft/seats/2/agree")
    cris.goto(seats.seat_url(server, token, 2))
    cris.locator(".picker [data-card='7S']").tap()
    assert seats.stored_hand(cris, server, token, 2, tries=50)["hand"] == ["7S"]
    assert "/rounds/new?seat=2" in cris.url and "saved" not in cris.url
    assert len(seats.session_json(cris, server, token)["rounds"]) == 1
