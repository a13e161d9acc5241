"""Each hostile request of benchmarks/hostile.py alone: its median time through the Flask test
client (a fresh SQLite file, a 1,000-round session), the first answer made and then kept.

    .venv/bin/python benchmarks/hostile_alone.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.harness.servers import fresh_app  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

HUGE = {"melds": [], "hand": "7S " * 65_000}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    app = fresh_app("hostile-alone")
    c = app.test_client()
    big = c.post("/api/sessions/import", json=random_session(seed=1, rounds=1000)).get_json()
    small = c.post("/api/sessions", json={"players": ["Ana", "Ben", "Cris"]}).get_json()["id"]
    draft = f"/api/sessions/{small}/draft"
    asks = {
        "65,000-card hand written": lambda: c.put(f"{draft}/seats/0", json=HUGE),
        "draft in Filipino": lambda: c.get(draft, headers={"Accept-Language": "fil"}),
        "draft verdict page": lambda: c.get(f"/s/{small}/draft/verdict"),
        "1,000-round session, API": lambda: c.get(f"/api/sessions/{big['id']}"),
        "1,000-round session, export": lambda: c.get(f"/api/sessions/{big['id']}/export"),
        "home page": lambda: c.get("/"),
    }
    for name, ask in asks.items():
        started = time.perf_counter()
        status = ask().status_code
        first = time.perf_counter() - started
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            ask()
            times.append(time.perf_counter() - started)
        median = statistics.median(times) * 1000
        print(f"{name}: {status}, first {first * 1000:.1f} ms, then median {median:.1f} ms")


if __name__ == "__main__":
    main()
