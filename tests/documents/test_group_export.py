"""A barkada's export and import: "tongits-tracker-group/1" with its members,
payments and each session's own export; imported as a new group whose balances, utang,
members and payments come out as they were; bad files refused saying where, nothing stored."""

from __future__ import annotations

import copy
import io
import json

from sqlalchemy import func, select

from tests.support.forms import csrf_token
from tests.support.group_api import a_played_group, group, make_group
from tests.support.pages import plain, text_of
from tracker.extensions import db
from tracker.models import Barkada, GameSession


def rows(app, model) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(model)).scalar_one()


def comparable(body: dict) -> dict:
    """What an import must keep: everything but ids, links and times of the group's answer."""
    return {
        "name": body["name"],
        "members": [(m["name"], m["note"], m["left"]) for m in body["members"]],
        "balances": body["balances"],
        "utang": body["utang"],
        "payments": [(p["from"], p["to"], p["amount"], p["paid_on"]) for p in body["payments"]],
        "sessions": [(s["players"], s["rounds"], s["settled"]) for s in body["sessions"]],
    }


def test_a_group_exported_and_imported_comes_back_with_the_same_balances(client, app):
    gid = a_played_group(client)
    export = client.get(f"/api/groups/{gid}/export").get_json()
    assert export["format"] == "tongits-tracker-group/1"
    assert [s["seats"] for s in export["sessions"]] == [
        ["Ana", "Benjie", "Cris"],
        ["Cris", "Ana", "Benjie"],
        ["Ana", "Benjie", "Cris"],
    ]
    assert export["sessions"][0]["session"]["format"] == "tongits-tracker/1"
    assert export["payments"] == [
        {"from": "Cris", "to": "Benjie", "amount": "50.00", "paid_on": "2026-11-27"}
    ]
    imported = client.post("/api/groups/import", json=export)
    assert imported.status_code == 201, imported.get_json()
    new = imported.get_json()
    assert new["id"] != gid and new["owner_key"] and new["recovery_code"]
    before, after = group(client, gid), group(client, new["id"])
    assert comparable(after) == comparable(before)
    # worked in test_groups_api: Ana -48, Benjie 143 - 50, Cris -95 + 50, Dan 0
    assert after["balances"] == {
        "Ana": "-48.00",
        "Benjie": "93.00",
        "Cris": "-45.00",
        "Dan": "0.00",
    }
    assert {s["id"] for s in after["sessions"]}.isdisjoint({s["id"] for s in before["sessions"]})
    # each session of the new group is a group session of the new group: Dan left, so not seated
    ok = client.post(
        "/api/sessions",
        json={"players": ["Ana", "Benjie", "Cris"], "group": new["id"]},
        headers={"X-Owner-Key": new["owner_key"]},
    )
    assert ok.status_code == 201


def test_a_bad_group_export_is_refused_saying_where_and_nothing_is_stored(client, app):
    gid = a_played_group(client)
    export = client.get(f"/api/groups/{gid}/export").get_json()
    groups, games = rows(app, Barkada), rows(app, GameSession)
    cases = []
    unseated = copy.deepcopy(export)
    unseated["sessions"][1]["seats"][2] = "Zed"
    cases.append((unseated, "sessions[1].seats", "names a member"))
    bad_round = copy.deepcopy(export)
    bad_round["sessions"][0]["session"]["rounds"][0]["hands"][0]["hand"] = ["ZZ"]
    cases.append((bad_round, "sessions[0].session.rounds[0]", ""))
    bad_payment = copy.deepcopy(export)
    bad_payment["payments"][0]["amount"] = "lots"
    cases.append((bad_payment, "payments[0].amount", "not an amount"))
    session_only = export["sessions"][0]["session"]
    cases.append((session_only, "format", "Import a session"))
    for body, where, message in cases:
        response = client.post("/api/groups/import", json=body)
        assert response.status_code == 422, (where, response.get_json())
        errors = response.get_json()["errors"]
        assert any(e["where"].startswith(where) and message in e["message"] for e in errors), errors
    assert (rows(app, Barkada), rows(app, GameSession)) == (groups, games)
    # a session's own export still imports as a session
    assert client.post("/api/sessions/import", json=session_only).status_code == 201


def test_the_group_page_exports_and_the_import_page_imports(client):
    gid = a_played_group(client)
    download = client.get(f"/g/{gid}/export.json")
    assert download.status_code == 200
    assert 'filename="barkada-friday-barkada.json"' in download.headers["Content-Disposition"]
    form_page = client.get("/g/import")
    token = csrf_token(text_of(form_page))
    empty = client.post("/g/import", data={"csrf_token": token, "text": ""})
    assert empty.status_code == 422 and "Nothing was imported" in plain(empty)
    done = client.post(
        "/g/import", data={"csrf_token": token, "text": download.get_data(as_text=True)}
    )
    assert done.status_code == 303
    new_id = done.headers["Location"].rsplit("/g/", 1)[1]
    assert comparable(group(client, new_id)) == comparable(group(client, gid))
    assert json.loads(download.get_data(as_text=True))["name"] == "Friday barkada"


def test_a_bad_group_file_names_the_file_to_choose_again_and_any_name_downloads(client, app):
    """The group import page shares the session import page's view: a refused upload keeps
    the form and says which file to choose again. A group named in any script exports under
    an ASCII file name (a header carries no more), never a server error."""
    token = csrf_token(text_of(client.get("/g/import")))
    groups = rows(app, Barkada)
    upload = (io.BytesIO(b'{"format": "tongits-tracker-group/1"}'), "biyernes.json")
    refused = client.post(
        "/g/import",
        data={"csrf_token": token, "file": upload},
        content_type="multipart/form-data",
    )
    assert refused.status_code == 422
    assert "(The file was biyernes.json: choose it again once it is fixed.)" in plain(refused)
    assert rows(app, Barkada) == groups
    gid = make_group(client, ["Ana", "Ben", "Cris"], name="麻雀 Ñoño's 7")["id"]
    download = client.get(f"/g/{gid}/export.json")
    assert download.status_code == 200
    assert 'filename="barkada-o-o-s-7.json"' in download.headers["Content-Disposition"]
