"""Seconds to render the printable summary of a 200-round session (target under 2 s).

The session is dealt by tests/support/rounds_factory.py (fixed seed). Each pass renders the whole
thing, from the export dict to PDF bytes: the engine's replay, the HTML, WeasyPrint's layout
and the PDF. The figure is the median wall time of the passes, after one warm-up pass (fonts
loaded); the CPU time of this process is printed too, as the machine may be shared.

    python benchmarks/summary.py [--rounds 200] [--passes 5] [--page-size letter|a4]
                                 [--names "Ana,Ben,Cris"] [--out file.pdf]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402

from tests.support.rounds_factory import random_session  # noqa: E402
from tracker.documents.pdf import summary_pdf  # noqa: E402
from tracker.documents.summary import summary_html  # noqa: E402

TARGET = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--page-size", default="letter", choices=("letter", "a4"))
    parser.add_argument(
        "--names",
        default="Ñoño Dela Cruz,Ma. Luz Bañez,Cris",
        help="the three players, comma-separated (long names make more lines)",
    )
    parser.add_argument("--out", help="also write the PDF here")
    args = parser.parse_args()

    session = random_session(
        seed=2026,
        rounds=args.rounds,
        page_size=args.page_size,
        players=[name.strip() for name in args.names.split(",")],
    )
    pdf = summary_pdf(session)  # warm-up: fonts, templates
    seconds, cpu_seconds, html_seconds = [], [], []
    for _ in range(args.passes):
        start = time.perf_counter()
        summary_html(session)
        html_seconds.append(time.perf_counter() - start)
        start, cpu = time.perf_counter(), time.process_time()
        pdf = summary_pdf(session)
        seconds.append(time.perf_counter() - start)
        cpu_seconds.append(time.process_time() - cpu)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    median = statistics.median(seconds)
    print(
        f"{args.rounds}-round summary, {args.page_size}: "
        f"{median:.2f} s median over {args.passes} passes "
        f"(min {min(seconds):.2f}, max {max(seconds):.2f}; "
        f"CPU {statistics.median(cpu_seconds):.2f} s; "
        f"HTML alone {statistics.median(html_seconds):.3f} s), "
        f"{pages} pages, {len(pdf) / 1024:.0f} KiB (target under {TARGET:.0f} s: "
        f"{'met' if median < TARGET else 'NOT met'})"
    )
    if args.out:
        Path(args.out).write_bytes(pdf)


if __name__ == "__main__":
    main()
