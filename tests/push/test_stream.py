"""A session's event stream through a real Pushpin (GET /s/<token>/events): a change reaches
every phone's stream; a stream that was down resyncs on its first event; an event whose
worker died between commit and publish still arrives (the outbox's sweeper); the stream has
the session page's access; a bad Last-Event-ID is refused. Without Pushpin the stream answers
204 and the pages keep polling."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request

import pytest

from tests.support.pushpin import EventStream, waited
from tests.support.records import PLAYERS, TALON

pytestmark = pytest.mark.slow


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def new_session(base: str) -> str:
    return post(f"{base}/api/sessions", {"players": PLAYERS})["id"]


def revision(base: str, token: str) -> int:
    with urllib.request.urlopen(f"{base}/api/sessions/{token}/revision", timeout=5) as answer:
        return json.loads(answer.read())["revision"]


def opened(url: str, last_id: str | None = None, seconds: float = 10.0):
    """A stream and its first event, as a page's EventSource gets them: it opens the stream
    again every 2 s (the stream's retry) until Pushpin holds it (a Pushpin just started may
    take the request before its handler is up, and close the stream)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        stream = EventStream(url, last_id=last_id)
        event = stream.next() if stream.status == 200 else None
        if event is not None:
            return stream, event
        stream.close()
        time.sleep(2)
    raise AssertionError(f"no event from {url} within {seconds} s")


def outbox_rows(app) -> int:
    from tracker.extensions import db
    from tracker.models import PushOutbox

    with app.app_context():
        count = db.session.query(PushOutbox).count()
        db.session.remove()
        return count


def test_a_saved_round_reaches_the_other_phones_streams(pushed):
    token = new_session(pushed.url)
    opens = [opened(f"{pushed.url}/s/{token}/events") for _ in range(2)]
    assert [event["data"]["revision"] for _, event in opens] == [1, 1]  # the state now
    phones = [phone for phone, _ in opens]
    started = time.monotonic()
    post(f"{pushed.url}/api/sessions/{token}/rounds", TALON)
    for phone in phones:
        event = phone.next(seconds=3)
        assert event["event"] == "change" and event["data"]["revision"] == 2, event
        phone.close()
    assert time.monotonic() - started < 2
    waited(lambda: outbox_rows(pushed.app) == 0, 5, "the outbox emptied")


def test_a_draft_tap_reaches_the_other_seats(pushed):
    token = new_session(pushed.url)
    seat, first = opened(f"{pushed.url}/s/{token}/events")
    assert first["data"] == {"draft": 0, "revision": 1}
    request = urllib.request.Request(
        f"{pushed.url}/api/sessions/{token}/draft/seats/1",
        json.dumps({"melds": [], "hand": ["7S"]}).encode(),
        {"Content-Type": "application/json"},
        method="PUT",
    )
    urllib.request.urlopen(request, timeout=5).close()
    event = seat.next(seconds=3)
    assert event["data"]["draft"] == 1, event
    seat.close()
    # the event carries the draft as a GET of it answers (the phones need not ask)
    with urllib.request.urlopen(f"{pushed.url}/api/sessions/{token}/draft", timeout=5) as got:
        assert event["data"]["tag"] == got.headers["ETag"].strip('"')
        assert event["data"]["answer"] == json.loads(got.read())
    assert event["data"]["answer"]["seats"][1]["hand"]["hand"] == ["7S"]


def test_a_group_change_reaches_the_group_pages_stream(pushed):
    group = post(f"{pushed.url}/api/groups", {"name": "Biyernes", "members": [*PLAYERS, "Dina"]})
    page, first = opened(f"{pushed.url}/g/{group['id']}/events")
    post(f"{pushed.url}/api/groups/{group['id']}/members", {"name": "Eli"})
    event = page.next(seconds=3)
    assert event["data"]["revision"] > first["data"]["revision"], event
    page.close()
    missing = EventStream(f"{pushed.url}/g/{'x' * 32}/events")
    assert missing.status == 404
    missing.close()


def test_without_pushpin_the_stream_is_204_and_pages_poll(pushed, client, make_session):
    token = new_session(pushed.direct)
    direct = EventStream(f"{pushed.direct}/s/{token}/events")  # not through Pushpin
    assert direct.status == 204
    direct.close()
    unpushed = make_session()  # an app with no PUSH_URL at all
    answer = client.get(f"/s/{unpushed}/events", headers={"Grip-Sig": "made.up.sig"})
    assert answer.status_code == 204 and answer.data == b""


def test_a_forged_grip_signature_is_not_pushpin(pushed):
    token = new_session(pushed.direct)
    request = urllib.request.Request(
        f"{pushed.direct}/s/{token}/events", headers={"Grip-Sig": "eyJhbGciOiJIUzI1NiJ9.e30.x"}
    )
    with urllib.request.urlopen(request, timeout=5) as answer:
        assert answer.status == 204 and "Grip-Hold" not in answer.headers


def test_the_stream_has_the_session_pages_access(pushed):
    missing = EventStream(f"{pushed.url}/s/{'x' * 32}/events")
    assert missing.status == 404
    assert b"change" not in missing.response.read()
    missing.close()


@pytest.mark.parametrize("last_id", ["abc", "12", "1.2.3", "9" * 12 + ".1", "-1.0"])
def test_a_bad_last_event_id_is_refused(pushed, last_id):
    token = new_session(pushed.url)
    stream = EventStream(f"{pushed.url}/s/{token}/events", last_id=last_id)
    assert stream.status == 400
    said = json.loads(stream.response.read())["errors"][0]
    assert said["where"] == "Last-Event-ID" and "12.30" in said["message"]
    stream.close()


def test_pushpin_stopped_and_started_again_nothing_missed(pushed):
    token = new_session(pushed.url)
    stream, first = opened(f"{pushed.url}/s/{token}/events")
    pushed.pushpin.stop()
    assert stream.next(seconds=3) is None  # the stream ended with Pushpin
    post(f"{pushed.direct}/api/sessions/{token}/rounds", TALON)  # a phone that reaches the app
    assert outbox_rows(pushed.app) >= 1  # not published: Pushpin was away
    pushed.pushpin.start()
    again = reconnected(f"{pushed.url}/s/{token}/events", last_id=first["id"])
    assert again["data"]["revision"] == 2  # resynced on its first event
    waited(lambda: outbox_rows(pushed.app) == 0, 6, "the sweeper to publish what was left")


def reconnected(url: str, last_id: str | None = None) -> dict:
    stream, event = opened(url, last_id)
    stream.close()
    return event


CHILD = textwrap.dedent(
    """
    import json, sys, time
    from tests.support.database import worker
    from tests.support.records import TALON
    app = worker(sys.argv[1], sys.argv[2], PUSH_URL=sys.argv[3], PUSH_KEY="child")
    client = app.test_client()
    answer = client.post(f"/api/sessions/{sys.argv[4]}/rounds", json=TALON)
    print("answered", answer.status_code, flush=True)  # its courier's publish hangs meanwhile
    time.sleep(60)
    """
)


def test_a_worker_killed_between_commit_and_publish_still_gets_its_event_out(
    pushed, database_url, tmp_path
):
    """A worker commits a round and answers it, its courier hangs in the publish (its Pushpin
    takes the connection and never answers), and the worker is killed there: the outbox row
    it committed is published by the server's sweeper, and the phones' streams hear of it."""
    token = new_session(pushed.url)
    stream, first = opened(f"{pushed.url}/s/{token}/events")
    assert first["data"]["revision"] == 1
    with socket.socket() as hole:  # accepts, never answers
        hole.bind(("127.0.0.1", 0))
        hole.listen(8)
        sink = f"http://127.0.0.1:{hole.getsockname()[1]}"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, database_url, str(tmp_path / "child"), sink, token],
            cwd=os.getcwd(),
            stdout=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            said = child.stdout.readline()  # the round answered, its publish not out yet
            assert said.startswith(b"answered 201"), said
            assert revision(pushed.direct, token) == 2  # committed
            assert child.poll() is None  # and its courier stuck in the publish
            os.killpg(child.pid, signal.SIGKILL)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
    event = stream.next(seconds=8)  # the sweeper's, within LEFT_FOR and a sweep
    assert event["data"]["revision"] == 2, event
    stream.close()


@pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")),
    reason="Pushpin's timer, not the database's: 20 s waited once, in the SQLite pass",
)
def test_a_quiet_stream_hears_alive_every_20_seconds(pushed):
    """Pushpin's keep-alive, as the app asks for it: an `alive` event the page hears (a stream
    that hears nothing for 50 s is opened again by static/stream.js)."""
    token = new_session(pushed.url)
    stream, _first = opened(f"{pushed.url}/s/{token}/events")
    stream.connection.sock.settimeout(30)
    started, lines = time.monotonic(), []
    while "event: alive" not in lines and time.monotonic() - started < 30:
        lines.append(stream.response.readline().decode().rstrip("\n"))
    waited_for = time.monotonic() - started
    assert lines[-1] == "event: alive", lines
    assert stream.response.readline() == b"data: {}\n"
    assert 15 < waited_for < 26
    stream.close()
