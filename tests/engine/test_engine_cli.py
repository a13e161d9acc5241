"""The engine's command line, run as a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

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
