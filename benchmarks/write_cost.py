"""What one tap costs the server: a draft write (PUT …/draft/seats/<n>, a hand one card
longer each time), made by the app in this process (no HTTP), on PostgreSQL (the server
scripts/postgres.sh starts): CPU per write, and the write-ahead log it adds (what a
replica copies and a disk writes). With push on, also the outbox row of each write, published
to a stand-in for Pushpin (a local HTTP server answering 200, in a process of its own) and
deleted by the sweep. Each way runs in a process of its own.

    .venv/bin/python benchmarks/write_cost.py [--writes 600]

The figures of docs/performance.md, "One tap's cost", and the plan for many servers
(docs/decisions/0025-fifty-thousand-tables.md).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402

from tests.support.database import close, migrate, worker  # noqa: E402
from tests.support.records import PLAYERS  # noqa: E402

CARDS = ["7S", "7D", "7C", "2H", "5C", "9D", "KD", "QS", "3C", "4C", "8H", "JD"]


class Sink(BaseHTTPRequestHandler):
    """Pushpin's publish endpoint, as far as the app can tell: 200 to every POST."""

    def do_POST(self):  # noqa: N802 (http.server's name)
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args):
        pass


def database(name: str) -> str:
    url = subprocess.run(
        ["bash", str(ROOT / "scripts/postgres.sh"), name],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:  # an empty database: the migrations make it anew
        connection.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    return url


def wal(app) -> int:
    from tracker.extensions import db

    with app.app_context():
        at = db.session.execute(sa.text("SELECT pg_current_wal_lsn() - '0/0'")).scalar()
        db.session.remove()
    return int(at)


def measure(push: bool, writes: int) -> tuple[float, float]:
    """(CPU ms per write, median of 3 batches; WAL bytes per write)."""
    url = database("tracker_write_cost")
    sink = subprocess.Popen([sys.executable, __file__, "--sink"], stdout=subprocess.PIPE, text=True)
    port = int(sink.stdout.readline())  # its CPU is not this process's
    settings = {"PUSH_URL": f"http://127.0.0.1:{port}", "PUSH_KEY": "k"} if push else {}
    app = worker(url, Path(tempfile.mkdtemp()) / "instance", **settings)
    migrate(app)
    client = app.test_client()
    token = client.post("/api/sessions", json={"players": PLAYERS}).get_json()["id"]
    count = 0

    def tap() -> None:
        nonlocal count
        hand = CARDS[: count % len(CARDS) + 1]
        answer = client.put(
            f"/api/sessions/{token}/draft/seats/{count % 3}", json={"melds": [], "hand": hand}
        )
        assert answer.status_code == 200, answer.data
        count += 1

    for _ in range(60):  # warm: the app's memos, the connection pool
        tap()
    time.sleep(2.5)  # the sweep deletes the warm-up's rows
    cpu, started = [], wal(app)
    for _ in range(3):
        at = time.process_time()
        for _ in range(writes // 3):
            tap()
        cpu.append((time.process_time() - at) / (writes // 3) * 1000)
    time.sleep(2.5 if push else 0)  # the sweep's deletes, counted with the writes that made them
    logged = (wal(app) - started) / (writes // 3 * 3)
    close(app)
    sink.terminate()
    sink.wait()
    return statistics.median(cpu), logged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=600)
    parser.add_argument("--sink", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--push", choices=("off", "on"), help="only this way (default: both)")
    args = parser.parse_args()
    if args.sink:  # the stand-in for Pushpin, in a process of its own
        server = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
        print(server.server_port, flush=True)
        server.serve_forever()
    if args.push is None:  # each way in a process of its own, push off first
        for push in ("off", "on"):
            subprocess.run([sys.executable, __file__, "--writes", str(args.writes), "--push", push])
        return
    for push in (args.push == "on",):
        cpu, logged = measure(push, args.writes)
        print(
            f"push {'on ' if push else 'off'}: {cpu:.2f} ms of CPU per draft write (this process:"
            f" the app and its driver), {logged:,.0f} bytes of WAL per write",
            flush=True,
        )


if __name__ == "__main__":
    main()
