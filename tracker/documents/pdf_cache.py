"""Rendered summary PDFs kept as files, one per (session, version, settled), shared by workers.

A reprint of an unchanged session reads the file instead of rendering again (seconds of CPU and
hundreds of MiB for a long session). The files live in `<instance>/summary-pdf/`, so every
gunicorn worker on the machine (and every app server sharing the folder) sees them. The page
size, names, rules and rounds are all part of the session's version (its revision and the time
of its last change, so a session restored from a backup at an old revision is not mistaken for
what was printed before): any change moves it on, and the next print renders afresh. Written
atomically (temporary file, then `os.replace`), so a reader never sees half a PDF; a session
keeps only its newest file, and the folder at most `KEEP` files (the oldest go first). The
printing time on a reprint is that of the first print.

    cached_pdf(folder, token, version, settled) -> bytes | None
    store_pdf(folder, token, version, settled, pdf) -> None
    forget(folder, token) -> int   (a deleted session's files: `flask sessions prune`)
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

KEEP = 500  # files kept in the folder (a 2,000-round summary is about 400 KiB)
FORMAT = "1"  # bump when the summary's template or layout changes, so old files are not served


def cache_folder(instance: str | Path) -> Path:
    return Path(instance) / "summary-pdf"


def _session_part(token: str) -> str:
    """The file name's session part: a digest, so no link is written into a file name."""
    return hashlib.sha256(token.encode()).hexdigest()[:24]


def _path(folder: Path, token: str, version: str, settled: bool) -> Path:
    safe = re.sub(r"[^0-9A-Za-z.]", "_", version)
    return folder / f"{_session_part(token)}-{FORMAT}-{safe}-{int(bool(settled))}.pdf"


def cached_pdf(folder: Path, token: str, version: str, settled: bool) -> bytes | None:
    try:
        return _path(folder, token, version, settled).read_bytes()
    except OSError:
        return None


def store_pdf(folder: Path, token: str, version: str, settled: bool, pdf: bytes) -> None:
    """Keep `pdf` for reprints; a full or read-only disk only loses the cache, never the print."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = _path(folder, token, version, settled)
        with tempfile.NamedTemporaryFile(dir=folder, suffix=".tmp", delete=False) as handle:
            handle.write(pdf)
        os.replace(handle.name, target)
        _prune(folder, token, target)
    except OSError:
        return


def _prune(folder: Path, token: str, kept: Path) -> None:
    """Drop the session's older files, then the folder's oldest beyond KEEP."""
    for old in folder.glob(f"{_session_part(token)}-*.pdf"):
        if old != kept:
            old.unlink(missing_ok=True)
    files = sorted(folder.glob("*.pdf"), key=_mtime, reverse=True)
    for old in files[KEEP:]:
        old.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def forget(folder: Path, token: str) -> int:
    """Delete every kept summary of the session `token` (it was deleted); answers how many."""
    gone = 0
    for old in Path(folder).glob(f"{_session_part(token)}-*.pdf"):
        old.unlink(missing_ok=True)
        gone += 1
    return gone
