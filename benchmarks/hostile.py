"""Another user's home page while hostile requests are in flight (gunicorn as scripts/serve.sh
runs it: 3 workers x 4 threads, gthread, SQLite).

Ten clients of each kind below send their request again and again (keep-alive connections) for
--seconds, while a probe opens the home page (`GET /`, a new connection each time, as a new
visitor) every 50 ms. The kinds are what a security probe found costing seconds each:
- a draft hand of 65,000 cards written (`PUT …/draft/seats/0`), and the round check with it;
- the draft read in Filipino (`GET …/draft`, Accept-Language: fil) and its verdict page;
- a session of 1,000 rounds (the most a session holds) read by the API, shown with every round
  (`/s/<id>?all=1`) and exported;
- a group imported (a --group-rounds-round export, about 1 MB) and a group's stats asked for a
  new period each time (a group of --group-sessions sessions of 40 rounds).

The hostile clients all come from 127.0.0.1, the probe's visitors from 127.0.0.2–254 (one
after another, as new visitors), and the server bounds the requests of one address at once
(CLIENT_AT_ONCE, --client-at-once, 2 by default; 0 for no bound), as a public server is set
up (docs/deploy.md, "A public server"). With --proxy, Debian's nginx stands in front as the
docs/deploy.md sets it up, its per-address bounds refusing the flood before gunicorn's queue
(benchmarks/nginx_front.py; --proxy-at-once, --proxy-rate and --proxy-burst are its
`limit_conn` and `limit_req` figures).

Prints the probe's median and p99 alone (before the load) and under the load, and for each kind
how many answers came back by status and their median time.

    .venv/bin/python benchmarks/hostile.py [--seconds 30] [--clients 10] [--honour-retry]
        [--client-at-once 2] [--proxy [--proxy-at-once 16] [--proxy-rate 20] [--proxy-burst 60]]

The load generator runs on the same two cores as the server (its 90 threads take up to one);
the probe runs in a process of its own, as another user's phone would, so that its times are
the server's and not its wait for the load generator's interpreter.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.harness.servers import free_port, start_server  # noqa: E402
from benchmarks.harness.timing import percentile  # noqa: E402
from benchmarks.nginx_front import start_nginx  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

HUGE = {"melds": [], "hand": "7S " * 65_000}
# The probe's addresses, one visitor after another (a visitor's own bound is not the probe's
# wait); the hostile clients all come from 127.0.0.1
VISITORS = [f"127.0.0.{n}" for n in range(2, 255)]


class Client:
    def __init__(self, port: int, source: str = "127.0.0.1"):
        self.port, self.source = port, (source, 0)
        self.conn = self._connect()

    def _connect(self):
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=120, source_address=self.source
        )

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int, bytes]:
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        heads = {"Content-Type": "application/json", **(headers or {})}
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, data, heads)
                answer = self.conn.getresponse()
                return answer.status, answer.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = self._connect()
                if attempt == 2:
                    return 0, b""
        return 0, b""


def group_export(sessions: int, rounds: int, seed: int) -> dict:
    exports = [random_session(seed=seed + n, rounds=rounds) for n in range(sessions)]
    return {
        "format": "tongits-tracker-group/1",
        "name": f"Biyernes {seed}",
        "created": exports[0]["created"],
        "members": [{"name": n, "note": None, "left": False} for n in ("Ana", "Ben", "Cris")],
        "sessions": [{"seats": ["Ana", "Ben", "Cris"], "session": e} for e in exports],
        "payments": [],
    }


def setup(port: int, group_sessions: int, import_rounds: int) -> dict:
    c = Client(port)
    status, body = c.call("POST", "/api/sessions/import", random_session(seed=1, rounds=1000))
    assert status == 201, body[:300]
    big = json.loads(body)["id"]
    status, body = c.call("POST", "/api/sessions", {"players": ["Ana", "Ben", "Cris"]})
    small = json.loads(body)["id"]
    status, body = c.call("POST", "/api/groups/import", group_export(group_sessions, 40, 100))
    assert status == 201, body[:300]
    group = json.loads(body)["id"]
    payload = json.dumps(group_export(import_rounds // 40, 40, 500)).encode()
    return {"big": big, "small": small, "group": group, "import": payload}


def kinds(made: dict) -> dict:
    big, small, group = made["big"], made["small"], made["group"]
    draft = f"/api/sessions/{small}/draft"
    record = {"ending": "talon", "hands": [HUGE, HUGE, HUGE]}

    def stats_path() -> str:
        day = f"2026-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}"
        return f"/g/{group}/stats?from={day}"

    return {
        "huge hand written": lambda c: c.call("PUT", f"{draft}/seats/0", HUGE),
        "round check, huge hand": lambda c: c.call(
            "POST", f"/api/sessions/{small}/rounds/check", record
        ),
        "draft in Filipino": lambda c: c.call("GET", draft, headers={"Accept-Language": "fil"}),
        "draft verdict page": lambda c: c.call("GET", f"/s/{small}/draft/verdict"),
        "1,000-round session, API": lambda c: c.call("GET", f"/api/sessions/{big}"),
        "1,000-round session, every round": lambda c: c.call("GET", f"/s/{big}?all=1"),
        "1,000-round session, export": lambda c: c.call("GET", f"/api/sessions/{big}/export"),
        "group import": lambda c: c.call("POST", "/api/groups/import", made["import"]),
        "group stats, new period": lambda c: c.call("GET", stats_path()),
    }


def probe(port: int, seconds: float) -> list[float]:
    times, stop = [], time.monotonic() + seconds
    while time.monotonic() < stop:
        started = time.monotonic()
        status, _ = Client(port, VISITORS[len(times) % len(VISITORS)]).call("GET", "/")
        if status == 200:
            times.append(time.monotonic() - started)
        else:
            times.append(float("inf"))
        time.sleep(0.05)
    return times


def probe_apart(port: int, seconds: float) -> list[float]:
    """The probe in a process of its own (spawned: no thread of this one comes along)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(probe, (port, seconds))


def hostile(port: int, name: str, send, stop: threading.Event, seen: dict, wait: bool) -> None:
    client = Client(port)
    while not stop.is_set():
        started = time.monotonic()
        status, _ = send(client)
        seen[name].append((status, time.monotonic() - started))
        if wait and status in (429, 503):  # as Retry-After asks (1 s a 429, 5 s a busy worker)
            stop.wait(1 if status == 429 else 5)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--group-sessions", type=int, default=100)
    parser.add_argument("--group-rounds", type=int, default=2000)
    parser.add_argument("--client-at-once", default="2", help="CLIENT_AT_ONCE, 0: no bound")
    parser.add_argument(
        "--honour-retry", action="store_true", help="clients wait as a 429 or 503 asks"
    )
    parser.add_argument("--proxy", action="store_true", help="nginx in front (docs/deploy.md)")
    parser.add_argument("--proxy-at-once", type=int, default=16, help="nginx limit_conn")
    parser.add_argument("--proxy-rate", type=int, default=20, help="nginx limit_req, per second")
    parser.add_argument("--proxy-burst", type=int, default=60, help="nginx limit_req burst")
    args = parser.parse_args()
    os.environ["CLIENT_AT_ONCE"] = args.client_at_once
    if args.proxy:
        os.environ["TRUST_PROXY"] = "1"
    folder = Path(tempfile.mkdtemp(prefix="hostile-"))
    server, port = start_server(f"sqlite:///{folder / 'tracker.db'}", 3, 4, folder / "instance")
    front = None
    try:
        made = setup(port, args.group_sessions, args.group_rounds)
        print(f"import payload {len(made['import']) / 1e6:.1f} MB", flush=True)
        if args.proxy:
            upstream, port = port, free_port()
            bounds = (args.proxy_at_once, args.proxy_rate, args.proxy_burst)
            front = start_nginx(Path(tempfile.mkdtemp(prefix="nginx-")), port, upstream, *bounds)
        alone = probe_apart(port, 10)
        stop, seen = threading.Event(), {}
        threads = []
        for name, send in kinds(made).items():
            seen[name] = []
            for _ in range(args.clients):
                t = threading.Thread(
                    target=hostile, args=(port, name, send, stop, seen, args.honour_retry)
                )
                t.start()
                threads.append(t)
        time.sleep(2)  # every kind in flight
        loaded = probe_apart(port, args.seconds)
        stop.set()
        for t in threads:
            t.join(timeout=180)
    finally:
        for process in (front, server):
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
    report(alone, loaded, seen, args)


def report(alone: list[float], loaded: list[float], seen: dict, args) -> None:
    front = (
        f", nginx in front (limit_conn {args.proxy_at_once}, "
        f"limit_req {args.proxy_rate}r/s burst {args.proxy_burst})"
    )
    print(
        f"{args.clients} clients of each of {len(seen)} kinds, {args.seconds:.0f} s, "
        f"CLIENT_AT_ONCE={args.client_at_once}{front if args.proxy else ''}"
        f"{', Retry-After honoured' if args.honour_retry else ', sent again at once'}:"
    )
    for label, times in (("GET / alone", alone), ("GET / under the load", loaded)):
        good = [t for t in times if t != float("inf")]
        print(
            f"  {label}: {len(times)} asked, {len(times) - len(good)} failed, "
            f"median {statistics.median(good) * 1000:.0f} ms, p99 {percentile(times, 0.99):.0f} ms"
        )
    for name, answers in seen.items():
        statuses = Counter(status for status, _ in answers)
        median = statistics.median(t for _, t in answers) * 1000 if answers else float("nan")
        shown = ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
        print(f"  {name}: {len(answers)} answers ({shown}), median {median:.0f} ms")


if __name__ == "__main__":
    main()
