"""A big barkada opened cold, seen by a stranger: real gunicorn (3 workers x 4 threads, as
scripts/serve.sh) on a fresh SQLite file holding a group of `--sessions` settled sessions of 40
rounds. The server is started again (every worker cold), then `--openers` phones (each its own
address) open the group's page at once and again after each 503 (Retry-After), while a
stranger asks for the home page every 0.25 s. Printed: the stranger's home page p50/p99/max,
and when each opener first saw the group's balances. Run with `--cold-rounds 100000000` for
the figures without the bound (TRACKER_GROUP_COLD_ROUNDS).

    python benchmarks/cold_group.py [--sessions 300] [--openers 12] [--cold-rounds 3000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.phones import call  # noqa: E402
from benchmarks.harness.servers import fresh_sqlite, gunicorn_on  # noqa: E402
from benchmarks.harness.timing import quantile_ms  # noqa: E402
from benchmarks.heavy_victim import EVERY  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

MEMBERS = ["Ana", "Ben", "Cris", "Dan", "Eve", "Fe"]


def group_export(sessions: int) -> bytes:
    entries = []
    for number in range(sessions):
        seats = [MEMBERS[(number + k) % len(MEMBERS)] for k in (0, 2, 3)]
        session = random_session(seed=number, rounds=40, players=seats, settled=True)
        entries.append({"seats": seats, "session": session})
    export = {
        "format": "tongits-tracker-group/1",
        "name": "Benchmark barkada",
        "members": [{"name": name} for name in MEMBERS],
        "sessions": entries,
        "payments": [],
    }
    return json.dumps(export, separators=(",", ":")).encode()


def opener(port, token, number, started, seen):
    source = f"127.0.1.{number + 1}"
    while True:
        status, _, _ = call(port, "GET", f"/g/{token}", source=source, timeout=300)
        if status == 200:
            seen[number] = time.monotonic() - started
            return
        time.sleep(1)  # about what Retry-After asks, sooner


def stranger(port, stop, homes):
    while not stop.is_set():
        homes.append(call(port, "GET", "/", source="127.0.2.1")[1])
        time.sleep(EVERY)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--openers", type=int, default=12)
    parser.add_argument("--cold-rounds", default="3000")
    args = parser.parse_args()
    url, instance = fresh_sqlite("cold-group")
    settings = {"TRACKER_GROUP_COLD_ROUNDS": args.cold_rounds}
    server = gunicorn_on(url, instance, **settings)
    try:
        status, took, made = call(
            server.port, "POST", "/api/groups/import", group_export(args.sessions)
        )
        assert status == 201, made
        token = json.loads(made)["id"]
    finally:
        server.stop()
    server = gunicorn_on(url, instance, **settings)  # every worker cold
    try:
        stop, homes, seen = threading.Event(), [], {}
        watcher = threading.Thread(target=stranger, args=(server.port, stop, homes))
        watcher.start()
        time.sleep(1)
        started = time.monotonic()
        openers = [
            threading.Thread(target=opener, args=(server.port, token, n, started, seen))
            for n in range(args.openers)
        ]
        for thread in openers:
            thread.start()
        for thread in openers:
            thread.join()
        time.sleep(1)
        stop.set()
        watcher.join()
        times = sorted(seen.values())
        print(
            f"group of {args.sessions} sessions x 40 rounds, imported in {took:.1f} s; "
            f"{args.openers} openers at once; TRACKER_GROUP_COLD_ROUNDS={args.cold_rounds}"
        )
        p50, p99 = (quantile_ms(homes, q, "inclusive") for q in (50, 99))
        print(
            f"  stranger's home page: {len(homes)} asked, p50 {p50:.0f} ms, "
            f"p99 {p99:.0f} ms, max {max(homes) * 1000:.0f} ms"
        )
        print(
            f"  openers saw the balances after: first {times[0]:.1f} s, "
            f"median {statistics.median(times):.1f} s, last {times[-1]:.1f} s"
        )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
