"""A group's export is taken back by the import at the size the import accepts: the export is
compact JSON, under half the size of the indented one that, for 1,000 sessions of 40 rounds,
was 23.8 MB against the 16 MB limit. Here the limit is made small and the group fitted to it."""

from __future__ import annotations

import json

from tests.support.rounds_factory import random_session

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
    app.config["IMPORT_MAX_BYTES"] = len(body) + 1  # the old indented export would not fit
    assert len(indented) > app.config["IMPORT_MAX_BYTES"]
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
