"""Rendered summary PDFs kept as files, one per (session, version, settled, language), shared
by workers.

A reprint of an unchanged session reads the file instead of rendering again (seconds of CPU and
hundreds of MiB for a long session). The files live in `<instance>/summary-pdf/`, so every
gunicorn worker on the machine (and every app server sharing the folder) sees them. The page
size, names, rules and rounds are all part of the session's version (its revision and the time
of its last change, so a session restored from a backup at an old revision is not mistaken for
what was printed before): any change moves it on, and the next print renders afresh. Written
atomically (temporary file, then `os.replace`), so a reader never sees half a PDF; a session
keeps only its newest file, and the folder at most `KEEP` files (the oldest go first). The
printing time on a reprint is that of the first print.

    cached_pdf(folder, token, version, settled, lang="en") -> bytes | None
    store_pdf(folder, token, version, settled, [lang,] pdf) -> None
    forget(folder, token) -> int   (a deleted session's files: `flask sessions prune`)
    render_lock(folder, token, version, settled, lang="en") -> file | None   (one
        print at a time)
    mark_failed / failed_recently(folder, token, version, settled, lang="en")

The language a summary is printed in ('en', 'fil') is part of its file's name (none
for English, so the English files keep their names): an English and a Filipino print of one
version are two files, and a session keeps its newest file in each language.

A print in progress holds `<file>.lock` (flock, released when its holder closes it or dies; the
file is removed before the lock is let go, so a newcomer finds the PDF or the failure mark); a
print that failed leaves `<file>.failed`, so that the same version is not tried again for
FAILED_FOR seconds.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import tempfile
import time
from pathlib import Path

KEEP = 500  # files kept in the folder (a 2,000-round summary is about 400 KiB)
FORMAT = "2"  # bump when the summary's template or layout changes, so old files are not served
FAILED_FOR = 60  # seconds a failed print is not tried again (the 503's Retry-After)
STALE_TMP = 3600  # seconds after which a temporary file is a leftover of a killed writer


def cache_folder(instance: str | Path) -> Path:
    return Path(instance) / "summary-pdf"


def _session_part(token: str) -> str:
    """The file name's session part: a digest, so no link is written into a file name."""
    return hashlib.sha256(token.encode()).hexdigest()[:24]


def _path(folder: Path, token: str, version: str, settled: bool, lang: str = "en") -> Path:
    """The file of a print; a print in another language than English has its own."""
    safe = re.sub(r"[^0-9A-Za-z.]", "_", version)
    tongue = "" if lang == "en" else "-" + re.sub(r"[^0-9A-Za-z]", "_", lang)
    return folder / f"{_session_part(token)}-{FORMAT}-{safe}-{int(bool(settled))}{tongue}.pdf"


def cached_pdf(
    folder: Path, token: str, version: str, settled: bool, lang: str = "en"
) -> bytes | None:
    try:
        return _path(folder, token, version, settled, lang).read_bytes()
    except OSError:
        return None


def store_pdf(folder: Path, token: str, version: str, settled: bool, *rest) -> None:
    """Keep `pdf` for reprints; a full or read-only disk only loses the cache, never the print."""
    try:
        *lang, pdf = rest  # (lang, pdf) or (pdf): English
        folder.mkdir(parents=True, exist_ok=True)
        target = _path(folder, token, version, settled, *lang)
        with tempfile.NamedTemporaryFile(dir=folder, suffix=".tmp", delete=False) as handle:
            handle.write(pdf)
        os.replace(handle.name, target)
        _prune(folder, token, target)
    except OSError:
        return


def render_lock(folder: Path, token: str, version: str, settled: bool, lang: str = "en"):
    """The open lock file of this print when no one else is printing it, else None. Close it
    with `release`; a process that dies lets go of it too."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(_path(folder, token, version, settled, lang).with_suffix(".lock"), "a+b")
    except OSError:
        return _NoLock()  # a read-only folder: print without the guard (the semaphore holds)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def release(lock) -> None:
    """Let go of a print's lock, removing its file first (see the module's docstring)."""
    try:
        Path(lock.name).unlink(missing_ok=True)
    except (OSError, TypeError):
        pass
    lock.close()


class _NoLock:
    name = None

    def close(self) -> None:
        pass


def mark_failed(folder: Path, token: str, version: str, settled: bool, lang: str = "en") -> None:
    try:
        _path(folder, token, version, settled, lang).with_suffix(".failed").touch()
    except OSError:
        return


def failed_recently(
    folder: Path, token: str, version: str, settled: bool, lang: str = "en"
) -> bool:
    mark = _path(folder, token, version, settled, lang).with_suffix(".failed")
    return time.time() - _mtime(mark) < FAILED_FOR


def _prune(folder: Path, token: str, kept: Path) -> None:
    """Drop the session's older files, then the folder's oldest beyond KEEP, and leftovers."""
    _drop(folder, token, kept)
    files = sorted(folder.glob("*.pdf"), key=_mtime, reverse=True)
    for old in files[KEEP:]:
        old.unlink(missing_ok=True)
    for old in (*folder.glob("*.failed"), *folder.glob("*.tmp")):
        if time.time() - _mtime(old) > STALE_TMP:
            old.unlink(missing_ok=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _language_of(path: Path) -> str:
    """The language a file's print is in: its name's last part, none for English."""
    last = path.stem.rsplit("-", 1)[-1]
    return "en" if last.isdigit() else last


def forget(folder: Path, token: str) -> int:
    """Delete every kept summary of the session `token` (it was deleted) and its failure marks;
    answers how many summaries."""
    return _drop(Path(folder), token)


def _drop(folder: Path, token: str, kept: Path | None = None) -> int:
    """Delete the session's summaries and failure marks but `kept` (and those in another
    language than `kept`'s); answers how many summaries (its lock files are left to their
    prints, which remove them)."""
    gone = 0
    for old in folder.glob(f"{_session_part(token)}-*"):
        other_language = kept is not None and _language_of(old) != _language_of(kept)
        if old != kept and old.suffix in (".pdf", ".failed") and not other_language:
            old.unlink(missing_ok=True)
            gone += old.suffix == ".pdf"
    return gone
