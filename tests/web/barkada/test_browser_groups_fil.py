"""The barkada's page and its stats page in Filipino in Chromium at 360x740, light and
dark: the longer Filipino words wrap, nothing scrolls sideways, every tap target stays big
enough, and axe-core finds no serious violation. With TRACKER_SCREENSHOTS set (a folder), each
page is saved there as a full-page screenshot."""

from __future__ import annotations

import threading
from datetime import date, datetime
from pathlib import Path

import pytest

from tests.support.axe import AXE, RUN_AXE, SERIOUS, SHOTS
from tests.support.browser import CHECK_LAYOUT
from tests.support.group_api import make_group
from tests.support.groups import group_session, pay
from tests.support.two_nights import NIGHT_1, NIGHT_2

pytestmark = pytest.mark.browser
FILIPINO_PHONE = {
    "viewport": {"width": 360, "height": 740},
    "has_touch": True,
    "is_mobile": True,
    "bypass_csp": True,  # axe-core is added as a script
    "extra_http_headers": {"Accept-Language": "fil"},
}
LONG = "Ma. Luz Bañez-Villanueva Dela Cruz"  # a long name must wrap, not widen


@pytest.fixture
def live(app, client):
    from werkzeug.serving import make_server

    token = make_group(client, ["Ana", "Ben", "Cris", LONG], name="Biyernes ng Barkada")["id"]
    seats_1 = [key.title() for key in NIGHT_1[0]]
    group_session(app, client, token, seats_1, NIGHT_1[1], datetime(2026, 11, 6, 12))
    group_session(app, client, token, [LONG, "Ana", "Ben"], NIGHT_2[1], datetime(2026, 11, 13, 12))
    pay(app, token, "Ben", "Ana", "10.00", date(2026, 11, 14))
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}", token
    httpd.shutdown()


@pytest.mark.parametrize(
    "name, path, words",
    [
        ("group-fil", "/g/{token}?lang=fil", "Sino ang may utang kanino"),
        ("group-stats-fil", "/g/{token}/stats?lang=fil", "Ilang beses sunog"),
    ],
)
def test_filipino_group_pages_at_360_px_light_and_dark(browser, live, name, path, words):
    url, token = live
    context = browser.new_context(**FILIPINO_PHONE)
    page = context.new_page()
    try:
        page.goto(url + path.format(token=token))
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert words in page.inner_text("main")
        if AXE.exists():
            page.add_script_tag(path=str(AXE))
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(CHECK_LAYOUT) == [], scheme
            if AXE.exists():
                found = [v for v in page.evaluate(RUN_AXE) if v["impact"] in SERIOUS]
                assert found == [], (scheme, found)
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(SHOTS) / f"{name}-{scheme}.png"), full_page=True)
    finally:
        context.close()
