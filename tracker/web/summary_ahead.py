"""The summary PDF printed ahead: after a change that alters a session's summary (a round
saved, edited, deleted, restored or undone; a settle, a reopen), the worker prints the summary
of the session's new version in the background, into the cache of printed summaries
(documents/pdf_cache.py: files in the instance folder, shared by every worker of the machine),
so that "Print summary" usually finds it ready: a file read instead of seconds of WeasyPrint.

Bounded: one thread per worker process prints one summary at a time, through the worker's
printer (its print slots and child-process bounds: documents/printer.py). What waits is a
session, not a version: the thread reads the session when its turn comes, so a newer change
supersedes an older one still queued, and at most PENDING sessions wait (the oldest dropped).
The request that made the change never waits for any of it; a print that fails is logged (and
marked failed, as an asked-for print is). A worker asked for the same version meanwhile waits
for this print's file (pdf_cache.render_lock), in this process or another.

SUMMARY_AHEAD (TRACKER_SUMMARY_AHEAD) False: nothing is printed ahead.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable

from flask import current_app, request
from flask_babel import get_locale

from .. import core
from ..documents.printer import Printer, PrintRefused
from ..extensions import db

PENDING = 32  # sessions waiting for their print, at most, in one worker
QUEUES: weakref.WeakSet = weakref.WeakSet()  # every app's queue in this process (tests wait)
log = logging.getLogger(__name__)

DONE = frozenset(range(200, 300))
# the writes that alter a session's summary, each with the answers that say it did
CHANGED = {
    "entry.new_round": {303},  # saved (a review is a 200: nothing stored)
    "entry.edit_round": {303},
    "entry.delete_round": {303},
    "pages.restore_round": {303},
    "pages.undo_change": {303},
    "pages.settle": {303},
    "pages.reopen": {303},
    "api.add_round": DONE,
    "api.put_round": DONE,
    "api.delete_round": DONE,
    "api.restore_round": DONE,
    "api.undo_change": DONE,
    "api.settle": DONE,
    "api.reopen": DONE,
    "draft_api.agree": {201},  # the last Agree: the round saved
}


def version_key(game, lang: str) -> tuple:
    """The cache key of the session's summary as it stands, in `lang` (web/exports.py)."""
    version = f"{game.revision}.{game.updated_at:%Y%m%d%H%M%S%f}"
    return (game.token, version, game.settled_at is not None, lang)


def after_change(response, printer: Callable[[], Printer]):
    """An app-wide after_request (web/exports.py's): a write that changed a session asks for
    its summary ahead, in the language of the phone that made it (the table's, most likely),
    printed by `printer()`, the worker's printer."""
    endpoint, args = request.endpoint, request.view_args or {}
    if response.status_code not in CHANGED.get(endpoint, ()) or "token" not in args:
        return response
    if request.method != "GET" and current_app.config.get("SUMMARY_AHEAD"):
        ahead(printer).ask(args["token"], str(get_locale() or "en"))
    return response


def ahead(printer: Callable[[], Printer]) -> Ahead:
    """This worker's printer ahead, made at its first change (after a fork: in the worker)."""
    app = current_app._get_current_object()
    made = app.extensions.get("summary_ahead")
    if made is None:
        made = app.extensions.setdefault("summary_ahead", Ahead(app, printer))
    return made


class Ahead:
    """The queue of sessions whose summary to print, and the one thread that prints them."""

    def __init__(self, app, printer: Callable[[], Printer]):
        self.app, self.printer = app, printer
        self._pending: OrderedDict[str, str] = OrderedDict()  # token -> language
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False
        self.printed = 0  # prints this thread finished (tests and benchmarks read it)
        QUEUES.add(self)

    def ask(self, token: str, lang: str) -> None:
        with self._wake:
            self._pending.pop(token, None)  # its newest version is what will be printed
            self._pending[token] = lang
            while len(self._pending) > PENDING:
                self._pending.popitem(last=False)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="summary-ahead")
                self._thread.daemon = True
                self._thread.start()
            self._wake.notify()

    def wait_idle(self, timeout: float) -> bool:
        """Until nothing waits and nothing is printing (tests, benchmarks); False at timeout."""
        with self._wake:
            return self._wake.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._wake:
                self._busy = False
                self._wake.notify_all()
                self._wake.wait_for(lambda: self._pending)
                token, lang = self._pending.popitem(last=False)
                self._busy = True
            try:
                self._print(token, lang)
            except PrintRefused as refused:  # slots taken, too large: the asked print will say
                log.info("summary ahead not printed: %s", type(refused).__name__)
            except Exception:  # never let one session stop the thread
                log.exception("summary ahead failed")

    def _print(self, token: str, lang: str) -> None:
        with self.app.app_context():
            try:
                game = core.get_session(token)
            except core.NotFound:
                return
            try:
                self.printer().pdf(version_key(game, lang), game.export)
                self.printed += 1
            finally:
                db.session.remove()
