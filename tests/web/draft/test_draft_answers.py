"""A polled draft answered by ANY worker from the answer stored with the draft row (issue 10,
tracker/core/draft/answer.py, fast_polls/polls.py): byte for byte the app's own answer after
every kind of draft change, without reaching Flask; and never a stale one after a round saved
another way, a settle, a restore in place or a session deleted."""

import json

from tests.support.drafts import url
from tests.support.middleware import fast_path_of
from tests.support.records import DRAW, TALON
from tracker.core import get_session
from tracker.core.draft import writes as drafts
from tracker.core.pins import OPEN
from tracker.core.upkeep import delete_sessions
from tracker.documents.backup import backup_dict, restore
from tracker.extensions import db
from tracker.fast_polls.polls import DraftAnswers, DraftPolls


class Worker:
    """A worker that never answered this draft: the middleware with an empty DraftAnswers in
    front of the app, counting what reaches the app."""

    def __init__(self, app):
        inner = fast_path_of(app).wsgi_app  # the Flask app behind the real middleware
        self.calls = 0

        def counted(environ, start_response):
            self.calls += 1
            return inner(environ, start_response)

        with app.app_context():
            self.polls = DraftPolls(counted, db.engine, DraftAnswers())
        self.inner = inner


def _get(wsgi, path, headers=None):
    from werkzeug.test import Client

    return Client(wsgi).get(path, headers=headers or {})


def _headers(response):
    return sorted((name, value) for name, value in response.headers if name != "Date")


def served(app, token, headers=None):
    """A fresh worker's answer, served without the app, and the app's own: the same bytes."""
    worker = Worker(app)
    fast = _get(worker.polls, url(token), headers)
    assert worker.calls == 0, "the stored answer was not served"
    slow = _get(worker.inner, url(token), headers)
    assert (fast.status_code, fast.data) == (slow.status_code, slow.data)
    assert _headers(fast) == _headers(slow)
    assert fast.status_code == 200 and fast.mimetype == "application/json"
    return fast


def test_every_kind_of_draft_change_is_served_by_any_worker_byte_for_byte(
    client, app, make_session
):
    token = make_session()
    changes = [
        ("header of the round", lambda: client.put(url(token, "/header"), json=_header())),
        *[
            (f"hand {seat}", lambda seat=seat, hand=hand: _hand(client, token, seat, hand))
            for seat, hand in enumerate(DRAW["hands"])
        ],
        *[
            (f"done {seat}", lambda seat=seat: client.post(url(token, f"/seats/{seat}/done")))
            for seat in range(3)
        ],
        ("undone", lambda: client.post(url(token, "/seats/2/done"), json={"done": False})),
        ("done again", lambda: client.post(url(token, "/seats/2/done"))),
        ("agree 0", lambda: _agree(client, token, 0)),
        ("options on", lambda: client.put(url(token, "/options"), json={"confirm_alone": True})),
        ("options off", lambda: client.put(url(token, "/options"), json={"confirm_alone": False})),
        ("agree 1", lambda: _agree(client, token, 1)),
        ("agree 2 saves", lambda: _agree(client, token, 2)),
        ("hand after", lambda: client.put(url(token, "/seats/0"), json=DRAW["hands"][0])),
        ("start over", lambda: client.delete(url(token))),
    ]
    tags = []
    for name, change in changes:
        written = change()
        assert written.status_code in (200, 201), (name, written.get_json())
        fresh = served(app, token)
        assert fresh.headers["ETag"] == written.headers["ETag"], name
        if written.status_code == 200:  # a write answers what a GET of the draft answers
            assert fresh.data == written.data, name
        # the phone that has it gets 304; one with an older tag gets the stored answer
        assert served_304(app, token, fresh.headers["ETag"])
        assert served(app, token, {"If-None-Match": '"0.0"'}).data == fresh.data
        tags.append(fresh.headers["ETag"])
    assert len(set(tags)) == len(tags)  # every change, its own ETag
    assert json.loads(fresh.data)["last_saved"] == {"number": 1}


def _header():
    return {key: DRAW[key] for key in ("ending", "declarer") if key in DRAW}


def _hand(client, token, seat, hand):
    return client.put(url(token, f"/seats/{seat}"), json=hand)


def served_304(app, token, etag):
    worker = Worker(app)
    response = _get(worker.polls, url(token), {"If-None-Match": etag})
    return response.status_code == 304 and worker.calls == 0


def _agree(client, token, seat):
    state = client.get(url(token)).get_json()
    return client.post(
        url(token, f"/seats/{seat}/agree"),
        json={"version": state["version"], "revision": state["revision"]},
    )


def test_no_stale_answer_after_the_session_moves_on_restores_or_goes(client, app, make_session):
    token = make_session()
    client.put(url(token, "/seats/1"), json=DRAW["hands"][1])
    before = served(app, token)
    with app.app_context():
        earlier = backup_dict()  # no round yet
    for move in (
        lambda: client.post(f"/api/sessions/{token}/rounds", json=TALON),
        lambda: client.post(f"/api/sessions/{token}/settle", json={}),
        lambda: client.post(f"/api/sessions/{token}/reopen", json={}),
        lambda: _restore_in_place(app, earlier),
    ):
        assert move().status_code in (200, 201)
        worker = Worker(app)
        first = _get(worker.polls, url(token))
        # the stored answer names the old revision: the app answers
        assert worker.calls == 1, (first.headers["ETag"], before.headers["ETag"])
        assert first.headers["ETag"] != before.headers["ETag"]
        assert json.loads(first.data)["revision"] == json.loads(
            first.headers["ETag"][1:-1].split(".")[1]
        )
        # the app's answer is kept with the draft: the next worker serves it
        assert served(app, token).data == first.data
        before = first
    with app.app_context():
        delete_sessions([token])
    worker = Worker(app)
    gone = _get(worker.polls, url(token))
    assert gone.status_code == 404 and worker.calls == 1


def _restore_in_place(app, earlier):
    with app.app_context():
        report = restore(earlier, replace=True)
    assert report.replaced
    return Done()


class Done:
    status_code = 200


def test_a_change_racing_another_workers_is_retried_not_a_500(app, second_worker, make_session):
    """Worker one reads the draft, worker two changes it meanwhile: worker one's write (its
    answer made from the rounds it reads before committing) is retried on the fresh draft."""
    token = make_session()
    other = second_worker.test_client()  # its round: not in worker one's ledger memo
    assert other.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    assert other.put(url(token, "/header"), json=_header()).status_code == 200
    raced = []

    def change(draft):
        if not raced:  # the first attempt only: another phone's write lands in between
            with second_worker.app_context():
                raced.append(other.put(url(token, "/seats/2"), json=DRAW["hands"][2]))
        seats = [dict(state) for state in draft.seats]
        seats[1]["hand"] = DRAW["hands"][1]
        draft.seats = seats
        return True

    with app.app_context():
        game = get_session(token)
        drafts.change_draft(game, OPEN, None, change)
    assert raced[0].status_code == 200
    answer = served(app, token)
    hands = [seat["hand"] for seat in json.loads(answer.data)["seats"]]
    assert hands[1:] == [DRAW["hands"][1], DRAW["hands"][2]]
