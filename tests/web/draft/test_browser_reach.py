"""What a thumb must reach on the round entry pages, at a table's 360x740 phone in Debian's
Chromium, in English and in Filipino: the points-only round's Review in the bar fixed at the
bottom of the screen (no scrolling); the seat page's Secret toggle in sight beside a card
entered in two hands (the clash chip first in the row of chips); and "Clear this round",
reached by scrolling, whole above the one-phone page's fixed bar and under no fixed part of
the seat page. Screenshots: /tmp/shots-ui/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import LANGUAGES, language_phone
from tests.support.entry import SETTLED
from tests.support.seats import seat_url, start

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-ui")
NAMES = ("Maria Cristina", "Bienvenido Macaraeg", "Ana")
FOUR = ("9S", "9H", "9D", "9C")

# Run on an element: its box, and whether it is in the screen, whole and on top (the point at
# the middle of each edge, a little inside, hits it or a part of it: nothing fixed over it).
SEEN = """(el) => {
  const r = el.getBoundingClientRect(), inside = 2;
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const points = [[x, r.top + inside], [x, r.bottom - inside],
                  [r.left + inside, y], [r.right - inside, y]];
  const inScreen = r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
    && r.right <= innerWidth;
  const onTop = inScreen && points.every(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return !!hit && (el === hit || el.contains(hit));
  });
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, inScreen, onTop,
          scrollY: scrollY};
}"""


@pytest.fixture(params=sorted(LANGUAGES))
def phone(browser, request):
    yield from language_phone(browser, request.param)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"reach-{name}-{page.language}.png"))


def seen(locator) -> dict:
    return locator.evaluate(SEEN)


def test_review_is_in_the_fixed_bar(phone, server):
    token = start(phone, server, players=NAMES, points_rounds=True)
    phone.goto(f"{server}/s/{token}/rounds/new?mode=points")
    review = phone.locator("#review")
    review.wait_for()
    shot(phone, "points-review")
    where = seen(review)
    assert where["scrollY"] == 0 and where["onTop"], where  # no scrolling to reach it
    assert review.bounding_box()["height"] >= 44
    # a round that can be saved: Confirm beside Review, both in the bar
    phone.locator("label[for=ending-draw]").tap()
    phone.locator("label[for=declarer-0]").tap()
    for seat, points in enumerate(("5", "12", "30")):
        phone.fill(f"#points_{seat}", points)
    phone.locator("#preview .verdict").wait_for()
    phone.evaluate("window.scrollTo(0, 0)")
    shot(phone, "points-ready")
    for button in ("#save", "#review"):
        where = seen(phone.locator(button))
        assert where["onTop"], (button, where)
    # scrolled to the end, the page's last part stands above the bar, not under it
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    bar = phone.locator(".points-bar").bounding_box()
    cancel = phone.locator(".actions > a.btn").bounding_box()
    assert cancel["y"] + cancel["height"] <= bar["y"], (cancel, bar)


def test_the_secret_toggle_stays_in_sight_beside_a_clash(phone, server):
    """Ana lays a four of a kind (the engine offers Secret) and taps 7♠, which Cris entered
    first: the clash chip comes first in the row, the Secret toggle stays in sight; and so it
    does when the row is narrower (a draw Ben called: Ana's "Challenged?" beside the chips)."""
    token = start(phone, server, players=NAMES[::-1], preset="pagat")
    cris = {"melds": [], "hand": ["7S"]}
    assert phone.request.put(f"{server}/api/sessions/{token}/draft/seats/2", data=cris).ok
    phone.goto(seat_url(server, token, 0))
    phone.locator(".picker [data-card='7S']").wait_for()
    for card in FOUR:
        phone.locator(f".picker [data-card='{card}']").tap()
    phone.locator(".picker [data-act='meld']").tap()
    phone.locator(".picker [data-card='7S']").tap()
    phone.locator("[data-chips] .chip.clash").wait_for()
    secret = phone.locator("[data-chips] [data-secret='0']")
    secret.wait_for()
    shot(phone, "secret-clash")
    where = seen(secret)
    assert where["onTop"], where
    row = phone.locator("[data-chips]").bounding_box()
    assert where["left"] >= row["x"] and where["right"] <= row["x"] + row["width"], (where, row)
    secret.tap()  # it takes a tap, and stays in sight pressed
    pressed = phone.locator("[data-chips] [data-secret='0'][aria-pressed=true]")
    pressed.wait_for()
    # the row is drawn again with the toggle pressed: in sight once it has settled
    pressed.evaluate(
        "el => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert seen(pressed)["onTop"], seen(pressed)
    phone.locator("[data-ending] [data-value='draw']").tap()
    phone.locator("[data-by] [data-value='1']").tap()
    phone.locator("[data-flag=challenged]").wait_for()
    phone.wait_for_timeout(300)  # the chips drawn again with the flag beside them
    shot(phone, "secret-clash-flag")
    where = seen(secret)
    assert where["onTop"], where


def test_clear_is_above_the_one_phone_bar(phone, server):
    token = start(phone, server)  # short names: the page's end just under the screen
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    summary = phone.locator(".clear-round > summary")
    summary.scroll_into_view_if_needed()
    phone.wait_for_timeout(100)
    shot(phone, "clear-one-phone")
    bar = phone.locator(".livebar").bounding_box()
    where = seen(summary)
    assert where["onTop"] and where["bottom"] <= bar["y"], (where, bar)
    summary.tap()
    yes = phone.locator(".clear-round button[type=submit]")
    yes.scroll_into_view_if_needed()
    phone.wait_for_timeout(100)
    where = seen(yes)
    assert where["onTop"] and where["bottom"] <= bar["y"], (where, bar)
    # scrolled to the end, as a thumb does: both whole above the bar
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    shot(phone, "clear-one-phone-end")
    for part in (summary, yes):
        where = seen(part)
        assert where["onTop"] and where["bottom"] <= bar["y"], (where, bar)


def test_clear_is_whole_on_the_seat_page(phone, server):
    token = start(phone, server)
    phone.goto(seat_url(server, token, 1))
    phone.locator(".picker [data-card='7S']").wait_for()
    summary = phone.locator(".clear-round > summary")
    summary.scroll_into_view_if_needed()
    phone.wait_for_timeout(100)
    shot(phone, "clear-seat")
    assert seen(summary)["onTop"], seen(summary)
    summary.tap()
    yes = phone.locator(".clear-round button[type=submit]")
    yes.scroll_into_view_if_needed()
    phone.wait_for_timeout(100)
    assert seen(yes)["onTop"]
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    for part in (summary, yes):
        assert seen(part)["onTop"]
