"""Print summary on the session page, in Debian's Chromium at 360x740, in English and Filipino:
a first print says "Preparing the PDF…" at once (never a blank screen), keeps asking while the
version is printed elsewhere (its lock held here, as another worker would), and opens the PDF
once it is ready; with no network it says so and the link stays usable. Screenshots:
/tmp/print-summary-*.png."""

from __future__ import annotations

import pytest

from tests.support.browser import APPS
from tests.support.entry import new_session
from tests.support.records import DRAW
from tracker.documents.pdf_cache import cache_folder, release, render_lock
from tracker.web.file_answers import printer
from tracker.web.lookups import game_or_404
from tracker.web.summary_ahead import version_key

pytestmark = pytest.mark.browser
WAIT = 2  # seconds the server waits for a print held elsewhere here (SUMMARY_WAIT_SECONDS)

PREPARING = {"en": "Preparing the PDF…", "fil": "Inihahanda ang PDF…"}
OFFLINE = "No connection: the PDF could not be fetched."


def opened(page, downloads: list, seconds: float) -> str:
    """The URL of the PDF the page went to: shown by Chromium's viewer, or downloaded."""
    for _ in range(int(seconds * 5)):
        if downloads:
            return downloads[0]
        if page.url.endswith(".pdf"):
            return page.url
        page.wait_for_timeout(200)
    raise AssertionError("the PDF was never opened")


def a_session_with_a_round(page, server) -> str:
    token = new_session(page, server)
    saved = page.request.post(f"{server}/api/sessions/{token}/rounds", data=DRAW)
    assert saved.status == 201, saved.text()
    return token


def hold_the_print(server, token, lang):
    """The print of the session's version in `lang` taken, as by another worker."""
    app = APPS[server]
    with app.test_request_context():
        key = printer().file_key(version_key(game_or_404(token), lang))
    held = render_lock(cache_folder(app.instance_path), *key)
    assert held is not None, "already being printed"
    return held


@pytest.fixture(scope="module", autouse=True)
def short_wait(server):
    """The server's wait for another worker's print shortened, before its first print."""
    APPS[server].config["SUMMARY_WAIT_SECONDS"] = WAIT


@pytest.fixture
def nothing_ahead(server):
    """No print ahead after a save: the tap on Print summary is the first print."""
    config = APPS[server].config
    was, config["SUMMARY_AHEAD"] = config["SUMMARY_AHEAD"], False
    yield
    config["SUMMARY_AHEAD"] = was


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_a_first_print_says_it_is_preparing_and_opens_the_pdf(page, server, lang, nothing_ahead):
    token = a_session_with_a_round(page, server)
    downloads = []
    page.on("download", lambda download: downloads.append(download.url))
    page.goto(f"{server}/s/{token}?lang={lang}")
    link, line = page.locator("#print-summary"), page.locator(".print-status")
    held = hold_the_print(server, token, lang)
    try:
        link.tap()
        line.filter(has_text=PREPARING[lang]).wait_for()
        assert link.get_attribute("aria-busy") == "true"
        page.screenshot(path=f"/tmp/print-summary-{lang}.png")
        page.wait_for_timeout((WAIT + 1.5) * 1000)  # past the server's wait: asked again
        assert PREPARING[lang] in line.inner_text() and line.is_visible()
        link.tap()  # a second tap while it works sends nothing more
    finally:
        release(held)
    assert opened(page, downloads, 30).endswith(f"/s/{token}/summary.pdf")
    assert len(downloads) <= 1


def test_no_network_is_said_and_the_link_still_works(page, server, nothing_ahead):
    token = a_session_with_a_round(page, server)
    page.goto(f"{server}/s/{token}")
    page.context.set_offline(True)
    page.locator("#print-summary").tap()
    page.locator(".print-status").filter(has_text=OFFLINE).wait_for()
    assert page.locator("#print-summary").get_attribute("aria-busy") is None
    page.context.set_offline(False)
    downloads = []
    page.on("download", lambda download: downloads.append(download.url))
    page.locator("#print-summary").tap()
    assert opened(page, downloads, 60).endswith(f"/s/{token}/summary.pdf")
