"""Another client's heavy work, seen by a victim: real gunicorn (3 workers x 4 threads, as
scripts/serve.sh, CLIENT_AT_ONCE=2 as a public server) on a fresh SQLite file, a session of
`--rounds` rounds, and a victim asking for its export (heavy: the machine runs one at a time)
and for the home page every 0.25 s for `--seconds`, while
  idle       nobody else asks anything;
  trickle    one client sends an import a byte a second (its body never all there);
  trickle24  3 addresses x 8 connections each claim a 50,000,000-byte group import and send a
             byte a second, connecting again a second after each answer;
  imports N  N clients (addresses of their own) import that session again and again, back to
             back, in turn with each other (N = 1, 2, 3).
For each: the victim's exports answered (the rest were 503, come back later) and its share of
the heavy turns taken (its exports among every export and import answered), the longest it went
without one, and the export's and the home page's latency, median and p99 (a request with no
answer within 20 s counts as 20 s).

    python benchmarks/heavy_victim.py [--rounds 200] [--seconds 15] [--client-at-once 2]

Run from another checkout (its tests/support and tracker/) it measures that commit's server.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.phones import call  # noqa: E402
from benchmarks.harness.servers import fresh_sqlite, gunicorn_on  # noqa: E402
from benchmarks.harness.timing import quantile_ms  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

EVERY = 0.25  # s between two of the victim's requests
WAIT = 20  # s the victim waits for an answer


def trickle(port, stop, source="127.0.0.3", path="/api/sessions/import", claimed=999999):
    """An import claiming `claimed` bytes, a byte a second, until answered or `stop`."""
    with socket.create_connection(("127.0.0.1", port), 120, (source, 0)) as sock:
        head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        sock.sendall(
            f"{head}Content-Type: application/json\r\nContent-Length: {claimed}\r\n\r\n".encode()
        )
        sock.settimeout(0)
        while not stop.wait(1):
            try:
                sock.send(b" ")
                if sock.recv(1 << 16):
                    return  # answered (408, 429): the connection is over
            except BlockingIOError:
                continue
            except OSError:
                return


def trickle24(port, stop):
    def connection(source):
        while not stop.is_set():
            trickle(port, stop, source, "/api/groups/import", 50_000_000)
            stop.wait(1)

    threads = [
        threading.Thread(target=connection, args=(f"127.0.0.{20 + i // 8}",), daemon=True)
        for i in range(24)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def importers(n):
    def imports(port, export, stop, turns):
        def one(source):
            while not stop.is_set():
                status = call(port, "POST", "/api/sessions/import", export, source=source)[0]
                turns[source] = turns.get(source, 0) + (status == 201)
                if status != 201:
                    time.sleep(0.005)

        threads = [
            threading.Thread(target=one, args=(f"127.0.0.{30 + i}",), daemon=True) for i in range(n)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    return imports


def timed(port, path):
    """(status, seconds) of a GET from the victim's address; (None, 20) with no answer in 20 s."""
    try:
        status, took, _ = call(port, "GET", path, source="127.0.0.2", timeout=WAIT)
    except OSError:
        return None, WAIT
    return status, took


def victim(port, token, seconds):
    exports, homes, answered, gap, last = [], [], 0, 0.0, time.monotonic()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, took = timed(port, f"/api/sessions/{token}/export")
        exports.append(took)
        if status == 200:
            answered += 1
            gap, last = max(gap, time.monotonic() - last), time.monotonic()
        homes.append(timed(port, "/")[1])
        time.sleep(EVERY)
    gap = max(gap, time.monotonic() - last)
    return answered, len(exports), gap, exports, homes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--client-at-once", default="2")
    args = parser.parse_args()
    server = gunicorn_on(*fresh_sqlite("heavy-victim"), CLIENT_AT_ONCE=args.client_at_once)
    try:
        export = json.dumps(random_session(seed=3, rounds=args.rounds)).encode()
        status, _, made = call(server.port, "POST", "/api/sessions/import", export)
        assert status == 201, made
        token = json.loads(made)["id"]
        print(
            f"export of {args.rounds} rounds: {len(export) / 1024:.0f} KiB; {args.seconds:g} s each"
        )
        print(
            f"{'while':10} {'exports answered':>17} {'share':>6} {'longest without':>16} "
            f"{'export p50/p99 ms':>18} {'home p50/p99 ms':>16}"
        )
        scenarios = [("idle", None), ("trickle", trickle), ("trickle24", trickle24)]
        scenarios += [(f"imports {n}", importers(n)) for n in (1, 2, 3)]
        for name, other in scenarios:
            run(server.port, token, export, name, other, args.seconds)
    finally:
        server.stop()


def run(port, token, export, name, other, seconds):
    stop, turns = threading.Event(), {}
    extra = (export,) if name.startswith("imports") else ()
    last = (turns,) if extra else ()
    helper = (
        threading.Thread(target=other, args=(port, *extra, stop, *last), daemon=True)
        if other
        else None
    )
    if helper:
        helper.start()
        time.sleep(1)
    answered, asked, gap, took, homes = victim(port, token, seconds)
    stop.set()
    if helper:
        helper.join(timeout=130)
    share = answered / max(1, answered + sum(turns.values()))
    print(
        f"{name:10} {answered:>8} of {asked:<6} {share:>6.2f} {gap:>14.1f} s "
        f"{quantile_ms(took, 50):>8.0f}/{quantile_ms(took, 99):<8.0f} "
        f"{quantile_ms(homes, 50):>7.0f}/{quantile_ms(homes, 99):<7.0f}"
    )


if __name__ == "__main__":
    main()
