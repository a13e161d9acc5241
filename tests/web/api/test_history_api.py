"""The history through the JSON API: every session change recorded in its transaction, with
who and when; a deleted round brought back; undo of the last change; paging; erase; and the
history always replaying to the stored rounds."""

from __future__ import annotations

from tests.support.records import DRAW, TALON, TONGITS
from tracker.core import get_session, history
from tracker.extensions import db
from tracker.models import ChangeEvent, GameSession, Round


def _events(client, token, **params):
    response = client.get(f"/api/sessions/{token}/history", query_string=params)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _replays(app, token) -> None:
    """The history, replayed from its first event, makes exactly the stored rounds."""
    with app.app_context():
        game = get_session(token)
        stored = [r.record for r in game.rounds]
        assert history.replayed_records(history.all_events(game)) == stored


def _amounts(client, token, number):
    result = client.get(f"/api/sessions/{token}/rounds/{number}").get_json()["result"]
    return [player["net"] for player in result["players"]]


def test_every_round_change_is_recorded_with_before_and_after(app, client, make_session):
    token = make_session()
    for record in (DRAW, TALON, TONGITS):
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    saved_amounts = _amounts(client, token, 2)
    assert client.put(f"/api/sessions/{token}/rounds/2", json=DRAW).status_code == 200
    assert client.delete(f"/api/sessions/{token}/rounds/1").status_code == 200
    events = _events(client, token)["events"]
    kinds = [e["kind"] for e in events]
    assert kinds == ["round_deleted", "round_edited"] + ["round_saved"] * 3 + ["created"]
    deleted, edited = events[0], events[1]
    assert set(deleted) >= {"id", "at", "kind", "by", "round", "before", "after"}
    assert deleted["round"] == 1 and deleted["after"] is None
    assert deleted["before"]["record"]["ending"] == "draw"
    assert edited["round"] == 2
    assert edited["before"]["record"]["ending"] == "talon"
    assert edited["after"]["record"]["ending"] == "draw"
    assert edited["before"]["amounts"] == saved_amounts
    assert edited["after"]["amounts"] != saved_amounts
    assert all(e["by"] == "api" and e["by_text"] == "API" for e in events[:-1])
    assert (events[-1]["by"], events[-1]["after"]["players"]) == ("owner", ["Ana", "Ben", "Cris"])
    assert [e["id"] for e in events] == sorted((e["id"] for e in events), reverse=True)
    _replays(app, token)


def test_restore_brings_the_deleted_round_back_at_its_number(app, client, make_session):
    token = make_session()
    for record in (DRAW, TALON, TONGITS):
        client.post(f"/api/sessions/{token}/rounds", json=record)
    before = client.get(f"/api/sessions/{token}").get_json()["balances"]
    assert client.delete(f"/api/sessions/{token}/rounds/2").status_code == 200
    assert client.get(f"/api/sessions/{token}").get_json()["balances"] != before
    restored = client.post(f"/api/sessions/{token}/rounds/2/restore")
    assert restored.status_code == 201, restored.get_json()
    assert restored.get_json()["balances"] == before
    assert client.get(f"/api/sessions/{token}/rounds/2").get_json()["record"]["ending"] == "talon"
    event = _events(client, token)["events"][0]
    assert (event["kind"], event["round"]) == ("round_restored", 2)
    # once back, it cannot come back twice
    again = client.post(f"/api/sessions/{token}/rounds/2/restore")
    assert again.status_code == 409
    assert "back already" in again.get_json()["errors"][0]["message"]
    _replays(app, token)


def test_restore_is_refused_where_it_must_be(app, client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    client.post(f"/api/sessions/{token}/rounds", json=TALON)
    # nothing deleted at that number: 404
    assert client.post(f"/api/sessions/{token}/rounds/1/restore").status_code == 404
    client.delete(f"/api/sessions/{token}/rounds/2")
    # a round saved at that number since: 409, and nothing changes
    client.post(f"/api/sessions/{token}/rounds", json=TONGITS)
    refused = client.post(f"/api/sessions/{token}/rounds/2/restore")
    assert refused.status_code == 409
    assert "was saved after it" in refused.get_json()["errors"][0]["message"]
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2
    # settled: refused as a save is; after a reopen it works
    client.delete(f"/api/sessions/{token}/rounds/2")
    client.post(f"/api/sessions/{token}/settle")
    assert client.post(f"/api/sessions/{token}/rounds/2/restore").status_code == 409
    client.post(f"/api/sessions/{token}/reopen")
    assert client.post(f"/api/sessions/{token}/rounds/2/restore").status_code == 201
    kinds = [e["kind"] for e in _events(client, token)["events"][:3]]
    assert kinds == ["round_restored", "reopened", "settled"]
    _replays(app, token)


def test_restore_needs_the_pin(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    client.put(
        f"/api/sessions/{token}/pin", json={"pin": "4321"}, headers=make_session.owner[token]
    )
    headers = {"X-Edit-Pin": "4321"}
    assert client.delete(f"/api/sessions/{token}/rounds/1", headers=headers).status_code == 200
    assert client.post(f"/api/sessions/{token}/rounds/1/restore").status_code == 403
    ok = client.post(f"/api/sessions/{token}/rounds/1/restore", headers=headers)
    assert ok.status_code == 201


def test_pin_settle_reopen_recorded_never_the_pin(client, make_session):
    token = make_session()
    owner = make_session.owner[token]
    client.put(f"/api/sessions/{token}/pin", json={"pin": "1234"}, headers=owner)
    client.put(f"/api/sessions/{token}/pin", json={"pin": "5678"}, headers=owner)
    client.put(f"/api/sessions/{token}/pin", json={"pin": None}, headers=owner)
    client.post(f"/api/sessions/{token}/settle")
    client.post(f"/api/sessions/{token}/reopen")
    events = _events(client, token)["events"]
    kinds = ["reopened", "settled"] + ["pin_changed"] * 3 + ["created"]
    assert [e["kind"] for e in events] == kinds
    pins = [(e["before"]["pin"], e["after"]["pin"]) for e in reversed(events[2:5])]
    assert pins == [(False, True), (True, True), (True, False)]
    assert all(e["by"] == "owner" for e in events[2:])
    text = str(events)
    assert "1234" not in text and "5678" not in text


def test_undo_takes_back_the_last_change_only(app, client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    client.post(f"/api/sessions/{token}/rounds", json=TALON)
    client.put(f"/api/sessions/{token}/rounds/2", json=TONGITS)
    edited = _events(client, token)["events"][0]
    undone = client.post(f"/api/sessions/{token}/undo", json={"event": edited["id"]})
    assert undone.status_code == 200, undone.get_json()
    assert client.get(f"/api/sessions/{token}/rounds/2").get_json()["record"]["ending"] == "talon"
    # the edit is no longer the last change: undoing it again is refused
    again = client.post(f"/api/sessions/{token}/undo", json={"event": edited["id"]})
    assert again.status_code == 409
    missing = client.post(f"/api/sessions/{token}/undo", json={"event": 999999})
    assert missing.status_code == 404
    # undo of a delete restores the round
    client.delete(f"/api/sessions/{token}/rounds/1")
    deleted = _events(client, token)["events"][0]
    assert (
        client.post(f"/api/sessions/{token}/undo", json={"event": deleted["id"]}).status_code == 200
    )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2
    _replays(app, token)


def test_history_is_paged_newest_first(client, make_session):
    token = make_session()
    for _ in range(5):
        client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    first = _events(client, token, limit=2)
    assert [e["round"] for e in first["events"]] == [5, 4]
    second = _events(client, token, limit=2, before=first["older"])
    assert [e["round"] for e in second["events"]] == [3, 2]
    last = _events(client, token, limit=2, before=second["older"])
    assert [e["round"] for e in last["events"]] == [1, None] and last["older"] is None
    bad = client.get(f"/api/sessions/{token}/history?before=abc")
    assert bad.status_code == 400 and bad.get_json()["errors"][0]["where"] == "before"


def test_no_endpoint_takes_a_made_up_event(client, make_session):
    token = make_session()
    made_up = {"kind": "round_saved", "by": "owner", "round": 1, "after": {}}
    for method in ("post", "put", "patch"):
        answer = getattr(client, method)(f"/api/sessions/{token}/history", json=made_up)
        assert answer.status_code == 405
    assert [e["kind"] for e in _events(client, token)["events"]] == ["created"]


def test_the_owner_erases_the_history(app, client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    client.post(f"/api/sessions/{token}/rounds", json=TALON)
    refused = client.delete(f"/api/sessions/{token}/history")
    assert refused.status_code == 403
    erased = client.delete(f"/api/sessions/{token}/history", headers=make_session.owner[token])
    assert erased.status_code == 200
    events = erased.get_json()["events"]
    assert [(e["kind"], e["by"]) for e in events] == [("history_erased", "owner")]
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2
    _replays(app, token)


def test_a_change_and_its_event_commit_together(app, client, make_session):
    """A refused change records nothing: the event is in the change's own transaction."""
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    bad = dict(DRAW, hands=DRAW["hands"][:2])
    assert client.post(f"/api/sessions/{token}/rounds", json=bad).status_code == 422
    assert client.put(f"/api/sessions/{token}/rounds/1", json=bad).status_code == 422
    with app.app_context():
        game = db.session.query(GameSession).filter_by(token=token).one()
        kinds = [e.kind for e in db.session.query(ChangeEvent).filter_by(session_id=game.id)]
        assert kinds == ["created", "round_saved"]
        assert db.session.query(Round).filter_by(session_id=game.id).count() == 1
