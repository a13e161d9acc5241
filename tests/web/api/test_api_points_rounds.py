"""Points-only rounds through the API on a real database (both, docs/decisions/0030): numbers
no deal can make refused with a 422 at their place and nothing stored (a new round, a check,
an edit, an import), and a points round's own `id` (docs/API.md): two rounds with the same
numbers are two rounds, the same round sent twice is saved once."""

from __future__ import annotations

import pytest

from tracker.extensions import db
from tracker.models import GameSession, Round

RULES = {"points_rounds": True, "ace_bonus_units": 1, "secret_bonus_units": 3}
ROUND = {
    "ending": "talon",
    "last_drawer": 0,
    "points": [{"deadwood": 3}, {"deadwood": 9}, {"deadwood": 20, "sunog": True}],
}
ACES = {**ROUND, "points": [{"deadwood": 3, "aces": 4}] * 3}
SECRETS = {
    **ROUND,
    "points": [{"deadwood": 3}, {"deadwood": 130, "secret_melds": 4}, ROUND["points"][2]],
}
NOT_SUNOG = {**ROUND, "points": [{"deadwood": 3}, {"deadwood": 120}, {"deadwood": 20}]}
WIDE = {**ROUND, "points": [{"deadwood": 130, "sunog": True}] * 3}


def rounds_url(token: str) -> str:
    return f"/api/sessions/{token}/rounds"


def state(client, token) -> tuple:
    """What a refusal must leave as it was: the rounds, the balances, the revision."""
    session = client.get(f"/api/sessions/{token}").get_json()
    return session["rounds"], session["balances"], session["revision"]


def wheres(answer) -> list[str]:
    return [error["where"] for error in answer.get_json()["errors"]]


@pytest.mark.parametrize(
    "record, where, said",
    [
        (ACES, ["points[1].aces", "points[2].aces"], "a deck holds 4 aces"),
        (SECRETS, ["points[1].secret_melds"], "4 secret melds take 16 cards at least"),
        (NOT_SUNOG, ["points[1].deadwood"], "Ben is not sunog, so has a meld on the table"),
        (WIDE, ["points"], "the three players' deadwood adds up to 390"),
    ],
    ids=["aces", "secret-melds", "not-sunog", "table"],
)
def test_numbers_no_deal_can_make_are_refused_at_their_place(
    client, make_session, record, where, said
):
    token = make_session(rules={**RULES, "all_sunog": "lowest_wins"})
    client.post(rounds_url(token), json=ROUND)
    before = state(client, token)
    for url in (rounds_url(token), f"{rounds_url(token)}/check"):
        answer = client.post(url, json=record, headers={"Idempotency-Key": "k-bad"})
        assert answer.status_code == 422, answer.get_json()
        assert wheres(answer) == where
        assert said in answer.get_json()["errors"][0]["message"]
    assert state(client, token) == before  # nothing stored
    fixed = client.post(rounds_url(token), json=ROUND, headers={"Idempotency-Key": "k-bad"})
    assert fixed.status_code == 201  # the key of a refused round stays free


def test_an_edit_to_impossible_numbers_is_refused_and_the_round_kept(client, make_session):
    token = make_session(rules=RULES)
    client.post(rounds_url(token), json=ROUND)
    before = state(client, token)
    answer = client.put(f"{rounds_url(token)}/1", json=ACES)
    assert answer.status_code == 422 and wheres(answer) == ["points[1].aces", "points[2].aces"]
    assert state(client, token) == before


def test_an_import_with_impossible_numbers_is_refused_at_the_round(client, make_session):
    token = make_session(rules=RULES)
    client.post(rounds_url(token), json=ROUND)
    export = client.get(f"/s/{token}/export.json").get_json()
    export.pop("check", None)
    export["rounds"][0]["points"][1]["aces"] = 4
    export["rounds"][0]["points"][2]["aces"] = 4
    export["rounds"][0]["points"][0]["aces"] = 4
    answer = client.post("/api/sessions/import", json=export)
    assert answer.status_code == 422, answer.get_json()
    assert wheres(answer) == ["rounds[0].points[1].aces", "rounds[0].points[2].aces"]


def post(client, token, record, seen, key=None):
    headers = {"Seen-Revision": str(seen)}
    if key:
        headers["Idempotency-Key"] = key
    return client.post(rounds_url(token), json=record, headers=headers)


def test_two_points_rounds_with_the_same_numbers_are_two_rounds(client, make_session):
    """Two phones began a round each at the same revision; the rounds' numbers happen to be
    the same. The second is not 'already saved': rounds were saved since, so the table looks
    at it again (409), then it is saved."""
    token = make_session(rules=RULES)
    seen = client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
    first = post(client, token, {**ROUND, "id": "phone-a-1"}, seen)
    assert first.status_code == 201
    second = post(client, token, {**ROUND, "id": "phone-b-1"}, seen)
    assert second.status_code == 409, second.get_json()
    assert "already_saved" not in second.get_json()
    newer = second.get_json()["revision"]
    saved = post(client, token, {**ROUND, "id": "phone-b-1"}, newer)
    assert saved.status_code == 201 and saved.get_json()["number"] == 2
    rounds = client.get(f"/api/sessions/{token}").get_json()["rounds"]
    assert len(rounds) == 2
    stored = [client.get(f"{rounds_url(token)}/{n}").get_json()["record"] for n in (1, 2)]
    assert [record["id"] for record in stored] == ["phone-a-1", "phone-b-1"]


def test_the_same_points_round_sent_twice_is_saved_once(client, make_session):
    """A retry: the same id (another key, or none), at the revision it was begun at."""
    token = make_session(rules=RULES)
    seen = client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
    record = {**ROUND, "id": "3f9a0c2e-1b7d-4c1e-9a55-0d7d1c2b9e11"}
    first = post(client, token, record, seen, key="try-1")
    assert first.status_code == 201
    for key in ("try-2", None):
        again = post(client, token, record, seen, key=key)
        assert again.status_code == 200, again.get_json()
        assert again.get_json()["already_saved"] is True and again.get_json()["number"] == 1
    replayed = post(client, token, record, seen, key="try-1")
    assert replayed.status_code == 201 and replayed.get_json() == first.get_json()
    assert len(client.get(f"/api/sessions/{token}").get_json()["rounds"]) == 1


def test_rounds_without_an_id_are_known_by_their_numbers_as_before(client, make_session):
    token = make_session(rules=RULES)
    seen = client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
    assert post(client, token, ROUND, seen).status_code == 201
    again = post(client, token, ROUND, seen)
    assert again.status_code == 200 and again.get_json()["already_saved"] is True


def test_the_id_is_exported_and_imported(client, make_session):
    token = make_session(rules=RULES)
    client.post(rounds_url(token), json={**ROUND, "id": "r-1"})
    client.post(rounds_url(token), json=ROUND)
    export = client.get(f"/s/{token}/export.json").get_json()
    assert [record.get("id") for record in export["rounds"]] == ["r-1", None]
    imported = client.post("/api/sessions/import", json=export)
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()["id"]
    assert client.get(f"{rounds_url(copy)}/1").get_json()["record"]["id"] == "r-1"


def test_an_id_that_is_no_id_is_refused(client, make_session):
    token = make_session(rules=RULES)
    answer = client.post(rounds_url(token), json={**ROUND, "id": "two words"})
    assert answer.status_code == 422 and wheres(answer) == ["id"]
    cards = {
        "ending": "talon",
        "last_drawer": 0,
        "id": "k",
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": ["2C"]},
            {"melds": [["8S", "8D", "8C"]], "hand": ["3C"]},
            {"melds": [], "hand": ["4C"]},
        ],
    }
    answer = client.post(rounds_url(token), json=cards)
    assert answer.status_code == 422 and wheres(answer) == ["id"]
    assert client.get(f"/api/sessions/{token}").get_json()["rounds"] == []


def test_a_round_saved_before_the_checks_still_reads_and_pays(
    app, second_worker, client, make_session
):
    """A session holding an impossible round saved before these checks (written straight
    into the database here) is still read by a worker and pays what it paid; a new round
    after it is taken; the round itself, edited, is checked as new."""
    token = make_session(rules=RULES)
    client.post(rounds_url(token), json=ROUND)
    with app.app_context():
        game = db.session.query(GameSession).filter_by(token=token).one()
        saved = db.session.query(Round).filter_by(session_id=game.id, number=1).one()
        saved.record = {**saved.record, "points": [{"deadwood": 0, "aces": 4}] * 3}
        db.session.commit()
        db.session.remove()
    other = second_worker.test_client()  # its own memo: the rounds replayed from the database
    session = other.get(f"/api/sessions/{token}").get_json()
    # Ana, the last drawer, wins the tie at 0: ₱10 stake + 4 aces × ₱10 from each, as paid
    assert session["balances"] == {"Ana": "100.00", "Ben": "-50.00", "Cris": "-50.00"}
    assert other.get(f"/s/{token}").status_code == 200
    assert other.post(rounds_url(token), json=ROUND).status_code == 201
    edit = other.put(
        f"{rounds_url(token)}/1", json={**ROUND, "points": [{"deadwood": 0, "aces": 4}] * 3}
    )
    assert edit.status_code == 422 and wheres(edit) == ["points[1].aces", "points[2].aces"]
