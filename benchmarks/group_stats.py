"""A group's stats with 100 sessions of 60 rounds (targets: the stats page under
200 ms warm and under 1 s cold, the season PDF under 3 s).

The group (6 members, 3 of them at each session, dealt by tests/support/rounds_factory.py with
fixed seeds) is written straight into a SQLite file made by the migrations. Each figure is the
median wall time of several passes through the Flask test client:
- cold: a new worker (a new app: empty memos, the deadwood search's memo cleared too), its
  first stats page; every session's rounds read and replayed;
- warm: the same page again (the memo of the whole answer);
- after a save: one session changed (a round added), the page again: that session replayed;
- the API answer likewise, and the season PDF printed by the bounded printer (its cache
  emptied before each pass).
Then where the cold time goes, as the page does it: reading the rounds, the engine's replay
(`replay_stored`, as the page replays; and `replay`, which checks each round again, for
comparison), the stats, the page.

    .venv/bin/python benchmarks/group_stats.py [--sessions 100] [--rounds 60] [--passes 5]
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import Text, cast, select  # noqa: E402

from benchmarks.harness.servers import app_on  # noqa: E402
from tests.support.records import TALON  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402
from tracker import MIGRATIONS  # noqa: E402
from tracker.engine import Rules, combine, replay, replay_stored, session_stats  # noqa: E402
from tracker.engine.deadwood import _MEMOS  # noqa: E402
from tracker.extensions import db  # noqa: E402
from tracker.fast_path import collector_paused, loads
from tracker.models import Barkada, GameSession, Member, Round  # noqa: E402

MEMBERS = ["Ana", "Ben", "Cris", "Dan", "Eli", "Fe"]
TARGETS = {"warm": 0.2, "cold": 1.0, "pdf": 3.0}


def build(app, sessions: int, rounds: int) -> tuple[str, str]:
    """(group token, token of its last session)."""
    rng = random.Random(11)
    with app.app_context():
        upgrade(directory=MIGRATIONS)
        group = Barkada(name="Biyernes")
        group.members = [Member(name=name, position=at) for at, name in enumerate(MEMBERS)]
        db.session.add(group)
        db.session.flush()
        ids = {member.name: member.id for member in group.members}
        start = datetime(2026, 1, 2, 12)
        for number in range(sessions):
            seats = rng.sample(MEMBERS, 3)
            export = random_session(seed=number, rounds=rounds, players=seats)
            game = GameSession(
                players=seats,
                rules=export["rules"],
                first_dealer=export["first_dealer"],
                created_at=start + timedelta(days=7 * number),
                settled_at=start + timedelta(days=7 * number, hours=5),
                group_id=group.id,
                seat_members=[ids[name] for name in seats],
            )
            game.rounds = [
                Round(number=at, record=record) for at, record in enumerate(export["rounds"], 1)
            ]
            db.session.add(game)
        db.session.commit()
        return group.token, game.token


def clear_deadwood_memo() -> None:
    for memo in _MEMOS.values():
        memo.clear()
        memo[0] = 0


CPU: dict[str, list[float]] = {}  # the CPU seconds of this process, per path kind


def timed(client, path: str, kind: str = "") -> float:
    start, cpu = time.perf_counter(), time.process_time()
    answer = client.get(path)
    seconds = time.perf_counter() - start
    CPU.setdefault(kind, []).append(time.process_time() - cpu)
    assert answer.status_code == 200, answer.status_code
    return seconds


def verdict(seconds: float, target: float, kind: str = "") -> str:
    cpu = f", CPU {median(CPU[kind]) * 1000:.0f} ms" if kind in CPU else ""
    return f"{seconds * 1000:.0f} ms{cpu} (target under {target * 1000:.0f} ms: " + (
        "met)" if seconds < target else "NOT met)"
    )


def where_time_goes(url: str, instance: Path, group: str) -> str:
    """The cold work step by step, outside the web layer, as the page does it: the records
    read as text and decoded by orjson, replayed as stored without words, the collector
    paused (fast_path/__init__.py)."""
    app = app_on(url, instance)
    with app.app_context(), collector_paused():
        clear_deadwood_memo()
        start = time.perf_counter()
        games = db.session.query(GameSession).filter(GameSession.group_id.isnot(None)).all()
        records: dict[int, list] = {game.id: [] for game in games}
        rows = db.session.execute(
            select(Round.session_id, cast(Round.record, Text)).order_by(
                Round.session_id, Round.number
            )
        )
        for session_id, record in rows:
            records[session_id].append(loads(record))
        read = time.perf_counter() - start
        start = time.perf_counter()
        ledgers = [
            replay_stored(
                game.players,
                Rules.from_dict(game.rules),
                game.first_dealer,
                records[game.id],
                words=False,
            )
            for game in games
        ]
        replayed = time.perf_counter() - start
        clear_deadwood_memo()
        start = time.perf_counter()
        for game in games:  # the full check of every round, as a round typed in is checked
            replay(game.players, Rules.from_dict(game.rules), game.first_dealer, records[game.id])
        checked = time.perf_counter() - start
        start = time.perf_counter()
        parts = [session_stats(game.seat_members, ledger) for game, ledger in zip(games, ledgers)]
        combine(parts)
        counted = time.perf_counter() - start
    client = app.test_client()
    with app.app_context():
        client.get(f"/g/{group}/stats")
        start = time.perf_counter()
        client.get(f"/g/{group}/stats?vs=2")  # answer memoised: a page render and two queries
        page = time.perf_counter() - start
    return (
        f"reading the rounds {read * 1000:.0f} ms, engine replay as stored (the page's) "
        f"{replayed * 1000:.0f} ms (with the full check of each round: {checked * 1000:.0f} ms), "
        f"stats {counted * 1000:.0f} ms, a page from the memo {page * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="group-stats-"))
    url = f"sqlite:///{folder / 'tracker.db'}"
    started = time.perf_counter()
    group, last = build(app_on(url, folder / "instance"), args.sessions, args.rounds)
    print(f"built {args.sessions} x {args.rounds} rounds in {time.perf_counter() - started:.0f} s")
    page, api = f"/g/{group}/stats", f"/api/groups/{group}/stats"
    cold, cold_api, warm, warm_api, changed = [], [], [], [], []
    for _ in range(args.passes):
        clear_deadwood_memo()
        client = app_on(url, folder / "instance").test_client()
        cold.append(timed(client, page, "cold"))
        warm += [timed(client, page, "warm") for _ in range(5)]
        clear_deadwood_memo()
        client = app_on(url, folder / "instance").test_client()
        cold_api.append(timed(client, api, "cold api"))
        warm_api += [timed(client, api, "warm api") for _ in range(5)]
        answer = client.post(f"/api/sessions/{last}/reopen")
        assert answer.status_code == 200, answer.get_json()
        assert client.post(f"/api/sessions/{last}/rounds", json=TALON).status_code == 201
        changed.append(timed(client, page, "changed"))
    pdf = []
    client = app_on(url, folder / "instance").test_client()
    client.get(page)  # the figures known: the time is the printing's
    for _ in range(3):
        shutil.rmtree(folder / "instance" / "summary-pdf", ignore_errors=True)
        pdf.append(timed(client, f"/g/{group}/season.pdf"))
    print(f"stats page cold: {verdict(median(cold), TARGETS['cold'], 'cold')}")
    print(f"stats page warm: {verdict(median(warm), TARGETS['warm'], 'warm')}")
    print(f"stats page after one session changed: {verdict(median(changed), 1.0, 'changed')}")
    print(f"API cold: {verdict(median(cold_api), TARGETS['cold'], 'cold api')}")
    print(f"API warm: {verdict(median(warm_api), TARGETS['warm'], 'warm api')}")
    print(f"season PDF: {verdict(median(pdf), TARGETS['pdf'])}")
    print("cold, step by step: " + where_time_goes(url, folder / "instance", group))
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
