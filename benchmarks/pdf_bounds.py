"""Summary PDF time and memory, printed as the app prints it ("Bounded PDF work").

Each sample runs in a fresh Python process playing one worker: a fresh app (temp SQLite,
migrations run, the app's own config, so SUMMARY_MAX_ROUNDS and the render bounds are the
defaults or the environment's), the session imported through the API, then its summary fetched
through the app: the first print (a child process, tracker/documents/render.py) and five
reprints from the instance folder's cache. Reported per size, medians of --repeat samples:
the first print's wall time, the child's CPU seconds, peak RSS and peak address space (VmPeak,
what RLIMIT_AS bounds), the reprint time (target under 50 ms) and the worker's RSS before and
after the print (the print's memory must not stay in the worker).

With --in-process, the old measure instead: `summary_pdf` called in the process itself (no
child, no round cap), its wall and CPU seconds and the process's peak RSS.

    python benchmarks/pdf_bounds.py [--rounds 200,2000,10000] [--repeat 3] [--in-process]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


def _in_process(rounds: int, page_size: str) -> dict:
    from tests.support.rounds_factory import random_session
    from tracker.documents.pdf import summary_pdf

    session = random_session(seed=2026, rounds=rounds, page_size=page_size)
    start, cpu = time.perf_counter(), time.process_time()
    pdf = summary_pdf(session)
    return {
        "seconds": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
        "rss_peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "kib": len(pdf) / 1024,
    }


def _rss_mib(pid: int | str = "self", field: str = "VmRSS") -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class ChildPeak(threading.Thread):
    """Watches this process's child processes and keeps the highest VmPeak seen."""

    def __init__(self):
        super().__init__(daemon=True)
        self.peak = 0.0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            for task in Path("/proc/self/task").iterdir():
                try:
                    children = (task / "children").read_text().split()
                except OSError:
                    continue
                for pid in children:
                    self.peak = max(self.peak, _rss_mib(pid, "VmPeak"))
            time.sleep(0.02)


def _through_app(rounds: int, page_size: str) -> dict:
    import gc
    import tempfile

    from tests.support.database import migrate
    from tests.support.rounds_factory import random_session
    from tracker import create_app

    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'tracker.db'}",
            "SECRET_KEY": "x",
            "INSTANCE_PATH": str(folder / "instance"),
            "IMPORT_MAX_BYTES": 64 * MIB,
        }
    )
    migrate(app)
    client = app.test_client()
    session = random_session(seed=2026, rounds=rounds, page_size=page_size)
    token = client.post("/api/sessions/import", json=session).get_json()["id"]
    del session
    gc.collect()
    url = f"/s/{token}/summary.pdf"
    rss_before = _rss_mib()
    watch = ChildPeak()
    watch.start()
    start = time.perf_counter()
    first = client.get(url)
    seconds = time.perf_counter() - start
    watch.done.set()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    gc.collect()
    reprints = []
    for _ in range(5):
        start = time.perf_counter()
        assert client.get(url).status_code == first.status_code
        reprints.append(time.perf_counter() - start)
    return {
        "status": first.status_code,
        "seconds": seconds,
        "child_cpu": children.ru_utime + children.ru_stime,
        "child_rss_peak_mib": children.ru_maxrss / 1024,
        "child_vm_peak_mib": watch.peak,
        "kib": len(first.data) / 1024,
        "reprint": statistics.median(reprints),
        "rss_before_mib": rss_before,
        "rss_after_mib": _rss_mib(),
        "max_rounds": app.config["SUMMARY_MAX_ROUNDS"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="200,2000,10000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--page-size", default="letter", choices=("letter", "a4"))
    parser.add_argument("--in-process", action="store_true", help="the old in-process measure")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        sys.path.insert(0, str(ROOT))
        work = _in_process if args.in_process else _through_app
        print(json.dumps(work(args.child, args.page_size)))
        return
    options = ["--page-size", args.page_size] + (["--in-process"] if args.in_process else [])
    for rounds in (int(n) for n in args.rounds.split(",")):
        samples = [_sample(rounds, *options) for _ in range(args.repeat)]
        _report(rounds, args, {key: _median(samples, key) for key in samples[0]})


def _median(samples: list[dict], key: str):
    values = [sample[key] for sample in samples]
    if isinstance(values[0], int | float):
        return statistics.median(values)
    return values[0]


def _report(rounds: int, args, r: dict) -> None:
    head = f"{rounds:>6} rounds, {args.page_size}, median of {args.repeat}:"
    if args.in_process:
        print(
            f"{head} in-process render {r['seconds']:.2f} s (CPU {r['cpu']:.2f} s), "
            f"peak RSS {r['rss_peak_mib']:.0f} MiB, {r['kib']:.0f} KiB"
        )
        return
    print(
        f"{head} first print {r['seconds']:.2f} s (HTTP {r['status']:.0f}, cap "
        f"{r['max_rounds']:.0f} rounds), child CPU {r['child_cpu']:.2f} s, child peak RSS "
        f"{r['child_rss_peak_mib']:.0f} MiB, VmPeak {r['child_vm_peak_mib']:.0f} MiB, "
        f"{r['kib']:.0f} KiB; reprint {r['reprint'] * 1000:.1f} ms; worker RSS "
        f"{r['rss_before_mib']:.0f} MiB before the print, {r['rss_after_mib']:.0f} MiB after"
    )


def _sample(rounds: int, *options: str) -> dict:
    """One measurement in a fresh Python process; its last line of output is the JSON answer."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(rounds), *options],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
