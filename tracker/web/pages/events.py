"""A session's event stream, GET /s/<token>/events (web/streams.py): held by Pushpin when it
stands in front, 204 when it does not. The session page's access: whoever has the link; no
session, a 404."""

from __future__ import annotations

from ...push import stream
from ...push.publish import channel_of
from ..lookups import game_or_404
from ..streams import stream_answer
from .blueprint import bp


@bp.get("/s/<token>/events")
def session_events(token: str):
    game = game_or_404(token)
    return stream_answer(channel_of("s", game.id), lambda: stream.session_state(game))
