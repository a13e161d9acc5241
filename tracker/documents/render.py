"""The summary PDF printed in a child process with limits (bounded PDF work).

    render_pdf(export, limits, now=None, lang="en", zone=None) -> bytes   # in the app; raises
        RenderFailed; zone: the app's TIME_ZONE, the zone of the times printed
    render_html_pdf(html, limits) -> bytes             # any document's HTML
    python -m tracker.documents.render --memory-mib M --cpu-seconds S [--max-rounds N]
        < {"export": {...}, "now": "2026-11-30T12:00:00+00:00", "lang": "en",
           "zone": "Asia/Manila"}  > summary.pdf

A fresh interpreter (`subprocess`, not `multiprocessing`): nothing of the threaded gunicorn
worker is forked (no locks held by other threads, no database connections), the child sets its
own limits before it imports WeasyPrint (no `preexec_fn`, which is unsafe in a threaded
process), and every byte WeasyPrint and Pango took goes back to the system when it exits, so
the worker stays small. The child limits itself with RLIMIT_AS (address space) and RLIMIT_CPU
(SIGXCPU, then SIGKILL two seconds later), so it ends within its bound even when the worker
that started it has gone; the worker also kills it after `limits.seconds` of wall time (a
client that leaves does not stop the print, but nothing runs past that bound). The cost is the
interpreter start and WeasyPrint's import, about half a second, paid only by a first print: a
reprint comes from pdf_cache.py.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..clock import table_zone

ROOT = Path(__file__).resolve().parent.parent.parent
MEMORY_ERROR = 3  # the child's exit status when an allocation failed


@dataclass(frozen=True)
class Limits:
    seconds: float  # wall clock, enforced by the parent (kill)
    cpu_seconds: int  # RLIMIT_CPU of the child
    memory_mib: int  # RLIMIT_AS of the child
    max_rounds: int | None = None  # rounds listed in the table (the last ones)

    @classmethod
    def from_config(cls, config) -> Limits:
        return cls(
            seconds=float(config["SUMMARY_RENDER_SECONDS"]),
            cpu_seconds=int(config["SUMMARY_RENDER_CPU_SECONDS"]),
            memory_mib=int(config["SUMMARY_RENDER_MEMORY_MIB"]),
            max_rounds=int(config["SUMMARY_MAX_ROUNDS"]),
        )


class RenderFailed(Exception):
    """The child did not give a PDF: `why` is 'time', 'memory' or 'crash'."""

    def __init__(self, why: str, detail: str = ""):
        super().__init__(f"summary render failed ({why}): {detail}"[:2000])
        self.why = why


def render_pdf(
    export: dict,
    limits: Limits,
    now: datetime | None = None,
    lang: str = "en",
    zone: str | None = None,
) -> bytes:
    """The summary PDF of `export` in the language `lang` ('en', 'fil') and the time zone
    `zone` (the app's TIME_ZONE; left out, the current app's), printed by a child process
    within `limits`. The child has no app: it is handed the zone's name."""
    if zone is None:
        zone = table_zone().key
    job = {"export": export, "now": now.isoformat() if now else None, "lang": lang, "zone": zone}
    job = json.dumps(job).encode()
    return _child_pdf(job, limits)


def render_html_pdf(html: str, limits: Limits) -> bytes:
    """The PDF of a document's HTML (templates under templates/), printed the same way."""
    return _child_pdf(json.dumps({"html": html}).encode(), limits)


def _child_pdf(job: bytes, limits: Limits) -> bytes:
    command = [
        sys.executable,
        "-m",
        "tracker.documents.render",
        f"--memory-mib={limits.memory_mib}",
        f"--cpu-seconds={limits.cpu_seconds}",
    ]
    if limits.max_rounds is not None:
        command.append(f"--max-rounds={limits.max_rounds}")
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # a Ctrl-C or signal to the worker's group is not the child's
    )
    try:
        pdf, errors = child.communicate(job, timeout=limits.seconds)
    except subprocess.TimeoutExpired:
        raise RenderFailed("time", f"over {limits.seconds} s") from None
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    if child.returncode != 0 or not pdf.startswith(b"%PDF-"):
        raise RenderFailed(_why(child.returncode), errors.decode("utf-8", "replace")[-1500:])
    return pdf


def _why(status: int) -> str:
    if status == MEMORY_ERROR:
        return "memory"
    if status in (-24, -9):  # SIGXCPU, then SIGKILL at the hard CPU limit (or the OOM killer)
        return "time"
    return "crash"


# -- the child ------------------------------------------------------------------------------


def _limit(which: int, soft: int, hard: int) -> None:
    _, current_hard = resource.getrlimit(which)
    if current_hard != resource.RLIM_INFINITY:
        soft, hard = min(soft, current_hard), min(hard, current_hard)
    resource.setrlimit(which, (soft, hard))


def _at_bound(memory: int) -> bool:
    """Did this process reach its address space bound (its peak within a quarter of it)?"""
    try:
        with open("/proc/self/status", "rb") as status:
            peak = next(line for line in status if line.startswith(b"VmPeak:"))
    except (OSError, StopIteration):
        return False
    return int(peak.split()[1]) * 1024 >= memory * 3 // 4


@contextmanager
def in_language(lang: str):
    """The words of the print in `lang`: a bare Flask app with the tracker's
    translations (no database, no config), its app context, and Flask-Babel's force_locale."""
    if lang == "en":  # English needs no catalogue: the words are the source's
        yield
        return
    from flask import Flask
    from flask_babel import Babel, force_locale

    app = Flask("tracker", root_path=str(ROOT / "tracker"))
    Babel(app)
    with app.app_context(), force_locale(lang):
        yield


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print a session summary PDF within limits.")
    parser.add_argument("--memory-mib", type=int, required=True)
    parser.add_argument("--cpu-seconds", type=int, required=True)
    parser.add_argument("--max-rounds", type=int)
    args = parser.parse_args(argv)
    memory = args.memory_mib * 1024 * 1024
    _limit(resource.RLIMIT_AS, memory, memory)
    _limit(resource.RLIMIT_CPU, args.cpu_seconds, args.cpu_seconds + 2)
    try:
        from .pdf import html_pdf, summary_pdf

        job = json.loads(sys.stdin.buffer.read())
        if "html" in job:
            pdf = html_pdf(job["html"])
        else:
            now = datetime.fromisoformat(job["now"]) if job.get("now") else None
            with in_language(job.get("lang") or "en"):
                pdf = summary_pdf(
                    job["export"], now=now, zone=job.get("zone"), max_rounds=args.max_rounds
                )
    except MemoryError:
        os._exit(MEMORY_ERROR)  # printing a traceback may need memory there is none of
    except Exception:
        if _at_bound(memory):  # out of address space, told otherwise: a library that could
            os._exit(MEMORY_ERROR)  # not be mapped (OSError), an import cut short (SystemError)
        raise
    sys.stdout.buffer.write(pdf)
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
