"""The summary PDF of a session version: from the cache, or printed within bounds.

    printer = Printer(folder, limits, renders=2, zone="Asia/Manila", wait=10)   # one per worker
    printer.pdf((token, version, settled, lang), export, now=None) -> bytes   (lang: 'en', 'fil';
        left out, English)
        raises Busy or TooLarge (each with `retry_after`, seconds)
    printer.document((name, version, False), html) -> bytes    another document's HTML (a
        group's season or a member's statement), printed the same way

At most `renders` prints run at once in a worker (a non-blocking semaphore: when they are all
taken the answer is Busy at once, no queue); the same version is printed by one worker at a
time (pdf_cache.render_lock): another one asking for it waits up to `wait` seconds for that file,
then answers Printing (a Busy with Retry-After 2 s). A print that fails (over its time or
memory bound, or crashed) is TooLarge, leaves nothing in the cache but its failure mark, and is
not tried again for FAILED_FOR seconds.
The printer's time zone (the app's TIME_ZONE) is part of every file's version: after the
setting changes, nothing printed in the old zone is served.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from .. import metrics
from . import pdf_cache
from .render import Limits, RenderFailed, render_html_pdf, render_pdf

BUSY_RETRY = 10  # Retry-After (seconds) when every print slot is taken
log = logging.getLogger(__name__)


class PrintRefused(Exception):
    retry_after = BUSY_RETRY


class Busy(PrintRefused):
    """Every print slot of this worker is taken, or another worker is printing this version."""


class Printing(Busy):
    """This version is being printed by another worker or thread, not yet done: ask again
    soon (its file will be in the cache)."""

    retry_after = 2


class TooLarge(PrintRefused):
    """The print went over its time or memory bound (or crashed)."""

    retry_after = pdf_cache.FAILED_FOR


class Printer:
    def __init__(self, folder: Path, limits: Limits, renders: int, zone: str | None, wait: float):
        self.folder = folder
        self.wait = wait  # seconds a request waits for another's print (SUMMARY_WAIT_SECONDS)
        self.limits = limits
        self.zone = zone  # the times printed are in it (None: the current app's)
        self._slots = threading.BoundedSemaphore(renders) if renders > 0 else None
        self.started = 0  # prints this worker started (the tests and benchmarks read it)

    def pdf(self, key: tuple, export: Callable[[], dict], now: datetime | None = None) -> bytes:
        """The PDF of `key` = (token, version, settled[, lang]); `export()` gives the session's
        export dict, called only when a print is needed. The language is part of the key, so an
        English and a Filipino print of one version are two files."""
        lang = key[3] if len(key) > 3 else "en"
        return self._cached_or_printed(
            self.file_key(key), lambda: render_pdf(export(), self.limits, now, lang, self.zone)
        )

    def document(self, key: tuple, html: Callable[[], str]) -> bytes:
        """The PDF of `key` printed from `html()` (called only when a print is needed; its
        times are in the printer's zone)."""
        return self._cached_or_printed(
            self.file_key(key), lambda: render_html_pdf(html(), self.limits)
        )

    def file_key(self, key: tuple) -> tuple:
        """`key` with the time zone in its version (the file's name), when the zone is set."""
        if not self.zone:
            return key
        name, version, *rest = key
        return (name, f"{version}.{self.zone}", *rest)

    def _cached_or_printed(self, key: tuple, produce: Callable[[], bytes]) -> bytes:
        pdf = pdf_cache.cached_pdf(self.folder, *key)
        if pdf is not None:
            metrics.pdf_rendered("cached")
            return pdf
        if pdf_cache.failed_recently(self.folder, *key):
            metrics.pdf_rendered("refused")
            raise TooLarge
        lock = pdf_cache.render_lock(self.folder, *key)
        if lock is None:
            return self._wait_for_other(key)
        try:
            pdf = pdf_cache.cached_pdf(self.folder, *key)  # printed while we took the lock
            if pdf is not None:
                metrics.pdf_rendered("cached")
                return pdf
            return self._print(key, produce)
        finally:
            pdf_cache.release(lock)

    def _print(self, key: tuple, produce: Callable[[], bytes]) -> bytes:
        if self._slots is None or not self._slots.acquire(blocking=False):
            metrics.pdf_rendered("busy")
            raise Busy
        try:
            self.started += 1
            pdf = produce()
        except RenderFailed as failed:
            log.warning("%s", failed)
            pdf_cache.mark_failed(self.folder, *key)
            metrics.pdf_rendered("failed")
            raise TooLarge from failed
        finally:
            self._slots.release()
        pdf_cache.store_pdf(self.folder, *key, pdf)
        metrics.pdf_rendered("printed")
        return pdf

    def _wait_for_other(self, key: tuple) -> bytes:
        """Another worker (or thread) prints this version: its file, if it comes soon."""
        deadline = time.monotonic() + self.wait
        while time.monotonic() < deadline:
            time.sleep(0.1)
            pdf = pdf_cache.cached_pdf(self.folder, *key)
            if pdf is not None:
                metrics.pdf_rendered("cached")
                return pdf
            if pdf_cache.failed_recently(self.folder, *key):  # its print failed: counted there
                metrics.pdf_rendered("refused")
                raise TooLarge
        metrics.pdf_rendered("busy")
        raise Printing
