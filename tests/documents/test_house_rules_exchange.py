"""Issue 13 through the web app: the other tables' house rules (docs/rules.md §7) in the API, the
JSON export and import (an old export without them still imports), the CSV, the session page
and the summary PDF. Sessions are built through the API; the PDF is read back with pypdf."""

from __future__ import annotations

import copy
import csv
import io
import json

from tests.support.documents import page_text, pdf_text, session
from tests.support.records import PLAYERS, hand
from tests.support.rounds_factory import known_session
from tracker.engine import Rules

OPTIONS = {
    "draw_tie": "push",
    "talon_tie": "before_last_drawer",
    "all_sunog": "lowest_wins",
    "secret_runs": True,
    "challenged_draw_pays": "all_losers",
    "no_discard_multiplier": 2,
}
# Stake ₱10, ₱1 a point. Round 1: Ana calls with 5 (2C 3D), Ben has 5 (4C AC), Cris 10: a push.
PUSH = {
    "ending": "draw",
    "declarer": 0,
    "hands": [
        hand([["7S", "7D", "7C"]], ["2C", "3D"]),
        hand([["9S", "9H", "9D"]], ["4C", "AC"]),
        hand([["JS", "QS", "KS"]], ["10C"]),
    ],
}
# Round 2: Ana goes Tongits without a discard (×2): Ben (KD, 10) pays (10 + 10) × 2 = 40,
# Cris (sunog, AS AD 9C = 11) pays (10 + 11) × 2 = 42.
CLEAN = {
    "ending": "tongits",
    "declarer": 0,
    "hands": [
        hand([["KS", "KH", "KC"]], [], no_discard=True),
        hand([["5H", "6H", "7H", "8H"]], ["KD"]),
        hand([], ["AS", "AD", "9C"]),
    ],
}
# Round 3: talon out, Ana 5 (4C AC) and Cris 5 (2S 3S) tie, Ben (10) drew the last card:
# before Ben in turn is Ana: Ben pays 10 + 10 = 20, Cris 10 + 5 = 15.
TIE = {
    "ending": "talon",
    "declarer": None,
    "last_drawer": 1,
    "hands": [
        hand([["9S", "9H", "9D"]], ["4C", "AC"]),
        hand([["5H", "6H", "7H", "8H"]], ["KD"]),
        hand([["JH", "QH", "KH"]], ["2S", "3S"]),
    ],
}
# Ana +82 + 35 = 117; Ben -40 - 20 = -60; Cris -42 - 15 = -57
BALANCES = {"Ana": "117.00", "Ben": "-60.00", "Cris": "-57.00"}


def with_options(client) -> str:
    body = {"players": PLAYERS, "dealer": 0, "rules": OPTIONS}
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    token = response.get_json()["id"]
    for record in (PUSH, CLEAN, TIE):
        response = client.post(f"/api/sessions/{token}/rounds", json=record)
        assert response.status_code == 201, response.get_json()
    return token


def test_the_options_by_the_api(client):
    token = with_options(client)
    data = session(client, token)
    assert {key: data["rules"][key] for key in OPTIONS} == OPTIONS
    assert data["balances"] == BALANCES
    push = data["rounds"][0]["result"]
    assert (push["push"], push["void"], push["winner"], push["payments"]) == (
        True,
        False,
        None,
        [],
    )
    assert push["verdict"][-1] == "Ana and Ben tie at 5: a push, nobody pays."
    clean = data["rounds"][1]
    assert clean["record"]["hands"][0]["no_discard"] is True
    assert [p["amount"] for p in clean["result"]["payments"]] == ["40.00", "42.00"]


def test_a_no_discard_refused_by_the_api_stores_nothing(client):
    token = with_options(client)
    bad = copy.deepcopy(CLEAN)
    bad["hands"][1]["no_discard"] = True
    response = client.post(f"/api/sessions/{token}/rounds", json=bad)
    assert response.status_code == 422
    assert {
        "where": "hands[1].no_discard",
        "message": "no discard counts only for the player who won by Tongits, not Ben",
    } in response.get_json()["errors"]
    assert session(client, token)["round_count"] == 3


def test_export_and_import_keep_the_options_and_the_flag(client):
    token = with_options(client)
    export = json.loads(client.get(f"/api/sessions/{token}/export").data)
    assert {key: export["rules"][key] for key in OPTIONS} == OPTIONS
    assert export["rounds"][1]["hands"][0]["no_discard"] is True
    assert "no_discard" not in export["rounds"][1]["hands"][1]  # written only when set
    response = client.post("/api/sessions/import", json=export)
    assert response.status_code == 201, response.get_json()
    after = session(client, response.get_json()["id"])
    assert after["rules"] == session(client, token)["rules"]
    assert after["balances"] == BALANCES


def test_an_old_export_without_the_options_still_imports(client):
    old = known_session()  # balances worked by hand in its docstring: +122, -78, -44
    for key in OPTIONS:
        del old["rules"][key]
    response = client.post("/api/sessions/import", json=old)
    assert response.status_code == 201, response.get_json()
    after = session(client, response.get_json()["id"])
    assert after["rules"] == Rules().to_dict()
    assert after["balances"] == {"Ana": "122.00", "Ben": "-78.00", "Cris": "-44.00"}


def test_csv_page_and_summary_tell_the_push_and_the_options(client):
    token = with_options(client)
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/s/{token}/export.csv").data.decode("utf-8-sig")))
    )
    first = [row for row in rows if row["round"] == "1"]
    assert [(r["ending"], r["winner"], r["payer"], r["line"]) for r in first] == [
        ("push", "", "", "Ana called · Ana and Ben tie at 5 · a push")
    ]
    assert "×2 no discard" in rows[1]["explain"]
    page = page_text(client.get(f"/s/{token}"))
    assert "A push: nobody pays" in page and "Ana and Ben tie at 5: a push, nobody pays." in page
    text = pdf_text(client.get(f"/s/{token}/summary.pdf").data)
    for sentence in (
        "A tie for the lowest in a called draw is a push: nobody wins and nobody pays.",
        "goes to the tied player who comes first going backwards in turn from them.",
        "When all three are sunog at talon out, the lowest deadwood still wins.",
        "A run of 4 or more cards of one suit laid face down is a secret meld too.",
        "In a challenged draw every loser pays one stake",
        "A Tongits won without a single discard is paid double (×2).",
        "Ana went Tongits without a discard",
        "a push",
    ):
        assert sentence in text, sentence


def test_the_house_rules_page_has_every_option_with_an_example():
    from dataclasses import fields
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "HOUSE_RULES.md").read_text(encoding="utf-8")
    names = ["preset"] + [f.name for f in fields(Rules) if f.name != "preset_name"]
    for name in names:
        assert f"`{name}`" in text, name
    assert text.count("- **`") >= len(names) - 2  # draw/talon units share one table row
