"""The engine's own test suite, run by pytest under Pyodide in a Web Worker of Debian's
Chromium: the engine the phone runs is checked there by the same tests as on the server.

A small server of this test's own hands the worker Pyodide (.cache/pyodide/), pure-Python
wheels of pytest and what the tests import (.cache/pyodide-wheels/, both fetched by
scripts/setup.sh) and the repository's files. Left out: tests/engine/test_engine_cli.py
(it starts `python -m tracker.engine` in subprocesses, which a browser has not) and the one
test that feeds the JSON reader thousands of levels of nesting, which ends Pyodide's
interpreter (the phone's entry, judge, refuses such text before reading it)."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.timeout(900),
    pytest.mark.skipif(
        bool(os.environ.get("TEST_DATABASE_URL")),
        reason="no database in it: run once, in the SQLite pass",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / ".cache" / "pyodide"
WHEELS = ROOT / ".cache" / "pyodide-wheels"
WORKER = ROOT / "tests" / "support" / "pyodide_pytest.js"
LEFT_OUT = "tests/engine/test_engine_fuzz.py::test_the_cli_scores_or_exits_2_with_its_problems"
ARGS = ["tests/engine", "-q", "-p", "no:cacheprovider", "--deselect", LEFT_OUT]
ARGS += ["--ignore", "tests/engine/test_engine_cli.py"]
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}
CSP = "default-src 'self'; script-src 'self'"


def repository_files() -> list[str]:
    """What the tests import or read: the engine, its tests and their support, and the
    sources and catalogue that test_language_messages reads as text."""
    tests = [p for p in (ROOT / "tests" / "engine").glob("*.py") if p.name != "test_engine_cli.py"]
    support = ["__init__.py", "engine_rounds.py", "records.py", "rounds_factory.py"]
    support += ["two_nights.py"]
    files = [*tests, ROOT / "tests/__init__.py", *(ROOT / "tests/support" / n for n in support)]
    files += [p for p in (ROOT / "tracker").rglob("*.py") if p != ROOT / "tracker/__init__.py"]
    files += list((ROOT / "tracker" / "translations").rglob("*.po"))
    return sorted(p.relative_to(ROOT).as_posix() for p in files)


def app(files: set[str]):
    @Request.application
    def serve(request: Request) -> Response:
        path = request.path
        if path == "/":
            page = "<!doctype html><title>engine tests</title><p>engine tests in Pyodide"
            return Response(page, mimetype="text/html", headers={"Content-Security-Policy": CSP})
        if path == "/pytest_worker.js":
            csp = CSP + " 'wasm-unsafe-eval'"
            return _file(WORKER, {"Content-Security-Policy": csp})
        folder, _, name = path[1:].partition("/")
        if folder == "pyodide" and "/" not in name and (PYODIDE / name).is_file():
            return _file(PYODIDE / name)
        if folder == "wheels" and name.endswith(".whl") and (WHEELS / name).is_file():
            return _file(WHEELS / name)
        if folder == "src" and name in files:
            return _file(ROOT / name)
        return Response("not found", status=404)

    return serve


def _file(path: Path, headers: dict | None = None) -> Response:
    kind = TYPES.get(path.suffix, "application/octet-stream")
    return Response(path.read_bytes(), mimetype=kind, headers=headers)


@pytest.fixture(scope="module")
def engine_test_server():
    if not (PYODIDE / "pyodide.mjs").is_file() or not list(WHEELS.glob("*.whl")):
        pytest.fail("scripts/setup.sh test fetches Pyodide and the wheels: run it")
    files = repository_files()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app(set(files)), threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}", files
    httpd.shutdown()


RUN = """async (job) => new Promise((done, fail) => {
  const worker = new Worker("/pytest_worker.js", { type: "module" });
  worker.onmessage = (event) => { done(event.data); worker.terminate(); };
  worker.onerror = (event) => fail(new Error("worker: " + event.message));
  worker.postMessage(job);
})"""


def collected_here() -> int:
    """How many tests CPython collects for the same arguments (the count Pyodide must pass):
    pyproject's -q and ARGS' make pytest list "file: count" lines."""
    listing = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", *ARGS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    counts = re.findall(r"^tests/engine/\S+\.py: (\d+)$", listing, re.M)
    return sum(int(count) for count in counts)


def test_the_engine_passes_its_own_tests_under_pyodide(engine_test_server, phone):
    base, files = engine_test_server
    phone.goto(base + "/")
    phone.set_default_timeout(900_000)
    wheels = [f"/wheels/{p.name}" for p in sorted(WHEELS.glob("*.whl"))]
    job = {"pyodide": "/pyodide/", "files": files, "wheels": wheels, "args": ARGS}
    report = phone.evaluate(RUN, job)
    assert "error" not in report, (report["error"], report["output"])
    assert report["failed"] == [], "\n\n".join(report["failed"][:3])
    expected = collected_here()
    assert expected > 400
    assert report["counts"] == {"passed": expected}, (report["counts"], report["output"][-5:])
    assert report["exit"] == 0
