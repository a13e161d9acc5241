"""FAST_PATH off (tracker/fast_path): plain Flask, the ORM, json and the engine's checked replay
answer every request the fast path shortcuts with the same bytes. Two workers on one database,
one with the fast path and one without, are asked the same things after every kind of change:
a polled draft (with and without its ETag, in English and Filipino), the revision poll, the
exports, a group's stats."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.support.database import close, worker
from tests.support.group_api import make_group
from tests.support.groups import group_session
from tests.support.records import DRAW, PLAYERS, TALON
from tracker import fast_path


@pytest.fixture
def plain(app, database_url, tmp_path):
    """A second worker on the same database with FAST_PATH off."""
    other = worker(database_url, tmp_path / "plain", FAST_PATH=False)
    yield other
    fast_path.configure(True)
    close(other)


def asked(app, path: str, headers=None):
    """What `app` answers to a GET of `path`, the process's switch set as `app` sets it."""
    fast_path.configure(app.config["FAST_PATH"])
    answer = app.test_client().get(path, headers=headers or {})
    return answer.status_code, answer.headers.get("ETag"), answer.mimetype, answer.data


def same(app, plain, path: str, headers=None):
    fast, slow = asked(app, path, headers), asked(plain, path, headers)
    assert fast == slow, path
    return fast


def polls_agree(app, plain, token: str) -> None:
    status, etag, _, _ = same(app, plain, f"/api/sessions/{token}/draft")
    assert status == 200
    assert same(app, plain, f"/api/sessions/{token}/draft", {"If-None-Match": etag})[0] == 304
    same(app, plain, f"/api/sessions/{token}/draft", {"If-None-Match": '"0.0"'})
    same(app, plain, f"/api/sessions/{token}/draft", {"Accept-Language": "fil"})
    status, etag, _, _ = same(app, plain, f"/api/sessions/{token}/revision")
    assert status == 200
    assert same(app, plain, f"/api/sessions/{token}/revision", {"If-None-Match": etag})[0] == 304


def test_the_plain_path_answers_polls_and_exports_with_the_same_bytes(app, plain, client):
    assert app.config["FAST_PATH"] and not plain.config["FAST_PATH"]
    assert app.wsgi_app is not plain.wsgi_app and "draft_answers" not in plain.extensions
    fast_path.configure(True)
    made = client.post("/api/sessions", json={"players": PLAYERS, "dealer": 0}).get_json()
    token = made["id"]
    draft = f"/api/sessions/{token}/draft"

    def write(method, path, body=None):
        fast_path.configure(True)  # every change through the fast worker: its stored answers
        answer = client.open(draft + path, method=method, json=body)
        assert answer.status_code in (200, 201), answer.get_json()
        polls_agree(app, plain, token)

    polls_agree(app, plain, token)
    write("PUT", "/header", {"ending": DRAW["ending"], "declarer": DRAW["declarer"]})
    for seat, hand in enumerate(DRAW["hands"]):
        write("PUT", f"/seats/{seat}", hand)
    for seat in range(3):
        write("POST", f"/seats/{seat}/done")
    for seat in range(3):
        state = client.get(draft).get_json()
        agreed = {"version": state["version"], "revision": state["revision"]}
        write("POST", f"/seats/{seat}/agree", agreed)
    fast_path.configure(True)
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    polls_agree(app, plain, token)
    write("DELETE", "")
    for path in (f"/api/sessions/{token}/export", f"/s/{token}/export.json"):
        assert same(app, plain, path)[0] == 200
        assert same(app, plain, path)[0] == 200  # asked again: the kept text, or made again


def test_a_groups_stats_are_the_same_without_the_shortcuts(app, plain, client):
    fast_path.configure(True)
    group = make_group(client, name="Biyernes")["id"]
    night = datetime(2026, 11, 6, 12, 0)
    group_session(app, client, group, ["Ana", "Ben", "Cris"], [DRAW, TALON], night)
    group_session(app, client, group, ["Dan", "Ana", "Ben"], [TALON, DRAW, DRAW], night)
    for path in (f"/api/groups/{group}/stats", f"/api/groups/{group}/stats?from=2026-11-01"):
        status, _, kind, body = same(app, plain, path)
        assert status == 200 and kind == "application/json" and b'"Dan"' in body
