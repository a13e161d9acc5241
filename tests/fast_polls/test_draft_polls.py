"""The cheap 304 of a polled draft (tracker/fast_polls/polls.py), on a real database: answered in
front of Flask with the same ETag and security headers as the app's own 304, no session cookie
work; everything it does not answer goes on to the app unchanged."""

from sqlalchemy import create_engine

from tests.support.drafts import HEADER, all_done, fill, url
from tests.support.forms import pin_and_unlock
from tests.support.records import DRAW, TALON
from tracker.core.draft import rows as draft_rows
from tracker.extensions import db
from tracker.fast_polls.polls import DraftAnswers, DraftPolls
from tracker.web.security import HEADERS


def test_an_unchanged_draft_is_a_304_with_the_etag_and_every_security_header(client, make_session):
    token = make_session()
    client.put(url(token, "/header"), json=HEADER)
    etag = client.get(url(token)).headers["ETag"]
    unchanged = client.get(url(token), headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["ETag"] == etag == '"1.1"'
    for name, value in HEADERS.items():
        assert unchanged.headers[name] == value
    # any of several tags the phone lists, weak ones too (If-None-Match compares weakly,
    # RFC 9110); another tag is not a match
    listed = client.get(url(token), headers={"If-None-Match": f'"0.1", {etag}'})
    assert listed.status_code == 304
    assert client.get(url(token), headers={"If-None-Match": 'W/"1.1"'}).status_code == 304
    for other in ('"1.2"', '"0.1"', "garbage"):
        response = client.get(url(token), headers={"If-None-Match": other})
        assert response.status_code == 200 and response.headers["ETag"] == etag
        assert response.get_json()["version"] == 1


def test_its_tag_is_the_apps_before_and_after_every_kind_of_change(client, app, make_session):
    token = make_session()
    tags = DraftPolls(app.wsgi_app, _engine(app)).tags
    seen = []
    for change in (
        lambda: None,
        lambda: client.put(url(token, "/header"), json=HEADER),
        lambda: client.put(url(token, "/seats/1"), json=DRAW["hands"][1]),
        lambda: client.post(f"/api/sessions/{token}/rounds", json=TALON),
    ):
        change()
        with app.app_context():
            assert tags.tag(token) == draft_rows.draft_tag(token)
        seen.append(tags.tag(token))
        assert client.get(url(token), headers={"If-None-Match": f'"{seen[-1]}"'}).status_code == 304
    assert seen == ["0.1", "1.1", "2.1", "2.2"]
    assert tags.tag("no-such-session") is None


def test_an_unknown_session_and_other_requests_go_on_to_the_app(client, make_session):
    token = make_session()
    missing = client.get(url("nope"), headers={"If-None-Match": '"0.1"'})
    assert missing.status_code == 404 and missing.get_json()["errors"][0]["where"] == "id"
    assert client.get(url(token) + "/x", headers={"If-None-Match": '"0.1"'}).status_code == 404
    write = client.put(url(token, "/header"), json=HEADER, headers={"If-None-Match": '"0.1"'})
    assert write.status_code == 200 and write.get_json()["version"] == 1


def test_a_device_that_unlocked_the_pin_gets_its_304_without_cookie_work(client, make_session):
    token = make_session()
    pin_and_unlock(client, token, make_session.owner[token])
    etag = client.get(url(token)).headers["ETag"]
    # the app refreshes a permanent session's cookie on each answer; the cheap 304 does not
    unchanged = client.get(url(token), headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and "Set-Cookie" not in unchanged.headers
    # and the cookie still unlocks writes
    assert client.put(url(token, "/header"), json=HEADER).status_code == 200


def test_a_database_error_is_left_to_the_app(tmp_path):
    """A database without the tables: the tag query fails, and the request goes on."""
    engine = create_engine(f"sqlite:///{tmp_path / 'empty.db'}")
    calls = []

    def app(environ, start_response):
        calls.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"the app"]

    polls = DraftPolls(app, engine)
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/api/sessions/abc/draft",
        "HTTP_IF_NONE_MATCH": '"0.1"',
    }
    statuses = []
    body = polls(environ, lambda status, headers: statuses.append(status))
    assert b"".join(body) == b"the app" and statuses == ["200 OK"] and calls
    # the failed connection was dropped: once the database answers, so does the next poll
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE game_session (id INT, token TEXT, revision INT)")
        connection.exec_driver_sql(
            "CREATE TABLE round_draft (session_id INT, version INT, answer TEXT, answer_tag TEXT)"
        )
        connection.exec_driver_sql("INSERT INTO game_session VALUES (1, 'abc', 1)")
    body = polls(environ, lambda status, headers: statuses.append(status))
    assert b"".join(body) == b"" and statuses[-1] == "304 NOT MODIFIED" and len(calls) == 1
    engine.dispose()


def _engine(app):
    with app.app_context():
        return db.engine


def test_a_changed_draft_is_answered_from_the_workers_last_answer_byte_for_byte(
    client, app, second_worker, make_session
):
    token = make_session()
    written = client.put(url(token, "/seats/1"), json=DRAW["hands"][1])
    assert written.status_code == 200
    # another phone asks with its old tag: this worker gives what the write answered
    again = client.get(url(token), headers={"If-None-Match": '"0.1"'})
    assert again.status_code == 200 and again.data == written.data
    assert again.headers["ETag"] == '"1.1"' and again.mimetype == "application/json"
    for name, value in HEADERS.items():
        assert again.headers[name] == value
    # a worker that never answered this draft builds the same bytes through the app
    assert second_worker.test_client().get(url(token)).data == written.data
    # a round saved another way moves the revision: the kept answer is not given for it
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    moved = client.get(url(token))
    assert moved.headers["ETag"] == '"1.2"' and moved.get_json()["revision"] == 2
    assert moved.data != written.data


def test_the_agree_that_saved_is_not_kept_as_the_drafts_answer(client, make_session):
    token = make_session()
    fill(client, token)
    body = all_done(client, token)
    for seat in range(3):
        agreed = client.post(url(token, f"/seats/{seat}/agree"), json={"version": body["version"]})
    assert agreed.status_code == 201 and agreed.get_json()["saved"] == {"number": 1}
    after = client.get(url(token))
    assert after.headers["ETag"] == agreed.headers["ETag"]
    assert after.get_json()["saved"] is None and after.get_json()["last_saved"] == {"number": 1}


def test_answers_are_kept_for_the_most_recent_drafts_only():
    answers = DraftAnswers(size=2)
    answers.put("a", "1.1", b"A")
    answers.put("b", "1.1", b"B")
    assert answers.get("a", "1.1") == b"A" and answers.get("a", "2.1") is None
    answers.put("c", "1.1", b"C")  # b was the least recently used
    assert answers.get("b", "1.1") is None and answers.get("c", "1.1") == b"C"
    answers.put("a", "2.1", b"A2")  # a draft keeps only its newest answer
    assert answers.get("a", "1.1") is None and answers.get("a", "2.1") == b"A2"
