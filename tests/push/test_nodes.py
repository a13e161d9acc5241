"""Several Pushpin nodes in front of one app (TRACKER_PUSH_URL naming each publish address):
a table's phones may hold their streams on different nodes, so every change is published to
each; a node away keeps its rows in the outbox until it takes them, while the others hear the
change at once."""

from __future__ import annotations

import pytest

from tests.push.conftest import offset
from tests.push.test_stream import new_session, opened, outbox_rows, post
from tests.support.pushpin import Pushpin, waited
from tests.support.records import TALON
from tracker.push import courier

pytestmark = pytest.mark.slow


@pytest.fixture
def second(pushed, tmp_path):
    """A second Pushpin in front of the same app, and the app publishing to both."""
    app = pushed.app
    node = Pushpin(
        tmp_path / "pushpin-2",
        pushed.direct.removeprefix("http://"),
        app.config["PUSH_KEY"],
        offset() + 5,
    )
    node.start()
    courier.stop(app)  # the next courier reads the two addresses
    app.config["PUSH_URL"] = f"{pushed.pushpin.publish_url}, {node.publish_url}"
    courier.start(app)
    yield node
    node.stop()


def test_a_change_reaches_the_phones_on_every_node(pushed, second):
    token = new_session(pushed.url)
    phones = [opened(f"{node}/s/{token}/events")[0] for node in (pushed.url, second.url)]
    post(f"{second.url}/api/sessions/{token}/rounds", TALON)
    for phone in phones:
        assert phone.next(seconds=3)["data"]["revision"] == 2
        phone.close()
    waited(lambda: outbox_rows(pushed.app) == 0, 5, "the outbox emptied")


def test_a_node_away_gets_its_rows_when_back_and_the_others_at_once(pushed, second):
    token = new_session(pushed.url)
    here, _ = opened(f"{pushed.url}/s/{token}/events")
    away, _ = opened(f"{second.url}/s/{token}/events")
    second.stop()
    assert away.next(seconds=3) is None  # its phone's stream ended with it
    post(f"{pushed.url}/api/sessions/{token}/rounds", TALON)
    assert here.next(seconds=3)["data"]["revision"] == 2  # the other node's phone: at once
    assert outbox_rows(pushed.app) >= 1  # kept for the node away
    second.start()
    back, first = opened(f"{second.url}/s/{token}/events")  # its phone back: resynced
    assert first["data"]["revision"] == 2
    waited(lambda: outbox_rows(pushed.app) == 0, 6, "the sweep to publish to the node back")
    here.close()
    back.close()
