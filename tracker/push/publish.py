"""Publishing to Pushpin over its plain HTTP endpoint (POST <PUSH_URL>/publish/), and the
text of one server-sent event."""

from __future__ import annotations

import json
import urllib.request

TIMEOUT = 2.0  # seconds: a publish that takes longer is left to the sweeper


def channel_of(kind: str, row_id: int) -> str:
    """A session's channel ("s-12") or a group's ("g-3"): ids, never the secret links."""
    return f"{kind}-{row_id}"


def event_text(data: dict) -> str:
    """One server-sent event: its id is the state it names ("<revision>.<draft version>"),
    so that a reconnecting page says what it saw last."""
    event_id = f"{data.get('revision', 0)}.{data.get('draft', 0)}"
    return f"id: {event_id}\nevent: change\ndata: {json.dumps(data, sort_keys=True)}\n\n"


def publish(url: str, items: list[tuple[str, dict]]) -> None:
    """Publish (channel, data) items; raises OSError when Pushpin does not take them."""
    body = {
        "items": [
            {"channel": channel, "formats": {"http-stream": {"content": event_text(data)}}}
            for channel, data in items
        ]
    }
    request = urllib.request.Request(
        url.rstrip("/") + "/publish/",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
        if answer.status != 200:
            raise OSError(f"Pushpin answered {answer.status}")
