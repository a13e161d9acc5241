"""The one-phone entry page's first open on a fresh phone, in Debian's Chromium at 360x740
with Lighthouse's mobile throttling (the CPU 4x slower, a slow 4G line): nothing on the screen
moves as the picker takes the place of the typed form (cumulative layout shift under 0.1; it
was 0.94: the form without JavaScript was painted first, then swapped). Without JavaScript the
typed form is shown, as always."""

from __future__ import annotations

import pytest

from tests.support.browser import SEAT_PHONE
from tests.support.seats import start

pytestmark = pytest.mark.browser

SHIFTS = """() => new Promise(done => {
  let sum = 0;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) sum += e.value;
  }).observe({type: 'layout-shift', buffered: true});
  setTimeout(() => done(sum), 500);
})"""


def test_the_first_open_moves_nothing_on_a_slow_phone(browser, server):
    context = browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    token = start(page, server)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    slow_4g = {"latency": 562, "downloadThroughput": 184320, "uploadThroughput": 84375}
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **slow_4g})
    page.goto(f"{server}/s/{token}/rounds/new", timeout=60000)
    page.locator(".picker [data-card='7S']").wait_for(timeout=60000)
    shift = page.evaluate(SHIFTS)
    context.close()
    assert shift < 0.1, shift


def test_without_javascript_the_typed_form_is_shown_at_once(browser, server):
    context = browser.new_context(viewport=SEAT_PHONE, java_script_enabled=False)
    page = context.new_page()
    token = start(page, server)
    page.goto(f"{server}/s/{token}/rounds/new")
    for field in ("#melds_0", "#hand_2", "#review"):
        assert page.locator(field).is_visible(), field
    context.close()
