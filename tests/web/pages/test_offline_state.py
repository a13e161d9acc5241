"""What a phone keeps of a session to judge offline (GET /s/<id>/offline.json): its `state` is
what the engine's `judge` takes, and `judge` then says of the next round exactly what the
server's own check says, whatever the house rules, round after round."""

from __future__ import annotations

import copy
import json
import random

import pytest

from tests.support.records import BAD_ROUNDS, DRAW, PLAYERS
from tests.support.rounds_factory import random_round
from tracker import core
from tracker.engine import Rules, read_rules, replay
from tracker.engine.judge import judge

HOUSE_RULES = {
    "classic": {},
    "pagat": {"preset": "pagat"},
    "jokers, kang, secret runs": {
        "jokers": 2,
        "kang_multiplier": 2,
        "no_discard_multiplier": 2,
        "secret_runs": True,
    },
    "progressive, a pot, the winner deals": {
        "progressive": True,
        "pot_ante_units": 1,
        "next_dealer": "winner",
    },
}


def kept(client, token) -> dict:
    answer = client.get(f"/s/{token}/offline.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.get_json()


def server_check(app, token, record):
    with app.app_context():
        return core.check_round(core.get_session(token), copy.deepcopy(record))


def next_round(state: dict, rules: dict, rng: random.Random, turn: int) -> dict | None:
    """A random next round for the kept state (None once a progressive session has ended)."""
    game_rules = read_rules(state["rules"], [])
    assert game_rules == Rules.from_dict(rules)  # the options read back as the same rules
    ledger = replay(PLAYERS, game_rules, 1, state["records"])
    if ledger.ended:  # at its loss limit: no more rounds
        return None
    record = random_round(rng, game_rules, ledger.next_dealer)
    if turn % 2:
        del record["dealer"]  # unsaid: the next dealer, on the phone as on the server
    return record


@pytest.mark.parametrize("rules", HOUSE_RULES.values(), ids=list(HOUSE_RULES))
def test_judge_on_the_kept_state_says_what_the_server_check_says(app, client, make_session, rules):
    token = make_session(rules=rules, dealer=1)
    rng = random.Random(len(str(rules)))
    for turn in range(5):
        snapshot = kept(client, token)
        state = snapshot["state"]
        assert (state["players"], state["first_dealer"]) == (PLAYERS, 1)
        assert snapshot["next_number"] == len(state["records"]) + 1 == turn + 1
        if (record := next_round(state, rules, rng, turn)) is None:
            break
        offline = json.loads(judge(json.dumps(state), json.dumps(record)))
        checked = server_check(app, token, record)
        assert offline == {
            "number": snapshot["next_number"],
            "result": checked.result.to_dict(),
            "ledger": checked.ledger.to_dict(),
        }
        save_as_judged(client, token, record, snapshot["revision"], checked.number)


def save_as_judged(client, token, record, revision, number) -> None:
    """The round saved as the phone saves it, with the revision it judged at: as judged."""
    headers = {"Seen-Revision": str(revision)}
    saved = client.post(f"/api/sessions/{token}/rounds", json=record, headers=headers)
    assert saved.status_code == 201
    now = kept(client, token)["revision"]
    assert (saved.get_json()["number"], saved.get_json()["revision"]) == (number, now)


@pytest.mark.parametrize("name, record", [(case[0], case[1]) for case in BAD_ROUNDS[:6]])
def test_judge_refuses_what_the_server_refuses(app, client, make_session, name, record):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    state = kept(client, token)["state"]
    problems = json.loads(judge(json.dumps(state), json.dumps(record)))["problems"]
    with pytest.raises(core.InputError) as refused:
        server_check(app, token, record)
    assert problems == [p.to_dict() for p in refused.value.problems], name


def test_the_kept_session_names_its_revision_unit_and_where_to_save(client, make_session):
    token = make_session(rules={"progressive": True})
    first = kept(client, token)
    named = {key: first[key] for key in ("token", "settled", "unit", "api", "next_number")}
    assert named == {
        "token": token,
        "settled": False,
        "unit": "pts",
        "api": f"/api/sessions/{token}/rounds",
        "next_number": 1,
    }
    assert first["state"]["records"] == []
    assert kept(client, make_session())["unit"] == "₱"


def test_the_kept_session_follows_its_rounds_and_its_settle(client, make_session):
    token = make_session()
    before = kept(client, token)["revision"]
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    after = kept(client, token)
    stored = client.get(f"/api/sessions/{token}").get_json()
    assert after["revision"] == stored["revision"] > before
    assert after["state"]["records"] == [r["record"] for r in stored["rounds"]]
    assert after["next_number"] == 2
    assert client.post(f"/api/sessions/{token}/settle").status_code == 200
    assert kept(client, token)["settled"] is True


def test_an_unknown_session_is_not_found(client):
    assert client.get("/s/no-such-session/offline.json").status_code == 404


@pytest.mark.parametrize("rules", list(HOUSE_RULES.values()), ids=list(HOUSE_RULES))
def test_the_kept_ledger_is_the_engines_after_the_kept_rounds(client, make_session, rules):
    """What the phone's pages show offline before a round of their own waits: the next
    dealer, the pot and the balances, as the engine gives them after the kept records."""
    token = make_session(rules=rules, dealer=2)
    rng = random.Random(7)
    for turn in range(6):
        state = kept(client, token)
        record = next_round(state["state"], rules, rng, turn)
        if record is None:
            break
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
        state = kept(client, token)["state"]
        replayed = replay(PLAYERS, read_rules(state["rules"], []), 2, state["records"])
        expected = json.loads(json.dumps(replayed.to_dict()))
        assert kept(client, token)["ledger"] == expected
