"""A points-only round whose Review and Confirm meet a dead spot, in Debian's Chromium at
360x740, in English and Filipino: the page says plainly that nothing was saved (never the
browser's error page), every number stays in the form, and the next Confirm, with the network
back, saves the round once. Screenshots: /tmp/points-offline-*.png."""

from __future__ import annotations

import pytest

from tests.support.entry import new_session

pytestmark = pytest.mark.browser

SAID = {
    "en": ("Not saved: no network.", "Not sent: no network."),
    "fil": ("Hindi na-save: walang network.", "Hindi naipadala: walang network."),
}


def rounds(page, server, token) -> int:
    return len(page.request.get(f"{server}/api/sessions/{token}").json()["rounds"])


def typed(page) -> list[str]:
    return [page.input_value(f"#points_{seat}") for seat in range(3)]


def fill_a_draw(page) -> None:
    page.locator("label[for=ending-draw]").tap()
    page.locator("label[for=declarer-0]").tap()
    for seat, points in enumerate(("5", "12", "30")):
        page.fill(f"#points_{seat}", points)


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_confirm_in_a_dead_spot_is_said_and_sent_again(page, server, lang):
    token = new_session(page, server, rules={"points_rounds": True})
    page.goto(f"{server}/s/{token}/rounds/new?mode=points&lang={lang}")
    fill_a_draw(page)
    page.wait_for_selector("#preview .verdict")  # judged by the server: Confirm offered
    page.context.set_offline(True)
    page.locator("#save").tap()
    net = page.locator("#points-net")
    net.filter(has_text=SAID[lang][0]).wait_for()
    page.screenshot(path=f"/tmp/points-offline-{lang}.png", full_page=True)
    assert "/rounds/new" in page.url and page.locator("#points-round").is_visible()
    assert typed(page) == ["5", "12", "30"] and page.is_checked("#ending-draw")
    assert page.locator("#save").is_enabled()  # the next tap tries again
    page.context.set_offline(False)
    assert rounds(page, server, token) == 0
    page.locator("#save").tap()
    page.wait_for_url(f"{server}/s/{token}")
    assert rounds(page, server, token) == 1
    # saved: the numbers kept on the phone are forgotten, the next round starts blank
    page.goto(f"{server}/s/{token}/rounds/new?mode=points")
    assert typed(page) == ["", "", ""]


def test_review_in_a_dead_spot_is_said_and_keeps_the_numbers(page, server):
    token = new_session(page, server, rules={"points_rounds": True})
    page.goto(f"{server}/s/{token}/rounds/new?mode=points")
    page.context.set_offline(True)  # no live verdict: only Review is offered
    fill_a_draw(page)
    assert page.locator("#save").is_hidden()
    page.locator("#review").tap()
    page.locator("#points-net").filter(has_text=SAID["en"][1]).wait_for()
    assert typed(page) == ["5", "12", "30"]
    page.context.set_offline(False)
    page.locator("#review").tap()  # the server's review: its verdict and Confirm
    page.locator(".review-top .verdict").wait_for()
    page.locator(".review-top button[value=save]").tap()
    page.wait_for_url(f"{server}/s/{token}")
    assert rounds(page, server, token) == 1


def test_a_confirm_sent_twice_saves_once(page, server):
    """The answer to the first Confirm lost on its way back: the second, under the same
    idempotency key, is the same round, not another one."""
    token = new_session(page, server, rules={"points_rounds": True})
    page.goto(f"{server}/s/{token}/rounds/new?mode=points")
    fill_a_draw(page)
    page.wait_for_selector("#preview .verdict")
    dropped = []

    def drop_the_answer(route):
        if route.request.method == "POST" and not dropped:
            route.fetch()  # the server saves it…
            dropped.append(True)
            route.abort()  # … and the phone never hears so
        else:
            route.continue_()

    page.route("**/rounds/new?mode=points", drop_the_answer)
    page.locator("#save").tap()
    page.locator("#points-net").filter(has_text=SAID["en"][0]).wait_for()
    assert rounds(page, server, token) == 1
    page.unroute("**/rounds/new?mode=points")
    page.locator("#save").tap()
    page.wait_for_url(f"{server}/s/{token}")
    assert rounds(page, server, token) == 1
