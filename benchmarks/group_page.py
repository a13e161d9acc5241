"""A barkada's page and its JSON with many nights behind it: a group of `--sessions`
settled sessions of `--rounds` rounds (dealt by tests/support/rounds_factory.py, fixed seeds),
imported in one request, then GET /g/<id> and GET /api/groups/<id> timed cold (a new worker:
no ledger memo, no group totals) and warm (the same worker again), medians over `--passes`.
Where the time goes is printed too: the group's balances alone, cold and warm.

    python benchmarks/group_page.py [--sessions 100] [--rounds 60] [--passes 5]
                                    [--database-url postgresql://…]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.servers import app_on  # noqa: E402
from benchmarks.harness.timing import timed  # noqa: E402
from tests.support.database import drop_everything, migrate  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402
from tracker.core.barkada.balances import group_money
from tracker.core.barkada.group_store import get_group

MEMBERS = ["Ana", "Ben", "Cris", "Dan", "Eve", "Fe"]


def group_export(sessions: int, rounds: int) -> dict:
    entries = []
    for number in range(sessions):
        seats = [MEMBERS[(number + k) % len(MEMBERS)] for k in (0, 2, 3)]
        session = random_session(seed=number, rounds=rounds, players=seats, settled=True)
        entries.append({"seats": seats, "session": session})
    return {
        "format": "tongits-tracker-group/1",
        "name": "Benchmark barkada",
        "members": [{"name": name} for name in MEMBERS],
        "sessions": entries,
        "payments": [{"from": "Ana", "to": "Ben", "amount": "150.00", "paid_on": "2026-11-27"}],
    }


def fresh_database(database_url: str, prefix: str) -> tuple[str, str]:
    """(a new instance folder, the database migrated afresh: that URL, else SQLite in it)."""
    folder = tempfile.mkdtemp(prefix=prefix)
    url = database_url or f"sqlite:///{folder}/bench.db"
    if database_url:
        drop_everything(url)
    migrate(app_on(url, folder))
    return folder, url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    folder, url = fresh_database(args.database_url, "group-bench-")
    export = group_export(args.sessions, args.rounds)
    client = app_on(url, folder).test_client()
    start = time.perf_counter()
    made = client.post("/api/groups/import", json=export)
    imported = time.perf_counter() - start
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    figures: dict[str, list[float]] = {}
    for _ in range(args.passes):
        app = app_on(url, folder)  # a new worker: every cache empty
        fresh = app.test_client()
        for path in (f"/g/{token}", f"/api/groups/{token}"):
            figures.setdefault(f"cold {path[:3]}", []).append(timed(fresh.get, path))
            fresh = app_on(url, folder).test_client()
        for path in (f"/g/{token}", f"/api/groups/{token}"):
            fresh.get(path)
            figures.setdefault(f"warm {path[:3]}", []).append(timed(fresh.get, path))
        other = app_on(url, folder)
        with other.app_context():
            group = get_group(token)
            figures.setdefault("balances cold", []).append(timed(group_money, group))
            figures.setdefault("balances warm", []).append(timed(group_money, group))
        one = other.test_client()  # one session reopened and settled again: only it replays
        session = one.get(f"/api/groups/{token}").get_json()["sessions"][0]["id"]
        one.post(f"/api/sessions/{session}/reopen")
        one.post(f"/api/sessions/{session}/settle")
        figures.setdefault("after 1 change", []).append(timed(one.get, f"/api/groups/{token}"))
    print(
        f"group of {args.sessions} sessions x {args.rounds} rounds "
        f"({'PostgreSQL' if args.database_url else 'SQLite'}); import {imported:.2f} s"
    )
    for name, values in figures.items():
        print(
            f"  {name:16} median {statistics.median(values) * 1000:7.1f} ms "
            f"(min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f})"
        )


if __name__ == "__main__":
    main()
