"""The session page's revision poll answered in front of Flask (tracker/fast_polls/polls.py,
issue 10), on a real database: the same status, body and headers as the app's own view
(api.revision) before and after every kind of change, no session cookie work, and whatever it
does not answer goes on to the app."""

from werkzeug.test import Client

from tests.support.forms import pin_and_unlock
from tests.support.middleware import fast_path_of
from tests.support.records import TALON


def poll(token):
    return f"/api/sessions/{token}/revision"


def same(app, path, headers=None):
    """The middleware's answer and the app's own (the WSGI app behind it), side by side."""
    polls = fast_path_of(app)
    fast = Client(polls).get(path, headers=headers or {})
    slow = Client(polls.wsgi_app).get(path, headers=headers or {})
    assert fast.status_code == slow.status_code
    assert fast.data == slow.data
    assert _headers(fast) == _headers(slow)
    return fast


def _headers(response):
    return sorted((name, value) for name, value in response.headers if name != "Date")


def test_its_answer_is_the_apps_byte_for_byte_after_every_kind_of_change(client, app, make_session):
    token = make_session()
    seen = []
    for change in (
        lambda: None,
        lambda: client.post(f"/api/sessions/{token}/rounds", json=TALON),
        lambda: client.post(f"/api/sessions/{token}/settle", json={}),
        lambda: client.post(f"/api/sessions/{token}/reopen", json={}),
    ):
        change()
        fresh = same(app, poll(token))
        assert fresh.status_code == 200
        etag = fresh.headers["ETag"]
        unchanged = same(app, poll(token), {"If-None-Match": etag})
        assert unchanged.status_code == 304 and unchanged.data == b""
        weak = same(app, poll(token), {"If-None-Match": '"0.0", W/' + etag})
        assert weak.status_code == 304  # If-None-Match compares weakly (RFC 9110)
        stale = same(app, poll(token), {"If-None-Match": '"0.0", "9.9"'})
        assert stale.status_code == 200
        seen.append((etag, fresh.get_json()))
    assert [state["settled"] for _, state in seen] == [False, False, True, False]
    assert [etag for etag, _ in seen] == ['"1.0"', '"2.0"', '"3.1"', '"4.0"']


def test_an_unknown_session_and_other_requests_go_on_to_the_app(client, app, make_session):
    token = make_session()
    missing = same(app, poll("nope"))
    assert missing.status_code == 404 and missing.get_json()["errors"][0]["where"] == "id"
    assert same(app, poll(token) + "/x").status_code == 404
    assert client.post(poll(token)).status_code == 405


def test_a_device_that_unlocked_the_pin_polls_without_cookie_work(client, make_session):
    token = make_session()
    pin_and_unlock(client, token, make_session.owner[token])
    answer = client.get(poll(token))
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers
    unchanged = client.get(poll(token), headers={"If-None-Match": answer.headers["ETag"]})
    assert unchanged.status_code == 304 and "Set-Cookie" not in unchanged.headers
