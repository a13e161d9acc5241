"""A page's event stream, answered (tracker/push/stream.py): a bad Last-Event-ID refused with
the API's 400, a request that did not come through Pushpin answered 204, one that did held on
the channel with the current state first."""

from __future__ import annotations

from collections.abc import Callable

from flask import jsonify, request

from ..engine import Problem
from ..engine.messages import N_
from ..present.messages import errors_dict
from ..push import stream


def stream_answer(channel: str, state: Callable[[], dict]):
    if not stream.good_last_id(request.headers.get("Last-Event-ID")):
        said = N_("Last-Event-ID is an id this stream gave, such as 12.30 (revision.draft)")
        return jsonify(errors_dict([Problem("Last-Event-ID", said)])), 400
    if not stream.proxied(request.headers.get("Grip-Sig")):
        return stream.not_pushed()
    return stream.held(channel, state())
