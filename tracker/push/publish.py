"""Publishing to Pushpin over its plain HTTP endpoint (POST <address>/publish/, for each
address PUSH_URL names), and the text of one server-sent event."""

from __future__ import annotations

import http.client
import json
import re
from urllib.parse import urlsplit

TIMEOUT = 2.0  # seconds: a publish that takes longer is left to the sweep
BODY_LIMIT = 500_000  # bytes in one publish request (Pushpin's own limit: 1,000,000)


def addresses(setting: str | None) -> list[str]:
    """The publish addresses PUSH_URL names: one per Pushpin node, separated by commas or
    spaces (a table's phones may hold their streams on different nodes)."""
    return [part for part in re.split(r"[,\s]+", setting or "") if part]


def channel_of(kind: str, row_id: int) -> str:
    """A session's channel ("s-12") or a group's ("g-3"): ids, never the secret links."""
    return f"{kind}-{row_id}"


def event_text(data: dict) -> str:
    """One server-sent event: its id is the state it names ("<revision>.<draft version>"),
    so that a reconnecting page says what it saw last."""
    event_id = f"{data.get('revision', 0)}.{data.get('draft', 0)}"
    return f"id: {event_id}\nevent: change\ndata: {json.dumps(data, sort_keys=True)}\n\n"


def bodies(items: list[tuple[str, dict]], limit: int = BODY_LIMIT) -> list[bytes]:
    """The publish requests' bodies for (channel, data) items: as few as hold them with none
    over `limit` bytes (Pushpin refuses a body over 1 MB; an item is a few kB at most)."""
    found, part, size = [], [], 0
    for channel, data in items:
        content = {"http-stream": {"content": event_text(data)}}
        item = json.dumps({"channel": channel, "formats": content}).encode()
        if part and size + len(item) > limit:
            found.append(part)
            part, size = [], 0
        part.append(item)
        size += len(item) + 1
    found.append(part)
    return [b'{"items": [' + b", ".join(part) + b"]}" for part in found if part]


def publish(url: str, items: list[tuple[str, dict]]) -> None:
    """Publish (channel, data) items; raises OSError when Pushpin does not take them. (Its
    publish endpoint closes each connection after its answer: nothing to keep open.)"""
    parts = urlsplit(url)
    path = parts.path.rstrip("/") + "/publish/"
    for body in bodies(items):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=TIMEOUT)
        try:
            connection.request("POST", path, body, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
        except (OSError, http.client.HTTPException) as error:
            raise OSError(f"publish: {error}") from error
        finally:
            connection.close()
        if answer.status != 200:
            raise OSError(f"Pushpin answered {answer.status}")
