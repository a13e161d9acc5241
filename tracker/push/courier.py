"""Each worker's courier: publishes the outbox rows its requests committed, off the request,
and sweeps up what workers left.

`take` (after a commit) only queues the rows: the answer goes out without waiting for
Pushpin. The courier's thread publishes everything queued meanwhile in one POST (split when
big) to each Pushpin node, and notes the rows as published once every node took them; its
sweep, once a second, deletes the rows noted (one statement, on the thread's own pooled
connection: not a connection per change) and then publishes the rows older than LEFT_FOR (a
worker died between commit and publish, or a node was away) to every node, and deletes them
the same way. A row published but not yet deleted when its worker dies is published once more
by another worker's sweep, and while one node refuses, the others hear the rows left again at
each sweep: an event naming a state again is harmless (the page asks, and hears "unchanged").
"""

from __future__ import annotations

import logging
import queue
import threading
from datetime import timedelta

from flask import Flask
from sqlalchemy import delete, select

from ..extensions import db
from ..models import PushOutbox, utcnow
from .outbox import events
from .publish import addresses, publish

SWEEP_EVERY = 1.0  # seconds between sweeps
LEFT_FOR = timedelta(seconds=2)  # a row this old was left by its worker
BATCH = 500
log = logging.getLogger(__name__)


class Courier:
    def __init__(self, app: Flask):
        self.app, self.urls = app, addresses(app.config["PUSH_URL"])
        self.queue: queue.Queue = queue.Queue()
        self.published: set[int] = set()  # rows out, to be deleted by the next sweep
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def take(self, rows, answers) -> None:
        """Rows (id, channel, body) a commit wrote, and the draft answers it stored."""
        self.queue.put((rows, answers))

    def send(self, rows, answers=None) -> bool:
        """Publish rows to every node; False, the rows kept for the sweep, when one of them
        does not take them (the others have them already)."""
        items, refused = events(rows, answers), []
        for url in self.urls:
            try:
                publish(url, items)
            except OSError as error:
                refused.append(f"{url}: {error}")
        if refused:
            log.warning("push: %s events left for the sweep (%s)", len(rows), "; ".join(refused))
            return False
        with self.lock:
            self.published.update(row[0] for row in rows)
        return True

    def deliver(self) -> None:
        """The courier's thread: all that is queued, in one publish, until stopped."""
        while not self.stop.is_set():
            try:
                rows, answers = self.queue.get(timeout=SWEEP_EVERY)
            except queue.Empty:
                continue
            answers = dict(answers)
            while True:
                try:
                    more, also = self.queue.get_nowait()
                except queue.Empty:
                    break
                rows, answers = [*rows, *more], {**answers, **also}
            self.send(rows, answers)

    def sweep(self, older_than: timedelta = LEFT_FOR) -> int:
        """Delete the rows published; publish the rows left (older than `older_than`); how
        many were left."""
        with self.lock:
            done, self.published = self.published, set()
        if done:
            db.session.execute(delete(PushOutbox).where(PushOutbox.id.in_(sorted(done))))
            db.session.commit()
        rows = db.session.execute(
            select(PushOutbox.id, PushOutbox.channel, PushOutbox.body)
            .where(PushOutbox.created_at <= utcnow() - older_than)
            .order_by(PushOutbox.id)
            .limit(BATCH)
        ).all()
        db.session.rollback()  # the read ends before the network is waited for
        return len(rows) if rows and self.send([tuple(r) for r in rows]) else 0

    def sweep_until_stopped(self) -> None:
        while not self.stop.wait(SWEEP_EVERY):
            try:
                with self.app.app_context():
                    self.sweep()
                    db.session.remove()
            except Exception:  # a database away for a moment: the next sweep tries again
                log.exception("push: the sweep failed")


def start(app: Flask) -> None:
    """The app's courier and its two threads; `stop` ends them (the tests' apps)."""
    if "push_courier" in app.extensions:
        return
    courier = app.extensions["push_courier"] = Courier(app)
    jobs = {"push-courier": courier.deliver, "push-sweep": courier.sweep_until_stopped}
    for name, job in jobs.items():
        threading.Thread(target=job, name=name, daemon=True).start()


def stop(app: Flask) -> None:
    courier = app.extensions.pop("push_courier", None)
    if courier is not None:
        courier.stop.set()
