"""The outbox: a row for each change a stream must hear of, in the change's own transaction.

Each flush that changes a session (its revision), its round draft (its version) or a group
(its revision) adds one row per channel with the new state; the rows are written by the same
commit as the change, so a change committed is a change that will be published. After the
commit the rows go to this worker's courier (courier.py), which publishes them off the
request and has them deleted. A worker that dies in between, or cannot reach Pushpin, leaves
its rows: the courier's sweep publishes rows older than LEFT_FOR. An event published twice is
harmless: it names a state, and a page that already shows it fetches nothing new.

The event published after the commit also carries the draft's answer when the change stored
one (core/draft/answer.py, the English answer a GET of the draft would get): the seat pages
take it from the stream instead of each asking for it. The row keeps only the state (the
sweep's event names it, and the pages fetch).
"""

from __future__ import annotations

import json

from flask import current_app, has_app_context
from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from ..models import Barkada, GameSession, PushOutbox, RoundDraft
from .publish import channel_of

_listening = False


def listen() -> None:
    """Hook the outbox to every session's flushes and commits (once per process)."""
    global _listening
    if not _listening:
        event.listen(Session, "after_flush", _written)
        event.listen(Session, "after_commit", _committed)
        event.listen(Session, "after_soft_rollback", _dropped)
        _listening = True


def waiting(connection) -> int:
    """How many rows the outbox holds: changes not yet published (or not yet deleted)."""
    return connection.execute(select(func.count()).select_from(PushOutbox.__table__)).scalar()


def _courier():
    return current_app.extensions.get("push_courier") if has_app_context() else None


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


def answers(objects) -> dict[str, tuple[str, str]]:
    """The stored draft answers a flush wrote that answer the version it wrote:
    {"s-12": ("30.8", "{…}")}."""
    found = {}
    for obj in objects:
        if not isinstance(obj, RoundDraft) or obj.session_id is None:
            continue
        loaded = obj.__dict__  # only what this change set: reading more would query, mid-flush
        answer, tag = loaded.get("answer"), loaded.get("answer_tag") or ""
        if answer is not None and tag.split(".")[0] == str(obj.version):
            found[channel_of("s", obj.session_id)] = (tag, answer)
    return found


def _written(session, _context) -> None:
    """After a flush: the outbox rows it wrote are noted for after the commit; the changes it
    made get their rows (written by the next flush, which the commit runs)."""
    if _courier() is None:
        return
    noted = session.info.setdefault("push_rows", [])
    for obj in session.new:
        if isinstance(obj, PushOutbox):
            noted.append((obj.id, obj.channel, obj.body))
    changed = [*session.new, *session.dirty]
    session.info.setdefault("push_answers", {}).update(answers(changed))
    for channel, data in changes(changed).items():
        session.add(PushOutbox(channel=channel, body=json.dumps(data, sort_keys=True)))


def _committed(session) -> None:
    rows = session.info.pop("push_rows", None)
    kept = session.info.pop("push_answers", {})
    courier = _courier()
    if rows and courier is not None:
        courier.take(rows, kept)


def _dropped(session, _previous) -> None:
    session.info.pop("push_rows", None)  # rolled back: the rows were never written
    session.info.pop("push_answers", None)


def events(rows, kept: dict[str, tuple[str, str]] | None = None) -> list[tuple[str, dict]]:
    """The (channel, data) to publish for outbox rows (id, channel, body): the last row of each
    channel (a transaction that flushed twice wrote a row each time), with the draft's answer
    from `kept` when it answers the state the row names."""
    last = {channel: json.loads(body) for _, channel, body in sorted(rows)}
    for channel, data in last.items():
        tag, answer = (kept or {}).get(channel, (None, None))
        if answer is not None and _answers(tag, data):
            data["tag"], data["answer"] = tag, json.loads(answer)
    return list(last.items())


def _answers(tag: str, data: dict) -> bool:
    """Does the answer stored under `tag` ("<version>.<revision>") show the state `data` names?
    A row without a revision is a change that left the session's revision where it was."""
    version, _, revision = tag.partition(".")
    return version == str(data.get("draft")) and (
        "revision" not in data or revision == str(data["revision"])
    )
