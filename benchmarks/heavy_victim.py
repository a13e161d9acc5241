"""Another client's heavy work, seen by a victim: real gunicorn (3 workers x 4 threads, as
scripts/serve.sh) on a fresh SQLite file, a session of `--rounds` rounds, and a victim asking
for its export (heavy: the machine runs one at a time) and for the home page every 0.25 s for
`--seconds`, while
  idle      nobody else asks anything;
  trickle   one client sends an import a byte a second (its body never all there);
  imports   one client (another address) imports that session again and again, back to back.
For each: the victim's exports answered (the rest were 503, come back later), the longest it
went without one, and the export's and the home page's latency, median and p99.

    python benchmarks/heavy_victim.py [--rounds 200] [--seconds 15]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.live_server import Gunicorn, migrate  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402

EVERY = 0.25  # s between two of the victim's requests


def call(port, method, path, body=b"", source="127.0.0.1", timeout=120):
    """(status, seconds, body) of one request on a connection of its own."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout, (source, 0)) as sock:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        sock.sendall(head.encode() + body)
        answer = b""
        while chunk := sock.recv(1 << 16):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, time.perf_counter() - started, answer.split(b"\r\n\r\n", 1)[1]


def trickle(port, stop):
    with socket.create_connection(("127.0.0.1", port), 120, ("127.0.0.3", 0)) as sock:
        head = "POST /api/sessions/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        sock.sendall(
            f"{head}Content-Type: application/json\r\nContent-Length: 999999\r\n\r\n".encode()
        )
        while not stop.wait(1):
            sock.send(b" ")


def imports(port, export, stop):
    while not stop.is_set():
        call(port, "POST", "/api/sessions/import", export, source="127.0.0.2")


def victim(port, token, seconds):
    exports, homes, answered, gap, last = [], [], 0, 0.0, time.monotonic()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, took, _ = call(port, "GET", f"/api/sessions/{token}/export")
        exports.append(took)
        if status == 200:
            answered += 1
            gap, last = max(gap, time.monotonic() - last), time.monotonic()
        homes.append(call(port, "GET", "/")[1])
        time.sleep(EVERY)
    gap = max(gap, time.monotonic() - last)
    return answered, len(exports), gap, exports, homes


def p(values, q):
    return (
        statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else values[0] * 1000
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="heavy-victim-"))
    url = f"sqlite:///{folder / 'tracker.db'}"
    migrate(url, folder / "instance")
    server = Gunicorn(url, folder / "instance", workers=3)
    server.start()
    try:
        export = json.dumps(random_session(seed=3, rounds=args.rounds)).encode()
        time.sleep(2)  # the workers up
        status, _, made = call(server.port, "POST", "/api/sessions/import", export)
        assert status == 201, made
        token = json.loads(made)["id"]
        print(
            f"export of {args.rounds} rounds: {len(export) / 1024:.0f} KiB; {args.seconds:g} s each"
        )
        print(
            f"{'while':10} {'exports answered':>17} {'longest without':>16} "
            f"{'export p50/p99 ms':>18} {'home p50/p99 ms':>16}"
        )
        for name, other in (("idle", None), ("trickle", trickle), ("imports", imports)):
            stop = threading.Event()
            extra = () if other is not imports else (export,)
            helper = (
                threading.Thread(target=other, args=(server.port, *extra, stop), daemon=True)
                if other
                else None
            )
            if helper:
                helper.start()
                time.sleep(1)
            answered, asked, gap, took, homes = victim(server.port, token, args.seconds)
            stop.set()
            if helper:
                helper.join(timeout=130)
            print(
                f"{name:10} {answered:>8} of {asked:<6} {gap:>14.1f} s "
                f"{p(took, 50):>8.0f}/{p(took, 99):<8.0f} {p(homes, 50):>7.0f}/{p(homes, 99):<7.0f}"
            )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
