"""Barkadas made through the JSON API, as a phone makes them: a group, its sessions played and
settled, its answer; and one group with some history (sessions, a payment, a rename, a member
who left)."""

from __future__ import annotations

from tests.support.records import TALON, TONGITS

MEMBERS = ["Ana", "Ben", "Cris", "Dan"]


def make_group(client, members=MEMBERS, **extra):
    """A new group, as a phone makes it (`extra`: its name, PIN…): the API's answer."""
    response = client.post(
        "/api/groups", json={"name": "Friday barkada", "members": list(members), **extra}
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def member_ids(made: dict) -> dict[str, int]:
    """{member name: id} of a group's answer."""
    return {member["name"]: member["id"] for member in made["members"]}


def group(client, token):
    response = client.get(f"/api/groups/{token}")
    assert response.status_code == 200
    return response.get_json()


def played(client, group_id, players, rounds, settle=True, headers=None):
    """A session of the group with these rounds, settled unless told otherwise; its id."""
    made = client.post(
        "/api/sessions", json={"players": players, "group": group_id}, headers=headers or {}
    )
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    for record in rounds:  # a group's PIN guards its sessions too: the same headers
        saved = client.post(f"/api/sessions/{token}/rounds", json=record, headers=headers or {})
        assert saved.status_code == 201
    if settle:
        settled = client.post(f"/api/sessions/{token}/settle", headers=headers or {})
        assert settled.status_code == 200
    return token


def a_played_group(client) -> str:
    gid = make_group(client, ["Ana", {"name": "Ben", "note": "GCash 0917"}, "Cris", "Dan"])["id"]
    played(client, gid, ["Ana", "Ben", "Cris"], [TONGITS])
    played(client, gid, ["Cris", "Ana", "Ben"], [TALON])
    played(client, gid, ["Ana", "Ben", "Cris"], [TALON], settle=False)
    client.post(
        f"/api/groups/{gid}/payments",
        json={"from": "Cris", "to": "Ben", "amount": "50.00", "paid_on": "2026-11-27"},
    )
    members = {m["name"]: m["id"] for m in group(client, gid)["members"]}
    client.patch(f"/api/groups/{gid}/members/{members['Ben']}", json={"name": "Benjie"})
    client.patch(f"/api/groups/{gid}/members/{members['Dan']}", json={"left": True})
    return gid
