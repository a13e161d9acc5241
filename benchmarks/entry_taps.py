"""Round entry on one phone: a typical talon-out round tapped in Debian's
Chromium (Playwright) at 360x740 with touch, against the app served by a thread on a temp SQLite
file made by the migrations. The typical round (about the issue's "28 taps" one): how it ended,
then for each player one meld of three closed by Meld and three cards left, Next (Done on the
last), then Confirm:

    Ana   7S 7D 7C | 2H 5C 9D
    Ben   4H 5H 6H | KS QD JC
    Cris  9S 10S JS | AS 3D 8C

Prints, per round and in all: taps, scrolls needed (taps whose target was not fully in view, or
that left the page scrolled), keys that moved (any picker key or tool, header button, tab or
the live bar whose box changed after a tap or after the preview answer), and the time per tap
(from the tap to the engine's answer shown: median and p90). Targets: at most 28 taps, 0 scrolls,
0 moved.

    .venv/bin/python benchmarks/entry_taps.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.harness.servers import serve  # noqa: E402
from benchmarks.harness.timing import median_ms, percentile  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402
from tests.support.entry import new_session, one_phone, tap_a_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    server = serve("entry-taps")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = one_phone(browser)
        token = new_session(page, server)
        times, rounds = [], []
        for number in range(1, args.rounds + 1):
            screen = tap_a_round(page, server, token)
            rounds.append(screen)
            times += screen.times
            print(
                f"round {number}: {screen.taps} taps, {screen.scrolls} scrolls needed, "
                f"{len(screen.moved)} keys moved, time per tap median "
                f"{median_ms(screen.times):.0f} ms"
            )
            for moved in screen.moved:
                print("  moved:", moved)
        browser.close()
    print(
        f"typical talon-out round on one phone at 360x740: taps {rounds[0].taps} (target <= 28), "
        f"scrolls needed {sum(r.scrolls for r in rounds)} (target 0), keys moved "
        f"{sum(len(r.moved) for r in rounds)} (target 0), time per tap median "
        f"{median_ms(times):.0f} ms, p90 {percentile(times, 0.9):.0f} ms "
        f"({len(times)} taps, tap to the engine's answer shown)"
    )
    if page.js_errors:
        print("JavaScript errors:", page.js_errors)


if __name__ == "__main__":
    main()
