"""Working offline, measured in Debian's Chromium at 360x740 (the app's own pages, service
worker, engine worker and outbox, as a phone that took "Keep working offline" runs them):

- tap -> preview offline: the one-phone page with the network off; a hand's field changed
  (as a tap changes it) until the engine in the phone has answered and the page shows it
  (the form's aria-busy gone); --previews times;
- storage per 100 rounds: 100 rounds judged by the engine in the phone and put in the outbox
  (IndexedDB), what navigator.storage.estimate() says they added, and their JSON's size;
- reconnect -> saved: --queued rounds waiting in the outbox, the network back (the online
  event), until the page says nothing waits and the server holds every round (once each);
- time to ready: the tap on "Keep working offline" until the session page says "Ready to
  work offline" (Pyodide and the engine fetched, kept and started; the session and its pages
  kept), on a fresh phone;
- first verdict offline: the one-phone page opened from the phone's cache with the network
  off, its three hands filled in at once (the form complete) --after ms after it opened, until
  the engine's verdict is shown: how long the warming the page starts as it opens leaves.

    .venv/bin/python benchmarks/offline_outbox.py [--runs 3] [--previews 30] [--queued 20]
        [--after 0 1000 3000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.harness.servers import serve  # noqa: E402
from benchmarks.harness.timing import nearest  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402
from tests.support.offline import KEPT  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

# In the one-phone page: a hand's field changed `n` times, each until the page shows the answer.
PREVIEWS = """async n => {
  const form = document.getElementById('round'), hand = document.getElementById('hand_2');
  const settled = () => new Promise(done => {
    const check = () => form.hasAttribute('aria-busy') ? requestAnimationFrame(check) : done();
    requestAnimationFrame(check);
  });
  const times = [];
  for (let i = 0; i < n; i++) {
    hand.value = i % 2 ? 'AS 3D 8C' : 'AS 3D 8C 4C';
    const began = performance.now();
    hand.dispatchEvent(new Event('input', {bubbles: true}));
    await settled();
    times.push(performance.now() - began);
  }
  return times;
}"""

# In any page of the session: `records` judged in turn by the engine in the phone, each put in
# the outbox as the one-phone page's Confirm puts it; what the storage estimate says it cost.
QUEUE = """async ([token, records]) => {
  const O = TongitsOutbox, E = TongitsEngine;
  const usage = async () => (await navigator.storage.estimate()).usage;
  const before = await usage();
  let json = 0;
  for (const record of records) {
    const judged = await O.judgedOn(token);
    const got = await E.preview(judged.session, record);
    const entry = {token, api: judged.kept.api, record, base: judged.kept.revision,
      number: got.number, result: got.result, ledger: got.ledger};
    json += JSON.stringify(await O.add(entry)).length;
    if (!got.result) throw new Error(JSON.stringify(got.problems));
  }
  return {added: (await usage()) - before, json};
}"""


def rounds(count: int) -> tuple[dict, list[dict]]:
    made = random_session(seed=16, rounds=count)
    return {"players": made["players"], "dealer": made["first_dealer"]}, made["rounds"]


HANDS = [("7S 7D 7C", "2H 5C 9D"), ("4H 5H 6H", "KS QD JC"), ("9S 10S JS", "AS 3D 8C")]
FILL = """hands => hands.forEach(([melds, hand], seat) => {
  for (const [name, value] of [['melds_' + seat, melds], ['hand_' + seat, hand]]) {
    const field = document.getElementById(name);
    field.value = value;
    field.dispatchEvent(new Event('input', {bubbles: true}));
  }
})"""
VERDICT = (
    "() => !document.getElementById('round').hasAttribute('aria-busy')"
    " && document.querySelector('.livebar .bar-main').textContent.includes('Review')"
)


def ready(page, base: str, body: dict) -> tuple[str, float]:
    """A session made, the offer taken: its token and the seconds until "Ready" was said."""
    token = page.request.post(base + "/api/sessions", data=body).json()["id"]
    page.goto(f"{base}/s/{token}")
    offer = page.locator("#keep-offline")
    offer.wait_for()
    began = time.perf_counter()
    offer.click()
    page.locator("#offline-state", has_text="Ready to work offline").wait_for()
    took = time.perf_counter() - began
    page.reload()  # as tests/support/offline.py's ready_offline goes on
    page.wait_for_function(KEPT, arg=token)
    return token, took


def first_verdict(page, base: str, token: str, after_ms: int) -> float:
    """Seconds from the complete form (filled `after_ms` after the page opened) to the
    verdict, the page opened offline from the cache."""
    page.goto(f"{base}/s/{token}/rounds/new")
    page.wait_for_timeout(after_ms)
    page.locator("label[for=ending-talon]").click()
    began = time.perf_counter()
    page.evaluate(FILL, HANDS)
    page.wait_for_function(VERDICT, polling=10)
    return time.perf_counter() - began


def run(browser, base: str, args) -> dict:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(600_000)
    body, records = rounds(max(args.queued, 100))
    token, took = ready(page, base, body)
    context.set_offline(True)
    firsts = {after: first_verdict(page, base, token, after) for after in args.after}
    page.goto(f"{base}/s/{token}/rounds/new")
    page.locator("label[for=ending-talon]").click()
    page.evaluate(FILL, HANDS)  # as typed (the fields the picker fills)
    page.wait_for_function("() => !document.getElementById('round').hasAttribute('aria-busy')")
    previews = page.evaluate(PREVIEWS, args.previews)
    page.goto(f"{base}/s/{token}")
    stored = page.evaluate(QUEUE, [token, records[:100]])
    page.evaluate(
        "n => TongitsOutbox.entries().then(all => Promise.all(all.slice(n).map(e => "
        "TongitsOutbox.answer(e.key, 'drop'))))",
        args.queued,
    )
    page.reload()
    page.locator("#outbox-count", has_text=f"{args.queued} rounds not sent yet").wait_for()
    context.set_offline(False)
    began = time.perf_counter()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox-count").wait_for(state="hidden")
    sent = time.perf_counter() - began
    count = page.request.get(f"{base}/api/sessions/{token}").json()["round_count"]
    assert count == args.queued, (count, args.queued)
    context.close()
    return {"previews": previews, "stored": stored, "sent": sent, "ready": took, "firsts": firsts}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--previews", type=int, default=30)
    parser.add_argument("--queued", type=int, default=20)
    parser.add_argument("--after", type=int, nargs="+", default=[0, 1000, 3000])
    args = parser.parse_args()
    base = serve("offline-outbox")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        runs = [run(browser, base, args) for _ in range(args.runs)]
        browser.close()
    median = statistics.median
    times = sorted(t for r in runs for t in r["previews"])
    p90 = nearest(times, 0.9)
    print(f"{args.runs} runs:")
    print(f"  tap -> preview offline: median {median(times):.1f} ms, p90 {p90:.1f} ms")
    added = median(r["stored"]["added"] for r in runs)
    size = median(r["stored"]["json"] for r in runs)
    said = f"storage estimate +{added / 1e3:.0f} kB, JSON {size / 1e3:.0f} kB"
    print(f"  100 rounds in the outbox: {said}")
    sent = median(r["sent"] for r in runs)
    print(f"  reconnect -> {args.queued} queued rounds saved: median {sent:.2f} s")
    took = median(r["ready"] for r in runs)
    print(f"  time to ready (offer tapped -> Ready): median {took:.1f} s")
    for after in args.after:
        first = median(r["firsts"][after] for r in runs)
        said = f"form complete {after} ms after the page opened"
        print(f"  first verdict offline, {said}: median {first:.2f} s")


if __name__ == "__main__":
    main()
