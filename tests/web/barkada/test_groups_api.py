"""Barkadas through the JSON API: a group, sessions started from it, balances that
add up the settled sessions and the payments, utang in the fewest transfers, payments recorded
and undone, renames that follow history, and the group's PIN and owner."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from tests.support.group_api import MEMBERS, group, make_group, played
from tests.support.records import TALON, TONGITS
from tracker.extensions import db
from tracker.models import Barkada, Payment, PinAttempt


def count(app, model) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(model)).scalar_one()


def test_a_group_is_made_with_its_members_and_an_unguessable_link(client):
    made = make_group(client, ["Ana", {"name": "Ben", "note": "GCash 0917 123 4567"}, "Cris"])
    assert len(made["id"]) >= 32 and made["url"].endswith(f"/g/{made['id']}")
    assert made["owner_key"] and made["recovery_code"]
    body = group(client, made["id"])
    assert "owner_key" not in body and "recovery_code" not in body  # answered once
    assert body["name"] == "Friday barkada"
    assert [(m["name"], m["note"], m["left"]) for m in body["members"]] == [
        ("Ana", None, False),
        ("Ben", "GCash 0917 123 4567", False),
        ("Cris", None, False),
    ]
    assert body["balances"] == {"Ana": "0.00", "Ben": "0.00", "Cris": "0.00"}
    assert body["utang"] == [] and body["payments"] == [] and body["sessions"] == []


@pytest.mark.parametrize(
    "payload, where, message",
    [
        ({"members": MEMBERS}, "name", "give the group a name"),
        ({"name": "x" * 81, "members": MEMBERS}, "name", "longer than 80"),
        ({"name": "B"}, "members", "3 to 50 names"),
        ({"name": "B", "members": ["Ana", "Ben"]}, "members", "3 to 50 names"),
        ({"name": "B", "members": ["Ana", "ana ", "Cris"]}, "members[1]", "two members are called"),
        ({"name": "B", "members": ["Ana", "", "Cris"]}, "members[1]", "needs a name"),
        (
            {"name": "B", "members": ["Ana", "Ben", {"name": "Cris", "note": "n" * 121}]},
            "members[2].note",
            "at most 120",
        ),
        ({"name": "B", "members": MEMBERS, "pin": "12"}, "pin", "4 to 6 digits"),
    ],
)
def test_a_bad_group_is_refused_saying_where_and_nothing_is_stored(
    client, app, payload, where, message
):
    response = client.post("/api/groups", json=payload)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["where"] == where and message in e["message"] for e in errors), errors
    assert count(app, Barkada) == 0


def test_a_session_started_from_the_group_must_seat_current_members(client):
    made = make_group(client)
    ok = client.post("/api/sessions", json={"players": ["ana", "Ben", "Cris"], "group": made["id"]})
    assert ok.status_code == 201
    assert ok.get_json()["players"] == ["Ana", "Ben", "Cris"]  # as the group spells them
    outsider = client.post(
        "/api/sessions", json={"players": ["Ana", "Eve", "Zed"], "group": made["id"]}
    )
    assert outsider.status_code == 422
    errors = {e["where"]: e["message"] for e in outsider.get_json()["errors"]}
    assert "Eve is not a member of Friday barkada" in errors["players[1]"]
    assert "Zed is not a member" in errors["players[2]"]
    dan = next(m for m in group(client, made["id"])["members"] if m["name"] == "Dan")
    left = client.patch(f"/api/groups/{made['id']}/members/{dan['id']}", json={"left": True})
    assert left.status_code == 200 and left.get_json()["member"]["left"] is True
    gone = client.post(
        "/api/sessions", json={"players": ["Ana", "Dan", "Cris"], "group": made["id"]}
    )
    assert gone.status_code == 422
    assert "Dan left Friday barkada" in gone.get_json()["errors"][0]["message"]
    nowhere = client.post("/api/sessions", json={"players": MEMBERS[:3], "group": "nope" * 8})
    assert nowhere.status_code == 422 and nowhere.get_json()["errors"][0]["where"] == "group"
    assert [s["id"] for s in group(client, made["id"])["sessions"]] == [ok.get_json()["id"]]
    alone = client.post("/api/sessions", json={"players": ["Eve", "Zed", "Kim"]})
    assert alone.status_code == 201  # sessions outside any group work as before
    # a session names its group, and its page links to it
    session = client.get(f"/api/sessions/{ok.get_json()['id']}").get_json()
    assert session["group"] == {"id": made["id"], "url": made["url"]}
    assert alone.get_json()["group"] is None
    page = client.get(f"/s/{ok.get_json()['id']}").get_data(as_text=True)
    assert f'id="session-group" href="/g/{made["id"]}">Barkada: Friday barkada</a>' in page


def test_balances_add_up_settled_sessions_and_payments_and_utang_is_fewest_transfers(client):
    made = make_group(client)
    gid = made["id"]
    # Worked by hand, classic rules (stake 10, 1 per deadwood point):
    # night 1, seats Ana, Ben, Cris: Ben goes Tongits; Ana's deadwood 2C 3D 4H = 9 pays
    # 10 + 9 = 19, Cris (no melds) AS AD 9H KC QC 10C 8D 6D = 55 pays 10 + 55 = 65: Ben +84.
    played(client, gid, ["Ana", "Ben", "Cris"], [TONGITS])
    # night 2, seats Cris, Ana, Ben: the talon runs out; Ben's AS = 1 wins, Cris (KH QH = 20)
    # pays 30, Ana (9D 10S = 19) pays 29: Ben +59.
    played(client, gid, ["Cris", "Ana", "Ben"], [TALON])
    # an open session is not counted
    played(client, gid, ["Ana", "Ben", "Cris"], [TONGITS], settle=False)
    body = group(client, gid)
    # Ana -19 - 29 = -48, Ben 84 + 59 = 143, Cris -65 - 30 = -95, Dan never played
    assert body["balances"] == {"Ana": "-48.00", "Ben": "143.00", "Cris": "-95.00", "Dan": "0.00"}
    assert body["utang"] == [
        {"from": "Ana", "to": "Ben", "amount": "48.00"},
        {"from": "Cris", "to": "Ben", "amount": "95.00"},
    ]
    assert [(s["rounds"], s["settled"]) for s in body["sessions"]] == [
        (1, True),
        (1, True),
        (1, False),
    ]
    # Bayad na, part of it: Cris hands Ben 50.00 (raises Cris's balance, lowers Ben's)
    paid = client.post(
        f"/api/groups/{gid}/payments",
        json={"from": "Cris", "to": "Ben", "amount": "50", "paid_on": "2026-11-27"},
    )
    assert paid.status_code == 201
    out = paid.get_json()
    assert out["payment"]["amount"] == "50.00" and out["payment"]["paid_on"] == "2026-11-27"
    assert out["balances"] == {"Ana": "-48.00", "Ben": "93.00", "Cris": "-45.00", "Dan": "0.00"}
    assert out["utang"] == [
        {"from": "Ana", "to": "Ben", "amount": "48.00"},
        {"from": "Cris", "to": "Ben", "amount": "45.00"},
    ]
    # Ana pays in full: her utang is gone
    client.post(f"/api/groups/{gid}/payments", json={"from": "Ana", "to": "Ben", "amount": "48.00"})
    body = group(client, gid)
    assert body["utang"] == [{"from": "Cris", "to": "Ben", "amount": "45.00"}]
    assert [p["from"] for p in body["payments"]] == ["Cris", "Ana"]
    # Undo the first payment: Cris owes the whole 95.00 again
    undone = client.delete(f"/api/groups/{gid}/payments/{out['payment']['id']}")
    assert undone.status_code == 200
    assert undone.get_json()["utang"] == [{"from": "Cris", "to": "Ben", "amount": "95.00"}]
    assert client.delete(f"/api/groups/{gid}/payments/{out['payment']['id']}").status_code == 404
    # balances always sum to zero
    assert sum(float(v) for v in undone.get_json()["balances"].values()) == 0


def test_a_reopened_session_leaves_the_balances_until_settled_again(client):
    gid = make_group(client)["id"]
    token = played(client, gid, ["Ana", "Ben", "Cris"], [TONGITS])
    assert group(client, gid)["balances"]["Ben"] == "84.00"
    client.post(f"/api/sessions/{token}/reopen")
    assert group(client, gid)["balances"]["Ben"] == "0.00"
    client.post(f"/api/sessions/{token}/rounds", json=TONGITS)
    client.post(f"/api/sessions/{token}/settle")
    assert group(client, gid)["balances"]["Ben"] == "168.00"  # two Tongits of +84


def test_a_rename_follows_history_and_a_member_who_left_keeps_their_balance(client):
    gid = make_group(client)["id"]
    session = played(client, gid, ["Ana", "Ben", "Cris"], [TONGITS])
    members = {m["name"]: m["id"] for m in group(client, gid)["members"]}
    renamed = client.patch(
        f"/api/groups/{gid}/members/{members['Ben']}", json={"name": "Benjie", "note": "GCash 1"}
    )
    assert renamed.status_code == 200
    body = renamed.get_json()
    assert body["balances"]["Benjie"] == "84.00" and "Ben" not in body["balances"]
    assert body["sessions"][0]["players"] == ["Ana", "Benjie", "Cris"]
    assert client.get(f"/api/sessions/{session}").get_json()["players"] == ["Ana", "Ben", "Cris"]
    clash = client.patch(f"/api/groups/{gid}/members/{members['Ana']}", json={"name": "benjie"})
    assert clash.status_code == 422 and clash.get_json()["errors"][0]["where"] == "name"
    left = client.patch(f"/api/groups/{gid}/members/{members['Cris']}", json={"left": True})
    assert left.get_json()["balances"]["Cris"] == "-65.00"
    added = client.post(f"/api/groups/{gid}/members", json={"name": "Eve", "note": "Maya"})
    assert added.status_code == 201 and added.get_json()["member"]["note"] == "Maya"
    ok = client.post("/api/sessions", json={"players": ["Ana", "Benjie", "Eve"], "group": gid})
    assert ok.status_code == 201


@pytest.mark.parametrize(
    "payload, where, message",
    [
        ({"from": "Zed", "to": "Ben", "amount": "5"}, "from", "no member"),
        ({"from": "Ana", "to": "ana", "amount": "5"}, "to", "cannot pay themselves"),
        ({"from": "Ana", "to": "Ben"}, "amount", "how much"),
        ({"from": "Ana", "to": "Ben", "amount": "abc"}, "amount", "not an amount"),
        ({"from": "Ana", "to": "Ben", "amount": 1.5}, "amount", "as text"),
        ({"from": "Ana", "to": "Ben", "amount": "0"}, "amount", "more than 0.00"),
        ({"from": "Ana", "to": "Ben", "amount": "1.005"}, "amount", "two decimal places"),
        (
            {"from": "Ana", "to": "Ben", "amount": "5", "paid_on": "2026-13-01"},
            "paid_on",
            "as 2026",
        ),
        ({"from": "Ana", "to": "Ben", "amount": "5", "paid_on": 20261201}, "paid_on", "as 2026"),
    ],
)
def test_a_bad_payment_is_refused_saying_where_and_nothing_is_stored(
    client, app, payload, where, message
):
    gid = make_group(client)["id"]
    response = client.post(f"/api/groups/{gid}/payments", json=payload)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["where"] == where and message in e["message"] for e in errors), errors
    assert count(app, Payment) == 0


def test_unknown_groups_are_404(client):
    assert client.get("/api/groups/" + "x" * 32).status_code == 404
    response = client.post("/api/groups/" + "x" * 32 + "/payments", json={})
    assert response.status_code == 404 and response.get_json()["errors"][0]["where"] == "id"


def test_a_groups_changes_need_its_pin_or_owner_key(client, app):
    made = make_group(client, pin="4321")
    gid, owner = made["id"], {"X-Owner-Key": made["owner_key"]}
    pay = {"from": "Ana", "to": "Ben", "amount": "20"}
    locked = client.post(f"/api/groups/{gid}/payments", json=pay)
    assert locked.status_code == 403 and "this group has an edit PIN" in locked.get_data(
        as_text=True
    )
    wrong = client.post(f"/api/groups/{gid}/payments", json=pay, headers={"X-Edit-Pin": "1111"})
    assert wrong.status_code == 403 and "wrong PIN: 4 more tries" in wrong.get_data(as_text=True)
    with app.app_context():
        attempts = db.session.execute(select(PinAttempt.group_id, PinAttempt.session_id)).all()
        assert [tuple(row) for row in attempts] == [(group_id_of(gid), None)]
    assert count(app, Payment) == 0
    ok = client.post(f"/api/groups/{gid}/payments", json=pay, headers={"X-Edit-Pin": "4321"})
    assert ok.status_code == 201
    assert client.post(f"/api/groups/{gid}/members", json={"name": "Eve"}).status_code == 403
    assert (
        client.post(f"/api/groups/{gid}/members", json={"name": "Eve"}, headers=owner).status_code
        == 201
    )
    # starting a session from it is a change to the group too
    seated = {"players": ["Ana", "Ben", "Cris"], "group": gid}
    assert client.post("/api/sessions", json=seated).status_code == 403
    assert client.post("/api/sessions", json=seated, headers=owner).status_code == 201
    # its PIN: the owner may change it, a stranger may not, the recovery code may
    stranger = client.put(f"/api/groups/{gid}/pin", json={"pin": "5555"})
    assert stranger.status_code == 403
    assert client.put(f"/api/groups/{gid}/pin", json={"pin": None}, headers=owner).get_json() == {
        "pin": False
    }
    assert client.post(f"/api/groups/{gid}/payments", json=pay).status_code == 201
    code = {"X-Recovery-Code": made["recovery_code"].lower()}
    assert (
        client.put(f"/api/groups/{gid}/pin", json={"pin": "2468"}, headers=code).status_code == 200
    )
    assert client.post(f"/api/groups/{gid}/payments", json=pay).status_code == 403


def group_id_of(token: str) -> int:
    return db.session.execute(select(Barkada.id).where(Barkada.token == token)).scalar_one()


def test_a_payment_repeated_with_its_idempotency_key_is_recorded_once(client):
    gid = make_group(client)["id"]
    pay = {"from": "Cris", "to": "Ben", "amount": "50.00", "paid_on": "2026-11-27"}
    key = {"Idempotency-Key": "bayad-na-1"}
    first = client.post(f"/api/groups/{gid}/payments", json=pay, headers=key)
    again = client.post(f"/api/groups/{gid}/payments", json=pay, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.get_json()["payment"] == first.get_json()["payment"]
    assert len(group(client, gid)["payments"]) == 1
    other = client.post(f"/api/groups/{gid}/payments", json={**pay, "amount": "5.00"}, headers=key)
    assert other.status_code == 422 and other.get_json()["errors"][0]["where"] == "Idempotency-Key"
    assert group(client, gid)["balances"]["Cris"] == "50.00"
