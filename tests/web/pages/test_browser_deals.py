"""Who deals, as large as the round's number and on one line, at a table's 360x740 phone in
Debian's Chromium, in English and in Filipino: the one-phone entry page's title, the seat
page's (where the title is also the way to change the dealer), the points-only page's and the
band that covers the title while the phone is offline. A long name ("Maria Cristina") fits
whole; a name no line can hold is cut alone with "…", the words around it whole, nothing off
the screen. The dealer's words are measured against the round's number: the computed font
sizes, and the lines (the box's height against its line-height). Screenshots: /tmp/shots-ui/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import LANGUAGES, SEAT_PHONE, language_phone
from tests.support.entry import SETTLED, OneScreen, words
from tests.support.seats import start

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-ui")
NAMES = ("Maria Cristina", "Bienvenido Macaraeg", "Ana")  # Maria Cristina deals round 1
DEALS = {"en": "{name} deals", "fil": "dealer si {name}"}
TOO_LONG = "Maria Cristina Sy-Gonzales de la Cruz"  # 37 characters (40 at most)

# Run in a page: the dealer's words (`deals`) against the element of the round's number
# (`number`): font sizes, lines (box height / line-height), where the box and the words
# around the name end, whether the name is cut ("…"), and whether the page scrolls sideways.
MEASURE = """([number, deals]) => {
  const n = document.querySelector(number), d = document.querySelector(deals);
  if (!n || !d) return null;
  const size = (el) => parseFloat(getComputedStyle(el).fontSize);
  const line = (el) => { const s = getComputedStyle(el);
    return s.lineHeight === 'normal' ? 1.2 * size(el) : parseFloat(s.lineHeight); };
  const box = d.getBoundingClientRect(), who = d.querySelector('.who');
  const rects = [...d.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).flatMap((c) => {
    const range = document.createRange();  // the words around the name (the name's box: `who`)
    range.selectNodeContents(c);
    return [...range.getClientRects()];
  }).concat(who ? [who.getBoundingClientRect()] : []);
  return {number: size(n), deals: size(d), lines: box.height / line(d),
          left: box.left, right: box.right, end: Math.max(...rects.map((r) => r.right)),
          cut: !!who && who.scrollWidth > who.clientWidth + 1,
          sideways: document.documentElement.scrollWidth > innerWidth};
}"""


@pytest.fixture(params=sorted(LANGUAGES))
def phone(browser, request):
    yield from language_phone(browser, request.param)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"deals-{name}-{page.language}.png"))


def one_line_as_large(page, number: str, deals: str, name: str) -> dict:
    """The dealer's words say `name` deals, at least as large as the round's number, on one
    line, inside the screen; what was measured."""
    got = page.evaluate(MEASURE, [number, deals])
    assert got, f"no {deals} or {number}"
    assert words(page.locator(deals)) == DEALS[page.language].format(name=name)
    assert got["deals"] >= got["number"] - 0.01, got
    assert got["lines"] < 1.5, got  # one line: a box one line-height tall
    assert got["left"] >= 0 and got["right"] <= SEAT_PHONE["width"], got
    assert not got["sideways"], got
    return got


def test_the_one_phone_title(phone, server):
    token = start(phone, server, players=NAMES, points_rounds=True)
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    shot(phone, "one-phone")
    got = one_line_as_large(phone, "[data-round-number]", ".page-title .sub", NAMES[0])
    assert not got["cut"], got
    header = phone.locator("header.top").bounding_box()
    assert header["height"] <= 48, header  # the one screen's first row: no taller than before


def test_the_seat_title_says_who_deals_and_changes_it(phone, server):
    token = start(phone, server, players=NAMES)
    phone.goto(f"{server}/s/{token}/rounds/new?seat=1")
    phone.locator(".picker [data-card='7S']").wait_for()
    shot(phone, "seat")
    got = one_line_as_large(phone, ".seat-title [data-round]", ".seat-title .deals", NAMES[0])
    assert not got["cut"], got
    # a tap on the title opens the Dealer select that lies over it: Ana deals now
    pick = phone.locator(".seat-title select[data-dealer]")
    box, title = pick.bounding_box(), phone.locator(".seat-title h1").bounding_box()
    assert box["height"] >= 44 and box["width"] >= title["width"], (box, title)
    pick.select_option("2")
    one_line_as_large(phone, ".seat-title [data-round]", ".seat-title .deals", "Ana")
    phone.wait_for_function(
        "() => fetch(document.getElementById('seat-page').dataset.draft)"
        ".then((r) => r.json()).then((d) => d.header.dealer === 2)"
    )
    # another phone's choice comes in through the shared draft: the title follows it
    answer = phone.request.put(f"{server}/api/sessions/{token}/draft/header", data={"dealer": 1})
    assert answer.ok, answer.text()
    phone.locator(".seat-title .deals", has_text=NAMES[1]).wait_for()
    got = one_line_as_large(phone, ".seat-title [data-round]", ".seat-title .deals", NAMES[1])
    assert not got["cut"], got  # "dealer si Bienvenido Macaraeg ▾" whole beside ◂
    assert pick.input_value() == "1"
    shot(phone, "seat-changed")


def test_the_points_only_title(phone, server):
    token = start(phone, server, players=NAMES, points_rounds=True)
    phone.goto(f"{server}/s/{token}/rounds/new?mode=points")
    phone.locator("#points_0").wait_for()
    shot(phone, "points")
    got = one_line_as_large(phone, ".page-title", ".page-title .sub", NAMES[0])
    assert not got["cut"], got


def test_the_offline_band_says_it_as_large(phone, server):
    token = start(phone, server, players=NAMES)
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    page_number = phone.evaluate(MEASURE, ["[data-round-number]", ".page-title .sub"])["number"]
    phone.context.set_offline(True)
    OneScreen(phone).cards("7S")
    band = phone.locator(".net")
    band.wait_for(state="visible")
    shot(phone, "offline-band")
    got = one_line_as_large(phone, ".net .net-title", ".net .net-title .deals", NAMES[0])
    assert got["number"] >= page_number - 0.01, got  # the band's title as large as the page's
    assert not got["cut"], got
    phone.context.set_offline(False)


@pytest.mark.parametrize("where", ["one-phone", "seat"])
def test_a_name_no_line_holds_is_cut_alone(phone, server, where):
    token = start(phone, server, players=(TOO_LONG, "Ben", "Cris"))
    if where == "seat":
        phone.goto(f"{server}/s/{token}/rounds/new?seat=1")
        phone.locator(".picker [data-card='7S']").wait_for()
        number, deals = ".seat-title [data-round]", ".seat-title .deals"
    else:
        phone.goto(f"{server}/s/{token}/rounds/new")
        phone.wait_for_function(SETTLED)
        number, deals = "[data-round-number]", ".page-title .sub"
    shot(phone, f"too-long-{where}")
    got = one_line_as_large(phone, number, deals, TOO_LONG)
    assert got["cut"], got  # the name alone, with "…"
    assert got["end"] <= SEAT_PHONE["width"], got  # "deals" (or the ▾) whole, on the screen
