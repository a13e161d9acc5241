"""The engine's command line, run as a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.engine_rounds import hand, record

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "tracker.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_deadwood_prints_the_arrangement_and_last_the_deadwood():
    done = run("deadwood", "QC QD QH QS JC JD JH JS 8C 9C 10C 3S")
    assert done.returncode == 0
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "deadwood: 3"
    assert "run: 8C 9C 10C" in lines


def test_deadwood_rules_option():
    assert (
        run("deadwood", "QS KS AS", "--rules", '{"qka_run": false}')
        .stdout.strip()
        .endswith("deadwood: 21")
    )
    assert run("deadwood", "QS KS AS").stdout.strip().endswith("deadwood: 0")


def test_deadwood_bad_card():
    done = run("deadwood", "QS XX")
    assert done.returncode == 2 and "'XX' is not a card" in done.stderr


def test_score_reads_a_file(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(
        json.dumps(
            record(
                "draw",
                [hand("7S 7D 7C", "2C 3D"), hand("5H 6H 7H 8H", "KD"), hand("", "AS AD 9C")],
                declarer=0,
            )
        )
    )
    done = run("score", str(path))
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["winner"] == 0 and result["pot"] == "0.00"
    assert [p["amount"] for p in result["payments"]] == ["20.00", "21.00"]


def test_score_reads_stdin_and_reports_errors():
    bad = record("draw", [hand("7S 8H 9S", "2C"), hand("", "KD"), hand("", "")], declarer=0)
    done = run("score", "-", stdin=json.dumps(bad))
    assert done.returncode == 2
    errors = json.loads(done.stdout)["errors"]
    assert {
        "where": "hands[0].melds[0]",
        "message": "Ana's meld 7S 8H 9S is not a set or a run: a run must be one suit",
    } in errors


def test_score_rejects_broken_json():
    done = run("score", "-", stdin="{not json")
    assert done.returncode == 2 and json.loads(done.stdout)["errors"][0]["where"] == "file"


def test_deadwood_refuses_jokers_the_rules_do_not_allow():
    done = run("deadwood", "JK 7S 7D 2C")
    assert done.returncode == 2
    assert "error: cards: the hand has 1 joker but the rules allow no jokers" in done.stderr
    assert "--rules '{\"jokers\": 1}'" in done.stderr
    allowed = run("deadwood", "JK 7S 7D 2C", "--rules", '{"jokers": 1}')
    assert allowed.returncode == 0 and allowed.stdout.strip().endswith("deadwood: 2")


@pytest.mark.parametrize(
    "args, text",
    [
        (("7S 7S",), "error: cards: the same card is in the hand twice"),
        (("7S", "--rules", "[1]"), "error: rules: rules must be an object of house-rule options"),
        (("7S", "--rules", "[" * 50_000), "error: rules: the JSON is nested more than 32 levels"),
        (("7S", "--rules", '{"jokers": 1e999}'), "error: rules.jokers: a number too large to be"),
        (("7S", "--rules", '{"stake": "1000000000"}'), "error: rules.stake: stake: '1000000000'"),
        (
            ("7S", "--rules", '{"jokers": ' + "9" * 5000 + "}"),
            "rules.jokers: a number of 5,000 digits",
        ),
        (
            ("7S", "--rules", '{"currency": "\\u0000"}'),
            "error: rules.currency: the text holds a control character",
        ),
    ],
)
def test_deadwood_refusals_say_where(args, text):
    done = run("deadwood", *args)
    assert done.returncode == 2 and text in done.stderr and "Traceback" not in done.stderr


def refused(stdin: str) -> list[dict]:
    done = run("score", "-", stdin=stdin)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout)["errors"]


GOOD = record("draw", [hand("7S 7D 7C", "2C 3D"), hand("5H 6H 7H 8H", "KD"), hand("", "AS")], 0)


@pytest.mark.parametrize(
    "text, where, fragment",
    [
        ("[" * 100_000 + "]" * 100_000, "file", "the JSON is nested more than 32 levels deep"),
        ('{"pot": ' + "9" * 5000 + "}", "pot", "a number of 5,000 digits is too long"),
        (json.dumps({**GOOD, "pot": "1000000000"}), "pot", "'1000000000' is too large"),
        (
            json.dumps({**GOOD, "streak": {"seat": 0, "wins": 1e999}}),
            "streak.wins",
            "Infinity is not a number",
        ),
        (json.dumps({**GOOD, "rules": {"stake": "1000000000"}}), "rules.stake", "too large"),
        (json.dumps({**GOOD, "challange": True}), "challange", "unknown key 'challange'"),
        (
            json.dumps({**GOOD, "players": ["A\ud800", "B", "C"]}),
            "players[0]",
            "lone surrogate, U+D800",
        ),
        (json.dumps({**GOOD, "dealer": True}), "dealer", "dealer must be a seat"),
    ],
)
def test_score_refusals_say_where(text, where, fragment):
    errors = refused(text)
    assert any(e["where"] == where and fragment in e["message"] for e in errors), errors


def test_score_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "round.json"
    path.write_bytes(b'{"ending": "\xff"}')
    done = run("score", str(path))
    assert done.returncode == 2
    assert json.loads(done.stdout)["errors"] == [
        {"where": "file", "message": "the file is not UTF-8 text"}
    ]
