""" "Print summary" right after a round is saved: cold, and printed ahead in the background.

One fresh app plays a worker (temp SQLite, migrations run, the app's own printer: a child
process per print, the instance folder's cache). A session of --rounds rounds is imported
through the API; then, --passes times, one more round is saved through the API and the table
asks for the summary (GET /s/<token>/summary.pdf), three ways:

- cold: printing ahead off (TRACKER_SUMMARY_AHEAD=0), so the ask prints it;
- at once: printing ahead on, the ask right after the save (it waits for the print under way,
  or is told to ask again in 2 s and does, as the page does);
- prepared: printing ahead on, the ask after the background print has finished, as when the
  table taps Print a few seconds after the save.

Printed: the median seconds of each way, and cold / prepared as a ratio.

    python benchmarks/summary_ahead.py [--rounds 200] [--passes 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.servers import fresh_app  # noqa: E402
from tests.support.records import DRAW  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402


def _app(ahead: bool):
    return fresh_app("summary-ahead", IMPORT_MAX_BYTES=64 * 1024 * 1024, SUMMARY_AHEAD=ahead)


def _passes(rounds: int, passes: int, *, ahead: bool, settle: bool) -> list[float]:
    """Seconds of each ask for the summary, one more round saved before each."""
    app = _app(ahead)
    client = app.test_client()
    token = client.post("/api/sessions/import", json=random_session(seed=2026, rounds=rounds))
    token = token.get_json()["id"]
    seconds = []
    for _ in range(passes):
        assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
        if settle:
            assert app.extensions["summary_ahead"].wait_idle(120), "the print ahead never ended"
        start = time.perf_counter()
        answer = client.get(f"/s/{token}/summary.pdf")
        while answer.status_code == 503:  # as the page does (print_summary.js): ask again
            time.sleep(int(answer.headers["Retry-After"]))
            answer = client.get(f"/s/{token}/summary.pdf")
        seconds.append(time.perf_counter() - start)
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF"), answer.status
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    ways = {
        "cold (nothing printed ahead)": dict(ahead=False, settle=False),
        "at once (the print ahead under way)": dict(ahead=True, settle=False),
        "prepared (the print ahead done)": dict(ahead=True, settle=True),
    }
    medians = {}
    for name, how in ways.items():
        medians[name] = statistics.median(_passes(args.rounds, args.passes, **how))
        print(
            f"{args.rounds} rounds, {name}: median {medians[name] * 1000:.1f} ms of {args.passes}"
        )
    cold, prepared = (
        medians["cold (nothing printed ahead)"],
        medians["prepared (the print ahead done)"],
    )
    print(f"cold / prepared: {cold / prepared:.0f}×")


if __name__ == "__main__":
    main()
