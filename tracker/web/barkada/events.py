"""A group's event stream, GET /g/<token>/events (web/streams.py): held by Pushpin when it
stands in front, 204 when it does not. The group page's access: whoever has the link."""

from __future__ import annotations

from ...push.publish import channel_of
from ..streams import stream_answer
from .blueprint import bp
from .group_pages import group_or_404


@bp.get("/<token>/events")
def group_events(token: str):
    group = group_or_404(token)
    return stream_answer(channel_of("g", group.id), lambda: {"revision": group.revision})
