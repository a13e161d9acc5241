"""A group's export is taken back by the import at the size the import accepts: the export is
compact JSON, under half the size of the indented one, and a group's import takes up to 48 MiB
(a thousand nights of forty rounds played export about 37 MiB with their history), more than a
session's 16 MiB. A session exported and imported again does not carry its rounds once more
each time. Here the limits are made small and the group fitted to them."""

from __future__ import annotations

import json

from tests.support.rounds_factory import random_session
from tracker.core import history
from tracker.core.barkada.group_store import get_group, group_sessions

SESSIONS = 12


def group_export(sessions: int) -> dict:
    exports = [random_session(seed=seed, rounds=40) for seed in range(sessions)]
    return {
        "format": "tongits-tracker-group/1",
        "name": "Biyernes",
        "created": exports[0]["created"],
        "members": [{"name": name, "note": None, "left": False} for name in ("Ana", "Ben", "Cris")],
        "sessions": [{"seats": ["Ana", "Ben", "Cris"], "session": e} for e in exports],
        "payments": [],
    }


def test_a_group_export_at_the_import_limit_is_imported_again(client, app):
    made = client.post("/api/groups/import", json=group_export(SESSIONS))
    assert made.status_code == 201, made.get_json()
    exported = client.get(f"/api/groups/{made.get_json()['id']}/export")
    body = exported.get_data()
    indented = json.dumps(json.loads(body), ensure_ascii=False, indent=1).encode()
    assert len(body) < 0.6 * len(indented)
    app.config["GROUP_IMPORT_MAX_BYTES"] = len(body) + 1  # the indented export would not fit
    app.config["IMPORT_MAX_BYTES"] = len(body) // 2  # a session's limit: the group's is its own
    assert len(indented) > app.config["GROUP_IMPORT_MAX_BYTES"]
    again = client.post(
        "/api/groups/import", data=body, headers={"Content-Type": "application/json"}
    )
    assert again.status_code == 201, again.get_data(as_text=True)[:300]
    back = client.get(f"/api/groups/{again.get_json()['id']}/export").get_json()
    first = json.loads(body)
    assert len(back["sessions"]) == SESSIONS
    assert [s["session"]["rounds"] for s in back["sessions"]] == [
        s["session"]["rounds"] for s in first["sessions"]
    ]
    too_big = client.post(
        "/api/groups/import", data=indented, headers={"Content-Type": "application/json"}
    )
    assert too_big.status_code == 413


def test_a_group_exported_and_imported_again_and_again_keeps_its_size(client, app):
    made = client.post("/api/groups/import", json=group_export(3))
    assert made.status_code == 201, made.get_json()
    token, sizes = made.get_json()["id"], []
    for _ in range(3):
        body = client.get(f"/api/groups/{token}/export").get_data()
        sizes.append(len(body))
        again = client.post(
            "/api/groups/import", data=body, headers={"Content-Type": "application/json"}
        )
        assert again.status_code == 201, again.get_data(as_text=True)[:300]
        token = again.get_json()["id"]
    rounds = len(json.dumps(group_export(3)["sessions"][0]["session"]["rounds"]))
    assert sizes[2] - sizes[1] < rounds / 4, sizes  # a few events more, not every round again
    assert sizes[1] - sizes[0] < rounds / 4, sizes
    with app.app_context():
        games = [game for game, _ in group_sessions(get_group(token))]
        assert len(games) == 3
        for game in games:
            events = history.all_events(game)
            assert history.replayed_records(events) == game.records()
            assert [e.kind for e in events].count("imported") == 4
            assert [e.after is None for e in events if e.kind == "imported"] == [
                False,
                True,
                True,
                True,
            ]
