"""A round entered on the Filipino round page, in Debian's Chromium at 360x740 with
touch and JavaScript on: the scripts write their Filipino words (from the page's #words), every
tap lands on something fully on screen and nothing moves, and the longer Filipino words fit
their buttons (nothing overflows). Screenshots go to /tmp/shots12s/."""

from __future__ import annotations

import os

import pytest

from tests.support.entry import SETTLED, TYPICAL, OneScreen, new_session, one_phone

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("TRACKER_SCREENSHOTS_FIL", "/tmp/shots12s")

# Every visible button, label and tab whose words are wider than its box (an overflow).
OVERFLOWS = """() => {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) out.push('page: sideways');
  const sel = '.picker .key, .picker [data-act], .hdr label, .tabs .tab, .livebar, .btn, '
    + '.seats-strip .st, .seats-strip .here, [data-bar]';
  document.querySelectorAll(sel).forEach(el => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return;
    if (el.scrollWidth > el.clientWidth + 1 || r.right > window.innerWidth + 0.5)
      out.push(el.dataset.act || el.dataset.card || el.className || el.tagName);
  });
  return out;
}"""


@pytest.fixture
def page(browser):
    """A 360x740 phone whose browser asks for Filipino (its fetches too)."""
    page = one_phone(browser)
    page.set_extra_http_headers({"Accept-Language": "fil-PH,fil;q=0.9"})
    yield page
    errors = page.js_errors
    page.context.close()
    assert errors == [], errors


def shot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=False)


@pytest.mark.slow
def test_a_round_on_the_filipino_round_page(page, server):
    token = new_session(page, server)
    page.goto(f"{server}/s/{token}/rounds/new?lang=fil")
    page.wait_for_function(SETTLED)
    assert page.locator("html").get_attribute("lang") in ("en", "fil")  # base.html: helper F
    assert page.locator(".livebar").inner_text() == "Pindutin ang baraha ni Ana"
    assert page.locator(".type-toggle").inner_text() == "I-type na lang"
    shot(page, "blank")
    assert page.evaluate(OVERFLOWS) == []
    screen = OneScreen(page)
    screen.tap(page.locator(".hdr .ending label", has_text="Ubos-bunutan"), "ending")
    for seat, (melds, rest) in enumerate(TYPICAL):
        for meld in melds:
            screen.cards(meld)
            screen.tap(page.locator(".picker [data-act=meld]"), "Bahay")
            assert page.locator(".picker [data-act=meld]").inner_text() == "Bahay \u2713"
        screen.cards(rest)
        if seat == 1:
            status = page.locator(".picker .status").inner_text()
            assert "baraha sa kamay" in status and "puntos" in status, status
            shot(page, "mid-entry")
            assert page.evaluate(OVERFLOWS) == []
        last = seat == len(TYPICAL) - 1
        assert page.locator(".picker [data-act=next]").inner_text() == (
            "Ayos na \u2713" if last else "Susunod \u25b8"
        )
        screen.tap(page.locator(".picker [data-act=next]"), "next")
    save = page.locator("#save")
    save.wait_for(state="visible")
    page.wait_for_function("() => !document.getElementById('save').disabled")
    assert save.inner_text() == "I-confirm \u2713"
    assert page.locator(".bar-back").inner_text() == "\u25c2 Bumalik"
    shot(page, "review")
    assert page.evaluate(OVERFLOWS) == []
    assert screen.problems() == []
    save.tap()
    page.wait_for_url(f"{server}/s/{token}")
    assert "Round 1: panalo si Cris ng ₱66.00" in page.locator("#saved-round").inner_text()
    assert page.locator("#undo-saved button").inner_text().startswith("I-undo")
    assert "Ilagay ang round 2" in page.locator("#enter-round").inner_text()
    shot(page, "session")
    assert page.evaluate(OVERFLOWS) == []


def test_the_filipino_seat_page_fits(page, server):
    """Seat mode's picker is narrower: whatever overflows there in English (Undo, the long
    hint under the keys) may in Filipino; nothing else may."""
    page.goto(f"{server}/s/{new_session(page, server)}/rounds/new?seat=1&lang=en")
    page.locator("[data-ui]").wait_for(state="visible")
    page.locator("[data-ending] [data-value=talon]").tap()
    page.wait_for_function("() => document.querySelector('[data-bar]').textContent !== ''")
    english = set(page.evaluate(OVERFLOWS))
    token = new_session(page, server)
    page.goto(f"{server}/s/{token}/rounds/new?seat=1&lang=fil")
    page.locator("[data-ui]").wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('[data-bar]').textContent !== ''")
    assert "Pindutin ang baraha mo \u00b7 Bahay \u2713" in page.locator("[data-bar]").inner_text()
    assert page.locator("[data-by-label]").inner_text() == "Sino?"
    assert page.locator(".picker [data-act=next]").inner_text() == "Ayos na \u2713"
    page.locator("[data-ending] [data-value=talon]").tap()
    page.wait_for_function(
        "() => document.querySelector('[data-by-label]').textContent !== 'Sino?'"
    )
    assert page.locator("[data-by-label]").inner_text() == "Huling bumunot"
    shot(page, "seat")
    assert set(page.evaluate(OVERFLOWS)) <= english
