"""Tables one app node holds against two on the same machine's cores, all through Caddy.

A cluster as docs/deploy.md lays one out (tests/support/cluster.py): `--nodes` app nodes
(gunicorn, --threads 4 each) on one PostgreSQL (a fresh database on the server
scripts/postgres.sh starts), behind one Caddy running the Caddyfile deploy.sh installs
(tracker/deploy/files.py); with `--push` as many Pushpin nodes, which Caddy sends the event
streams to (everything else goes straight to the app nodes, as `--streams-only` of load.py).
`--workers` is the total: 4 gives 1 node x 4 workers against 2 nodes x 2, the same processes
and threads either way, so that what differs is the second node itself (its master, its own
database pools and caches, Caddy's balancing) and not the room to work in.

The phones are benchmarks/load.py's evening mode (benchmarks/evening_load.py: each table three
phones as the session and seat pages drive them, rounds saved through the draft), sharing
`--connections` keep-alive connections to Caddy. For each table count, lowest first, until
one fails: load.py's figures (p99 of every kind of request, the request mix, CPU of the app
nodes, Pushpin, PostgreSQL, this generator and the machine; the probe's "through" is the
manifest through Caddy), Caddy's CPU, the rounds saved in the timed part (counted in the
database) and the CPU per round by process (benchmarks/round_cpu.py). A count holds as in
load.py: p99 < 200 ms over all requests and no error. `--runs` repeats the search, the node
counts taking turns; at the end the largest count that held in each run, its median for each
node count, the ratio 2 nodes / 1, and at each count both measured the CPU per table of the app
nodes, Pushpin and Caddy (median, ratio; not the whole machine's, on a shared machine mostly
other work).

    .venv/bin/python benchmarks/cluster.py --nodes 1 --tables 150 200 250
    .venv/bin/python benchmarks/cluster.py --nodes 2 --tables 150 200 250
    .venv/bin/python benchmarks/cluster.py --push --nodes 1 --tables 100 150 200
    .venv/bin/python benchmarks/cluster.py --push --nodes 2 --tables 100 150 200
    .venv/bin/python benchmarks/cluster.py --nodes 1 2 --runs 3    # both, three times: ~25 min

Each count takes about a minute and a quarter (setting up its tables, 15 s of warm-up, 45 s
timed), a search a few minutes.

Measured (docs/performance.md, "A cluster on one machine"; 2026-12-03, the 2 cores shared with
other engineers' test runs, load average 2.4-17): without push the largest count that held
was 150 tables for 1 node and for 2 (medians of 5 runs each, none to 200 either way): 1.00;
the CPU per table of the app nodes, Pushpin and Caddy 0.435 % of a core for 1 node, 0.443 % for
2 (1.02; with push 0.452 % and 0.423 %, 0.94). A second node on the same cores adds no tables.

Pushpin's internal and publish ports are its defaults (5560-5563) moved by `--offset`
(100: not the offsets of a server's Pushpin, 0, nor of the push tests', 2000 on), the second
node's 5 more: the run stops if another Pushpin holds them. Traffic goes only to 127.0.0.1;
the cluster is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.servers import database  # noqa: E402
from benchmarks.harness.timing import CpuMeter  # noqa: E402
from benchmarks.load import measured, parser, report, setup_tables  # noqa: E402
from tests.support.cluster import Cluster  # noqa: E402
from tests.support.live_server import migrate  # noqa: E402
from tests.support.pushpin import INTERNAL_PORTS  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402
from tracker.push.pushpin import PUBLISH_PORT, answers  # noqa: E402

THREADS = 4  # a worker's, as tests/support/live_server.py (and scripts/serve.sh) run gunicorn
PROCESSES = ("server", "pushpin", "caddy", "postgres", "generator")
PATH = ("server", "pushpin", "caddy")  # the processes a request goes through


class ClusterMeter(CpuMeter):
    """load.CpuMeter by session: every app node's gunicorn (its master and workers) is the
    "server", every Pushpin node's processes "pushpin", Caddy "caddy"; and the rounds saved
    over the interval (`rounds`, once `shares()` has read the end)."""

    names = ("server", "pushpin", "caddy", "postgres")

    def __init__(self, cluster: Cluster, count_rounds):
        self.sessions = {node.process.pid: "server" for node in cluster.apps}
        self.sessions.update({node.process.pid: "pushpin" for node in cluster.pushpins})
        self.sessions[cluster.front.process.pid] = "caddy"
        self.count_rounds, self.before, self.rounds = count_rounds, count_rounds(), 0
        super().__init__(-1)

    def owner(self, pid: int, ppid: int, session: int, name: str) -> str | None:
        return self.sessions.get(session) or super().owner(pid, ppid, session, name)

    def shares(self) -> dict:
        shares = super().shares()
        self.rounds = self.count_rounds() - self.before
        return shares

    def per_round(self) -> dict:
        """Milliseconds of CPU per round saved, by process."""
        return {name: 1000 * self.used[name] / max(1, self.rounds) for name in PROCESSES}


def round_counter(url: str):
    """The database's engine, and a function counting the rounds saved in it."""
    import sqlalchemy

    engine = sqlalchemy.create_engine(url)

    def count() -> int:
        with engine.connect() as connection:
            return connection.execute(sqlalchemy.text('SELECT count(*) FROM "round"')).scalar()

    return engine, count


def options(description: str, *, runs: int, seconds: float) -> argparse.ArgumentParser:
    """What this benchmark and round_cpu.py share; load.py's evening mode gives the rest."""
    own = argparse.ArgumentParser(description=description)
    own.add_argument("--push", action="store_true", help="Pushpin nodes for the streams")
    own.add_argument("--seconds", type=float, default=seconds)
    own.add_argument("--preload", type=int, default=2)
    own.add_argument("--connections", type=int, default=64)
    own.add_argument("--runs", type=int, default=runs)
    own.add_argument(
        "--offset", type=int, default=100, help="Pushpin's ports: node n's moved by this + 5 n"
    )
    return own


def filled(own: argparse.Namespace) -> argparse.Namespace:
    """`own` options over load.py's defaults for its evening mode on PostgreSQL."""
    args = parser().parse_args(["--mode", "evening", "--database", "postgresql"])
    vars(args).update(vars(own))
    args.threads = THREADS
    return args


def prepared() -> tuple[Path, str, list[dict]]:
    """A folder for the run, a fresh migrated database on PostgreSQL, the rounds to play."""
    folder = Path(tempfile.mkdtemp(prefix="tracker-cluster-"))
    url = database("postgresql", folder)
    migrate(url, folder / "migrate")
    return folder, url, random_session(seed=4, rounds=300)["rounds"]


@contextmanager
def running(url: str, folder: Path, nodes: int, args):
    """`nodes` app nodes of args.total // nodes workers each (as many Pushpin nodes with
    args.push) behind Caddy, started, and stopped at the end."""
    pushpins = nodes if args.push else 0
    ports = [base + args.offset + 5 * n for n in range(pushpins) for base in INTERNAL_PORTS]
    if busy := [port for port in ports if answers(port)]:
        raise SystemExit(f"Pushpin's ports {busy} are taken: another --offset?")
    args.workers, args.publish_port = args.total // nodes, PUBLISH_PORT + args.offset
    cluster = Cluster(url, folder, nodes, pushpins, args.workers, args.offset)
    try:
        cluster.start()
        print(
            f"cluster: {nodes} app node(s) x {args.workers} workers x {THREADS} threads, "
            f"{pushpins} Pushpin node(s), Caddy on {cluster.url}",
            flush=True,
        )
        yield cluster
    finally:
        cluster.stop()


def evening(cluster: Cluster, count_rounds, tables: int, records: list[dict], args) -> dict:
    """`tables` new tables' evening through Caddy: load.py's report and Caddy's CPU, the rounds
    saved, the CPU per round; returns whether it held and the figures."""
    tokens = asyncio.run(setup_tables(cluster.port, tables, args.preload, records))
    args.backend_port, args.stream_port = cluster.apps[0].port, cluster.port
    meters = []

    def meter_of() -> ClusterMeter:
        meters.append(ClusterMeter(cluster, count_rounds))
        return meters[-1]

    out, cpu = asyncio.run(measured(cluster.port, tokens, records, args, meter_of))
    ok = report(tables, args, out, cpu)
    per = meters[0].per_round()
    print(
        f"     caddy {cpu['caddy']:.0f} % of a core ({cpu['caddy'] / tables:.3f} per table); "
        f"rounds saved in the timed part {meters[0].rounds}; CPU per round: "
        + ", ".join(f"{name} {per[name]:.0f} ms" for name in PROCESSES)
        + f"; on the request's path {sum(per[name] for name in PATH):.0f} ms",
        flush=True,
    )
    return {"ok": ok, "path": sum(cpu[name] for name in PATH) / tables, "per_round": per}


def search(url: str, folder: Path, nodes: int, records: list[dict], args) -> dict:
    """The table counts, lowest first, until one fails: {count: figures}."""
    seen = {}
    engine, count_rounds = round_counter(url)
    try:
        with running(url, folder, nodes, args) as cluster:
            for tables in sorted(args.tables):
                seen[tables] = evening(cluster, count_rounds, tables, records, args)
                if not seen[tables]["ok"]:
                    break
    finally:
        engine.dispose()
    return seen


def summary(runs: dict[int, list[dict]]) -> None:
    """The largest count held in each run, the medians and the ratio; the CPU per table of the
    request's path at each count every node count measured."""
    held = {}
    for nodes, searches in runs.items():
        held[nodes] = [max((n for n, f in seen.items() if f["ok"]), default=0) for seen in searches]
        print(
            f"{nodes} app node(s): largest count that holds, each run {held[nodes]}, "
            f"median {statistics.median(held[nodes]):g}"
        )
    if set(held) >= {1, 2} and statistics.median(held[1]):
        ratio = statistics.median(held[2]) / statistics.median(held[1])
        print(f"ratio, 2 nodes / 1 node: {ratio:.2f}")
    counts = set.intersection(*(set(seen) for searches in runs.values() for seen in searches))
    for tables in sorted(counts):
        print_path(tables, runs)


def print_path(tables: int, runs: dict[int, list[dict]]) -> None:
    """The CPU per table of the app nodes, Pushpin and Caddy at `tables` (median of the runs)."""
    path = {
        nodes: statistics.median(seen[tables]["path"] for seen in searches)
        for nodes, searches in runs.items()
    }
    print(
        f"{tables} tables, CPU per table of the app nodes, Pushpin and Caddy (median, % of a "
        "core): "
        + ", ".join(f"{nodes} node(s) {share:.3f}" for nodes, share in path.items())
        + (f"; ratio 2 / 1: {path[2] / path[1]:.2f}" if set(path) >= {1, 2} else "")
    )


def main() -> None:
    own = options(__doc__.splitlines()[0], runs=1, seconds=45)
    own.add_argument("--nodes", type=int, nargs="+", default=[1, 2])
    own.add_argument("--tables", type=int, nargs="+", default=[150, 200, 250])
    own.add_argument("--workers", dest="total", type=int, default=4, help="over all nodes")
    args = filled(own.parse_args())
    folder, url, records = prepared()
    runs = {nodes: [] for nodes in args.nodes}
    for run in range(args.runs):
        for nodes in args.nodes:
            seen = search(url, folder / f"run-{run}-{nodes}", nodes, records, args)
            runs[nodes].append(seen)
    summary(runs)


if __name__ == "__main__":
    main()
