"""A big group's balances derived cold (a worker that has not replayed its sessions yet) are
heavy work: while another heavy request holds the machine, that group's page and JSON are a
503 with Retry-After at once instead of a thread replaying for seconds; a worker that knows the
balances already, a small group and every other page still answer. Here "big" is made small
(GROUP_COLD_ROUNDS) so that a few sessions are past it."""

from __future__ import annotations

from tests.support.rounds_factory import random_session
from tests.trust.test_bounded_requests import another_worker_busy

MEMBERS = ["Ana", "Ben", "Cris"]


def group_export(sessions: int, rounds: int) -> dict:
    entries = [
        {"seats": MEMBERS, "session": random_session(seed, rounds, MEMBERS, settled=True)}
        for seed in range(sessions)
    ]
    return {
        "format": "tongits-tracker-group/1",
        "name": "Biyernes",
        "members": [{"name": name} for name in MEMBERS],
        "sessions": entries,
        "payments": [],
    }


def imported(client, sessions: int, rounds: int) -> str:
    made = client.post("/api/groups/import", json=group_export(sessions, rounds))
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"]


def test_a_cold_big_group_waits_its_turn_and_a_warm_one_does_not(client, second_worker):
    token = imported(client, sessions=4, rounds=6)  # 24 rounds to replay cold
    second_worker.config["GROUP_COLD_ROUNDS"] = 20
    cold = second_worker.test_client()
    with another_worker_busy(second_worker):
        page = cold.get(f"/g/{token}")
        assert page.status_code == 503
        assert page.headers["Retry-After"] == "5"
        assert "busy with another big request" in page.get_data(as_text=True)
        answer = cold.get(f"/api/groups/{token}")
        assert answer.status_code == 503
        assert answer.get_json()["errors"][0]["where"] == "server"
        assert cold.get("/").status_code == 200  # every other page goes on
        warm = client.get(f"/api/groups/{token}")  # the worker that imported knows them
        assert warm.status_code == 200
    again = cold.get(f"/api/groups/{token}")
    assert again.status_code == 200
    assert again.get_json()["balances"] == warm.get_json()["balances"]
    assert sum(float(v) for v in again.get_json()["balances"].values()) == 0
    with another_worker_busy(second_worker):  # now known here too: no replay, no lock
        assert cold.get(f"/g/{token}").status_code == 200


def test_a_small_group_is_derived_cold_even_while_the_machine_is_busy(client, second_worker):
    token = imported(client, sessions=3, rounds=6)  # 18 rounds: under the bound
    second_worker.config["GROUP_COLD_ROUNDS"] = 20
    with another_worker_busy(second_worker):
        answer = second_worker.test_client().get(f"/api/groups/{token}")
    assert answer.status_code == 200
    assert (
        answer.get_json()["balances"] == client.get(f"/api/groups/{token}").get_json()["balances"]
    )
