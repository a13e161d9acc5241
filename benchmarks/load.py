"""Load test: N tables against gunicorn on this machine.

Each simulated table has three phones watching the session page and one phone that saves a
round every 30 s (random phase), for --seconds. Tables start with --preload rounds so pages have
a realistic ledger to render. Two ways of watching (--mode):

- `app` (default): what the session page's own script (static/live.js) does: load the page once,
  ask for the session's revision every 3 s, and fetch the ledger part when it changed.
- `page`: load the whole session page every 5 s, without any caching.
- `draft`: the three phones enter rounds together through the round draft
  (benchmarks/draft_load.py): each polls the draft with If-None-Match (every 1 s, 0.5 s just
  after a change), writes its hand a few times, taps Done, then Agree; the third Agree saves
  the round; a round is played for --play seconds before its entry.
- `evening` (benchmarks/evening_load.py): the whole evening as the pages' own scripts
  drive the phones: the session page (static/live.js: the revision with If-None-Match every
  `--revision-every` s, the ledger part when it changed) while a round is played (`--play`),
  then each phone's seat page (static/entry/seat.js + draft_sync.js: draft polls, a hand in eight
  PUTs, Done, the verdict, Agree) until the third Agree saves it, then the session page again.
  The phones share `--connections` keep-alive connections (64), as a reverse proxy keeps a
  few to gunicorn, instead of 3,000 sockets; waiting for a free one is part of the latency.
  `--push`: Pushpin in front of gunicorn (benchmarks/push_front.py, as scripts/serve.sh runs
  it with PUSH=1; its config by `flask --app tracker pushpin-config` in the run's instance
  folder), all the phones' requests through it, and each page's event stream open on a
  connection of its own: the pages poll only as static/live.js and draft_sync.js do while their
  stream is open (no revision polls; the draft from the events, read every 60 s).
  `--streams-only`: only the streams through Pushpin, every other request straight to
  gunicorn, as a front proxy routing only …/events to Pushpin does (docs/deploy.md).
  `--pushpin-loglevel 1`: Pushpin logs warnings only (2, its default, a line per request).
  benchmarks/cluster.py runs this evening through a cluster behind Caddy instead (one app node
  or two, as many Pushpin nodes).

Prints for each N: p50/p99 of the watching requests and of the writes, errors, CPU of the
server, PostgreSQL, the load generator and the whole machine (other work included) over the
timed part, and per request; in evening mode also the page loads, the load average, the
request mix (requests/s by kind) and the CPU per table; in draft and evening modes also the
rounds saved and the time from a write to both other phones seeing it. With --push also the
time from a draft write's send to each other phone of the table receiving its event (median,
p99), the stream opens (to their first event), the streams open at once, Pushpin's CPU (its
process group: condure, zurl, pushpin-proxy, pushpin-handler) and the outbox left at the end.

Last, the largest N that holds (p99 < 200 ms over all requests, no error). gunicorn runs as
scripts/serve.sh runs it (--workers 3 --threads 4, gthread).

    .venv/bin/python benchmarks/load.py                  # N = 50 100 200 300, 60 s each
    .venv/bin/python benchmarks/load.py --mode draft --tables 50 100 200 --seconds 40
    .venv/bin/python benchmarks/load.py --mode page --tables 100 200 --seconds 120
    .venv/bin/python benchmarks/load.py --mode evening --database postgresql --preload 2 \
        --seconds 45 --tables 200 300 400 500 600
    .venv/bin/python benchmarks/load.py --mode evening --push --database postgresql \
        --preload 2 --seconds 45 --tables 500 1000 1500

Measured (docs/performance.md, "Many tables at once"; PostgreSQL, 3 x 4, the 2 cores shared with
other work): in evening mode 500 tables hold (all-requests p99 186 ms at load average 8.9;
300 and 400: 43 and 87 ms), 600 do not (1.3 s: both cores full); before the draft's answer was
stored with its row, 200 held and 300 only on a quiet machine; before the revision poll was
answered in front of Flask, 200 did not (272-321 ms). A table costs about 0.4 % of a core
(server, PostgreSQL and this generator), so 1,000 tables would need ~4 cores.
This generator uses about 0.3 ms of CPU per request (13-21 % of a core at 300 tables).
With --push (2026-12-02, the events bringing the draft, docs/performance.md "An evening with
Pushpin in front"; the p99 swings from run to run near the limit): with --streams-only 300
tables hold, 400 in 2 runs of 4, 500 do not; every request through Pushpin, 300 in 1 run of 3;
without push, the same hour, 400 held, 500 in 1 run of 2. A table asks 0.36 requests a second
instead of 1.76 and costs the machine 15-20 % less CPU (streams only), and a tap reaches the
other phones' streams in 45-60 ms (median), but its writes, page loads and verdicts still cost
the app 0.16-0.21 % of a core, and Pushpin adds about 2.9 ms of CPU per request it passes on.

The database is a fresh SQLite file (the default deployment), or with --database postgresql a
database of its own on the server scripts/postgres.sh starts; DATABASE_URL overrides both.
Traffic goes only to 127.0.0.1, every loop is bounded in time, and the server is stopped at
the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.phones import (  # noqa: E402
    TIMEOUT,
    WARMUP,
    CountingPool,
    Pool,
    Samples,
    client_of,
    kind_of,
)
from benchmarks.harness.servers import database, free_port, start_server  # noqa: E402
from benchmarks.harness.timing import CpuMeter, percentile  # noqa: E402
from benchmarks.push_front import stop_pushpin  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402
from tracker.push.pushpin import PUBLISH_PORT  # noqa: E402

PAGE_EVERY, REVISION_EVERY, SAVE_EVERY = 5.0, 3.0, 30.0


async def phone(port, path, method, every, until, records, samples, errors, body_of=None):
    client = client_of(port)
    await asyncio.sleep(random.uniform(0, WARMUP))
    try:
        while time.monotonic() < until:
            start = time.monotonic()
            try:
                status, _ = await asyncio.wait_for(
                    client.request(method, path, body_of() if body_of else None), TIMEOUT
                )
                if status >= 400:
                    errors.append(f"{method} {path}: HTTP {status}")
            except (TimeoutError, OSError, ValueError) as error:
                errors.append(f"{method} {path}: {type(error).__name__} {error}")
                client.close()
            samples.add(start)
            await asyncio.sleep(max(0.0, every - (time.monotonic() - start)))
    finally:
        client.close()


async def watcher(port, token, until, samples, errors):
    """A phone on the session page, as static/live.js keeps it current (with If-None-Match)."""
    client = client_of(port)

    async def get(path, headers=""):
        start = time.monotonic()
        try:
            status, body = await asyncio.wait_for(
                client.request("GET", path, None, headers), TIMEOUT
            )
            if status >= 400:
                errors.append(f"GET {path}: HTTP {status}")
            return body if status == 200 else None
        except (TimeoutError, OSError, ValueError) as error:
            errors.append(f"GET {path}: {type(error).__name__} {error}")
            client.close()
            return None
        finally:
            samples.add(start)

    def tag(body):
        state = json.loads(body)
        return f'"{state["revision"]}.{int(state["settled"])}"'

    await asyncio.sleep(random.uniform(0, WARMUP))
    await get(f"/s/{token}")
    body = await get(f"/api/sessions/{token}/revision")
    seen = tag(body) if body else None
    try:
        while time.monotonic() < until:
            await asyncio.sleep(REVISION_EVERY)
            etag = f"If-None-Match: {seen}\r\n" if seen else ""
            body = await get(f"/api/sessions/{token}/revision", etag)
            if body is not None and tag(body) != seen:
                await get(f"/s/{token}/ledger")
                seen = tag(body)
    finally:
        client.close()


async def run_tables(port: int, tokens: list[str], records: list[dict], args) -> dict:
    timed_from = time.monotonic() + WARMUP
    until = timed_from + args.seconds
    polls, saves, errors = Samples(timed_from), Samples(timed_from), []
    if args.mode == "evening":
        from benchmarks.evening_load import evening_tables

        pool = CountingPool(port, args.connections, timed_from)
        samples = {"polls": polls, "saves": saves, "errors": errors, "pages": Samples(timed_from)}
        try:
            out = await evening_tables(pool, tokens, records, until, samples, args)
            return {**out, "kinds": pool.kinds}
        finally:
            pool.close_all()
    if args.mode == "draft":
        from benchmarks.draft_load import draft_tables

        return await draft_tables(port, tokens, records, until, polls, saves, errors, args)
    pool = Pool(port, args.connections) if args.connections else None
    try:
        tasks = phones(args.mode, pool or port, tokens, records, (until, polls, saves, errors))
        await asyncio.gather(*tasks)
    finally:
        if pool is not None:
            pool.close_all()
    return {"polls": polls, "saves": saves, "errors": errors}


def phones(mode, port, tokens, records, sinks) -> list:
    """`app` and `page` modes: three phones watching each table, one saving a round."""
    until, polls, saves, errors = sinks
    tasks = []
    for token in tokens:
        for _ in range(3):
            if mode == "app":
                tasks.append(watcher(port, token, until, polls, errors))
            else:
                tasks.append(
                    phone(port, f"/s/{token}", "GET", PAGE_EVERY, until, records, polls, errors)
                )
        tasks.append(
            phone(
                port,
                f"/api/sessions/{token}/rounds",
                "POST",
                SAVE_EVERY,
                until,
                records,
                saves,
                errors,
                body_of=lambda: random.choice(records),
            )
        )
    return tasks


async def setup_tables(port: int, count: int, preload: int, records: list[dict]) -> list[str]:
    """`count` sessions with `preload` rounds each, eight at a time."""
    pool = Pool(port, 8)
    try:
        return await asyncio.gather(*(setup_table(pool, t, preload, records) for t in range(count)))
    finally:
        pool.close_all()


async def setup_table(client: Pool, table: int, preload: int, records: list[dict]) -> str:
    players = [f"Ana{table}", f"Ben{table}", f"Cris{table}"]
    body = {"players": players, "dealer": 0, "rules": {"preset": "classic"}}
    status, answer = await client.request("POST", "/api/sessions", body)
    assert status == 201, answer
    token = json.loads(answer)["id"]
    for _ in range(preload):
        path = f"/api/sessions/{token}/rounds"
        status, answer = await client.request("POST", path, random.choice(records))
        assert status == 201, answer
    return token


def outbox_rows(url: str) -> int:
    """The outbox rows not yet published (a moment after the run: the sweeper's are gone)."""
    import sqlalchemy

    engine = sqlalchemy.create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.execute(sqlalchemy.text("SELECT count(*) FROM push_outbox")).scalar()
    finally:
        engine.dispose()


def arguments():
    return parser().parse_args()


def parser() -> argparse.ArgumentParser:
    """This benchmark's options (benchmarks/cluster.py adds its own)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200, 300])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--preload", type=int, default=10)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, default=3)  # as scripts/serve.sh
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--mode", choices=("app", "page", "draft", "evening"), default="app")
    parser.add_argument(
        "--revision-every", type=float, default=3.0, help="evening: live.js's poll period, s"
    )
    parser.add_argument(
        "--connections",
        type=int,
        default=64,
        help="keep-alive connections the phones share (not draft mode); 0: one per phone",
    )
    parser.add_argument("--poll", type=float, default=1.0, help="draft: a phone's poll period, s")
    parser.add_argument(
        "--poll-active", type=float, default=0.5, help="draft: the same, just after a change"
    )
    parser.add_argument(
        "--push", action="store_true", help="evening: Pushpin in front, the pages' streams open"
    )
    parser.add_argument(
        "--streams-only",
        action="store_true",
        help="--push: only the streams through Pushpin, the other requests straight to gunicorn",
    )
    parser.add_argument(
        "--pushpin-loglevel",
        type=int,
        default=2,
        help="--push: Pushpin's log level (2, its default and serve.sh's: a line per request)",
    )
    parser.add_argument(
        "--play",
        type=float,
        nargs=2,
        default=(90.0, 150.0),
        help="draft: the seconds a round is played before its entry, at random in this range",
    )
    return parser


def report(count: int, args, out: dict, cpu: dict) -> bool:
    polls, saves, errors = out["polls"], out["saves"], out["errors"]
    pages, opens = out.get("pages", []), out.get("opens", [])
    p99 = percentile(polls + saves + pages + opens, 0.99)
    ok = p99 < 200 and not errors
    print(
        f"{count:4d} tables ({args.mode}, {args.database}, {args.workers}x{args.threads}): "
        f"{len(polls) / args.seconds:6.1f} watching requests/s, "
        f"{len(saves) / args.seconds:5.1f} writes/s | "
        f"watch p50 {percentile(polls, 0.5):6.1f} ms p99 {percentile(polls, 0.99):6.1f} ms | "
        f"write p50 {percentile(saves, 0.5):6.1f} ms p99 {percentile(saves, 0.99):6.1f} ms | "
        f"all p99 {p99:6.1f} ms | errors {len(errors)} {'OK' if ok else 'FAILS'}",
        flush=True,
    )
    if opens:
        print(
            f"     all p99 without the stream opens {percentile(polls + saves + pages, 0.99):.1f} "
            f"ms; stream opens {len(opens) / args.seconds:.1f}/s (to their first event): "
            f"p50 {percentile(opens, 0.5):.1f} ms, p99 {percentile(opens, 0.99):.1f} ms",
            flush=True,
        )
    if pages:
        print(
            f"     pages {len(pages) / args.seconds:.1f}/s: p50 {percentile(pages, 0.5):.1f} ms, "
            f"p99 {percentile(pages, 0.99):.1f} ms; load average {os.getloadavg()[0]:.2f}",
            flush=True,
        )
    if "kinds" in out:
        mix = {**out["kinds"], **({"stream open": len(opens)} if args.push else {})}
        print(
            "     requests/s by kind: "
            + ", ".join(f"{kind} {n / args.seconds:.1f}" for kind, n in sorted(mix.items())),
            flush=True,
        )
    if args.push:
        reach, streams = out["reach"], out["streams"]
        print(
            f"     change to phones (a draft write's send to each other phone's event): "
            f"median {percentile(reach, 0.5):.0f} ms, p99 {percentile(reach, 0.99):.0f} ms "
            f"({len(reach)} events; {out['lost'][0]} expected but not heard before the page "
            f"was left or the run ended) | streams open: {streams[-1] if streams else 0} at the "
            f"end, mean {sum(streams) / max(1, len(streams)):.0f}, peak {out['tally'].peak} "
            f"({3 * count} phones)",
            flush=True,
        )
        probes = out["probes"]
        print(
            "     probe every 0.5 s, p50/p99 ms: "
            + ", ".join(
                f"{name} {percentile(probes[name], 0.5):.1f}/{percentile(probes[name], 0.99):.1f}"
                for name in ("direct", "through", "publish", "loop")
            )
            + " (the manifest straight to gunicorn, the same through Pushpin, a publish;"
            " how late this generator's loop woke)",
            flush=True,
        )
    print(
        f"     CPU in % of one core (the machine has {os.cpu_count()}): "
        f"server {cpu['server']:.0f}, "
        + (f"pushpin {cpu['pushpin']:.0f}, " if args.push else "")
        + f"postgres {cpu['postgres']:.0f}, "
        f"load generator {cpu['generator']:.0f}, whole machine {cpu['machine']:.0f}",
        flush=True,
    )
    tables = count
    count = (len(polls) + len(saves) + len(pages) + len(opens)) or 1
    per = {name: cpu[name] * args.seconds * 10 / count for name in cpu}  # % of a core → ms
    print(
        f"     CPU per request: server {per['server']:.2f} ms, "
        + (f"pushpin {per['pushpin']:.2f} ms, " if args.push else "")
        + f"postgres {per['postgres']:.2f} ms, load generator {per['generator']:.2f} ms",
        flush=True,
    )
    if args.mode == "evening":
        names = (
            ("server", "pushpin", "postgres", "generator")
            if args.push
            else ("server", "postgres", "generator")
        )
        print(
            "     CPU per table, % of a core: "
            + ", ".join(f"{name} {cpu[name] / tables:.3f}" for name in names)
            + f", whole machine {cpu['machine'] / tables:.3f}",
            flush=True,
        )
    for line in errors[:3]:
        print("    ", line)
    if len(errors) > 3:
        print("     errors by kind: " + error_kinds(errors), flush=True)
    return ok


def error_kinds(errors: list[str]) -> str:
    """`errors` counted by the request's kind and what went wrong ("revision: HTTP 503")."""
    counted: dict[str, int] = {}
    for line in errors:
        request, _, what = line.partition(": ")
        method, _, path = request.partition(" ")
        kind = "event stream" if path.endswith("/events") else kind_of(method, path)
        words = what.split()
        reason = " ".join(words[:2]) if words[:1] == ["HTTP"] else (words or ["?"])[0]
        counted[f"{kind}: {reason}"] = counted.get(f"{kind}: {reason}", 0) + 1
    return ", ".join(f"{label} {n}" for label, n in sorted(counted.items(), key=lambda i: -i[1]))


async def measured(port, tokens, records, args, meter_of) -> tuple[dict, dict]:
    """The run, and the CPU used over its timed part (after the warm-up); `meter_of()`: a
    CpuMeter started then."""

    async def meter():
        await asyncio.sleep(WARMUP)
        return meter_of()

    started = asyncio.create_task(meter())
    out = await run_tables(port, tokens, records, args)
    return out, (await started).shares()


def main() -> None:
    args = arguments()
    instance = Path(tempfile.mkdtemp(prefix="tracker-load-"))
    url = database(args.database, instance)
    records = random_session(seed=4, rounds=300)["rounds"]
    app = "tracker:create_app()"
    if args.push and args.mode != "evening":
        raise SystemExit("--push is for --mode evening")
    push = {"port": free_port(), "loglevel": args.pushpin_loglevel} if args.push else None
    server, port = start_server(url, args.workers, args.threads, instance, app, push)
    pids = (server.pid, push["process"].pid if push else None)
    args.backend_port = port  # gunicorn's, for --push's probe
    args.stream_port = push["port"] if push else None
    args.publish_port = PUBLISH_PORT  # Pushpin's, at offset 0 (push_front.py)
    if push and not args.streams_only:
        port = push["port"]  # every phone's request through Pushpin
    held = None
    try:
        for count in args.tables:
            tokens = asyncio.run(setup_tables(port, count, args.preload, records))
            out, cpu = asyncio.run(measured(port, tokens, records, args, lambda: CpuMeter(*pids)))
            ok = report(count, args, out, cpu)
            if push:
                print(f"     push_outbox rows left: {outbox_rows(url)}", flush=True)
            held = count if ok else held
            if not ok:
                break
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        if push and "process" in push:
            stop_pushpin(push["process"])
    print(f"largest N that holds (p99 < 200 ms, no error): {held}")


if __name__ == "__main__":
    main()
