"""JSON export/import and CSV of a session (tracker/exchange/export.py), on sessions dealt from
a real deck."""

from __future__ import annotations

import copy
import csv
import io
import json
from decimal import Decimal

import pytest

from tests.support.rounds_factory import known_session, random_session
from tracker.documents.csv_file import rounds_csv
from tracker.engine import Rules, money_str
from tracker.exchange.export import ExportError, export_json, ledger_of, read_export

PRESETS = [
    {"preset": "classic"},
    {"preset": "pagat"},
    {"preset": "classic", "jokers": 2, "joker_points": 30, "kang_multiplier": 2},
    {"preset": "pagat", "jokers": 1, "next_dealer": "rotate"},
    {
        "preset": "classic",
        "progressive": True,
        "loss_limit": 400,
        "stake": "5.00",
        "point_rate": "0.50",
    },
]


def problems_of(data) -> list[dict]:
    with pytest.raises(ExportError) as caught:
        read_export(data)
    return [problem.to_dict() for problem in caught.value.problems]


# -- the hand-checked session ---------------------------------------------------------------


def test_known_session_ledger():
    ledger = ledger_of(known_session())
    assert [money_str(b) for b in ledger.balances] == ["122.00", "-78.00", "-44.00"]
    first, second = ledger.results
    assert [(p.payer, p.payee, money_str(p.amount)) for p in first.payments] == [
        (1, 0, "30.00"),
        (2, 0, "15.00"),
    ]
    assert [(p.payer, p.payee, money_str(p.amount)) for p in second.payments] == [
        (1, 0, "48.00"),
        (2, 0, "29.00"),
    ]
    assert (
        second.payments[0].explain
        == "₱10.00 stake + 14 pts × ₱1.00 = ₱24.00, ×2 failed call = ₱48.00"
    )
    assert [(t.payer, t.payee, money_str(t.amount)) for t in ledger.settlement()] == [
        ("Ben", "Ana", "78.00"),
        ("Cris", "Ana", "44.00"),
    ]


def test_known_session_csv_by_hand():
    rows = list(csv.DictReader(io.StringIO(rounds_csv(known_session()))))
    assert [(r["round"], r["payer"], r["payee"], r["amount"]) for r in rows] == [
        ("1", "Ben", "Ana", "30.00"),
        ("1", "Cris", "Ana", "15.00"),
        ("2", "Ben", "Ana", "48.00"),
        ("2", "Cris", "Ana", "29.00"),
    ]
    assert (
        rows[0]["ending"] == "tongits"
        and rows[0]["declarer"] == "Ana"
        and rows[0]["winner"] == "Ana"
    )
    assert (rows[0]["Ben deadwood"], rows[0]["Cris deadwood"], rows[0]["Cris sunog"]) == (
        "20",
        "5",
        "sunog",
    )
    assert rows[2]["explain"] == "₱10.00 stake + 14 pts × ₱1.00 = ₱24.00, ×2 failed call = ₱48.00"
    assert (rows[3]["Ana balance"], rows[3]["Ben balance"], rows[3]["Cris balance"]) == (
        "122.00",
        "-78.00",
        "-44.00",
    )
    assert rows[2]["dealer"] == "Ben" and rows[2]["declarer"] == "Ben"
    assert [r["line"] for r in rows[1:3]] == [
        "Ana went Tongits",
        "Ben called · Ana won the showdown",
    ]
    assert {(r["challenged"], r["kang"], r["secret"]) for r in rows} == {("", "", "0")}


def test_csv_says_who_challenged_and_the_kang_and_secret_melds():
    rules = Rules(kang_multiplier=2, secret_bonus_units=1).to_dict()
    challenged = {
        "dealer": 0,
        "ending": "draw",
        "declarer": 2,
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": ["2C"], "challenged": True},
            {"melds": [["5H", "6H", "7H"]], "hand": ["KD"], "challenged": True},
            {"melds": [["9S", "9D", "9C"]], "hand": ["8C", "3D"]},
        ],
    }
    kang = {
        "dealer": 1,
        "ending": "tongits",
        "declarer": 1,
        "hands": [
            {"melds": [["8S", "8D", "8C"]], "hand": ["2D"]},
            {
                "melds": [{"cards": ["JS", "JD", "JH", "JC"], "secret": True}, ["2H", "3H", "4H"]],
                "hand": [],
                "kang": True,
            },
            {"melds": [["9H", "10H", "QH"]], "hand": ["5C"]},
        ],
    }
    kang["hands"][2]["melds"] = [["QS", "QD", "QC"]]
    session = known_session(rules=rules, rounds=[challenged, kang])
    rows = list(csv.DictReader(io.StringIO(rounds_csv(session))))
    assert [
        (r["payer"], r["payee"], r["challenged"], r["kang"], r["secret"], r["line"]) for r in rows
    ] == [
        ("Ben", "Ana", "payer and payee", "", "0", DRAW_LINE),
        ("Cris", "Ana", "payee", "", "0", DRAW_LINE),
        ("Ana", "Ben", "", "yes", "1", "Ben went Tongits with a kang"),
        ("Cris", "Ben", "", "yes", "1", "Ben went Tongits with a kang"),
    ]
    assert "×2 kang" in rows[2]["explain"] and "1 secret meld" in rows[2]["explain"]


DRAW_LINE = "Cris called · Ana won the challenge · Ben challenged and lost"


# -- JSON round trip ------------------------------------------------------------------------


@pytest.mark.parametrize("seed,rules", list(enumerate(PRESETS)))
def test_export_import_same_ledger(seed, rules):
    session = random_session(seed=100 + seed, rounds=60, rules=rules, first_dealer=seed % 3)
    before = ledger_of(session)
    text = export_json(session)
    restored = read_export(text)
    after = ledger_of(restored)
    assert after.balances == before.balances
    assert after.history == before.history
    assert after.pot == before.pot and after.pot_shares == before.pot_shares
    assert after.to_dict() == before.to_dict()
    assert [r.to_dict() for r in after.results] == [r.to_dict() for r in before.results]
    assert restored["players"] == session["players"]
    assert Rules.from_dict(restored["rules"]) == Rules.from_dict(session["rules"])
    # stable: exporting the import again gives the very same text
    assert export_json(restored) == text


def test_export_import_200_rounds_bytes_and_names():
    names = ["Ñoño Dela Cruz", "Ma. Luz O'Neil", '=cmd|"/c calc"!A1']
    session = random_session(seed=7, rounds=200, players=names, page_size="a4", settled=True)
    text = export_json(session)
    assert "Ñoño Dela Cruz" in text  # UTF-8 as is, not \u escapes
    data = json.loads(text)
    assert data["format"] == "tongits-tracker/1" and len(data["rounds"]) == 200
    assert data["check"]["balances"] == [money_str(b) for b in ledger_of(session).balances]
    restored = read_export(text.encode("utf-8"))
    assert restored["page_size"] == "a4" and restored["settled"] is True
    assert restored["players"] == names
    assert ledger_of(restored).balances == ledger_of(session).balances


def test_export_is_pretty_and_stable():
    session = known_session()
    text = export_json(session)
    assert text == export_json(copy.deepcopy(session))
    assert text.startswith('{\n  "format": "tongits-tracker/1",')
    assert list(json.loads(text)) == [
        "format",
        "created",
        "players",
        "first_dealer",
        "page_size",
        "settled",
        "rules",
        "rounds",
        "history",
        "check",
    ]


def test_import_canonicalises_cards_and_fills_dealer():
    session = known_session()
    session["rounds"][0]["hands"][0]["melds"][0] = "7s 7♦ 7c"
    session["rounds"][1]["hands"][1]["hand"] = "6h,8c"
    del session["rounds"][1]["dealer"]
    restored = read_export(session)
    assert restored["rounds"][0]["hands"][0]["melds"][0] == ["7S", "7D", "7C"]
    assert restored["rounds"][1]["hands"][1]["hand"] == ["6H", "8C"]
    assert restored["rounds"][1]["dealer"] == 1  # the next dealer after seat 0
    assert ledger_of(restored).balances == ledger_of(known_session()).balances


def test_import_of_a_session_without_rounds():
    session = known_session(rounds=[])
    restored = read_export(export_json(session))
    assert restored["rounds"] == [] and ledger_of(restored).balances == [Decimal("0.00")] * 3


# -- bad imports ----------------------------------------------------------------------------


def test_not_json():
    assert problems_of("{not json") == [
        {
            "where": "file",
            "message": "the file is not valid JSON "
            "(Expecting property name enclosed in double quotes, line 1)",
        }
    ]
    assert problems_of(b"\xff\xfe")[0]["where"] == "file"
    assert problems_of("[1, 2]")[0]["where"] == "file"


def test_wrong_format_tag():
    problems = problems_of({**known_session(), "format": "something-else/2"})
    assert problems == [
        {
            "where": "format",
            "message": "this is not a Tongits tracker export: it has format "
            "'something-else/2', expected 'tongits-tracker/1'",
        }
    ]
    session = known_session()
    del session["format"]
    assert "has no format tag" in problems_of(session)[0]["message"]


def test_bad_top_level_fields_all_reported():
    session = known_session(first_dealer=5, page_size="legal", settled="yes", created="yesterday")
    session["players"] = ["Ana", "ana", ""]
    session["rules"]["stake"] = "ten"
    wheres = {p["where"]: p["message"] for p in problems_of(session)}
    assert set(wheres) == {
        "players[1]",
        "players[2]",
        "rules.stake",
        "first_dealer",
        "page_size",
        "settled",
        "created",
    }
    assert wheres["players[1]"] == "two players are called ana: give each a different name"
    assert wheres["players[2]"] == "player 3 needs a name"
    assert "stake" in wheres["rules.stake"]
    assert wheres["page_size"] == "page_size must be letter or a4"


def test_two_players_and_unknown_rule():
    session = known_session()
    session["players"] = ["Ana", "Ben"]
    session["rules"]["turbo"] = True
    wheres = {p["where"]: p["message"] for p in problems_of(session)}
    assert wheres["players"] == "Tongits needs exactly three players, in turn order"
    assert wheres["rules.turbo"] == "unknown rule option 'turbo'"


def test_bad_rounds_say_where_and_what():
    session = random_session(seed=3, rounds=10)
    session["rounds"][3]["hands"][1]["melds"] = [["7S", "8H", "9S"]] + session["rounds"][3][
        "hands"
    ][1]["melds"]
    session["rounds"][6]["ending"] = "won"
    session["rounds"][8]["hands"][2]["hand"] = ["ZZ"]
    problems = problems_of(session)
    wheres = [p["where"] for p in problems]
    assert "rounds[3].hands[1].melds[0]" in wheres
    assert "rounds[6].ending" in wheres
    assert "rounds[8].hands[2].hand" in wheres
    by_where = {p["where"]: p["message"] for p in problems}
    assert "not a set or a run: a run must be one suit" in by_where["rounds[3].hands[1].melds[0]"]
    assert (
        by_where["rounds[6].ending"] == "round 7: say how the round ended: tongits, draw or talon"
    )
    assert "'ZZ' is not a card" in by_where["rounds[8].hands[2].hand"]


def test_tongits_with_cards_in_hand_and_sunog_caller():
    session = known_session()
    session["rounds"][0]["hands"][0]["hand"] = ["KD"]
    session["rounds"][1]["hands"][1]["melds"] = []
    session["rounds"][1]["hands"][1]["hand"] = ["6H", "8C", "10S", "10D", "10C"]
    by_where = {p["where"]: p["message"] for p in problems_of(session)}
    assert (
        by_where["rounds[0].hands[0].hand"]
        == "round 1: Ana declared Tongits but still has 1 card in hand"
    )
    assert (
        by_where["rounds[1].declarer"]
        == "round 2: Ben is sunog (no meld on the table) and cannot call a draw"
    )


def test_tampered_balances_are_caught():
    data = json.loads(export_json(known_session()))
    data["check"]["balances"][0] = "1000.00"
    problems = problems_of(data)
    assert [p["where"] for p in problems] == ["check.balances"]
    assert "Ana 122.00" in problems[0]["message"] and "Ana 1000.00" in problems[0]["message"]


def test_changed_round_is_caught_by_the_check():
    data = json.loads(export_json(known_session()))
    data["rounds"][1]["hands"][2]["hand"] = ["9H", "8H"]  # Cris's deadwood 17, not 19
    assert [p["where"] for p in problems_of(data)] == ["check.balances"]


def test_round_shapes():
    session = known_session()
    session["rounds"][0] = "tongits"
    session["rounds"][1]["dealer"] = 7
    by_where = {p["where"]: p["message"] for p in problems_of(session)}
    assert by_where == {
        "rounds[0]": "round 1 must be an object",
        "rounds[1].dealer": "dealer must be a seat: 0, 1 or 2",
    }
    assert problems_of(known_session(rounds={"a": 1})) == [
        {"where": "rounds", "message": "rounds must be a list of round records"}
    ]


def test_rules_must_be_an_object():
    assert problems_of(known_session(rules=["classic"])) == [
        {"where": "rules", "message": "rules must be an object of house-rule options"}
    ]


# -- CSV ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS[:2] + PRESETS[4:])
def test_csv_matches_the_ledger(rules):
    session = random_session(seed=11, rounds=80, rules=rules)
    ledger = ledger_of(session)
    rows = list(csv.DictReader(io.StringIO(rounds_csv(session))))
    names = session["players"]
    by_round: dict[int, list[dict]] = {}
    for row in rows:
        by_round.setdefault(int(row["round"]), []).append(row)
    assert sorted(by_round) == list(range(1, len(session["rounds"]) + 1))
    for number, result in enumerate(ledger.results, start=1):
        mine = by_round[number]
        if result.payments:
            assert [(r["payer"], r["payee"], Decimal(r["amount"])) for r in mine] == [
                (names[p.payer], names[p.payee], p.amount) for p in result.payments
            ]
        else:
            assert len(mine) == 1 and mine[0]["payer"] == "" and mine[0]["amount"] == ""
        for row in mine:
            assert row["winner"] == ("" if result.winner is None else names[result.winner])
            assert [int(row[f"{n} deadwood"]) for n in names] == [
                p.deadwood for p in result.players
            ]
            assert [row[f"{n} sunog"] == "sunog" for n in names] == [
                p.sunog for p in result.players
            ]
            assert [Decimal(row[f"{n} balance"]) for n in names] == ledger.history[number - 1]
            assert Decimal(row["pot after"]) == result.pot
    # payments and pot movements add up to the final balances
    net = dict.fromkeys(names, Decimal(0))
    for row in rows:
        if row["amount"]:
            net[row["payer"]] -= Decimal(row["amount"])
            net[row["payee"]] += Decimal(row["amount"])
    seen = set()
    for row in rows:
        if row["round"] in seen:
            continue
        seen.add(row["round"])
        if row["pot in (each)"]:
            for name in names:
                net[name] -= Decimal(row["pot in (each)"])
        if row["pot out"]:
            net[row["winner"]] += Decimal(row["pot out"])
    assert [net[n] for n in names] == ledger.balances


def test_csv_void_round_has_one_row():
    session = random_session(seed=3, rounds=200)
    ledger = ledger_of(session)
    void = [n for n, r in enumerate(ledger.results, start=1) if r.void]
    assert void, "the generator deals void rounds"
    rows = [
        r for r in csv.DictReader(io.StringIO(rounds_csv(session))) if int(r["round"]) == void[0]
    ]
    assert len(rows) == 1 and rows[0]["ending"] == "void" and rows[0]["winner"] == ""
    assert rows[0]["pot in (each)"] == "10.00"
    assert "void round" in rows[0]["explain"]


def test_csv_guards_formula_injection_and_quotes_names():
    names = ['=HYPERLINK("http://evil/","x")', "+Ben, Jr.", '@Cris "the boss"']
    session = random_session(seed=5, rounds=15, players=names)
    text = rounds_csv(session)
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    assert '\'=HYPERLINK("http://evil/","x") deadwood' in header
    assert "'+Ben, Jr. balance" in header
    for row in body:
        for cell in row:
            assert not cell.startswith(("=", "+", "@")), cell
            if cell.startswith("-"):
                Decimal(cell)  # only plain negative numbers may start with a minus
    payers = {row[header.index("payer")] for row in body}
    assert payers <= {"'" + n for n in names} | {""}
    # negative balances stay numbers
    assert any(cell.startswith("-") for row in body for cell in row)
