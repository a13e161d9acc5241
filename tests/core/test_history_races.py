"""Two workers changing one session at the same moment: whatever order the database settles
them in, the history written in each change's transaction replays to exactly the stored
rounds (an event is never left by a change that lost, and never missing for one that won)."""

from __future__ import annotations

import threading

from tests.support.records import DRAW, TALON, TONGITS
from tracker.core import get_session, history


def _replays_to_the_stored_rounds(app, token) -> list[str]:
    with app.app_context():
        game = get_session(token)
        events = history.all_events(game)
        assert history.replayed_records(events) == [r.record for r in game.rounds]
        return [event.kind for event in events]


def _race(*calls) -> list[int]:
    start = threading.Barrier(len(calls))
    answers: list[int] = []

    def run(call):
        start.wait()
        answers.append(call().status_code)

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return sorted(answers)


def test_an_edit_racing_a_delete_on_two_workers_leaves_a_history_that_replays(
    app, second_worker, make_session, client
):
    for attempt in range(4):
        token = make_session()
        for record in (DRAW, TALON, TONGITS):
            client.post(f"/api/sessions/{token}/rounds", json=record)
        version = client.get(f"/api/sessions/{token}/rounds/2").get_json()["version"]
        ana, ben = app.test_client(), second_worker.test_client()
        url = f"/api/sessions/{token}/rounds/2"
        guarded = {"If-Match": str(version)} if attempt % 2 else {}
        statuses = _race(
            lambda: ana.put(url, json=DRAW, headers=guarded),  # noqa: B023
            lambda: ben.delete(url, headers=guarded),  # noqa: B023
        )
        kinds = _replays_to_the_stored_rounds(app, token)
        won = [kind for kind in kinds if kind in ("round_edited", "round_deleted")]
        if guarded:  # one of them changed version 2: the other is refused and records nothing
            assert statuses == [200, 409], statuses
            assert len(won) == 1
        else:  # both land, in the order the database took them
            assert statuses == [200, 200], statuses
            assert sorted(won) == ["round_deleted", "round_edited"]


def test_saves_edits_deletes_and_restores_from_two_workers_replay(
    app, second_worker, make_session, client
):
    token = make_session()
    for record in (DRAW, TALON, TONGITS, DRAW):
        client.post(f"/api/sessions/{token}/rounds", json=record)
    ana, ben = app.test_client(), second_worker.test_client()
    base = f"/api/sessions/{token}"
    _race(
        lambda: ana.post(f"{base}/rounds", json=TALON),
        lambda: ben.delete(f"{base}/rounds/1"),
        lambda: ana.put(f"{base}/rounds/2", json=TONGITS),
    )
    _race(
        lambda: ben.post(f"{base}/rounds/1/restore"),
        lambda: ana.post(f"{base}/rounds", json=DRAW),
    )
    _replays_to_the_stored_rounds(app, token)
