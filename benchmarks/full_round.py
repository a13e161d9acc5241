"""A full-size round (13, 12 and 12 cards at the end: two melds and six cards left each, talon
out) entered in Debian's Chromium at 360x740 with touch, against the app served by a thread on
a temp SQLite file made by the migrations, on one phone and then with a phone per seat:

    Ana   7S 7D 7C | 2H 3H 4H 5H | 9D JC QS KD AS 8C
    Ben   4S 5S 6S | 10H 10D 10C | KS QD JD 2C 3C 9H
    Cris  9S 10S JS | AH AD AC   | 6D 6C 8H 8D KH QC

Prints, per mode, the taps the round takes (how it ended, every card, Meld, Next or Done,
Confirm or Agree), the time from a card's tap to the engine's answer on screen (the one-phone
page: its preview settled; a seat page: the answer to its hand's write shown, one frame after),
median and p90, and with a phone per seat the time from the last Agree to every phone showing
the saved round (median over --rounds rounds).

    .venv/bin/python benchmarks/full_round.py [--rounds 5]
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
from benchmarks.harness.timing import median_ms, percentile  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM, SEAT_PHONE  # noqa: E402
from tests.support.entry import SETTLED, OneScreen, new_session, one_phone  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cris"]
FULL = [
    (["7S 7D 7C", "2H 3H 4H 5H"], "9D JC QS KD AS 8C"),
    (["4S 5S 6S", "10H 10D 10C"], "KS QD JD 2C 3C 9H"),
    (["9S 10S JS", "AH AD AC"], "6D 6C 8H 8D KH QC"),
]
FRAME = "() => new Promise(done => requestAnimationFrame(() => done()))"


def one_phone_round(browser, server: str) -> tuple[int, list[float]]:
    page = one_phone(browser)
    token = new_session(page, server)
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_function(SETTLED)
    screen = OneScreen(page)
    screen.ending("Talon out")
    screen.play(FULL)
    screen.confirm()
    page.wait_for_url(f"{server}/s/{token}")
    page.context.close()
    return screen.taps, screen.times


class Seat:
    """One phone at its seat page: taps counted, each card's tap timed to its answer shown."""

    def __init__(self, page, seat: int):
        self.page, self.seat, self.taps, self.times = page, seat, 0, []

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    def card(self, card: str) -> None:
        key = self.page.locator(f".picker [data-card='{card}']")
        began = time.perf_counter()
        with self.page.expect_response(
            lambda r: f"/draft/seats/{self.seat}" in r.url and r.request.method == "PUT"
        ) as answer:
            self.tap(key)
        answer.value.finished()
        self.page.evaluate(FRAME)
        self.times.append(time.perf_counter() - began)

    def enter(self) -> None:
        melds, rest = FULL[self.seat]
        for meld in melds:
            for card in meld.split():
                self.card(card)
            self.tap(self.page.get_by_role("button", name=re.compile("^Meld")))
        for card in rest.split():
            self.card(card)
        self.tap(self.page.locator(".picker").get_by_role("button", name=re.compile("^Done")))


def seat_rounds(browser, server: str, rounds: int) -> tuple[list[int], list[float], list[float]]:
    pages = [
        browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True).new_page()
        for _ in PLAYERS
    ]
    token = new_session(pages[0], server)
    for seat, page in enumerate(pages):  # once per phone: "Which player is this phone?"
        page.goto(f"{server}/s/{token}")
        page.locator("#whose").get_by_role("button", name=PLAYERS[seat]).tap()
        page.locator("#enter-round", has_text=f"{PLAYERS[seat]}'s phone").wait_for()
    seats = [Seat(page, seat) for seat, page in enumerate(pages)]
    shown, taps = [], []
    for number in range(1, rounds + 1):
        for phone in seats:
            phone.taps = 0
            phone.page.locator("#enter-round").tap()
            phone.page.locator(".picker [data-card='7S']").wait_for()
        seats[0].tap(seats[0].page.get_by_role("button", name="Talon out"))
        for phone in seats:
            phone.enter()
        agrees = [phone.page.get_by_role("button", name=re.compile("^Agree")) for phone in seats]
        for agree in agrees:
            agree.wait_for()
        for phone, agree in zip(seats[:-1], agrees[:-1], strict=True):
            phone.tap(agree)
        began = time.perf_counter()
        seats[-1].tap(agrees[-1])
        for phone in seats:
            phone.page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
            phone.page.locator(f"#round-{number}").wait_for(state="attached")
        shown.append(time.perf_counter() - began)
        taps = [phone.taps for phone in seats]
    saved = len(pages[0].request.get(f"{server}/api/sessions/{token}").json()["rounds"])
    assert saved == rounds, f"{saved} rounds saved for {rounds} played"
    for page in pages:
        page.context.close()
    return taps, [t for phone in seats for t in phone.times], shown


def ms(values: list[float]) -> str:
    return f"median {median_ms(values):.0f} ms, p90 {percentile(values, 0.9):.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    server = serve("full-round")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        one_taps, one_times = [], []
        for _ in range(args.rounds):
            taps, times = one_phone_round(browser, server)
            one_taps.append(taps)
            one_times += times
        seat_taps, seat_times, shown = seat_rounds(browser, server, args.rounds)
        browser.close()
    print(f"full-size round (13/12/12 cards), {args.rounds} rounds each way, at 360x740:")
    print(f"  one phone: {one_taps[0]} taps; tap to the preview on screen {ms(one_times)}")
    print(
        f"  a phone per seat: taps {'/'.join(map(str, seat_taps))}; tap to the preview on "
        f"screen {ms(seat_times)}"
    )
    print(
        f"  last Agree to every phone showing the saved round: median "
        f"{statistics.median(shown):.3f} s, max {max(shown):.3f} s"
    )


if __name__ == "__main__":
    main()
