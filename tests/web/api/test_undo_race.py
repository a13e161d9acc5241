"""Ten phones tap Undo under the same saved round at the same moment, on two workers: one
takes the round back, the others are told something changed after it (409), none is answered
a server error, and the round is deleted once."""

from __future__ import annotations

import threading

import pytest

from tests.support.records import DRAW

pytestmark = pytest.mark.races


def test_ten_undos_at_once_take_the_round_back_once(app, second_worker, make_session):
    client = app.test_client()
    token = make_session()
    for _ in range(2):
        assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    event = client.get(f"/api/sessions/{token}/history").get_json()["events"][0]["id"]
    answers = []
    lock = threading.Lock()
    start = threading.Barrier(10)

    def undo(worker):
        phone = worker.test_client()
        start.wait()
        answer = phone.post(f"/api/sessions/{token}/undo", json={"event": event})
        with lock:
            answers.append(answer.status_code)

    threads = [threading.Thread(target=undo, args=(w,)) for w in [app, second_worker] * 5]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] + [409] * 9, answers
    rounds = client.get(f"/api/sessions/{token}").get_json()["rounds"]
    assert [r["number"] for r in rounds] == [1]
