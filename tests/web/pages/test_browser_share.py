"""Share the settle-up on a 360×740 phone: on a browser with no Web Share (navigator.share
undefined), tapping Share on a group's who owes whom and on a session's settle-up copies the
text the page shows to the clipboard and says "Copied" (with Web Share, the share sheet gets
it); with JavaScript off the Share button
is not there and the text box is, to copy by hand."""

from __future__ import annotations

import pytest

from tests.support.browser import CHECK_LAYOUT, SEAT_PHONE
from tests.support.records import TALON

pytestmark = pytest.mark.browser

NO_WEB_SHARE = "delete Navigator.prototype.share; delete navigator.share;"


@pytest.fixture(scope="module")
def settled(browser, server):
    """A group (Ana, Ben, Cris) with one settled session: Ana pays Cris 30.00, Ben 29.00."""
    context = browser.new_context()
    made = context.request.post(
        f"{server}/api/groups", data={"name": "Friday barkada", "members": ["Ana", "Ben", "Cris"]}
    )
    group = made.json()["id"]
    seated = {"players": ["Ana", "Ben", "Cris"], "group": group}
    session = context.request.post(f"{server}/api/sessions", data=seated).json()["id"]
    assert context.request.post(f"{server}/api/sessions/{session}/rounds", data=TALON).ok
    assert context.request.post(f"{server}/api/sessions/{session}/settle", data={}).ok
    context.close()
    return {"group": group, "session": session}


def test_share_without_web_share_copies_the_text_and_says_copied(browser, server, settled):
    context = browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    context.add_init_script(NO_WEB_SHARE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(8000)
    try:
        for path, box in (
            (f"/g/{settled['group']}", "#share-utang"),
            (f"/s/{settled['session']}", "#share-settlement"),
        ):
            page.goto(f"{server}{path}")
            assert page.evaluate("typeof navigator.share") == "undefined"
            text = page.locator(box).input_value()
            assert text.split("\n")[1:] == [
                "Ana pays Cris ₱30.00",
                "Ben pays Cris ₱29.00",
                f"{server}{path}",  # the group's or session's own link, last
            ]
            share = page.locator(f"[data-share]:has({box}) [data-share-button]")
            size = share.bounding_box()
            assert size["height"] >= 48 and size["width"] >= 0.8 * SEAT_PHONE["width"], size
            share.tap()
            said = page.locator(f"{box}-said")
            said.filter(has_text="Copied").wait_for()
            assert page.evaluate("navigator.clipboard.readText()") == text
            assert page.evaluate(CHECK_LAYOUT) == [], path
            page.evaluate("navigator.clipboard.writeText('')")  # the next page copies afresh
    finally:
        context.close()
    assert errors == []


def test_share_hands_the_text_to_the_phones_share_sheet(browser, server, settled):
    """Where the phone has Web Share, the text goes to it (the share sheet stood in for by a
    function that keeps what it was given), and the clipboard is left alone."""
    context = browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(
        "navigator.share = function (data) { window.sharedText = data.text; "
        "return Promise.resolve(); };"
    )
    page = context.new_page()
    try:
        page.goto(f"{server}/g/{settled['group']}")
        page.get_by_role("button", name="Share", exact=True).tap()
        page.wait_for_function("window.sharedText !== undefined")
        assert page.evaluate("window.sharedText") == page.locator("#share-utang").input_value()
        assert page.locator("#share-utang-said").inner_text() == ""
    finally:
        context.close()


def test_with_javascript_off_the_text_is_there_to_copy(browser, server, settled):
    context = browser.new_context(viewport=SEAT_PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{server}/g/{settled['group']}")
        box = page.locator("#share-utang")
        assert box.is_visible() and box.get_attribute("readonly") is not None
        assert "Ana pays Cris ₱30.00" in box.input_value()
        assert not page.locator("[data-share-button]").is_visible()
    finally:
        context.close()
