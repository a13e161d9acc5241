"""The answer to a page's event stream (GET /s/<token>/events, /g/<token>/events).

Through Pushpin (a request carrying a valid Grip-Sig): a GRIP hold on the row's channel, the
current state as the first event, so that a page that connects or reconnects resyncs with one
fetch whatever it missed, and keep-alives every 20 s; the worker answers at once, and Pushpin
holds the connection. Without Pushpin, or with push off: 204, and the page keeps polling.
"""

from __future__ import annotations

import re

from flask import Response, current_app
from sqlalchemy import select

from ..extensions import db
from ..models import RoundDraft
from .address import signed
from .publish import event_text

LAST_EVENT_ID = re.compile(r"\d{1,9}\.\d{1,9}")
# every 20 s of quiet, an event the page hears (static/stream.js: a silent stream is dead)
KEEP_ALIVE = "event: alive\\ndata: {}\\n\\n; format=cstring; timeout=20"
RETRY_MS = 2000  # how soon a page's EventSource reconnects after a dropped stream


def proxied(grip_sig: str | None) -> bool:
    """Whether the request came through Pushpin: its Grip-Sig, a JWT signed with PUSH_KEY."""
    key = current_app.config.get("PUSH_KEY")
    return bool(current_app.config.get("PUSH_URL")) and signed(grip_sig, key)


def good_last_id(value: str | None) -> bool:
    """A Last-Event-ID is one of the ids this stream gives ("<revision>.<draft version>")."""
    return value is None or value == "" or LAST_EVENT_ID.fullmatch(value) is not None


def held(channel: str, state: dict) -> Response:
    """The GRIP hold: Pushpin keeps the page's connection on `channel`."""
    body = f"retry: {RETRY_MS}\n\n" + event_text(state)
    return Response(
        body,
        mimetype="text/event-stream",
        headers={
            "Cache-Control": "no-store",
            "Grip-Hold": "stream",
            "Grip-Channel": channel,
            "Grip-Keep-Alive": KEEP_ALIVE,
        },
    )


def not_pushed() -> Response:
    """No Pushpin in front: nothing to hold; an EventSource stops at a 204."""
    return Response(status=204, headers={"Cache-Control": "no-store"})


def session_state(game) -> dict:
    """What a session's stream names: its revision and its round draft's version."""
    draft = db.session.execute(
        select(RoundDraft.version).where(RoundDraft.session_id == game.id)
    ).scalar_one_or_none()
    return {"revision": game.revision, "draft": draft or 0}
