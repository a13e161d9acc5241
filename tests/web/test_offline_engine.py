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
from tracker.engine.judge import judge

ROOT = Path(__file__).resolve().parents[2]


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
        assert hashlib.sha256(served.data).hexdigest() == sha
        assert served.data == (ROOT / "tracker" / name).read_bytes()
        assert "immutable" in served.headers["Cache-Control"]
    assert client.get(body["engine"] + "../config.py").status_code == 404
    stale = body["engine"].replace(body["digest"], "0" * 16)
    assert client.get(stale + "engine/cards.py").status_code == 404


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


def test_judge_names_each_problem_and_never_raises():
    state = json.dumps({"players": ["Ana", "Ben", "Cris"], "rules": {}, "records": []})
    for session, record, where in (
        ("not json", "{}", "session"),
        ("[]", "{}", "session"),
        (state, '{"ending": "nap"}', "ending"),
        (json.dumps({"players": ["Ana"], "first_dealer": 5}), "{}", "players"),
        (state, "1e999", "round"),
        ("[" * 5000, "{}", "session"),  # refused before the parser recurses
        (state, '{"hands": [' + '["x", ' * 101 + "]", "round"),
        (state, '{"hands": "' + "[" * 5000 + '"}', "ending"),  # brackets in text are text
    ):
        problems = json.loads(judge(session, record))["problems"]
        assert problems and problems[0]["where"] == where, (session, record, problems)
