"""The round draft of issue 9 (one phone per seat) through its JSON API, on a real database:
three seats write their own hands, see the verdict, tap Done and Agree, and the round is saved
exactly once; stale agreements, clashing cards, repeated writes, polling and restarts."""

import threading

from sqlalchemy import event
from sqlalchemy.orm import Session

from tests.support.drafts import HEADER, all_done, fill, rounds_of, url
from tests.support.records import DRAW, TALON


def test_a_new_session_has_a_blank_draft(client, make_session):
    token = make_session()
    response = client.get(url(token))
    assert response.status_code == 200 and response.headers["ETag"] == '"0.1"'
    body = response.get_json()
    assert body["version"] == 0 and body["header"] == {} and body["confirm_alone"] is False
    assert [seat["player"] for seat in body["seats"]] == ["Ana", "Ben", "Cris"]
    assert all(seat["hand"] is None and not seat["done"] for seat in body["seats"])
    assert body["preview"]["ready"] is False
    assert body["preview"]["errors"][0]["message"] == "Ana has not entered a hand yet"
    assert client.get(url("nope")).status_code == 404


def test_three_seats_enter_agree_and_the_round_is_saved_once(client, make_session):
    token = make_session()
    body = fill(client, token)
    assert body["preview"]["ready"] is True and body["preview"]["errors"] == []
    assert body["preview"]["result"]["winner"] == 0
    assert body["all_done"] is False
    early = client.post(url(token, "/seats/0/agree"), json={"version": body["version"]})
    assert early.status_code == 409
    assert "Ana, Ben and Cris must tap Done" in early.get_json()["errors"][0]["message"]
    body = all_done(client, token)
    assert body["all_done"] is True
    version = body["version"]
    for seat in (0, 1):
        response = client.post(url(token, f"/seats/{seat}/agree"), json={"version": version})
        assert response.status_code == 200 and response.get_json()["saved"] is None
        assert rounds_of(client, token) == []
    last = client.post(url(token, "/seats/2/agree"), json={"version": version})
    assert last.status_code == 201, last.get_json()
    assert last.get_json()["saved"] == {"number": 1}
    rounds = rounds_of(client, token)
    assert len(rounds) == 1 and rounds[0]["result"]["winner"] == 0
    assert rounds[0]["record"]["hands"][1]["challenged"] is True
    cleared = last.get_json()
    assert cleared["header"] == {} and all(seat["hand"] is None for seat in cleared["seats"])
    assert cleared["last_saved"] == {"number": 1}
    # the last Agree sent again (its answer was lost): the same round, nothing more saved
    again = client.post(url(token, "/seats/2/agree"), json={"version": version})
    assert again.status_code == 201 and again.get_json()["saved"] == {"number": 1}
    assert len(rounds_of(client, token)) == 1
    # the next round starts from the cleared draft with the next dealer
    fill(client, token, TALON)
    body = all_done(client, token)
    assert body["preview"]["ready"] is True
    for seat in range(3):
        client.post(url(token, f"/seats/{seat}/agree"), json={"version": body["version"]})
    assert len(rounds_of(client, token)) == 2


def test_a_stale_agree_is_refused_after_another_seat_changed_its_hand(client, make_session):
    token = make_session()
    fill(client, token)
    version = all_done(client, token)["version"]
    assert client.post(url(token, "/seats/0/agree"), json={"version": version}).status_code == 200
    changed = dict(DRAW["hands"][2], hand=["AS", "AD", "8C"])
    body = client.put(url(token, "/seats/2"), json=changed).get_json()
    assert [seat["agreed"] for seat in body["seats"]] == [False, False, False]
    assert [seat["done"] for seat in body["seats"]] == [True, True, False]  # only Cris edits
    stale = client.post(url(token, "/seats/1/agree"), json={"version": version})
    assert stale.status_code == 409
    error = stale.get_json()["errors"][0]
    assert (
        error["where"] == "version"
        and "the round changed since this phone saw it" in (error["message"])
    )
    assert rounds_of(client, token) == []


def test_an_agree_to_a_verdict_of_an_older_revision_is_refused(client, make_session):
    token = make_session()
    fill(client, token)
    body = all_done(client, token)
    client.post(f"/api/sessions/{token}/rounds", json=TALON)  # one phone saved a round meanwhile
    stale = client.post(
        url(token, "/seats/0/agree"),
        json={"version": body["version"], "revision": body["revision"]},
    )
    assert stale.status_code == 409 and stale.get_json()["errors"][0]["where"] == "revision"
    fresh = client.get(url(token)).get_json()
    assert fresh["revision"] == body["revision"] + 1 and fresh["version"] == body["version"]
    seen = {"version": fresh["version"], "revision": fresh["revision"]}
    agreed = client.post(url(token, "/seats/0/agree"), json=seen)
    assert agreed.status_code == 200 and agreed.get_json()["seats"][0]["agreed"] is True


def test_an_agree_from_an_older_version_with_the_same_cards_still_counts(client, make_session):
    """Done and Agree move the version but not the round: agreeing to what one saw stands."""
    token = make_session()
    fill(client, token)
    version = all_done(client, token)["version"]
    client.post(url(token, "/seats/0/agree"), json={"version": version})
    response = client.post(url(token, "/seats/1/agree"), json={"version": version})
    assert response.status_code == 200
    assert [seat["agreed"] for seat in response.get_json()["seats"]] == [True, True, False]


def test_a_card_entered_by_two_seats_is_flagged_for_both(client, make_session):
    token = make_session()
    hands = [dict(h) for h in DRAW["hands"]]
    hands[2] = dict(hands[2], hand=["AS", "AD", "7s"])  # Ana has 7S in a meld
    body = fill(client, token, dict(DRAW, hands=hands))
    assert body["preview"]["clashes"] == [{"card": "7S", "seats": [0, 2]}]
    assert [seat["clashes"] for seat in body["seats"]] == [["7S"], [], ["7S"]]
    assert body["preview"]["ready"] is False
    assert any("7S is entered twice" in e["message"] for e in body["preview"]["errors"])
    version = all_done(client, token)["version"]
    refused = client.post(url(token, "/seats/0/agree"), json={"version": version})
    assert refused.status_code == 422


def test_a_seat_writes_only_its_own_part(client, make_session):
    token = make_session()
    fill(client, token)
    body = client.put(url(token, "/seats/1"), json={"melds": [], "hand": ["KD"]}).get_json()
    assert body["seats"][0]["hand"] == DRAW["hands"][0]
    assert body["seats"][2]["hand"] == DRAW["hands"][2]
    assert body["header"] == HEADER
    assert client.put(url(token, "/seats/3"), json={"hand": []}).status_code == 404
    bad = client.put(url(token, "/seats/0"), json={"cards": ["7S"]})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["where"] == "hand.cards"
    bad = client.put(url(token, "/header"), json={"winner": 0})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["where"] == "header.winner"
    assert client.put(url(token, "/seats/0"), data="x").status_code == 415


def test_repeated_writes_change_nothing_and_if_match_guards(client, make_session):
    token = make_session()
    first = client.put(url(token, "/seats/0"), json=DRAW["hands"][0])
    again = client.put(url(token, "/seats/0"), json=DRAW["hands"][0])
    assert first.get_json()["version"] == again.get_json()["version"] == 1
    client.post(url(token, "/seats/0/done"))
    assert client.post(url(token, "/seats/0/done")).get_json()["version"] == 2
    stale = client.put(url(token, "/seats/1"), json=DRAW["hands"][1], headers={"If-Match": '"1"'})
    assert stale.status_code == 409 and stale.get_json()["errors"][0]["where"] == "If-Match"
    fresh = client.put(url(token, "/seats/1"), json=DRAW["hands"][1], headers={"If-Match": '"2"'})
    assert fresh.status_code == 200 and fresh.headers["ETag"] == '"3.1"'


def test_polling_gets_304_until_the_draft_changes(client, make_session):
    token = make_session()
    etag = client.get(url(token)).headers["ETag"]
    unchanged = client.get(url(token), headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    client.put(url(token, "/header"), json=HEADER)
    changed = client.get(url(token), headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"1.1"'
    # a round saved another way changes the verdict (dealer, pot): a new ETag too
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    moved = client.get(url(token), headers={"If-None-Match": '"1.1"'})
    assert moved.status_code == 200 and moved.headers["ETag"] == '"1.2"'


def test_the_draft_survives_a_restart(client, make_session, second_worker):
    token = make_session()
    fill(client, token)
    client.post(url(token, "/seats/0/done"))
    other = second_worker.test_client()
    body = other.get(url(token)).get_json()
    assert body["header"] == HEADER and body["seats"][1]["hand"] == DRAW["hands"][1]
    assert [seat["done"] for seat in body["seats"]] == [True, False, False]
    # and a seat may go on through the other worker
    other.post(url(token, "/seats/1/done"))
    other.post(url(token, "/seats/2/done"))
    version = client.get(url(token)).get_json()["version"]
    for seat, phone in ((0, client), (1, other), (2, client)):
        phone.post(url(token, f"/seats/{seat}/agree"), json={"version": version})
    assert len(rounds_of(other, token)) == 1


def test_one_phone_confirms_for_all(client, make_session):
    token = make_session()
    fill(client, token)
    body = client.put(url(token, "/options"), json={"confirm_alone": True}).get_json()
    assert body["confirm_alone"] is True
    response = client.post(url(token, "/seats/1/agree"), json={"version": body["version"]})
    assert response.status_code == 201 and response.get_json()["saved"] == {"number": 1}
    assert response.get_json()["confirm_alone"] is False  # for that round only
    assert len(rounds_of(client, token)) == 1


def test_who_set_the_header_and_who_turned_on_one_phone_for_all(client, make_session):
    token = make_session()
    fill(client, token)
    body = client.put(url(token, "/header?seat=2"), json={"ending": "talon"}).get_json()
    assert body["header_change"] == {"seat": 2, "at": body["version"] - 1}
    body = client.put(url(token, "/seats/0"), json=TALON["hands"][0]).get_json()
    assert body["header_change"] is None  # the latest change is Ana's hand
    body = client.put(url(token, "/header"), json={"ending": "draw", "declarer": 0}).get_json()
    assert body["header_change"] is None  # a phone that did not say its seat
    assert body["confirm_alone_by"] is None
    body = client.put(url(token, "/options?seat=1"), json={"confirm_alone": True}).get_json()
    assert body["confirm_alone"] is True and body["confirm_alone_by"] == 1
    off = client.put(url(token, "/options?seat=0"), json={"confirm_alone": False}).get_json()
    assert off["confirm_alone"] is False and off["confirm_alone_by"] is None
    bad = client.put(url(token, "/header?seat=7"), json={"ending": "talon"})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["where"] == "seat"
    assert client.get(url(token)).get_json()["header"] == {"ending": "draw", "declarer": 0}


def test_start_over_and_settled_and_pin(client, make_session):
    token = make_session()
    fill(client, token)
    body = client.delete(url(token)).get_json()
    assert body["header"] == {} and all(seat["hand"] is None for seat in body["seats"])
    client.put(
        f"/api/sessions/{token}/pin", json={"pin": "1234"}, headers=make_session.owner[token]
    )
    locked = client.put(url(token, "/header"), json=HEADER)
    assert locked.status_code == 403
    unlocked = client.put(url(token, "/header"), json=HEADER, headers={"X-Edit-Pin": "1234"})
    assert unlocked.status_code == 200
    pin = {"X-Edit-Pin": "1234"}
    for seat, hand in enumerate(DRAW["hands"]):
        client.put(url(token, f"/seats/{seat}"), json=hand, headers=pin)
    body = client.put(url(token, "/options"), json={"confirm_alone": True}, headers=pin).get_json()
    agree = url(token, "/seats/0/agree")
    assert client.post(agree, json={"version": body["version"]}).status_code == 403
    saved = client.post(agree, json={"version": body["version"]}, headers=pin)
    assert saved.status_code == 201 and len(rounds_of(client, token)) == 1
    settle = client.post(f"/api/sessions/{token}/settle", headers={"X-Edit-Pin": "1234"})
    assert settle.status_code == 200, settle.get_json()
    settled = client.put(url(token, "/header"), json={}, headers={"X-Edit-Pin": "1234"})
    assert settled.status_code == 409
    assert client.get(url(token)).status_code == 200  # reading stays open


def test_the_last_two_agrees_racing_on_two_workers_save_one_round(
    client, make_session, second_worker
):
    token = make_session()
    fill(client, token)
    version = all_done(client, token)["version"]
    client.post(url(token, "/seats/0/agree"), json={"version": version})
    start = threading.Barrier(2)
    answers = {}

    def agree(seat, app):
        phone = app.test_client()
        start.wait()
        answers[seat] = phone.post(url(token, f"/seats/{seat}/agree"), json={"version": version})

    threads = [
        threading.Thread(target=agree, args=(1, client.application)),
        threading.Thread(target=agree, args=(2, second_worker)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers.values()) in ([200, 201], [201, 201])
    assert len(rounds_of(client, token)) == 1
    assert client.get(url(token)).get_json()["last_saved"] == {"number": 1}


def test_an_agree_whose_round_another_worker_saved_meanwhile_saves_nothing_more(
    client, make_session, second_worker
):
    """The last Agree, sent twice (a page reloaded with the Agree kept, another on its way),
    on two workers: the one that completes the table rolls back to save the round, and just
    then the other saves it and blanks the draft. The first must not save the agreed content
    again as the next round (it named the draft as read again: "two rounds saved")."""
    token = make_session()
    fill(client, token)
    version = all_done(client, token)["version"]
    for seat in (0, 1):
        client.post(url(token, f"/seats/{seat}/agree"), json={"version": version})
    other, meanwhile = second_worker.test_client(), []

    def other_saves_first(_session, _previous) -> None:
        if not meanwhile:  # once: the rollback before this worker's save
            meanwhile.append("started")
            meanwhile.append(other.post(url(token, "/seats/2/agree"), json={"version": version}))

    event.listen(Session, "after_soft_rollback", other_saves_first)
    try:
        late = client.post(url(token, "/seats/2/agree"), json={"version": version})
    finally:
        event.remove(Session, "after_soft_rollback", other_saves_first)
    assert meanwhile[1].status_code == 201
    assert late.status_code in (200, 201), late.get_json()
    assert len(rounds_of(client, token)) == 1
    assert client.get(url(token)).get_json()["last_saved"] == {"number": 1}
