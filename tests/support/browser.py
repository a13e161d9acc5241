"""The browser tests' fixtures: the app served on 127.0.0.1 by a thread, Debian's Chromium
driven by Playwright, a phone-sized page that fails the test on any JavaScript error.

The browser is Debian's `chromium-headless-shell`: the same Blink and V8 as its `chromium`,
without the desktop browser's windows and their compositing, which took half of the browser
tests' CPU (as Playwright's own headless runs do; docs/decisions/0034-the-headless-shell.md).
It grants no permission it is not given: a test of what a phone's browser allows unasked (the
screen kept on) grants it, as Chrome on a phone does. TRACKER_CHROMIUM names another binary
(`/usr/bin/chromium` to watch the full browser)."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from playwright import sync_api as playwright_api

CHROMIUM = os.environ.get("TRACKER_CHROMIUM", "/usr/bin/chromium-headless-shell")
WAKE_LOCK = ["screen-wake-lock"]  # what Chrome on a phone grants a visible page unasked
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
APPS: dict = {}  # each `server` fixture's URL -> its Flask app (a test may change its config)
TAPS_FILE = os.environ.get("TRACKER_TAPS_FILE")  # where the tap count of a round is written


@pytest.fixture(scope="module")
def server(tmp_path_factory, request):
    from werkzeug.serving import make_server

    from tests.support.database import drop_everything, migrate
    from tracker import create_app
    from tracker.extensions import db

    folder = tmp_path_factory.mktemp("browser")
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        from tracker import database_url

        url = database_url(url)
        drop_everything(url)
    else:
        template = request.getfixturevalue("_migrated_sqlite")
        shutil.copy(template, folder / "tracker.db")
        url = f"sqlite:///{folder / 'tracker.db'}"
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "browser-test",
            "INSTANCE_PATH": str(folder / "instance"),
        }
    )
    if os.environ.get("TEST_DATABASE_URL"):
        migrate(app)
    import logging

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    served = f"http://127.0.0.1:{httpd.server_port}"
    APPS[served] = app
    yield served
    APPS.pop(served, None)
    httpd.shutdown()
    with app.app_context():  # the server's connections closed, not left to the next module
        db.session.remove()
        db.engine.dispose()
    if os.environ.get("TEST_DATABASE_URL"):
        drop_everything(url)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (scripts/setup.sh installs it)")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(8000)
    yield page
    close(context)
    assert errors == [], errors  # no JavaScript errors on any page


def close(context) -> None:
    """Close a phone: its pages first leave for a blank page, ending their polls and any
    navigation still on its way (a context closed while a phone was still landing after an
    Agree once left Chromium never answering, and the run stalled)."""
    for page in context.pages:
        try:
            page.goto("about:blank", timeout=5000)
        except playwright_api.Error:
            pass  # closed or stuck: the context's close still ends it
    context.close()


# Run in the page: a list of layout problems (empty when the page is fine).
CHECK_LAYOUT = (Path(__file__).parent / "check_layout.js").read_text()


SEAT_PHONE = {"width": 360, "height": 740}
# the languages the pages are tested in, as a phone's browser asks for them
LANGUAGES = {"en": "en", "fil": "fil-PH,fil;q=0.9"}


def language_phone(browser, language: str):
    """A 360x740 touch phone whose browser asks for `language` (its `page.language`), for a
    fixture to yield from; any JavaScript error fails the test."""
    context = browser.new_context(
        viewport=SEAT_PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
    )
    context.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    page.language = language
    yield page
    close(context)
    assert errors == [], errors


@pytest.fixture
def phones(browser):
    """Three phones at 360x740 (one browser context each: own cookies, as three devices), each
    failing the test on any JavaScript error."""
    contexts, pages, errors = [], [], []
    for seat in range(3):
        context = browser.new_context(
            viewport=SEAT_PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
        )
        page = context.new_page()
        page.on("pageerror", lambda error, seat=seat: errors.append(f"phone {seat}: {error}"))
        page.set_default_timeout(15000)  # three browsers and the server share 2 cores
        contexts.append(context)
        pages.append(page)
    yield pages
    for context in contexts:
        close(context)
    assert errors == [], errors  # no JavaScript errors on any phone
