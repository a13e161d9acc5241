"""Publishing to Pushpin: a batch too big for one request goes in several, each one Pushpin
takes, and every event reaches the stream in order."""

from __future__ import annotations

import json

import pytest

from tests.push.test_stream import new_session, opened
from tracker.push.publish import addresses, bodies, publish


def test_a_big_batch_is_split_under_the_limit_in_order():
    items = [(f"s-{n % 3}", {"draft": n, "answer": {"pad": "x" * 900}}) for n in range(40)]
    parts = bodies(items, limit=10_000)
    assert len(parts) > 3 and all(len(part) <= 10_000 for part in parts)
    published = [item for part in parts for item in json.loads(part)["items"]]
    assert [item["channel"] for item in published] == [channel for channel, _ in items]
    texts = [item["formats"]["http-stream"]["content"] for item in published]
    assert all(f'"draft": {n}' in text for n, text in enumerate(texts))


@pytest.mark.slow
def test_pushpin_takes_a_batch_over_its_own_limit_in_parts(pushed):
    """300 events of 5 kB (1.5 MB: Pushpin refuses a body over 1 MB) all reach the stream."""
    from tracker.extensions import db
    from tracker.models import GameSession

    token = new_session(pushed.url)
    with pushed.app.app_context():
        channel = f"s-{db.session.query(GameSession.id).filter_by(token=token).scalar()}"
        db.session.remove()
    stream, _first = opened(f"{pushed.url}/s/{token}/events")
    items = [(channel, {"draft": n, "answer": {"pad": "x" * 5000}}) for n in range(300)]
    publish(pushed.pushpin.publish_url, items)
    seen = [stream.next(seconds=5)["data"]["draft"] for _ in range(300)]
    assert seen == list(range(300))
    stream.close()


def test_push_url_names_one_node_or_several():
    assert addresses("http://127.0.0.1:5561") == ["http://127.0.0.1:5561"]
    assert addresses(" http://a:5561,http://b:5561\n http://c:5561 ") == [
        "http://a:5561",
        "http://b:5561",
        "http://c:5561",
    ]
    assert addresses(None) == addresses("") == []
