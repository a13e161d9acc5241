"""One phone per seat (issue 9, part B) in Debian's Chromium: a session started through the API,
the three seat pages opened, a hand tapped into the picker, Done and Agree, what of a page is
off a 360x740 screen, screenshots when TRACKER_SCREENSHOTS names a folder."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.support.records import DRAW, PLAYERS

SHOTS = os.environ.get("TRACKER_SCREENSHOTS")  # a folder for the phones' 360x740 screenshots

# A typical talon-out round (the one of benchmarks/seat_flow.py): (melds, hand) per seat.
TALON_ROUND = [
    ([["7S", "7D", "7C"]], ["2H", "5C", "9D"]),
    ([["4H", "5H", "6H"]], ["KS", "QD", "JC"]),
    ([["9S", "10S", "JS"]], ["AS", "3D", "8C"]),
]


def start(page, server, players=PLAYERS, **rules) -> str:
    answer = page.request.post(
        server + "/api/sessions", data={"players": list(players), "dealer": 0, "rules": rules}
    )
    assert answer.status == 201, answer.text()
    return answer.json()["id"]


def session_json(page, server, token) -> dict:
    return page.request.get(f"{server}/api/sessions/{token}").json()


def half_round(page, server, token):
    """The round as far as the table got, through the draft's API: how it ended (DRAW's), and
    Ana's and Cris's cards."""
    base = f"{server}/api/sessions/{token}/draft"
    header = {"ending": DRAW["ending"], "declarer": DRAW["declarer"]}
    assert page.request.put(base + "/header", data=header).status == 200
    for seat in (0, 2):
        assert page.request.put(f"{base}/seats/{seat}", data=DRAW["hands"][seat]).status == 200


def draft_json(page, server, token) -> dict:
    return page.request.get(f"{server}/api/sessions/{token}/draft").json()


def seat_url(server, token, seat) -> str:
    return f"{server}/s/{token}/rounds/new?seat={seat}"


def stored_hand(page, server, token, seat, tries=100):
    """The seat's hand in the server's draft once it holds any card (a tap on its way), read
    every 0.1 s up to `tries` times; the empty hand if none came."""
    draft = f"{server}/api/sessions/{token}/draft"
    for _ in range(tries):
        hand = page.request.get(draft).json()["seats"][seat]["hand"]
        if hand:
            break
        page.wait_for_timeout(100)
    return hand


def open_seats(phones, server, token):
    for seat, page in enumerate(phones):
        page.goto(seat_url(server, token, seat))
        page.locator(".picker [data-card='7S']").wait_for()


def tap_hand(page, melds, hand):
    for meld in melds:
        for card in meld:
            page.locator(f".picker [data-card='{card}']").tap()
        page.get_by_role("button", name=re.compile("^Meld")).tap()
    for card in hand:
        page.locator(f".picker [data-card='{card}']").tap()


def tap_done(page):
    page.locator(".picker").get_by_role("button", name=re.compile("^Done")).tap()


def agree_button(page):
    return page.get_by_role("button", name=re.compile("^Agree"))


# Run in a page: what of the seat page is off a 360x740 screen (empty: it all fits, no scroll
# needed). Only "Clear this round" lies under the screen, on purpose: out of a thumb's way.
OFF_SCREEN = """() => {
  const out = [], h = innerHeight, w = innerWidth, root = document.scrollingElement;
  const clear = document.querySelector('.seat-page .clear-round');
  const used = clear ? clear.getBoundingClientRect().top + scrollY
      - parseFloat(getComputedStyle(clear).marginTop) : root.scrollHeight;
  if (used > h) out.push('the page scrolls: ' + used + ' px');
  document.querySelectorAll('.picker [data-card], .picker [data-act], [data-cell], ' +
      '[data-ending] button, [data-by] button, [data-agree], [data-change]').forEach((el) => {
    if (!el.offsetParent) return;  // not shown now
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > h || r.left < 0 || r.right > w) out.push(el.textContent.trim());
  });
  return out;
}"""


def fits(page):
    assert page.evaluate(OFF_SCREEN) == []


def shoot(pages, name):
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    for seat, page in enumerate(pages):
        page.screenshot(path=str(Path(SHOTS) / f"seat-{name}-{seat}.png"))


def chips(page) -> str:
    return page.locator("[data-chips]").inner_text()


def enter_talon_round(phones):
    """Every phone enters its hand of TALON_ROUND and taps Done; until each shows Agree."""
    phones[0].get_by_role("button", name="Talon out", exact=True).tap()
    for page, (melds, hand) in zip(phones, TALON_ROUND, strict=True):
        tap_hand(page, melds, hand)
        tap_done(page)
    for page in phones:
        agree_button(page).wait_for()


def agreed_on(phones, server, *seats) -> str:
    """A new session whose three phones entered TALON_ROUND; the phones of `seats` agreed."""
    token = start(phones[0], server)
    open_seats(phones, server, token)
    enter_talon_round(phones)
    for seat in seats:
        agree_button(phones[seat]).tap()
    return token
