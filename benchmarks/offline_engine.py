"""The phone's offline engine in Debian's Chromium at 360x740: what it costs to become ready and
to judge a round.

For each run: a fresh browser context (an empty cache) opens the home page and starts the
engine worker (tests/support/engine_worker.js), which fetches Pyodide and the engine's files
from the app and imports the engine ("cold"); the page is then opened again in the same
context and the worker started again, Pyodide now from the browser's cache ("cached"). Then
the worker judges a round against a 20-round session --judges times (tap -> verdict, as an
offline preview would ask). With --throttle N the page's CPU is slowed N times
(Emulation.setCPUThrottlingRate), as a slow phone is.

Prints the bytes the app sent under /offline/ to become ready (counted by the server: the
Content-Length of each answer, gzip where the app sends it), the median times to ready, and the
median and p90 of one judgement. With --lang fil the worker speaks Filipino: it also fetches
the speech module and the language's catalogue as it starts, and says each answer's sentences
in it.

    .venv/bin/python benchmarks/offline_engine.py [--runs 3] [--judges 50] [--throttle 4]
                                                  [--lang fil]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.harness.servers import serve  # noqa: E402
from benchmarks.harness.timing import nearest  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

DRIVE = (ROOT / "tests" / "support" / "engine_worker.js").read_text()


def one_round(rounds: int) -> list[str]:
    made = random_session(seed=5, rounds=rounds + 1)
    *before, last = made["rounds"]
    state = {k: made[k] for k in ("players", "rules", "first_dealer")}
    return [json.dumps({**state, "records": before}), json.dumps(last)]


class Sent:
    """WSGI middleware: the bytes of the answers under /offline/ (their Content-Length)."""

    def __init__(self, app):
        self.app, self.bytes = app, 0

    def __call__(self, environ, start_response):
        def counted(status, headers, *rest):
            if environ["PATH_INFO"].startswith("/offline/"):
                self.bytes += int(dict(headers).get("Content-Length") or 0)
            return start_response(status, headers, *rest)

        return self.app(environ, counted)


SENT: list[Sent] = []


def counting(app) -> Sent:
    SENT.append(Sent(app))
    return SENT[0]


def run(browser, base: str, args) -> dict:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
    page.set_default_timeout(600_000)
    page.goto(base + "/")
    before = SENT[0].bytes
    options = {"langs": [args.lang]} if args.lang else {}
    cold = page.evaluate(DRIVE, [[], options])["ready_ms"]
    wire = SENT[0].bytes - before
    page.goto(base + "/")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
    cases = [one_round(20)] * args.judges
    cached = page.evaluate(DRIVE, [cases, options])
    context.close()
    return {"wire": wire, "cold": cold, "cached": cached["ready_ms"], "judge": cached["judge_ms"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--judges", type=int, default=50)
    parser.add_argument("--throttle", type=float, default=1)
    parser.add_argument("--lang", help="the page's language (default: English)")
    args = parser.parse_args()
    base = serve("offline-engine", counting)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        runs = [run(browser, base, args) for _ in range(args.runs)]
        browser.close()
    judged = sorted(t for r in runs for t in r["judge"])
    median = statistics.median
    print(f"{args.runs} runs, CPU throttled {args.throttle:g}x, {args.lang or 'en'}:")
    print(f"  sent to become ready: {median(r['wire'] for r in runs) / 1e6:.2f} MB")
    print(f"  ready, cold: median {median(r['cold'] for r in runs) / 1000:.2f} s")
    print(f"  ready, cached: median {median(r['cached'] for r in runs) / 1000:.2f} s")
    p90 = nearest(judged, 0.9)
    print(f"  one round judged (20 before it): median {median(judged):.1f} ms, p90 {p90:.1f} ms")


if __name__ == "__main__":
    main()
