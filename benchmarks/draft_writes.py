"""How many draft writes a whole round sends, in Debian's Chromium at 360x740 with touch: the
typical talon-out round (tests/support/entry.py TYPICAL) tapped at a person's pace (--pace ms
between taps, not waiting for the answers), once on the one-phone page and once on three seat
phones. Counted at the server (a WSGI wrapper): the writes that change the round draft (the
one-phone page's previews, which keep the round in the draft, and the draft API's PUT, POST and
DELETE), the draft reads, and every request.

    .venv/bin/python benchmarks/draft_writes.py [--rounds 3] [--pace 350]

Run the same file in a checkout of an older commit to compare (docs/performance.md).
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.harness.servers import serve  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM, SEAT_PHONE  # noqa: E402
from tests.support.entry import TYPICAL  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cris"]
COUNTS: Counter = Counter()
LOCK = threading.Lock()


def kind(method: str, path: str, body: bytes) -> str:
    if path.endswith("/rounds/preview") and method == "POST":
        # the one-phone page's preview keeps the round in the draft, unless it says not now
        return "preview" if b'name="draft_keep"\r\n\r\n0' in body else "write"
    if "/draft" in path and path.startswith("/api/"):
        return "read" if method == "GET" else "write"
    return "other"


def counting(app):
    def counted(environ, start_response):
        size = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(size) if size else b""
        environ["wsgi.input"] = io.BytesIO(body)
        with LOCK:
            COUNTS[kind(environ["REQUEST_METHOD"], environ.get("PATH_INFO", ""), body)] += 1
        return app(environ, start_response)

    return counted


def taps_of(seat: int) -> list[str]:
    (meld,), hand = TYPICAL[seat]
    return [*meld.split(), "Meld", *hand.split()]


def tap(page, what: str, pace: int) -> None:
    if what in ("Meld", "Next", "Done"):
        page.locator(".picker").get_by_role("button", name=re.compile("^" + what)).tap()
    else:
        page.locator(f".picker [data-card='{what}']").tap()
    page.wait_for_timeout(pace)


def one_phone_round(page, server: str, token: str, pace: int) -> None:
    page.goto(f"{server}/s/{token}/rounds/new")
    page.locator(".picker [data-card='7S']").wait_for()
    page.locator(".hdr .ending label", has_text="Talon out").tap()
    page.wait_for_timeout(pace)
    for seat in range(3):
        for what in [*taps_of(seat), "Done" if seat == 2 else "Next"]:
            tap(page, what, pace)
    save = page.get_by_role("button", name="Confirm")
    save.wait_for(state="visible")
    page.wait_for_function("() => !document.getElementById('save').disabled")
    save.tap()
    page.wait_for_url(f"{server}/s/{token}")


def seat_round(pages, server: str, token: str, pace: int) -> None:
    for seat, page in enumerate(pages):
        page.goto(f"{server}/s/{token}/rounds/new?seat={seat}")
        page.locator(".picker [data-card='7S']").wait_for()
    pages[0].get_by_role("button", name="Talon out").tap()
    steps = [taps_of(seat) + ["Done"] for seat in range(3)]
    for step in range(max(len(s) for s in steps)):  # the three phones tap at once, each at pace
        began = time.monotonic()
        for page, taps in zip(pages, steps, strict=True):
            if step < len(taps):
                tap(page, taps[step], 0)
        pages[0].wait_for_timeout(max(0, pace - (time.monotonic() - began) * 1000))
    agrees = [page.get_by_role("button", name=re.compile("^Agree")) for page in pages]
    for agree in agrees:
        agree.wait_for()
        agree.tap()
    for page in pages:
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))


def measured(play) -> Counter:
    with LOCK:
        COUNTS.clear()
    play()
    with LOCK:
        return Counter(COUNTS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pace", type=int, default=350, help="ms between a phone's taps")
    args = parser.parse_args()
    server = serve("draft-writes", counting)
    one, seats = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = [
            browser.new_context(viewport=SEAT_PHONE, has_touch=True, is_mobile=True).new_page()
            for _ in PLAYERS
        ]
        made = pages[0].request.post(f"{server}/api/sessions", data={"players": PLAYERS})
        token = made.json()["id"]
        for _ in range(args.rounds):
            one.append(measured(lambda: one_phone_round(pages[0], server, token, args.pace)))
            seats.append(measured(lambda: seat_round(pages, server, token, args.pace)))
        browser.close()
    for name, runs in (("one phone", one), ("three seat phones", seats)):
        print(
            f"{name}: draft writes a round median {statistics.median(r['write'] for r in runs)}"
            f" (of {[r['write'] for r in runs]}), previews that keep nothing "
            f"{statistics.median(r['preview'] for r in runs)}, draft reads "
            f"{statistics.median(r['read'] for r in runs)}, all requests "
            f"{statistics.median(sum(r.values()) for r in runs)}"
        )


if __name__ == "__main__":
    main()
