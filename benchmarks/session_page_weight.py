"""The session page's weight on a phone: how many elements it holds with a session of `--rounds`
typical rounds, and where they are, and (with --lighthouse) Lighthouse's mobile run of it.

    .venv/bin/python benchmarks/session_page_weight.py [--rounds 15] [--lighthouse 3]
        [--throttling simulate|devtools] [--lighthouse-bin /tmp/lh/node_modules/.bin/lighthouse]

The app of benchmarks/harness/servers.py (a fresh SQLite file), a session of three players and
`--rounds` typical rounds (benchmarks/typical.py, seed 7) saved through the JSON API, then the
page opened in the tests' Chromium at 360×740 with touch: the elements of the whole document
(`document.querySelectorAll('*')`) and of each part of the page; the page's answer time and
that of the earlier rounds' part (earlier.js's fetch), medians of 21. With --lighthouse N,
Lighthouse 12.2.3's mobile run (its CPU 4× slower, slow 4G) of the same page N times, each
printing its total blocking time, its DOM size, its score and its long tasks, then the
medians; --throttling devtools slows the CPU for real (4×) instead of Lighthouse's estimate.
Lighthouse is installed apart (`npm i --prefix /tmp/lh lighthouse@12.2.3`) and runs in the same
headless shell (CHROME_PATH)."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.harness.servers import serve  # noqa: E402
from benchmarks.typical import typical_round  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM, SEAT_PHONE  # noqa: E402

SESSION = {
    "players": ["Ana", "Ben", "Cris"],
    "dealer": 0,
    "rules": {"preset": "classic", "stake": "10", "point_rate": "1"},
}
# the parts of the page counted apart: a CSS selector each (missing ones count 0)
PARTS = {
    "head": "head",
    "ledger": "#ledger",
    "  balances": "#ledger .balances",
    "  chart": "#ledger #chart",
    "  score sheet": "#ledger #sheet",
    "  rounds": "#ledger .rounds",
    "  earlier control": "#ledger #earlier",
    "invite (QR code)": "details.share",
    "keep offline": ".keep-offline, #keep-offline",
    "files": ".files",
}
COUNT = """(parts) => {
  const out = {total: document.querySelectorAll('*').length};
  for (const [name, selector] of Object.entries(parts)) {
    out[name] = [...document.querySelectorAll(selector)]
      .reduce((sum, el) => sum + 1 + el.querySelectorAll('*').length, 0);
  }
  out['round lines'] = document.querySelectorAll('#ledger details.round').length;
  return out;
}"""


def made_session(page, server: str, rounds: int) -> str:
    answer = page.request.post(f"{server}/api/sessions", data=SESSION)
    assert answer.status == 201, answer.text()
    token = answer.json()["id"]
    rng = random.Random(7)
    for _ in range(rounds):
        saved = page.request.post(f"{server}/api/sessions/{token}/rounds", data=typical_round(rng))
        assert saved.status == 201, saved.text()
    return token


def answer_ms(page, url: str, repeat: int = 21) -> float:
    """The median time of a GET of `url` from the server on this machine, in ms."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        assert page.request.get(url).ok
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def lighthouse(binary: str, url: str, throttling: str) -> dict:
    """One Lighthouse mobile run of `url`: its total blocking time, DOM size and score."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(
            [
                binary,
                url,
                "--only-categories=performance",
                "--form-factor=mobile",
                f"--throttling-method={throttling}",
                "--chrome-flags=--headless=new --no-sandbox",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
        )
        data = json.loads(report.read_text())
    audits = data["audits"]
    return {
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "dom": audits["dom-size"]["numericValue"],
        "score": round(data["categories"]["performance"]["score"] * 100),
        "long tasks": [
            (item.get("url", "")[-40:], round(item["duration"]))
            for item in audits.get("long-tasks", {}).get("details", {}).get("items", [])
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--lighthouse", type=int, default=0, help="Lighthouse runs (0: none)")
    parser.add_argument("--lighthouse-bin", default="/tmp/lh/node_modules/.bin/lighthouse")
    parser.add_argument(
        "--throttling",
        choices=("simulate", "devtools"),
        default="simulate",
        help="Lighthouse's own default (simulate), or the CPU really slowed 4x (devtools)",
    )
    args = parser.parse_args()
    server = serve("session-weight")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(
            viewport=SEAT_PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
        )
        page = context.new_page()
        token = made_session(page, server, args.rounds)
        url = f"{server}/s/{token}"
        page.goto(url)
        counts = page.evaluate(COUNT, PARTS)
        timed = {"the page": answer_ms(page, url)}
        earlier = page.locator("#earlier a[data-earlier]")
        if earlier.count():  # the earlier rounds' part, as earlier.js asks for it
            part = earlier.get_attribute("href").split("#")[0] + "&part=1"
            timed["the earlier rounds' part"] = answer_ms(page, server + part)
        browser.close()
    print(f"the session page with {args.rounds} rounds at 360×740: {url}")
    for name, count in counts.items():
        print(f"  {name:<18} {count:>6}")
    for name, ms in timed.items():
        print(f"  {name} answered in {ms:.1f} ms (median of 21)")
    if not args.lighthouse:
        return
    runs = []
    for number in range(args.lighthouse):
        run = lighthouse(args.lighthouse_bin, url, args.throttling)
        runs.append(run)
        print(f"Lighthouse mobile run {number + 1}: {run}")
    for key in ("tbt_ms", "dom", "score"):
        print(f"  median {key}: {statistics.median(run[key] for run in runs):.0f}")


if __name__ == "__main__":
    main()
