"""What tracker/web/observe.py adds to a request (its id, its metrics, with --json its access
line): the cheapest request there is, a draft poll answered 304 by the fast path, called as
WSGI in this process, in alternating blocks through the app's whole chain and through the same
chain without Observed in front (the same process, the same moment: the machine's noise falls
on both alike). Prints the median cost of each and the difference, in microseconds.

    .venv/bin/python benchmarks/observe_cost.py [--blocks 40] [--calls 500] [--json]
    PROMETHEUS_MULTIPROC_DIR=$(mktemp -d) .venv/bin/python benchmarks/observe_cost.py

(the second: prometheus_client's multiprocess mode, as under scripts/serve.sh; the variable must
be set before the process starts). docs/performance.md, "Metrics", quotes it.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from werkzeug.test import EnvironBuilder  # noqa: E402

from benchmarks.harness.servers import fresh_app  # noqa: E402
from tests.support.drafts import HEADER  # noqa: E402
from tracker.metrics import MULTIPROCESS  # noqa: E402


def poll_app(log_format: str):
    """An app on a migrated SQLite file, a session with a draft, and the poll's environ."""
    app = fresh_app("observe-cost", LOG_FORMAT=log_format)
    client = app.test_client()
    body = {"players": ["Ana", "Ben", "Cris"], "dealer": 0}
    token = client.post("/api/sessions", json=body).get_json()["id"]
    path = f"/api/sessions/{token}/draft"
    client.put(f"{path}/header", json=HEADER)
    etag = client.get(path).headers["ETag"]
    environ = EnvironBuilder(path=path, headers={"If-None-Match": etag}).get_environ()
    return app, environ


def block(wsgi, environ: dict, calls: int) -> float:
    """Microseconds per call of `calls` polls (each must be a 304)."""
    seen = []

    def start_response(status, headers, exc_info=None):
        seen.append(status)

    began = time.perf_counter()
    for _ in range(calls):
        for _chunk in wsgi(dict(environ), start_response):
            pass
    spent = time.perf_counter() - began
    assert set(seen) == {"304 NOT MODIFIED"}, set(seen)
    return spent / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=40)
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--json", action="store_true", help="TRACKER_LOG_FORMAT=json")
    args = parser.parse_args()
    app, environ = poll_app("json" if args.json else "plain")
    root = logging.getLogger()
    for handler in list(root.handlers):  # Alembic's console handler, left by upgrade()
        if handler.get_name() != "tracker-json":
            root.removeHandler(handler)
        else:  # --json: the access lines written, to nowhere
            handler.setStream(open(os.devnull, "w"))  # noqa: SIM115
    observed = app.wsgi_app
    bare = observed.wsgi_app  # the same chain, Observed taken off
    block(observed, environ, args.calls)  # warm: connections, caches, metric children
    block(bare, environ, args.calls)
    costs: dict[str, list[float]] = {"with": [], "without": []}
    for _ in range(args.blocks):
        costs["with"].append(block(observed, environ, args.calls))
        costs["without"].append(block(bare, environ, args.calls))
    with_, without = (statistics.median(costs[name]) for name in ("with", "without"))
    mode = "multiprocess" if MULTIPROCESS else "in-process"
    print(
        f"304 poll as WSGI, {args.blocks} x {args.calls} each way ({mode} metrics, "
        f"{'json' if args.json else 'plain'} logs): {without:.1f} us without observe.py, "
        f"{with_:.1f} us with it: +{with_ - without:.1f} us ({with_ / without:.2f}x)"
    )


if __name__ == "__main__":
    main()
