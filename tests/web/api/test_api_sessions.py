"""The JSON API: sessions, rounds, edit/delete recomputation, settle, and every bad input of §8."""

import copy
import json

import pytest

from tests.support.admin import ADMIN
from tests.support.records import BAD_ROUNDS, DRAW, PLAYERS, TALON, TONGITS


def get(client, token):
    response = client.get(f"/api/sessions/{token}")
    assert response.status_code == 200
    return response.get_json()


def test_create_session_gives_an_unguessable_link(client):
    response = client.post(
        "/api/sessions",
        json={"players": PLAYERS, "dealer": 1, "rules": {"preset": "pagat", "stake": "5"}},
    )
    assert response.status_code == 201
    body = response.get_json()
    assert len(body["id"]) >= 32  # 24 random bytes, base64url: 192 bits
    assert body["url"].endswith(f"/s/{body['id']}")
    assert body["players"] == PLAYERS and body["first_dealer"] == 1 and body["next_dealer"] == 1
    assert body["rules"]["preset"] == "pagat" and body["rules"]["stake"] == "5.00"
    assert body["rules"]["tongits_units"] == 3
    assert body["balances"] == {"Ana": "0.00", "Ben": "0.00", "Cris": "0.00"}
    assert body["settled"] is False and body["rounds"] == [] and body["settlement"] == []
    other = client.post("/api/sessions", json={"players": PLAYERS}).get_json()
    assert other["id"] != body["id"]


@pytest.mark.parametrize(
    "payload, where, message",
    [
        ({"players": ["Ana", "Ben"]}, "players", "exactly three players"),
        ({"players": ["Ana", "", "Cris"]}, "players[1]", "player 2 needs a name"),
        ({"players": ["Ana", "ana", "Cris"]}, "players[1]", "two players are called ana"),
        ({"players": PLAYERS, "dealer": 3}, "dealer", "seat 0, 1 or 2"),
        ({"players": PLAYERS, "rules": {"stake": "ten"}}, "rules.stake", "'ten' is not an amount"),
        (
            {"players": PLAYERS, "rules": {"draw_tie": "dealer"}},
            "rules.draw_tie",
            "draw_tie must be caller, challenger or push",
        ),
        ({"players": PLAYERS, "rules": {"bogus": 1}}, "rules.bogus", "unknown rule option"),
        ({"players": PLAYERS, "rules": {"preset": "vegas"}}, "rules.preset", "unknown preset"),
        ({"players": PLAYERS, "page_size": "a3"}, "page_size", "a4 or letter"),
    ],
)
def test_bad_session_is_refused_and_nothing_stored(client, payload, where, message):
    response = client.post("/api/sessions", json=payload)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["where"] == where and message in e["message"] for e in errors), errors
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []


def test_body_must_be_json(client, make_session):
    assert client.post("/api/sessions", data="players=Ana").status_code == 415
    response = client.post("/api/sessions", data="{nope", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["where"] == "body"


def test_a_body_in_utf16_or_utf32_is_refused_utf8_with_or_without_a_bom_is_read(client):
    body = json.dumps({"players": ["Ana", "Ben", "Cris"]})
    for encoding in ("utf-16", "utf-16-le", "utf-32"):
        sent = client.post(
            "/api/sessions", data=body.encode(encoding), content_type="application/json"
        )
        assert sent.status_code == 400, encoding
        assert sent.get_json()["errors"][0]["where"] == "body"
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []
    for encoding in ("utf-8", "utf-8-sig"):
        sent = client.post(
            "/api/sessions", data=body.encode(encoding), content_type="application/json"
        )
        assert sent.status_code == 201, encoding


def test_unknown_session_and_round_are_404_json(client, make_session):
    assert client.get("/api/sessions/nope").status_code == 404
    assert client.get("/api/sessions/nope").get_json()["errors"][0]["where"] == "id"
    token = make_session()
    assert client.put(f"/api/sessions/{token}/rounds/1", json=DRAW).status_code == 404
    assert client.delete(f"/api/sessions/{token}/rounds/1").status_code == 404
    assert client.get("/api/nothing-here").get_json()["errors"][0]["where"] == "url"


def test_add_round_returns_result_and_balances(client, make_session):
    token = make_session()
    response = client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    assert response.status_code == 201
    body = response.get_json()
    assert body["number"] == 1
    assert body["result"]["winner_name"] == "Ana"
    # Ben challenged and lost: (10 + 10) x 2; Cris sunog: 10 + 11
    assert body["balances"] == {"Ana": "61.00", "Ben": "-40.00", "Cris": "-21.00"}
    assert body["next_dealer"] == 1
    session = get(client, token)
    assert session["rounds"][0]["number"] == 1
    assert session["rounds"][0]["record"]["hands"][1]["challenged"] is True
    assert session["settlement"] == [
        {"from": "Ben", "to": "Ana", "amount": "40.00"},
        {"from": "Cris", "to": "Ana", "amount": "21.00"},
    ]


def test_cards_as_strings_are_stored_canonically(client, make_session):
    token = make_session()
    record = {
        "ending": "draw",
        "declarer": 0,
        "hands": [
            {"melds": ["7s 7d 7c"], "hand": "2c, 3d"},
            {
                "melds": [{"cards": "5♥ 6♥ 7♥ 8♥", "secret": False}],
                "hand": "KD",
                "challenged": True,
            },
            {"melds": [], "hand": "AS AD 9C"},
        ],
    }
    assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    stored = get(client, token)["rounds"][0]["record"]
    assert stored["hands"][0] == {"melds": [["7S", "7D", "7C"]], "hand": ["2C", "3D"]}
    assert stored["hands"][1]["melds"] == [["5H", "6H", "7H", "8H"]]
    assert get(client, token)["balances"]["Ana"] == "61.00"


@pytest.mark.parametrize(
    "name, record, where, message, field", BAD_ROUNDS, ids=[c[0] for c in BAD_ROUNDS]
)
def test_every_bad_round_of_rules_8_is_refused_by_the_api(
    client, make_session, name, record, where, message, field
):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=TALON)
    before = get(client, token)
    response = client.post(f"/api/sessions/{token}/rounds", json=record)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["where"] == where and message in e["message"] for e in errors), errors
    after = get(client, token)
    assert after == before  # nothing stored, revision unchanged


def test_session_keys_in_a_round_are_refused(client, make_session):
    token = make_session()
    response = client.post(
        f"/api/sessions/{token}/rounds", json={**DRAW, "players": PLAYERS, "pot": "5"}
    )
    assert response.status_code == 422
    assert {e["where"] for e in response.get_json()["errors"]} == {"players", "pot"}
    assert get(client, token)["rounds"] == []


def test_round_must_be_an_object(client, make_session):
    token = make_session()
    response = client.post(f"/api/sessions/{token}/rounds", json=[1, 2])
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["where"] == "round"


def test_edit_round_recomputes_everything_after_it(client, make_session):
    token = make_session()
    for record in (DRAW, TONGITS, TALON):
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    before = get(client, token)
    # round 1 becomes a talon round that Cris wins
    response = client.put(f"/api/sessions/{token}/rounds/1", json=TALON)
    assert response.status_code == 200
    after = get(client, token)
    assert after["rounds"][0]["result"]["winner_name"] == "Cris"
    assert after["rounds"][1]["record"] == before["rounds"][1]["record"]
    assert after["balances"] != before["balances"]
    # the balances are the sum of every round's nets, rebuilt from the rounds
    expected = {name: 0 for name in PLAYERS}
    for round_ in after["rounds"]:
        for player in round_["result"]["players"]:
            expected[player["name"]] += float(player["net"])
    assert {k: float(v) for k, v in after["balances"].items()} == expected
    assert after["revision"] == before["revision"] + 1


def test_edit_with_bad_input_changes_nothing(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    before = get(client, token)
    bad = copy.deepcopy(DRAW)
    bad["hands"][0]["melds"] = [["7S", "8H", "9S"]]
    response = client.put(f"/api/sessions/{token}/rounds/1", json=bad)
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["where"] == "hands[0].melds[0]"
    assert get(client, token) == before


def test_delete_round_renumbers_and_recomputes(client, make_session):
    token = make_session()
    for record in (DRAW, TONGITS, TALON):
        client.post(f"/api/sessions/{token}/rounds", json=record)
    response = client.delete(f"/api/sessions/{token}/rounds/1")
    assert response.status_code == 200
    after = get(client, token)
    assert [r["number"] for r in after["rounds"]] == [1, 2]
    assert [r["result"]["winner_name"] for r in after["rounds"]] == ["Ben", "Cris"]
    # Ben's tongits is now round 1: Ana pays the stake + her deadwood 2+3+4
    assert after["rounds"][0]["result"]["payments"][0]["amount"] == "19.00"
    # who dealt is stored with each round: deleting round 1 does not rewrite the later deals
    assert [r["record"]["dealer"] for r in after["rounds"]] == [1, 2]
    assert after["next_dealer"] == 0


def test_pot_and_next_dealer_follow_the_session(client, make_session):
    token = make_session(rules={"pot_ante_units": 1})
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    session = get(client, token)
    assert session["pot"] == "0.00"  # Ana took the antes of her own round
    void = {
        "ending": "talon",
        "hands": [
            {"melds": [], "hand": ["2C"]},
            {"melds": [], "hand": ["3C"]},
            {"melds": [], "hand": ["4C"]},
        ],
    }
    client.post(f"/api/sessions/{token}/rounds", json=void)
    session = get(client, token)
    assert session["pot"] == "60.00"  # antes 3 x 10 + void stakes 3 x 10
    assert session["rounds"][1]["result"]["void"] is True
    client.post(f"/api/sessions/{token}/settle")
    settled = get(client, token)
    assert settled["settled"] is True
    # round 1: Ana +61 +30 pot -10 ante; Ben -40 -10; Cris -21 -10. The unclaimed pot of the
    # void round goes back in the shares paid in (20 each), so it cancels out.
    assert settled["balances"] == {"Ana": "61.00", "Ben": "-70.00", "Cris": "-51.00"}
    assert settled["settlement"] == [
        {"from": "Ben", "to": "Ana", "amount": "50.00"},
        {"from": "Cris", "to": "Ana", "amount": "31.00"},
    ]


def test_settle_closes_and_reopen_opens(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    response = client.post(f"/api/sessions/{token}/settle")
    assert response.status_code == 200 and response.get_json()["settled"] is True
    refused = client.post(f"/api/sessions/{token}/rounds", json=TALON)
    assert refused.status_code == 409
    assert "settled" in refused.get_json()["errors"][0]["message"]
    assert client.put(f"/api/sessions/{token}/rounds/1", json=TALON).status_code == 409
    assert client.delete(f"/api/sessions/{token}/rounds/1").status_code == 409
    assert len(get(client, token)["rounds"]) == 1
    assert client.post(f"/api/sessions/{token}/reopen").get_json()["settled"] is False
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201


def test_check_scores_without_storing(client, make_session):
    token = make_session()
    response = client.post(f"/api/sessions/{token}/rounds/check", json=DRAW)
    assert response.status_code == 200
    assert response.get_json()["result"]["winner_name"] == "Ana"
    assert get(client, token)["rounds"] == []


def test_get_round_and_revision(client, make_session):
    token = make_session()
    first = client.get(f"/api/sessions/{token}/revision").get_json()
    assert first["settled"] is False
    client.post(f"/api/sessions/{token}/rounds", json=TONGITS)
    assert (
        client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
        == first["revision"] + 1
    )
    body = client.get(f"/api/sessions/{token}/rounds/1").get_json()
    assert body["number"] == 1 and body["result"]["winner_name"] == "Ben"
    assert client.get(f"/api/sessions/{token}/rounds/2").status_code == 404


def test_list_sessions_most_recent_first(client, make_session):
    first = make_session(players=["A", "B", "C"])
    second = make_session(players=["D", "E", "F"])
    client.post(f"/api/sessions/{first}/rounds", json=DRAW)
    sessions = client.get("/api/sessions", headers=ADMIN).get_json()["sessions"]
    assert [s["id"] for s in sessions] == [first, second]  # first was changed last
    assert sessions[0]["rounds"] == 1 and sessions[1]["rounds"] == 0
