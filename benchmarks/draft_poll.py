"""What polling the round draft costs the server: a session of --rounds rounds (a random
realistic one, imported) whose draft three seats have filled, on a SQLite file made by the
migrations, through the Flask test client (the server's own time, no network):

- a 304: GET …/draft with If-None-Match of the current version (what a phone polls while nothing
  changes): one small query, no ledger, no check;
- a full answer: GET …/draft without it (after a change): the draft, and its preview checked as
  a round, against the worker's ledger memo;
- a hand written (PUT …/draft/seats/<n>), alternating between two hands so each one changes.

Medians and p99 in ms, and what three phones polling every --interval ms cost per table.

    .venv/bin/python benchmarks/draft_poll.py [--rounds 200] [--repeat 2001] [--interval 500]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness.servers import fresh_app  # noqa: E402
from benchmarks.harness.timing import median_ms, percentile  # noqa: E402
from tests.support.records import DRAW  # noqa: E402
from tests.support.rounds_factory import random_session  # noqa: E402


def timed(call, repeat: int) -> list[float]:
    samples = []
    for index in range(repeat):
        began = time.perf_counter()
        response = call(index)
        samples.append(time.perf_counter() - began)
        assert response.status_code in (200, 304), response.get_json()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=2001)
    parser.add_argument("--interval", type=int, default=500, help="poll period of a phone, ms")
    args = parser.parse_args()

    app = fresh_app("draft-poll")
    client = app.test_client()
    imported = client.post("/api/sessions/import", json=random_session(seed=9, rounds=args.rounds))
    assert imported.status_code == 201, imported.get_json()
    draft = f"/api/sessions/{imported.get_json()['id']}/draft"
    client.put(f"{draft}/header", json={"ending": "draw", "declarer": 0})
    for seat, hand in enumerate(DRAW["hands"]):
        client.put(f"{draft}/seats/{seat}", json=hand)
    etag = client.get(draft).headers["ETag"]
    other = {"melds": [], "hand": ["AS", "AD", "9C", "2H"]}

    polls = timed(lambda _: client.get(draft, headers={"If-None-Match": etag}), args.repeat)
    fulls = timed(lambda _: client.get(draft), args.repeat)
    hands = [DRAW["hands"][2], other]
    writes = timed(lambda i: client.put(f"{draft}/seats/2", json=hands[i % 2]), args.repeat)

    print(f"session of {args.rounds} rounds, {args.repeat} requests each (SQLite, test client)")
    for name, samples in (("304 poll", polls), ("full GET", fulls), ("hand PUT", writes)):
        median, p99 = median_ms(samples), percentile(samples, 0.99)
        print(f"{name:9} median {median:6.2f} ms   p99 {p99:6.2f} ms")
    per_second = 3 * 1000 / args.interval
    busy = per_second * statistics.median(polls)
    print(
        f"3 phones polling every {args.interval} ms: {per_second:.0f} requests/s per table, "
        f"{busy * 1000:.1f} ms of server time per second per table (304s), "
        f"so one worker thread serves about {1 / busy:.0f} idle tables"
    )


if __name__ == "__main__":
    main()
