"""The first minute at a new table, on a 360x740 phone of Debian's Chromium, in English and in
Filipino: the time of the ledger kept offline written as the pages write times (the table's
zone, "07 Dec 2026 20:15"), whatever the phone's own zone and format; the page for one never
opened on this phone offers the way home; the settle-up shared carries the session's link;
"Keep working offline" shows its download coming (a bar, the megabytes) and names the file it
waits on when nothing comes."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.support.browser import LANGUAGES, SEAT_PHONE, close
from tests.support.entry import SETTLED, OneScreen
from tests.support.records import TALON
from tests.support.seats import start
from tracker.clock import local_time
from tracker.present.display import short_day_time

pytestmark = pytest.mark.browser

AS_OF = {"en": "Offline · ledger as of {time}", "fil": "Offline · listahan noong {time}"}
SINCE = {"en": "since", "fil": "mula"}
HOME = {"en": "Open the home page", "fil": "Buksan ang home page"}
COMING = {"en": "{done} MB of 6.5 MB", "fil": "{done} MB sa 6.5 MB"}
WAITING = {"en": "Waiting for python_stdlib.zip…", "fil": "Hinihintay ang python_stdlib.zip…"}


def far_phone(browser, language: str, **options):
    """A phone whose own clock and format are not the table's (New York's zone; the US's
    format, or the Philippines' locale for Filipino)."""
    context = browser.new_context(
        viewport=SEAT_PHONE,
        has_touch=True,
        is_mobile=True,
        device_scale_factor=1,
        timezone_id="America/New_York",
        locale={"en": "en-US", "fil": "fil-PH"}[language],
        **options,
    )
    context.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    page.language, page.errors = language, errors
    return page


@pytest.fixture(params=sorted(LANGUAGES))
def phone(browser, request):
    page = far_phone(browser, request.param)
    yield page
    close(page.context)
    assert page.errors == [], page.errors


def test_offline_the_ledgers_time_is_written_as_the_pages_write_it(phone, server):
    token = start(phone, server)
    phone.goto(f"{server}/s/{token}")
    at = datetime.fromisoformat(phone.locator("#as-of").get_attribute("data-at"))
    phone.context.set_offline(True)
    phone.locator("#as-of").wait_for(state="visible")
    table = short_day_time(local_time(at, "Asia/Manila"), locale=phone.language)
    assert phone.locator("#as-of").inner_text() == AS_OF[phone.language].format(time=table)
    phone.context.set_offline(False)


def test_a_page_never_opened_here_offers_the_way_home(phone, server):
    phone.goto(f"{server}/")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now under the worker: the home page is kept as it comes
    phone.wait_for_function("!!navigator.serviceWorker.controller")
    phone.context.set_offline(True)
    phone.goto(f"{server}/s/never-opened-here")
    assert "was not opened on this phone before" in phone.locator("body").inner_text()
    home = phone.locator(f"p[lang='{phone.language}'] a", has_text=HOME[phone.language])
    box = home.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= SEAT_PHONE["width"], box
    home.tap()
    phone.wait_for_url(f"{server}/")
    phone.locator("header.top .brand").wait_for()  # the kept home page, offline
    phone.context.set_offline(False)


def test_the_shared_settle_up_carries_the_sessions_link(browser, server):
    for language in LANGUAGES:
        page = far_phone(browser, language)
        page.context.add_init_script(
            "navigator.share = function (data) { window.shared = data; return Promise.resolve(); };"
        )
        try:
            token = start(page, server)
            assert page.request.post(f"{server}/api/sessions/{token}/rounds", data=TALON).ok
            assert page.request.post(f"{server}/api/sessions/{token}/settle", data={}).ok
            page.goto(f"{server}/s/{token}")
            page.locator("[data-share]:has(#share-settlement) [data-share-button]").tap()
            page.wait_for_function("window.shared !== undefined")
            text = page.evaluate("window.shared.text")
            assert text.splitlines()[-1] == f"{server}/s/{token}", text
            assert page.errors == []
        finally:
            close(page.context)


# a manifest of three files: the first comes at once (1.5 MB on the wire), the second never
PARTS = [
    {"url": "/test-parts/pyodide.asm.wasm", "bytes": 1_500_000, "size": 3_000_000},
    {"url": "/test-parts/python_stdlib.zip", "bytes": 4_900_000, "size": 9_000_000},
    {"url": "/test-parts/pyodide-lock.json", "bytes": 100_000, "size": 100_000},
]


def test_keeping_offline_shows_the_bytes_coming_and_the_file_it_waits_on(browser, server):
    held: list = []  # the requests of the file that never comes
    for language in LANGUAGES:
        # no service worker: the routes below answer the page's own requests
        page = far_phone(browser, language, service_workers="block")
        page.route(
            "**/test-parts/pyodide.asm.wasm", lambda route: route.fulfill(body=b"x" * 3_000_000)
        )
        page.route("**/test-parts/python_stdlib.zip", lambda route: held.append(route))
        try:
            page.goto(f"{server}/")
            page.evaluate(
                """(parts) => {
                  const box = document.getElementById('keep-offline-box');
                  box.hidden = false;
                  return import('/static/offline_progress.js').then((P) => {
                    P.fetchParts({bytes: 6500000, parts: parts},
                                 document.getElementById('offline-progress'),
                                 document.getElementById('offline-state'))
                      .catch(() => {});
                  });
                }""",
                PARTS,
            )
            state, bar = page.locator("#offline-state"), page.locator("#offline-progress")
            state.filter(has_text=COMING[language].format(done="1.5")).wait_for()
            assert bar.is_visible()
            assert bar.evaluate("(b) => [b.value, b.max]") == [1_500_000, 6_500_000]
            box = bar.bounding_box()
            assert box["width"] > 200 and box["x"] + box["width"] <= SEAT_PHONE["width"], box
            assert WAITING[language] not in state.inner_text()  # not yet: it just began
            state.filter(has_text=WAITING[language]).wait_for(timeout=8000)
            said = state.inner_text()
            assert said == COMING[language].format(done="1.5") + " · " + WAITING[language]
            assert page.errors == []
        finally:
            while held:
                held.pop().abort()
            close(page.context)


CHECK_CUT = (Path(__file__).parents[2] / "support" / "check_cut.js").read_text()
LONG = ("Maria Cristina", "Bienvenido Macaraeg", "Ana")  # Maria Cristina deals round 1


def test_the_rounds_waiting_line_over_the_title_is_never_cut(browser, server):
    """The line the entry pages add to their title while rounds wait on this phone ("1 round
    not sent yet · since 20:15"), the first line of the band that covers the title offline:
    whole at 360 px (it wraps), on the one-phone and the seat page, in both languages; its
    time as the pages write one."""
    for language in LANGUAGES:
        page = far_phone(browser, language)
        page.route("**/nowhere", lambda route: route.abort())  # the round waits on
        try:
            token = start(page, server, players=LONG)
            page.goto(f"{server}/s/{token}/rounds/new")
            page.wait_for_function(SETTLED)
            added = page.evaluate(
                "(token) => import('/static/outbox.js').then((O) => O.add({token: token,"
                " url: '/nowhere', body: {}}))",
                token,
            )
            # since when, as the pages write a time: the table's zone, 24 hours
            at = datetime.fromisoformat(added["at"].replace("Z", "+00:00"))
            since = f"{local_time(at, 'Asia/Manila'):%H:%M}"
            for url in (f"/s/{token}/rounds/new", f"/s/{token}/rounds/new?seat=1"):
                page.goto(server + url)
                waiting = page.locator(".waiting")
                waiting.wait_for()
                assert waiting.inner_text().endswith(f" · {SINCE[language]} {since}")
                assert page.evaluate(CHECK_CUT) == [], (language, url, waiting.inner_text())
            page.goto(f"{server}/s/{token}/rounds/new")
            page.wait_for_function(SETTLED)
            page.context.set_offline(True)  # the band's copy of the title: whole too
            OneScreen(page).cards("7S")
            page.locator(".net .net-title").wait_for()
            assert page.evaluate(CHECK_CUT) == [], language
            page.context.set_offline(False)
            assert page.errors == []
        finally:
            close(page.context)
