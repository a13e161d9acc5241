"""The stats page of a group in Chromium at 360x740 with JavaScript off, in the light
and the dark colour scheme: nothing scrolls sideways, every tap target is big enough, the
charts are drawn (SVG from the server) and axe-core finds no serious violation."""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path

import pytest

from tests.support.axe import AXE, RUN_AXE, SERIOUS, SHOTS
from tests.support.browser import CHECK_LAYOUT
from tests.support.group_api import make_group
from tests.support.groups import group_session
from tests.support.two_nights import NIGHT_1, NIGHT_2

pytestmark = pytest.mark.browser
LONG = "Ma. Luz Bañez-Villanueva Dela Cruz"  # 34 characters: a long name must wrap, not widen


@pytest.fixture
def live(app, client):
    from werkzeug.serving import make_server

    token = make_group(client, ["Ana", "Ben", "Cris", LONG], name="Biyernes ng Barkada")["id"]
    seats_1 = [key.title() for key in NIGHT_1[0]]
    seats_2 = [LONG, "Ana", "Ben"]
    group_session(app, client, token, seats_1, NIGHT_1[1], datetime(2026, 11, 6, 12))
    group_session(app, client, token, seats_2, NIGHT_2[1], datetime(2026, 11, 13, 12))
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}", token
    httpd.shutdown()


def test_stats_page_at_360_px_without_javascript_light_and_dark(browser, live):
    url, token = live
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        has_touch=True,
        java_script_enabled=False,
        bypass_csp=True,
    )
    page = context.new_page()
    try:
        page.goto(f"{url}/g/{token}/stats")
        assert page.locator("svg.chart").count() == 2
        box = page.locator("svg.chart").first.bounding_box()
        assert box["width"] <= 340 and box["height"] > 100  # drawn, and within the phone
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert page.locator(".member-stats").first.locator("dd").last.inner_text() == "+₱118.00"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(CHECK_LAYOUT) == [], scheme
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(SHOTS) / f"group-stats-{scheme}.png"), full_page=True)
        # the period picker works as a plain GET form
        page.fill("#from", "2026-11-10")
        page.click("button:has-text('Show')")
        page.wait_for_url("**/stats?from=2026-11-10*")
        assert "1 session · 3 rounds" in page.locator(".facts").inner_text()
    finally:
        context.close()


def test_stats_page_has_no_serious_accessibility_violation(browser, live):
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: `bash scripts/setup.sh test` fetches it")
    url, token = live
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    try:
        for query in ("", "?from=2026-13-01&vs=2"):  # the figures; a refused period
            page.goto(f"{url}/g/{token}/stats{query}")
            page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
            page.add_script_tag(path=str(AXE))
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                found = [v for v in page.evaluate(RUN_AXE) if v["impact"] in SERIOUS]
                assert found == [], (query, scheme, found)
    finally:
        context.close()
