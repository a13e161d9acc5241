"""One phone per seat, measured in Debian's Chromium: three phones (browser contexts at
360x740, touch) each choose their player once on the session page, then play --rounds typical
talon-out rounds on the seat page, each phone tapping only its own cards:

    seat 0: meld 7S 7D 7C + hand 2H 5C 9D, and "Talon out" for the table
    seat 1: meld 4H 5H 6H + hand KS QD JC
    seat 2: meld 9S 10S JS + hand AS 3D 8C

Printed: the taps per seat for a round (header, cards, Meld, Done and Agree; the
"+ Enter round" tap that opens the seat page is counted apart), and over the rounds the time from
the last Agree to every phone showing the new ledger (the session page's DOM ready on the
slowest of the three), median and max. The server is the app on 127.0.0.1 in a thread (as the
browser tests' `server` fixture), on a SQLite file made by the migrations.

    .venv/bin/python benchmarks/seat_flow.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.harness.servers import serve  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM, SEAT_PHONE  # noqa: E402
from tests.support.entry import TYPICAL  # noqa: E402  the issue's typical round, as entry_taps.py

PLAYERS = ["Ana", "Ben", "Cris"]
LEFT: list[float] = []  # ms from the last Agree to the slowest phone leaving the seat page
SHOWN_AT = (  # when the page's DOM was ready, in ms since the epoch
    "performance.timeOrigin"
    " + performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
)


class Phone:
    def __init__(self, page, seat: int):
        self.page, self.seat, self.taps = page, seat, 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    def button(self, name):
        return self.page.get_by_role("button", name=name)

    def enter_hand(self) -> None:
        (meld,), hand = TYPICAL[self.seat]
        for card in meld.split():
            self.tap(self.page.locator(f".picker [data-card='{card}']"))
        self.tap(self.button(re.compile("^Meld")))
        for card in hand.split():
            self.tap(self.page.locator(f".picker [data-card='{card}']"))
        self.tap(self.page.locator(".picker").get_by_role("button", name=re.compile("^Done")))


def play_round(phones: list[Phone], number: int) -> tuple[list[int], int, float]:
    """One round; returns the taps per seat, the "+ Enter round" taps, and the seconds from the
    last Agree to the slowest phone showing the ledger."""
    for phone in phones:
        phone.taps = 0
        phone.page.locator("#enter-round").tap()
        phone.page.locator(".picker [data-card='7S']").wait_for()
    phones[0].tap(phones[0].button("Talon out"))
    for phone in phones:
        phone.enter_hand()
    agrees = [phone.button(re.compile("^Agree")) for phone in phones]
    for agree in agrees:
        agree.wait_for()
    for phone, agree in zip(phones[:-1], agrees[:-1], strict=True):
        phone.tap(agree)
    began = time.time() * 1000
    phones[-1].tap(agrees[-1])
    shown, left = [], []
    for phone in phones:
        phone.page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
        phone.page.locator(f"#round-{number}").wait_for(state="attached")
        shown.append(phone.page.evaluate(SHOWN_AT))
        left.append(phone.page.evaluate("performance.timeOrigin"))
    LEFT.append(max(left) - began)
    return [phone.taps for phone in phones], 1, (max(shown) - began) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    server = serve("seat-flow")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = [
            browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True).new_page()
            for _ in PLAYERS
        ]
        answer = pages[0].request.post(
            server + "/api/sessions", data={"players": PLAYERS, "dealer": 0, "rules": {}}
        )
        token = answer.json()["id"]
        for seat, page in enumerate(pages):  # once per phone: "Which player is this phone?"
            page.goto(f"{server}/s/{token}")
            page.locator("#whose").get_by_role("button", name=PLAYERS[seat]).tap()
            page.locator("#enter-round", has_text=f"{PLAYERS[seat]}'s phone").wait_for()
        phones = [Phone(page, seat) for seat, page in enumerate(pages)]
        times = []
        for number in range(1, args.rounds + 1):
            taps, enter, seconds = play_round(phones, number)
            times.append(seconds)
        saved = len(pages[0].request.get(f"{server}/api/sessions/{token}").json()["rounds"])
        browser.close()
    assert saved == args.rounds, f"{saved} rounds saved for {args.rounds} played"
    print(f"rounds played and saved once each: {saved}")
    print(f"taps per seat (header, cards, Meld, Done, Agree): {taps}  target <= 10")
    print(f"  plus {enter} tap per seat on '+ Enter round N · <player>'s phone'")
    print(
        f"last Agree -> every phone showing the new ledger: median {statistics.median(times):.3f} s"
        f", max {max(times):.3f} s over {len(times)} rounds  target median < 1 s"
    )
    print(
        f"  of which noticing the save (the slowest phone leaving the seat page): median "
        f"{statistics.median(LEFT) / 1000:.3f} s, max {max(LEFT) / 1000:.3f} s; the rest is "
        "loading the session page"
    )


if __name__ == "__main__":
    main()
