"""The CPU one round entered costs, all phones included, with push and without.

`--tables` tables (100: a modest load, far from the limit) play an evening through a cluster of
one app node (gunicorn, `--workers` x 4 threads) behind Caddy on PostgreSQL
(benchmarks/cluster.py, the phones of load.py's evening mode: the session page while a round
is played, 90-150 s, then the three seat pages until the third Agree saves it). Once with a
Pushpin node, which Caddy sends the event streams to (the pages on their streams, as
static/live.js and draft_sync.js behave while one is open), once without (the pages poll: the
revision every 3 s, the draft every 0.3-1 s); `--runs` times, the two taking turns.

Over the timed part, the CPU (user + system, from /proc/<pid>/stat) of each process session,
the whole of it: gunicorn's master and workers ("app"), Pushpin's condure, zurl, proxy and
handler, Caddy; also every PostgreSQL process on the machine (other databases' too) and this
load generator. Each divided by the rounds saved in that time (counted in the database): the
whole evening's cost per round, the polls or streams of the round's play included. Prints
each run (load.py's figures too), then the median ms per round of each process with push and
without, and the ratios with / without (of the app's, and of all on the request's path: app,
Pushpin and Caddy).

    .venv/bin/python benchmarks/round_cpu.py [--tables 100] [--seconds 120] [--runs 1]

A run takes about five minutes (each way: the cluster's start, the tables' setup, 15 s of
warm-up, `--seconds` timed); at 100 tables 74-87 rounds are saved in 120 s.

Measured (docs/performance.md, "A cluster on one machine"; five runs, medians, on 2 cores
shared with other engineers' test runs): with push the app 430 ms a round, Pushpin 85, Caddy
59: 574 ms on the request's path; without push the app 605 ms, Caddy 145: 739 ms. Ratios with /
without: the app 0.71, the path 0.78 (per run 0.57-1.10).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.cluster import (  # noqa: E402
    PATH,
    PROCESSES,
    evening,
    filled,
    options,
    prepared,
    round_counter,
    running,
)

NAMES = {"server": "app", "pushpin": "Pushpin", "caddy": "Caddy"}


def medians(runs: list[dict]) -> dict:
    """Each process's median ms per round over the runs, and of the request's path."""
    per = {name: statistics.median(run[name] for run in runs) for name in PROCESSES}
    per["path"] = statistics.median(sum(run[name] for name in PATH) for run in runs)
    return per


def main() -> None:
    own = options(__doc__.splitlines()[0], runs=1, seconds=120)
    own.add_argument("--tables", type=int, default=100)
    own.add_argument("--workers", dest="total", type=int, default=3)  # as scripts/serve.sh
    args = filled(own.parse_args())
    folder, url, records = prepared()
    engine, count_rounds = round_counter(url)
    runs = {True: [], False: []}
    try:
        for run in range(args.runs):
            for push in (True, False):
                args.push = push
                with running(url, folder / f"run-{run}-{int(push)}", 1, args) as cluster:
                    figures = evening(cluster, count_rounds, args.tables, records, args)
                runs[push].append(figures["per_round"])
    finally:
        engine.dispose()
    with_, without = medians(runs[True]), medians(runs[False])
    for label, per in (("with push", with_), ("without push", without)):
        print(
            f"{label}: CPU per round saved, median of {args.runs}: "
            + ", ".join(f"{NAMES.get(name, name)} {per[name]:.0f} ms" for name in PROCESSES)
            + f"; on the request's path (app, Pushpin, Caddy) {per['path']:.0f} ms"
        )
    print(
        f"ratio with / without push: app {with_['server'] / without['server']:.2f}, "
        f"on the request's path {with_['path'] / without['path']:.2f}"
    )


if __name__ == "__main__":
    main()
