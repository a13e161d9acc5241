"""`Seen-Revision` on POST /api/sessions/<id>/rounds (docs/API.md): a round judged on a phone at
an older revision of the session (offline) is saved only when nothing happened since; the very
cards saved meanwhile by another phone answer that round (200, nothing saved again), other
rounds saved or changed meanwhile a 409 with both, never stored under the Idempotency-Key."""

from __future__ import annotations

import threading

import pytest

from tests.support.records import DRAW, TALON, TONGITS


def rounds_url(token: str) -> str:
    return f"/api/sessions/{token}/rounds"


def revision(client, token) -> int:
    return client.get(f"/api/sessions/{token}/revision").get_json()["revision"]


def count(client, token) -> int:
    return client.get(f"/api/sessions/{token}").get_json()["round_count"]


def post(client, token, record, seen=None, key=None):
    headers = {} if seen is None else {"Seen-Revision": str(seen)}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(rounds_url(token), json=record, headers=headers)


def result_of(client, token, record) -> dict:
    return client.post(f"{rounds_url(token)}/check", json=record).get_json()["result"]


def test_a_round_judged_at_the_current_revision_is_saved(client, make_session):
    token = make_session()
    assert post(client, token, DRAW).status_code == 201
    saved = post(client, token, TALON, seen=revision(client, token))
    assert saved.status_code == 201 and saved.get_json()["number"] == 2
    assert saved.get_json()["revision"] == revision(client, token)
    assert saved.headers["Location"].endswith(f"{rounds_url(token)}/2")


def test_a_round_saved_meanwhile_is_a_conflict_showing_both(client, make_session):
    token = make_session()
    seen = revision(client, token)
    other = post(client, token, DRAW).get_json()  # another phone, online
    now = result_of(client, token, TALON)
    answer = post(client, token, TALON, seen=seen)
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["errors"][0]["where"] == "round"
    assert "saved, changed or deleted on another phone" in body["errors"][0]["message"]
    assert "round 2" in body["errors"][0]["message"]
    assert body["conflict"] == {
        "since": [{"number": 1, "result": other["result"]}],
        "since_count": 1,
        "now": {"number": 2, "result": now},
    }
    assert body["revision"] == revision(client, token) == other["revision"]
    assert count(client, token) == 1  # nothing saved


def test_a_conflict_names_the_last_ten_rounds_since_and_how_many_in_all(client, make_session):
    """Its size stays that of ten rounds however many were saved since (a phone back after a
    999-round evening is not sent all of them)."""
    token = make_session()
    seen = revision(client, token)
    sizes = {}
    for saved in range(1, 31):
        assert post(client, token, (DRAW, TONGITS)[saved % 2]).status_code == 201
        if saved in (10, 30):
            answer = post(client, token, TALON, seen=seen)
            assert answer.status_code == 409
            conflict = answer.get_json()["conflict"]
            assert [r["number"] for r in conflict["since"]] == list(range(saved - 9, saved + 1))
            assert conflict["since_count"] == saved
            sizes[saved] = len(answer.get_data())
    assert sizes[30] < 1.05 * sizes[10]
    assert count(client, token) == 30


def test_a_round_edited_meanwhile_is_a_conflict(client, make_session):
    token = make_session()
    post(client, token, DRAW)
    post(client, token, TALON)
    seen = revision(client, token)
    edited = client.put(f"{rounds_url(token)}/1", json=TONGITS)
    assert edited.status_code == 200
    answer = post(client, token, DRAW, seen=seen)
    assert answer.status_code == 409
    since = answer.get_json()["conflict"]["since"]
    assert since == [{"number": 1, "result": edited.get_json()["result"]}]
    assert answer.get_json()["conflict"]["now"]["number"] == 3
    assert count(client, token) == 2


def test_the_same_cards_saved_by_another_phone_answer_that_round(client, make_session):
    token = make_session()
    seen = revision(client, token)
    first = post(client, token, DRAW, key="phone-a").get_json()
    again = post(client, token, DRAW, seen=seen, key="phone-b")
    assert again.status_code == 200
    body = again.get_json()
    assert body["already_saved"] is True and body["number"] == 1
    assert body["result"] == first["result"] and body["revision"] == first["revision"]
    assert body["balances"] == first["balances"]  # the session, as after that round
    assert count(client, token) == 1
    replayed = post(client, token, DRAW, seen=seen, key="phone-b")
    assert replayed.status_code == 200 and replayed.get_json() == body


def test_a_retry_after_a_conflict_with_a_newer_revision_saves_once(client, make_session):
    token = make_session()
    seen = revision(client, token)
    post(client, token, DRAW)
    conflict = post(client, token, TALON, seen=seen, key="offline-1")
    assert conflict.status_code == 409  # not kept under the key: the table may keep it
    newer = conflict.get_json()["revision"]
    saved = post(client, token, TALON, seen=newer, key="offline-1")
    assert saved.status_code == 201 and saved.get_json()["number"] == 2
    for retry in (seen, newer, None):  # the answer lost: sent again, whatever it says it saw
        repeated = post(client, token, TALON, seen=retry, key="offline-1")
        assert repeated.status_code == 201 and repeated.get_json() == saved.get_json()
    assert count(client, token) == 2


@pytest.mark.parametrize("value", ["", "abc", "-1", "1.5", "1234567890", "0x1f", "²", "1 2"])
def test_a_bad_seen_revision_is_a_400_naming_the_header(client, make_session, value):
    token = make_session()
    answer = client.post(rounds_url(token), json=DRAW, headers={"Seen-Revision": value})
    assert answer.status_code == 400
    error = answer.get_json()["errors"][0]
    assert error["where"] == "Seen-Revision" and "Seen-Revision" in error["message"]
    assert count(client, token) == 0


def test_without_the_header_nothing_changes(client, make_session):
    token = make_session()
    assert post(client, token, DRAW).status_code == 201
    assert post(client, token, DRAW).status_code == 201  # the same cards again: saved again
    assert count(client, token) == 2


def test_in_filipino_the_conflict_is_said_in_filipino(client, make_session):
    token = make_session()
    seen = revision(client, token)
    post(client, token, DRAW)
    headers = {"Seen-Revision": str(seen), "Accept-Language": "fil"}
    answer = client.post(rounds_url(token), json=TALON, headers=headers)
    assert answer.status_code == 409
    assert "sa ibang phone" in answer.get_json()["errors"][0]["message"]


def test_phones_saving_the_same_round_at_once_save_it_once(app, second_worker, make_session):
    """Two phones back online send the round both judged at the same revision, at the same
    moment, on two workers: one saves it, the others are told it is saved (a save that lost
    the race is checked again in its retry, and finds it)."""
    client = app.test_client()
    token = make_session()
    seen = revision(client, token)
    answers = []
    lock = threading.Lock()

    def send(worker, key):
        answer = post(worker.test_client(), token, DRAW, seen=seen, key=key)
        with lock:
            answers.append((answer.status_code, answer.get_json()))

    threads = [
        threading.Thread(target=send, args=(worker, f"phone-{n}"))
        for n, worker in enumerate([app, second_worker] * 3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * 5 + [201], answers
    assert all(body["number"] == 1 for _, body in answers)
    assert count(client, token) == 1


def test_a_round_deleted_meanwhile_moves_this_one_up_a_conflict_too(client, make_session):
    """The last round deleted on another phone leaves no round changed since: the number the
    phone judged the round as (Round-Number) is what tells it."""
    token = make_session()
    assert post(client, token, DRAW).status_code == 201
    seen = revision(client, token)
    assert client.delete(f"{rounds_url(token)}/1").status_code == 200
    headers = {"Seen-Revision": str(seen), "Round-Number": "2", "Idempotency-Key": "k-deleted"}
    answer = client.post(rounds_url(token), json=TALON, headers=headers)
    assert answer.status_code == 409, answer.get_json()
    assert answer.get_json()["conflict"]["now"]["number"] == 1
    assert count(client, token) == 0
    headers.update({"Seen-Revision": str(revision(client, token)), "Round-Number": "1"})
    saved = client.post(rounds_url(token), json=TALON, headers=headers)
    assert saved.status_code == 201 and count(client, token) == 1


@pytest.mark.parametrize("value", ["", "x", "-1", "1.0", "1234567890"])
def test_a_bad_round_number_is_a_400_naming_the_header(client, make_session, value):
    token = make_session()
    answer = client.post(rounds_url(token), json=TALON, headers={"Round-Number": value})
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["where"] == "Round-Number"
    assert count(client, token) == 0


def nets_of(result: dict) -> str:
    return ",".join(player["net"] for player in result["players"])


def test_an_edit_meanwhile_that_leaves_the_round_as_judged_is_no_conflict(client, make_session):
    """Judged-Nets: the money the phone judged; an earlier round changed meanwhile that leaves
    this round's number and money as judged holds nothing up."""
    token = make_session()
    post(client, token, DRAW)
    seen = revision(client, token)
    judged = result_of(client, token, TALON)
    assert client.put(f"{rounds_url(token)}/1", json=TONGITS).status_code == 200
    headers = {"Seen-Revision": str(seen), "Round-Number": "2", "Judged-Nets": nets_of(judged)}
    saved = client.post(rounds_url(token), json=TALON, headers=headers)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["number"] == 2 and saved.get_json()["result"] == judged


def test_an_edit_meanwhile_that_changes_the_rounds_money_is_a_conflict(client, make_session):
    token = make_session()
    post(client, token, DRAW)
    seen = revision(client, token)
    judged = result_of(client, token, TALON)
    assert client.put(f"{rounds_url(token)}/1", json=TONGITS).status_code == 200
    other = ",".join(["1.00", "-1.00", "0.00"])
    assert other != nets_of(judged)
    headers = {"Seen-Revision": str(seen), "Round-Number": "2", "Judged-Nets": other}
    assert client.post(rounds_url(token), json=TALON, headers=headers).status_code == 409
    headers["Round-Number"] = "3"  # the money as judged, but another number: news too
    headers["Judged-Nets"] = nets_of(judged)
    assert client.post(rounds_url(token), json=TALON, headers=headers).status_code == 409
    assert count(client, token) == 1


@pytest.mark.parametrize("nets", ["1,2", "a,b,c", "1.001,0,0", "1,2,3,4", "", "１,2,3"])
def test_a_bad_judged_nets_is_refused_saying_what_it_takes(client, make_session, nets):
    token = make_session()
    answer = client.post(rounds_url(token), json=TALON, headers={"Judged-Nets": nets})
    assert answer.status_code == 400
    problem = answer.get_json()["errors"][0]
    assert problem["where"] == "Judged-Nets" and "each player's net" in problem["message"]
    assert count(client, token) == 0
