"""The barkada groups in a server backup: `flask backup` carries every group (its
link, members, payments, hashes) and each session's group and seats; `restore` into an empty
server gives the same group answers and stats; an older backup without groups still restores;
a bad group refuses the whole file and changes nothing; skip and --replace for a group."""

from __future__ import annotations

import json
import os

import pytest
from sqlalchemy import func, select

from tests.support.backups import state
from tests.support.cli import run
from tests.support.group_api import a_played_group, make_group, played
from tests.support.records import DRAW, TALON
from tracker.extensions import db
from tracker.models import Barkada, GameSession, Member, Payment

HASHES = ("pin_hash", "owner_key_hash", "recovery_hash")


def answer(client, gid: str) -> dict:
    """GET /api/groups/<gid> without what a restore renumbers: member and payment ids (the
    server's row numbers) and the revision (the server's change counter)."""
    body = client.get(f"/api/groups/{gid}").get_json()
    body = {key: value for key, value in body.items() if key != "revision"}
    body["members"] = [{k: v for k, v in m.items() if k != "id"} for m in body["members"]]
    body["payments"] = [{k: v for k, v in p.items() if k != "id"} for p in body["payments"]]
    return body


def stored(app) -> dict:
    """Every group's hashes and every grouped session's seats by member name, as stored."""
    with app.app_context():
        groups = db.session.execute(select(Barkada)).scalars().all()
        hashes = {g.token: tuple(getattr(g, h) for h in HASHES) for g in groups}
        names = {m.id: m.name for m in db.session.execute(select(Member)).scalars()}
        tokens = {g.id: g.token for g in groups}
        games = db.session.execute(select(GameSession)).scalars().all()
        seats = {
            game.token: (tokens.get(game.group_id), [names[m] for m in game.seat_members or []])
            for game in games
        }
        return {"groups": hashes, "seats": seats}


def rows(app, model) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(model)).scalar_one()


def let_go(app) -> None:
    """On PostgreSQL the second server empties the same database: the first lets go of it."""
    if os.environ.get("TEST_DATABASE_URL"):
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def backed_up(client):
    """A played group (three sessions, one not settled, a payment, a rename, a member who
    left), a second group with a PIN and a session, and a session on its own."""
    gid = a_played_group(client)
    other = make_group(client, ["Eli", "Fe", "Gil"], pin="2468")["id"]
    played(client, other, ["Eli", "Fe", "Gil"], [DRAW], headers={"X-Edit-Pin": "2468"})
    alone = client.post("/api/sessions", json={"players": ["X", "Y", "Z"]}).get_json()["id"]
    assert client.post(f"/api/sessions/{alone}/rounds", json=TALON).status_code == 201
    return gid, other, alone


def test_groups_round_trip_into_an_empty_server(app, client, backed_up, fresh_app, tmp_path):
    gid, other, alone = backed_up
    before = {g: answer(client, g) for g in (gid, other)}
    stats = {g: client.get(f"/api/groups/{g}/stats").get_json() for g in (gid, other)}
    sessions, kept = state(client), stored(app)
    assert kept["seats"][alone] == (None, [])
    assert all(h[1] and h[2] for h in kept["groups"].values())  # owner key and recovery code
    assert kept["groups"][other][0] and not kept["groups"][gid][0]  # only `other` has a PIN
    path = tmp_path / "backup.json"
    result = run(app, "backup", str(path))
    assert result.exit_code == 0 and "Backed up 5 sessions" in result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "tongits-tracker-backup/2"
    assert sorted(g["token"] for g in data["groups"]) == sorted([gid, other])
    let_go(app)

    fresh_server = fresh_app()
    fresh = fresh_server.test_client()
    result = run(fresh_server, "restore", str(path))
    assert result.exit_code == 0, result.output
    assert "Restored 7, replaced 0, skipped 0." in result.output  # 2 groups, 5 sessions
    assert {g: answer(fresh, g) for g in (gid, other)} == before  # same links, same answers
    assert {g: fresh.get(f"/api/groups/{g}/stats").get_json() for g in (gid, other)} == stats
    assert state(fresh) == sessions
    assert stored(fresh_server) == kept  # the same hashes; each seat the same member
    assert fresh.get(f"/g/{gid}").status_code == 200
    # the PIN still guards the restored group, and its holder still gets in
    pay = {"from": "Fe", "to": "Eli", "amount": "10.00"}
    assert fresh.post(f"/api/groups/{other}/payments", json=pay).status_code == 403
    pin = {"X-Edit-Pin": "2468"}
    assert fresh.post(f"/api/groups/{other}/payments", json=pay, headers=pin).status_code == 201
    # a new session of the restored group seats its restored members
    played(fresh, gid, ["Ana", "Benjie", "Cris"], [TALON])

    result = run(fresh_server, "restore", str(path))  # everything is there: all skipped
    assert result.exit_code == 0 and "Restored 0, replaced 0, skipped 7." in result.output
    assert rows(fresh_server, Barkada) == 2 and rows(fresh_server, Member) == 7


def test_a_backup_made_before_groups_still_restores(app, client, backed_up, fresh_app, tmp_path):
    gid, _, alone = backed_up
    sessions = state(client)
    data = json.loads(run(app, "backup", "-").output)
    data["format"] = "tongits-tracker-backup/1"  # as the tracker wrote it before issue 11
    del data["groups"]
    for entry in data["sessions"]:
        entry.pop("group", None)
        entry.pop("seats", None)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    # over the same server with --replace: the sessions keep the group they are in here
    result = run(app, "restore", "--replace", str(path))
    assert result.exit_code == 0 and "Restored 0, replaced 5, skipped 0." in result.output
    assert len(client.get(f"/api/groups/{gid}").get_json()["sessions"]) == 3
    let_go(app)

    fresh_server = fresh_app()
    fresh = fresh_server.test_client()
    result = run(fresh_server, "restore", str(path))
    assert result.exit_code == 0 and "Restored 5, replaced 0, skipped 0." in result.output
    # the same sessions; the one of the group with a PIN is now on its own: no PIN guards it
    assert {t: v[:7] + v[8:] for t, v in state(fresh).items()} == {
        t: v[:7] + v[8:] for t, v in sessions.items()
    }
    assert [v[7] for v in sessions.values()].count(True) == 1
    assert [v[7] for v in state(fresh).values()].count(True) == 0
    assert rows(fresh_server, Barkada) == 0 and fresh.get(f"/api/groups/{gid}").status_code == 404
    assert fresh.get(f"/api/sessions/{alone}").status_code == 200


def broken(data: dict, how: str) -> dict:
    group = data["groups"][0]
    grouped = next(s for s in data["sessions"] if s.get("group") == group["token"])
    if how == "member":
        group["members"][1]["name"] = ""
    elif how == "same member":
        group["members"][2]["name"] = group["members"][0]["name"]
    elif how == "payment":
        group["payments"][0]["to"] = "Nobody"
    elif how == "amount":
        group["payments"][0]["amount"] = "-5"
    elif how == "token":
        group["token"] = "short"
    elif how == "same token":
        data["groups"][1]["token"] = group["token"]
    elif how == "seat":
        grouped["seats"][1] = "Stranger"
    elif how == "group":
        grouped["group"] = "x" * 32
    elif how == "groups":
        data["groups"] = {"a": 1}
    return data


@pytest.mark.parametrize(
    "how,message",
    [
        ("member", "groups[0].members[1]"),
        ("same member", "groups[0].members[2]"),
        ("payment", "groups[0].payments[0].to"),
        ("amount", "groups[0].payments[0].amount"),
        ("token", "groups[0].token: each group needs its token"),
        ("same token", "groups[1].token: the same token as groups[0]"),
        ("seat", ".seats: the three members at its seats"),
        ("group", ".group: the token of a group of this backup"),
        ("groups", "groups must be a list"),
    ],
)
def test_a_bad_group_refuses_the_backup_and_changes_nothing(
    app,
    client,
    backed_up,
    fresh_app,
    tmp_path,
    how,
    message,
):
    data = broken(json.loads(run(app, "backup", "-").output), how)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    let_go(app)
    other = fresh_app()
    result = other.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 2, result.output
    assert "Refused" in result.output and "nothing was changed" in result.output
    assert message in result.output
    assert state(other.test_client()) == {}  # not even the good sessions
    assert rows(other, Barkada) == rows(other, Member) == rows(other, Payment) == 0


def test_a_group_is_skipped_or_replaced_like_a_session(app, client, backed_up, tmp_path):
    gid = backed_up[0]
    path = tmp_path / "backup.json"
    assert run(app, "backup", str(path)).exit_code == 0
    before = answer(client, gid)
    # after the backup: a payment, and a new member who plays a session
    pay = {"from": "Ana", "to": "Benjie", "amount": "20.00"}
    assert client.post(f"/api/groups/{gid}/payments", json=pay).status_code == 201
    added = client.post(f"/api/groups/{gid}/members", json={"name": "Ely"})
    assert added.status_code == 201, added.get_json()
    late = played(client, gid, ["Ana", "Ely", "Cris"], [TALON])
    changed = answer(client, gid)

    result = run(app, "restore", str(path))
    assert result.exit_code == 0 and "skipped 7" in result.output
    assert f"skipped group {gid[:8]}" in result.output
    assert answer(client, gid) == changed  # a skipped group is left as it is

    result = run(app, "restore", "--replace", str(path))
    assert result.exit_code == 0 and "Restored 0, replaced 7, skipped 0." in result.output
    now = answer(client, gid)
    # the backup's payments only; Ely, whom the backup lacks, stays (marked as left) with the
    # session played after the backup, which --replace leaves as it is
    assert now["payments"] == before["payments"]
    assert now["members"] == [*before["members"], {"name": "Ely", "note": None, "left": True}]
    assert [s["id"] for s in now["sessions"]] == [s["id"] for s in changed["sessions"]]
    assert stored(app)["seats"][late] == (gid, ["Ana", "Ely", "Cris"])
