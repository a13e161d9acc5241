"""Push, not poll: a page's event stream, held by Pushpin, hears of each committed change.

    outbox.py    each change of a session, its round draft or a group writes a row in its own
                 transaction (SQLAlchemy's flush events); after the commit the rows go to the
                 worker's courier
    courier.py   a thread that publishes the rows off the request, all queued in one POST, and
                 a sweep that deletes the rows published and publishes what a worker left (it
                 died between commit and publish, or Pushpin was away)
    publish.py   the HTTP publish to Pushpin (its plain /publish/ endpoint, on each node),
                 and the event text
    stream.py    the answer to a page's GET …/events: through Pushpin, a GRIP hold on the
                 channel with the current state as the first event; without Pushpin, 204 (the
                 page keeps polling)

Off unless PUSH_URL is set (env TRACKER_PUSH_URL, e.g. http://127.0.0.1:5561, or several
nodes' addresses separated by commas or spaces): then nothing is written and every stream
answers 204. PUSH_KEY (env TRACKER_PUSH_KEY) is Pushpin's sig_key, by which a request that
came through Pushpin is told from one that did not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask


def install(app: Flask) -> None:
    """Listen for changes and sweep the outbox, when this app pushes (create_app calls it).
    Its modules are imported here, not with the package: pushpin.py (Pushpin's config, which
    the deploy writes before the app can start) is read without Flask or the models."""
    from . import courier, outbox

    if app.config.get("PUSH_URL"):
        outbox.listen()
        courier.start(app)
