"""A session's event stream, GET /s/<token>/events: held by Pushpin when it stands in front
(tracker/push/stream.py), 204 when it does not. The same access as the session page: whoever
has the link; no session, a 404."""

from __future__ import annotations

from flask import jsonify, request

from ...engine import Problem
from ...engine.messages import N_
from ...present.messages import errors_dict
from ...push import stream
from ...push.publish import channel_of
from .blueprint import bp, game_or_404


@bp.get("/s/<token>/events")
def session_events(token: str):
    game = game_or_404(token)
    last = request.headers.get("Last-Event-ID")
    if not stream.good_last_id(last):
        said = N_("Last-Event-ID is an id this stream gave, such as 12.30 (revision.draft)")
        return jsonify(errors_dict([Problem("Last-Event-ID", said)])), 400
    if not stream.proxied(request.headers.get("Grip-Sig")):
        return stream.not_pushed()
    return stream.held(channel_of("s", game.id), stream.session_state(game))
