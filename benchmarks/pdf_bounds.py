"""Cold summary PDF render time and peak memory (issue 10, "Bounded PDF work").

Each size is rendered in a fresh Python process (nothing warm: fonts, templates, imports), so the
figures are what a gunicorn worker pays for its first summary of such a session: wall and CPU
seconds of `summary_pdf` alone, and the process's peak RSS (ru_maxrss) before and after it.
With --reprint, the session is also imported into a fresh app (temp SQLite, migrations run) and
its summary fetched through the app twice: the first print, then the median of five reprints
served from the instance folder's cache (target under 50 ms).

    python benchmarks/pdf_bounds.py [--rounds 200,2000] [--page-size letter|a4] [--reprint]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _one(rounds: int, page_size: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from tests.support.rounds_factory import random_session
    from tracker.documents.pdf import summary_pdf

    session = random_session(seed=2026, rounds=rounds, page_size=page_size)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start, cpu = time.perf_counter(), time.process_time()
    pdf = summary_pdf(session)
    return {
        "seconds": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
        "rss_before_mib": before / 1024,
        "rss_peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "kib": len(pdf) / 1024,
    }


def _reprint(rounds: int, page_size: str) -> dict:
    import statistics
    import tempfile

    sys.path.insert(0, str(ROOT))
    from tests.support.database import migrate
    from tests.support.rounds_factory import random_session
    from tracker import create_app

    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'tracker.db'}",
            "SECRET_KEY": "x",
            "INSTANCE_PATH": str(folder / "instance"),
        }
    )
    migrate(app)
    client = app.test_client()
    session = random_session(seed=2026, rounds=rounds, page_size=page_size)
    token = client.post("/api/sessions/import", json=session).get_json()["id"]
    times = []
    for _ in range(6):
        start = time.perf_counter()
        assert client.get(f"/s/{token}/summary.pdf").status_code == 200
        times.append(time.perf_counter() - start)
    return {"first": times[0], "reprint": statistics.median(times[1:])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="200,2000")
    parser.add_argument("--page-size", default="letter", choices=("letter", "a4"))
    parser.add_argument("--reprint", action="store_true", help="also time reprints via the app")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        work = _reprint if args.reprint else _one
        print(json.dumps(work(args.child, args.page_size)))
        return
    for rounds in (int(n) for n in args.rounds.split(",")):
        r = _child(rounds, "--page-size", args.page_size)
        print(
            f"{rounds:>6} rounds, {args.page_size}: cold render {r['seconds']:.2f} s "
            f"(CPU {r['cpu']:.2f} s), peak RSS {r['rss_peak_mib']:.0f} MiB "
            f"(before the render {r['rss_before_mib']:.0f} MiB), {r['kib']:.0f} KiB"
        )
        if args.reprint:
            r = _child(rounds, "--page-size", args.page_size, "--reprint")
            print(
                f"{rounds:>6} rounds through the app: first print {r['first']:.2f} s, "
                f"reprint {r['reprint'] * 1000:.1f} ms median of 5 (target under 50 ms)"
            )


def _child(rounds: int, *options: str) -> dict:
    """One measurement in a fresh Python process; its last line of output is the JSON answer."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(rounds), *options],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
