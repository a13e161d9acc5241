"""Every page under the Content-Security-Policy in Chromium: nothing refused, nothing run from a
player's name, the QR code and the chart still drawn, and the edit PIN asked once per phone."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import CHECK_LAYOUT, PHONE
from tests.support.entry import SAVE_READY, SETTLED

pytestmark = pytest.mark.browser
HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "Ñoño"]
WATCH = """document.addEventListener('securitypolicyviolation', function (e) {
  (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI);
});"""


@pytest.fixture
def watched(browser):
    """A phone whose every CSP violation, console error, script error and dialog is recorded."""
    problems: list[str] = []

    def new_phone():
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        context.add_init_script(WATCH)
        page = context.new_page()
        page.set_default_timeout(8000)
        page.on(
            "console",
            lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None,
        )
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on(
            "dialog",
            lambda dialog: (problems.append(f"dialog: {dialog.message}"), dialog.dismiss()),
        )
        return page

    yield new_phone, problems


def violations(page) -> list:
    return page.evaluate("window.__csp || []")


@pytest.mark.slow
def test_every_page_works_under_the_csp_with_hostile_names(watched, server):
    new_phone, problems = watched
    page = new_phone()
    page.goto(server + "/new")
    for seat, name in enumerate(HOSTILE):
        page.fill(f"#player_{seat}", name)
    page.fill("#pin", "2468")
    page.get_by_role("button", name="Start the session").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+"))
    token = page.url.split("/s/")[1].split("?")[0]
    assert page.locator(".qr-box svg").bounding_box()["width"] > 100  # the QR code is drawn
    assert page.locator("h1.names").inner_text() == " · ".join(HOSTILE)
    assert violations(page) == []

    # a round, typed (the preview answers through fetch under connect-src)
    page.get_by_role("link", name=re.compile("Enter round 1")).tap()
    page.locator("label[for=ending-talon]").tap()
    page.get_by_role("button", name="Type instead").tap()
    for seat, (melds, hand) in enumerate(
        [("8S 8D 8C", "KH QH"), ("2H 3H 4H", "9D 10S"), ("AC 2C 3C", "AS")]
    ):
        page.locator(f".tabs .tab[data-seat='{seat}']").tap()
        page.fill(f"#melds_{seat}", melds)
        page.fill(f"#hand_{seat}", hand)
    page.wait_for_function(SETTLED)
    page.locator(".livebar .bar-main", has_text="Review ▸").tap()
    page.wait_for_function(SAVE_READY)
    assert "Ñoño" in page.locator("#preview").inner_text()
    assert violations(page) == []
    page.locator("#save").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert page.locator(".chart-box svg").bounding_box()["height"] > 50  # the chart is drawn

    for path in (
        "/",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
        f"/s/{token}/settle",
        f"/s/{token}/pin",
        f"/s/{token}?all=1",
    ):
        page.goto(server + path)
        page.wait_for_load_state("load")
        assert violations(page) == [], path

    # another phone: can follow, must unlock once to change anything
    other = new_phone()
    other.goto(f"{server}/s/{token}")
    assert other.locator(".qr-box svg").count() == 1
    assert other.locator("a[href$='/rounds/1/edit']").count() == 0
    other.get_by_role("link", name="Unlock to edit").tap()
    other.fill("#pin", "1111")
    with other.expect_navigation():
        other.get_by_role("button", name="Unlock").tap()
    assert "Wrong PIN" in other.locator("#err-pin").inner_text()
    other.fill("#pin", "2468")
    other.get_by_role("button", name="Unlock").tap()
    other.wait_for_url(re.compile(rf"/s/{token}$"))
    assert other.locator("a[href$='/rounds/1/edit']").count() == 1
    assert violations(other) == []
    assert [p for p in problems if "Wrong PIN" not in p and "403" not in p] == [], problems


def test_the_pin_pages_fit_a_360px_phone(browser, server):
    import json
    import urllib.request

    request = urllib.request.Request(
        f"{server}/api/sessions",
        method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps({"players": ["Gina", "Hugo", "Ivy"], "pin": "1357"}).encode(),
    )
    token = json.loads(urllib.request.urlopen(request, timeout=10).read())["id"]
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/s/{token}")  # (the whole session page is test_browser_app's)
    page.locator("details.share summary").tap()
    for button in ("#unlock", "#edit-pin"):
        box = page.locator(button).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, button
    for path in (f"/s/{token}/unlock", f"/s/{token}/pin"):
        page.goto(server + path)
        assert page.evaluate(CHECK_LAYOUT) == [], path
    page.goto(f"{server}/s/{token}/unlock")
    page.fill("#pin", "0000")
    with page.expect_navigation():
        page.get_by_role("button", name="Unlock").tap()
    assert page.evaluate(CHECK_LAYOUT) == [], "unlock with an error"
    context.close()
