"""What the server hands a phone that will judge rounds offline: Pyodide's core from the
server itself (never a CDN), the engine's own files under the sha256 the manifest names, and a
worker whose CSP alone allows WebAssembly. And the engine's `judge`, which the phone runs, says
what the server's own check says for the same session."""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path

import pytest

from tests.support.rounds_factory import random_round, random_session
from tracker.engine import PRESETS, Rules, replay
from tracker.engine.judge import judge, preview

ROOT = Path(__file__).resolve().parents[3]


def test_the_manifest_names_each_engine_file_with_its_sha256_and_serves_it(client):
    manifest = client.get("/offline/engine.json")
    assert manifest.status_code == 200, "scripts/setup.sh fetches Pyodide: it must be here"
    body = manifest.get_json()
    names = set(body["files"])
    on_disk = {f"engine/{p.name}" for p in (ROOT / "tracker/engine").glob("*.py")}
    assert names == on_disk - {"engine/__main__.py"}
    for name, sha in body["files"].items():
        served = client.get(body["engine"] + name)
        assert served.status_code == 200, name
        assert_kept_as_named(served, name, sha)
    assert client.get(body["engine"] + "../config.py").status_code == 404
    stale = body["engine"].replace(body["digest"], "0" * 16)
    assert client.get(stale + "engine/cards.py").status_code == 404


def assert_kept_as_named(served, name: str, sha: str) -> None:
    """An engine file as served: the file on disk, under the manifest's sha256, kept a year."""
    assert hashlib.sha256(served.data).hexdigest() == sha
    assert served.data == (ROOT / "tracker" / name).read_bytes()
    assert "immutable" in served.headers["Cache-Control"]


def test_pyodide_comes_from_the_server_as_webassembly_kept_by_version(client):
    body = client.get("/offline/engine.json").get_json()
    wasm = client.get(body["pyodide"] + "pyodide.asm.wasm")
    assert wasm.status_code == 200 and wasm.mimetype == "application/wasm"
    assert wasm.data[:4] == b"\0asm" and "Content-Encoding" not in wasm.headers
    assert "max-age=31536000" in wasm.headers["Cache-Control"]
    packed = client.get(body["pyodide"] + "pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.vary
    assert gzip.decompress(packed.data) == wasm.data and len(packed.data) < len(wasm.data) / 2
    assert 6_000_000 < body["bytes"] < 7_000_000  # what the phone downloads, compressed
    assert client.get(body["pyodide"] + "console.html").status_code == 404
    other = body["pyodide"].replace("/pyodide/", "/pyodide/0.0.1-") + "pyodide.mjs"
    assert client.get(other).status_code == 404


def test_only_the_engine_worker_may_compile_webassembly(client):
    worker = client.get("/offline/engine_worker.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert "'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    assert " 'unsafe-eval'" not in worker.headers["Content-Security-Policy"]
    for page in ("/", "/static/engine_worker.js", "/offline/engine.json"):
        assert "wasm-unsafe-eval" not in client.get(page).headers["Content-Security-Policy"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_judge_says_what_the_servers_check_says(client, make_session, preset):
    """The state a phone keeps (players, rules, first dealer, the rounds so far) and a new
    round: the engine's `judge` gives the result the API's check gives, and the ledger the
    session would have after it."""
    rules = Rules.from_dict(PRESETS[preset])
    made = random_session(seed=len(preset), rounds=4, rules=rules, first_dealer=1)
    token = make_session(rules=made["rules"], dealer=1)
    for record in made["rounds"]:
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    ledger = replay(made["players"], rules, 1, made["rounds"])
    record = random_round(random.Random(9), rules, ledger.next_dealer)
    state = {k: made[k] for k in ("players", "rules", "first_dealer")}
    answer = json.loads(judge(json.dumps({**state, "records": made["rounds"]}), json.dumps(record)))
    checked = client.post(f"/api/sessions/{token}/rounds/check", json=record).get_json()
    assert answer["result"] == checked["result"]
    assert answer["number"] == 5
    assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    session = client.get(f"/api/sessions/{token}").get_json()
    assert {key: session[key] for key in answer["ledger"]} == answer["ledger"]


STATE = json.dumps({"players": ["Ana", "Ben", "Cris"], "rules": {}, "records": []})
BROKEN = [  # (session, record, where its first problem is, whether the seats can be viewed)
    ("not json", "{}", "session", False),
    ("[]", "{}", "session", False),
    (STATE, '{"ending": "nap"}', "ending", True),
    (json.dumps({"players": ["Ana"], "first_dealer": 5}), "{}", "players", False),
    (STATE, "1e999", "round", False),
    (STATE, "[]", "round", False),
    ("[" * 5000, "{}", "session", False),  # refused before the parser recurses
    (STATE, "[" * 5000, "round", False),
    (STATE, '{"hands": [' + '["x", ' * 101 + "]", "round", False),
    (STATE, '{"hands": "' + "[" * 5000 + '"}', "ending", True),  # brackets in text are text
    (STATE, '{"ending": "talon", "hands": [{"melds": 5, "hand": [1, [2]]}, 7]}', "hands", True),
    (STATE, '{"ending": ["draw"], "declarer": {"x": 1}, "hands": [{"melds": [{}]}]}', "", True),
]


@pytest.mark.parametrize("session, record, where, viewed", BROKEN)
def test_judge_and_preview_name_each_problem_and_never_raise(session, record, where, viewed):
    problems = json.loads(judge(session, record))["problems"]
    assert problems and problems[0]["where"].startswith(where), problems
    seen = json.loads(preview(session, record))
    assert seen["problems"] == problems  # the same answer, with the seats' views
    assert len(seen["views"]) == (3 if viewed else 0)
