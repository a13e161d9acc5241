"""The outbox: a row for each change a stream must hear of, in the change's own transaction.

Each flush that changes a session (its revision), its round draft (its version) or a group
(its revision) adds one row per channel with the new state; the rows are written by the same
commit as the change, so a change committed is a change that will be published. After the
commit the worker publishes them and deletes them. A worker that dies in between, or cannot
reach Pushpin, leaves its rows: the sweeper (a thread of each worker) publishes rows older than
LEFT_FOR. An event published twice is harmless: it names a state, and a page that already
shows it fetches nothing new (a 304).
"""

from __future__ import annotations

import json
import logging
import threading
from datetime import timedelta

from flask import Flask, current_app, has_app_context
from sqlalchemy import delete, event, select
from sqlalchemy.orm import Session

from ..extensions import db
from ..models import Barkada, GameSession, PushOutbox, RoundDraft, utcnow
from .publish import channel_of, publish

SWEEP_EVERY = 1.0  # seconds between the sweeper's looks
LEFT_FOR = timedelta(seconds=2)  # a row this old was left by its worker
BATCH = 500
log = logging.getLogger(__name__)
_listening = False


def listen() -> None:
    """Hook the outbox to every session's flushes and commits (once per process)."""
    global _listening
    if not _listening:
        event.listen(Session, "after_flush", _written)
        event.listen(Session, "after_commit", _committed)
        event.listen(Session, "after_soft_rollback", _dropped)
        _listening = True


def _push_url() -> str | None:
    return current_app.config.get("PUSH_URL") if has_app_context() else None


def changes(objects) -> dict[str, dict]:
    """What each channel must hear of the changed `objects`: {"s-12": {"revision": 8,
    "draft": 30}}."""
    found: dict[str, dict] = {}
    for obj in objects:
        if isinstance(obj, GameSession) and obj.id is not None:
            found.setdefault(channel_of("s", obj.id), {})["revision"] = obj.revision
        elif isinstance(obj, RoundDraft) and obj.session_id is not None:
            found.setdefault(channel_of("s", obj.session_id), {})["draft"] = obj.version
        elif isinstance(obj, Barkada) and obj.id is not None:
            found.setdefault(channel_of("g", obj.id), {})["revision"] = obj.revision
    return found


def _written(session, _context) -> None:
    """After a flush: the outbox rows it wrote are noted for after the commit; the changes it
    made get their rows (written by the next flush, which the commit runs)."""
    if not _push_url():
        return
    noted = session.info.setdefault("push_rows", [])
    for obj in session.new:
        if isinstance(obj, PushOutbox):
            noted.append((obj.id, obj.channel, obj.body))
    for channel, data in changes([*session.new, *session.dirty]).items():
        session.add(PushOutbox(channel=channel, body=json.dumps(data, sort_keys=True)))


def _committed(session) -> None:
    rows = session.info.pop("push_rows", None)
    url = _push_url()
    if rows and url:
        send(url, rows)


def _dropped(session, _previous) -> None:
    session.info.pop("push_rows", None)  # rolled back: the rows were never written


def send(url: str, rows: list[tuple[int, str, str]]) -> bool:
    """Publish outbox rows (id, channel, body), the last of each channel (a transaction that
    flushed twice wrote a row each time), and delete them all; False, and the rows kept for the
    sweeper, when Pushpin does not take them."""
    last = {channel: body for _, channel, body in sorted(rows)}  # a flush's state, then the next's
    try:
        publish(url, [(channel, json.loads(body)) for channel, body in last.items()])
    except OSError as error:
        log.warning("push: %s events left for the sweeper (%s)", len(rows), error)
        return False
    with db.engine.begin() as connection:
        connection.execute(delete(PushOutbox).where(PushOutbox.id.in_([r[0] for r in rows])))
    return True


def sweep(older_than: timedelta = LEFT_FOR) -> int:
    """Publish the rows workers left (older than `older_than`); how many were published."""
    rows = db.session.execute(
        select(PushOutbox.id, PushOutbox.channel, PushOutbox.body)
        .where(PushOutbox.created_at <= utcnow() - older_than)
        .order_by(PushOutbox.id)
        .limit(BATCH)
    ).all()
    db.session.rollback()  # the read ends before the network is waited for
    if not rows:
        return 0
    return len(rows) if send(current_app.config["PUSH_URL"], [tuple(r) for r in rows]) else 0


def start_sweeper(app: Flask) -> None:
    """One sweeper thread per app; `stop_sweeper` ends it (the tests' apps)."""
    if "push_sweeper" in app.extensions:
        return
    stop = threading.Event()
    thread = threading.Thread(
        target=_sweep_until, args=(app, stop), name="push-sweeper", daemon=True
    )
    app.extensions["push_sweeper"] = stop
    thread.start()


def stop_sweeper(app: Flask) -> None:
    stop = app.extensions.pop("push_sweeper", None)
    if stop is not None:
        stop.set()


def _sweep_until(app: Flask, stop: threading.Event) -> None:
    while not stop.wait(SWEEP_EVERY):
        try:
            with app.app_context():
                sweep()
                db.session.remove()
        except Exception:  # a database away for a moment: the next look tries again
            log.exception("push: the sweep failed")
