"""What one poll of the round draft costs gunicorn: the server's CPU per 304.

Starts gunicorn as scripts/serve.sh runs it (benchmarks/harness/servers.py's start_server), makes a
session with a draft, then --connections keep-alive connections ask GET …/draft with the
draft's ETag in If-None-Match as fast as they are answered, for --seconds. Prints requests/s,
p50/p99, and the CPU of the server's processes and of this client per request (the figures in
docs/performance.md, "One poll's cost": 1.8 ms through Flask, 0.5 ms in front of it on SQLite).

    .venv/bin/python benchmarks/poll_cpu.py [--seconds 8] [--connections 8] [--database postgresql]

`--revision` polls the session page's GET …/revision instead (1.8 ms through Flask
on PostgreSQL, 0.6 ms in front of it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.phones import Client  # noqa: E402
from benchmarks.harness.servers import database, start_server  # noqa: E402
from benchmarks.harness.timing import CpuMeter, percentile  # noqa: E402


async def draft_etag(port: int) -> tuple[str, str]:
    client = Client(port)
    body = {"players": ["Ana", "Ben", "Cris"], "dealer": 0, "rules": {"preset": "classic"}}
    status, data = await client.request("POST", "/api/sessions", body)
    assert status == 201, data
    path = f"/api/sessions/{json.loads(data)['id']}/draft"
    status, data = await client.request("PUT", f"{path}/seats/0", {"melds": [], "hand": ["AS"]})
    assert status == 200, data
    draft = json.loads(data)
    client.close()
    return path, f'"{draft["version"]}.{draft["revision"]}"'


async def revision_etag(port: int) -> tuple[str, str]:
    """--revision: the session page's poll (static/live.js) instead."""
    path, _ = await draft_etag(port)
    path = path.removesuffix("/draft") + "/revision"
    client = Client(port)
    status, data = await client.request("GET", path)
    assert status == 200, data
    state = json.loads(data)
    client.close()
    return path, f'"{state["revision"]}.{int(state["settled"])}"'


async def blast(port: int, path: str, etag: str, connections: int, seconds: float) -> list:
    latencies = []
    until = time.monotonic() + seconds

    async def one():
        client = Client(port)
        while time.monotonic() < until:
            start = time.monotonic()
            status, _ = await client.request("GET", path, None, f"If-None-Match: {etag}\r\n")
            assert status == 304, status
            latencies.append(time.monotonic() - start)
        client.close()

    await asyncio.gather(*(one() for _ in range(connections)))
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--revision", action="store_true", help="poll the session's revision")
    args = parser.parse_args()
    instance = Path(tempfile.mkdtemp(prefix="tracker-poll-cpu-"))
    url = database(args.database, instance)
    server, port = start_server(url, args.workers, args.threads, instance)
    try:
        path, etag = asyncio.run((revision_etag if args.revision else draft_etag)(port))
        meter, mine = CpuMeter(server.pid), resource.getrusage(resource.RUSAGE_SELF)
        latencies = asyncio.run(blast(port, path, etag, args.connections, args.seconds))
        used = {name: value - meter.start[name] for name, value in meter.read().items()}
        after = resource.getrusage(resource.RUSAGE_SELF)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    count, wall = len(latencies), args.seconds
    client = (after.ru_utime + after.ru_stime) - (mine.ru_utime + mine.ru_stime)
    print(
        f"{count / wall:.0f} polls/s ({args.database}, {args.workers}x{args.threads}), "
        f"p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms | "
        f"server CPU per 304: {used['server'] / count * 1e6:.0f} us "
        f"(+ PostgreSQL {used['postgres'] / count * 1e6:.0f} us), "
        f"this client: {client / count * 1e6:.0f} us"
    )


if __name__ == "__main__":
    main()
