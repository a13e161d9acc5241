"""A barkada's history through the API and its page, and every history across an export and
an import: members added and changed, payments recorded and undone (and Undo of that), a
session added, the group's PIN; the session's history kept by exports, group exports and
backups, and restored by their import."""

from __future__ import annotations

import json

from tests.support.forms import csrf_token
from tests.support.group_api import make_group
from tests.support.records import DRAW, TALON, TONGITS
from tracker.core import get_session, history
from tracker.documents.backup import backup_dict, restore
from tracker.extensions import db
from tracker.models import GameSession


def _group_events(client, token):
    response = client.get(f"/api/groups/{token}/history")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["events"]


def _member_id(client, token, name):
    members = client.get(f"/api/groups/{token}").get_json()["members"]
    return next(m["id"] for m in members if m["name"] == name)


def _a_busy_group(client):
    made = make_group(client)
    token, owner = made["id"], {"X-Owner-Key": made["owner_key"]}
    assert client.post(f"/api/groups/{token}/members", json={"name": "Eli"}).status_code == 201
    dan = _member_id(client, token, "Dan")
    changed = client.patch(f"/api/groups/{token}/members/{dan}", json={"name": "Danny"})
    assert changed.status_code == 200, changed.get_json()
    left = client.patch(f"/api/groups/{token}/members/{dan}", json={"left": True})
    assert left.status_code == 200
    session = client.post("/api/sessions", json={"players": ["Ana", "Ben", "Cris"], "group": token})
    assert session.status_code == 201
    payment = {"from": "Cris", "to": "Ana", "amount": "47.00", "paid_on": "2026-12-01"}
    paid = client.post(f"/api/groups/{token}/payments", json=payment)
    assert paid.status_code == 201, paid.get_json()
    return token, owner, session.get_json()["id"], paid.get_json()["payment"]


def test_every_group_change_is_recorded(client):
    token, owner, _session, _paid = _a_busy_group(client)
    client.put(f"/api/groups/{token}/pin", json={"pin": "2468"}, headers=owner)
    events = _group_events(client, token)
    kinds = [e["kind"] for e in reversed(events)]
    assert kinds == [
        "created",
        "member_added",
        "member_changed",
        "member_changed",
        "session_added",
        "payment_recorded",
        "pin_changed",
    ]
    created, added, renamed, left, session, paid, pin = reversed(events)
    assert created["after"]["members"] == ["Ana", "Ben", "Cris", "Dan"]
    assert added["after"]["name"] == "Eli"
    assert (renamed["before"]["name"], renamed["after"]["name"]) == ("Dan", "Danny")
    assert (left["before"]["left"], left["after"]["left"]) == (False, True)
    assert session["after"]["players"] == ["Ana", "Ben", "Cris"]
    assert (paid["after"]["from"], paid["after"]["to"], paid["after"]["amount"]) == (
        "Cris",
        "Ana",
        "47.00",
    )
    assert pin["by"] == "owner" and "2468" not in json.dumps(pin)


def test_a_payment_undone_is_recorded_and_undo_brings_it_back(app, client):
    token, _owner, _session, paid = _a_busy_group(client)
    assert client.delete(f"/api/groups/{token}/payments/{paid['id']}").status_code in (200, 204)
    events = _group_events(client, token)
    assert events[0]["kind"] == "payment_undone"
    assert events[0]["before"]["amount"] == "47.00"
    assert client.get(f"/api/groups/{token}").get_json()["payments"] == []
    # the page's Undo of that: the payment is recorded again
    page = client.get(f"/g/{token}/history")
    assert page.status_code == 200 and b"Undone: Cris paid Ana" in page.data
    assert b'name="event"' in page.data
    csrf = csrf_token(page.get_data(as_text=True))
    form = {"event": events[0]["id"], "csrf_token": csrf}
    undone = client.post(f"/g/{token}/history/undo", data=form)
    assert undone.status_code == 303
    payments = client.get(f"/api/groups/{token}").get_json()["payments"]
    assert [(p["from"], p["to"], p["amount"]) for p in payments] == [("Cris", "Ana", "47.00")]
    assert _group_events(client, token)[0]["kind"] == "payment_recorded"
    # an older event cannot be undone
    stale = client.post(f"/g/{token}/history/undo", data=form)
    assert stale.status_code == 409
    assert b"only the last change can be undone" in stale.data


def test_a_session_history_goes_with_its_export_and_comes_back_with_the_import(app, client):
    made = client.post("/api/sessions", json={"players": ["Ana", "Ben", "Cris"]}).get_json()
    token = made["id"]
    for record in (DRAW, TALON, TONGITS):
        client.post(f"/api/sessions/{token}/rounds", json=record)
    client.put(f"/api/sessions/{token}/rounds/1", json=TALON)
    client.delete(f"/api/sessions/{token}/rounds/2")
    client.post(f"/api/sessions/{token}/rounds/2/restore")
    exported = json.loads(client.get(f"/api/sessions/{token}/export").data)
    kinds = [e["kind"] for e in exported["history"]]
    assert kinds[-3:] == ["round_edited", "round_deleted", "round_restored"]
    imported = client.post("/api/sessions/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()["id"]
    events = client.get(f"/api/sessions/{copy}/history").get_json()["events"]
    assert [e["kind"] for e in reversed(events)] == kinds + ["imported"]
    assert events[0]["by"] == "import"
    restored = events[1]
    deleted = events[2]
    assert restored["after"]["from"] == deleted["id"]  # the link follows the new ids
    with app.app_context():
        game = get_session(copy)
        replayed = history.replayed_records(history.all_events(game))
        assert replayed == [r.record for r in game.rounds]
    # a made-up event in a file is refused, saying where
    bad = dict(exported, history=exported["history"] + [{"kind": "bribe", "by": "me"}])
    refused = client.post("/api/sessions/import", json=bad)
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["where"] == f"history[{len(kinds)}]"


def test_a_group_export_and_a_backup_carry_every_history(app, client):
    token, _owner, session, _paid = _a_busy_group(client)
    client.post(f"/api/sessions/{session}/rounds", json=DRAW)
    exported = client.get(f"/api/groups/{token}/export")
    assert exported.status_code == 200
    data = json.loads(exported.data)
    assert [e["kind"] for e in data["history"]][-1] == "payment_recorded"
    session_kinds = [e["kind"] for e in data["sessions"][0]["session"]["history"]]
    assert session_kinds == ["created", "round_saved"]
    imported = client.post("/api/groups/import", json=data)
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()["id"]
    kinds = [e["kind"] for e in reversed(_group_events(client, copy))]
    assert kinds == [e["kind"] for e in data["history"]] + ["imported"]
    # a whole backup, restored over itself, keeps every history and says it was restored
    with app.app_context():
        backup = backup_dict()
        before = {
            entry["token"]: [e["kind"] for e in entry["history"]] for entry in backup["sessions"]
        }
        restore(json.dumps(backup), replace=True)
        for entry_token, kinds_before in before.items():
            game = db.session.query(GameSession).filter_by(token=entry_token).one()
            after = [e.kind for e in history.all_events(game)]
            assert after == kinds_before + ["imported"]
            assert history.all_events(game)[-1].by == "restore"
            replayed = history.replayed_records(history.all_events(game))
            assert replayed == [r.record for r in game.rounds]
