"""`flask sessions prune` leaves a barkada's sessions: they are the group's history,
and its balances and utang add them up; a session on its own idle as long is deleted."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from tests.support.cli import run
from tests.support.group_api import group, make_group, played
from tests.support.records import TONGITS
from tracker.extensions import db
from tracker.models import utcnow


def test_prune_leaves_a_groups_idle_sessions(app, client):
    gid = make_group(client)["id"]
    kept = played(client, gid, ["Ana", "Ben", "Cris"], [TONGITS])
    alone = client.post("/api/sessions", json={"players": ["Eve", "Fe", "Gil"]}).get_json()["id"]
    with app.app_context():
        db.session.execute(
            sa.text("UPDATE game_session SET updated_at = :t"),
            {"t": utcnow() - timedelta(days=40)},
        )
        db.session.commit()
    done = run(app, "sessions", "prune", "--idle-days", "30").output
    assert f"deleted {alone}" in done and kept not in done
    assert client.get(f"/s/{kept}").status_code == 200
    assert group(client, gid)["balances"]["Ben"] == "84.00"  # Ben's Tongits, still counted
