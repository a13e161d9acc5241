"""The history of every change (de8601f) and what it costs: a round's save before and
after it, the history page of a 1,000-event session, and the export and import of a session
whose history holds 10,000 events, against the bounds the export and the import already have.

    .venv/bin/python benchmarks/history.py [--runs 3] [--saves 200] [--before 1167d11]
        [--after HEAD] [--page-rounds 400] [--page-repeat 30] [--export-rounds 1000]
        [--export-events 10000] [--only saves,page,export]

Each revision runs from a copy of its own (`git archive <rev>` into a temp folder, its
translations compiled, `.cache/` linked), never from the checkout's working tree, which may
hold uncommitted work (`--after .` runs the checkout itself). Every measure is a Python process
of its own playing one worker, through the Flask test client, on a SQLite file of its own made
by that revision's migrations (SQLite only: the two revisions' save workers run side by side,
so one PostgreSQL database would not do for both).

1. Saves: `--saves` rounds saved one by one on a fresh session (POST /api/sessions/<id>/rounds,
   the same rounds, seed 7, in both revisions); a process per revision, both alive, taking
   turns every 10 saves (before, after; after, before; …), `--runs` times; the median of the
   runs' medians, the p90 of all saves, the median ratio of the blocks side by side, and the
   CPU time of a save.
2. History page: `--page-rounds` rounds saved, each edited once, and a round deleted and brought
   back every 4th round, all through the API (10 events per 4 rounds: 1,000 events for 400);
   then GET /s/<id>/history (50 lines), GET /api/sessions/<id>/history and a deep page
   (?before=<an old event>) `--page-repeat` times each, and what the page's parts cost. Then
   50 rounds deleted in a row (a first page of 50 deletes, each asking whether it can be
   brought back).
3. Export: `--export-rounds` rounds saved through the API, 20 of them edited through the API,
   and edits back and forth (each round between two versions) written as `_edit` writes them
   (the same `history.note`, the engine's own results, checked against the 20 real ones) until
   the history holds `--export-events`. Then GET /api/sessions/<id>/export by new workers (cold:
   nothing kept), its bytes, POST /api/sessions/import of it with the app's own limit and with
   one large enough to take it; then the history erased by its owner (DELETE …/history) and the
   same again; and the same rounds saved and exported by `--before` (no history at all).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from inspect import signature
from pathlib import Path

from typical import typical_round  # benchmarks/typical.py: no tracker import

REPO = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Ben", "Cris"]
SESSION = {
    "players": PLAYERS,
    "dealer": 0,
    "rules": {"preset": "classic", "stake": "10", "point_rate": "1"},
}
MIB = 1024 * 1024


# -- helpers shared by every process ----------------------------------------------------------


def ms(seconds: float) -> float:
    return seconds * 1000


def p90(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Worker:
    """One worker's app on the benchmark database (a fresh app: no ledger, no text kept)."""

    def __init__(self, url: str, folder: str, **config):
        from tracker import create_app

        self.app = create_app(
            {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "INSTANCE_PATH": folder}
            | config
        )
        self.client = self.app.test_client()

    def timed(self, method: str, path: str, expect: int | tuple = 200, **kw):
        start = time.perf_counter()
        response = self.client.open(path, method=method, **kw)
        took = time.perf_counter() - start
        wanted = expect if isinstance(expect, tuple) else (expect,)
        assert response.status_code in wanted, (path, response.status_code, response.data[:300])
        return took, response


def fresh_database() -> tuple[str, str]:
    """A SQLite file migrated by this revision, and its instance folder."""
    from flask_migrate import upgrade

    from tracker import MIGRATIONS, create_app
    from tracker.extensions import db

    folder = tempfile.mkdtemp(prefix="history-bench-")
    url = f"sqlite:///{folder}/bench.db"
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "INSTANCE_PATH": folder}
    )
    with app.app_context():
        upgrade(directory=MIGRATIONS)
        db.engine.dispose()
    return url, folder


def new_session(worker: Worker) -> tuple[str, str]:
    _took, made = worker.timed("POST", "/api/sessions", 201, json=SESSION)
    body = made.get_json()
    return body["id"], body["owner_key"]


# -- 1. saving a round ------------------------------------------------------------------------


def serve_saves() -> None:
    """A fresh session, then saves in blocks on demand: each line on stdin is how many rounds
    to save next (0: stop), each answer a JSON line with every save's wall time and the CPU
    time this process spent on it. The two revisions' processes are alive together and take
    turns block by block, so a busy moment of the machine falls on both alike."""
    url, folder = fresh_database()
    worker = Worker(url, folder)
    token, _owner = new_session(worker)
    rng = random.Random(7)  # the same rounds in the same order in both revisions
    print(json.dumps({"ready": True}), flush=True)
    for command in sys.stdin:
        if int(command) <= 0:
            break
        samples, cpu = [], []
        for _ in range(int(command)):
            record = typical_round(rng)
            started = time.process_time()
            took, _answer = worker.timed("POST", f"/api/sessions/{token}/rounds", 201, json=record)
            cpu.append(time.process_time() - started)
            samples.append(took)
        print(json.dumps({"samples": samples, "cpu": cpu}), flush=True)


# -- 2. the history page ----------------------------------------------------------------------


def measure_page(rounds: int, repeat: int) -> dict:
    from tracker.core import get_session, history, removal, undo
    from tracker.extensions import db
    from tracker.models import ChangeEvent

    url, folder = fresh_database()
    worker = Worker(url, folder)
    token, _owner = new_session(worker)
    api = f"/api/sessions/{token}"
    rng = random.Random(11)
    start = time.perf_counter()
    for number in range(1, rounds + 1):
        worker.timed("POST", f"{api}/rounds", 201, json=typical_round(rng))
        worker.timed("PUT", f"{api}/rounds/{number}", 200, json=typical_round(rng))
        if number % 4 == 0:  # a round deleted and brought back
            gone = rng.randint(1, number)
            worker.timed("DELETE", f"{api}/rounds/{gone}", 200)
            worker.timed("POST", f"{api}/rounds/{gone}/restore", 201)
    built = time.perf_counter() - start

    with worker.app.app_context():
        game = get_session(token)
        ids = [event.id for event in history.all_events(game)]
    deep = ids[min(60, len(ids) - 1)]  # the page before it: the 11th to the 60th change
    figures: dict[str, list[float]] = {}
    paths = {
        "page": f"/s/{token}/history",
        "api": f"{api}/history",
        "deep page": f"/s/{token}/history?before={deep}",
        "deep api": f"{api}/history?before={deep}",
    }
    for path in paths.values():  # each one's first answer (templates compiled) is not timed
        worker.timed("GET", path)
    for _ in range(repeat):
        for name, path in paths.items():  # in turns: a busy moment slows each alike
            took, answer = worker.timed("GET", path)
            figures.setdefault(name, []).append(took)
            if name == "page":
                page_kb = len(answer.data) / 1024
    lines = worker.client.get(paths["page"]).get_data(as_text=True).count('<li id="event-')

    parts: dict[str, list[float]] = {}
    with worker.app.app_context():
        game = get_session(token)
        for _ in range(max(3, repeat // 3)):
            start = time.perf_counter()
            page = history.events(game, limit=history.PAGE + 1)
            parts.setdefault("events query (51 rows)", []).append(time.perf_counter() - start)
            start = time.perf_counter()
            undo.undoable(game)
            parts.setdefault("undoable (last event)", []).append(time.perf_counter() - start)
            deletes = [e for e in page[: history.PAGE] if e.kind == history.ROUND_DELETED]
            start = time.perf_counter()
            removal.restorable(game)  # once for the page, whatever its deletes
            parts.setdefault(f"restorable ({len(deletes)} deletes on the page)", []).append(
                time.perf_counter() - start
            )
            start = time.perf_counter()
            history.all_events(game)
            parts.setdefault(f"all_events ({len(ids)} rows)", []).append(
                time.perf_counter() - start
            )
            db.session.expire_all()

    # The worst first page: 50 deletes in a row, each line asking whether it can come back.
    start = time.perf_counter()
    for _ in range(history.PAGE):
        worker.timed("DELETE", f"{api}/rounds/{rng.randint(1, rounds - history.PAGE)}", 200)
    deleted_in = time.perf_counter() - start
    worker.timed("GET", paths["page"])
    for _ in range(3):
        took, _answer = worker.timed("GET", paths["page"])
        figures.setdefault("page of 50 deletes", []).append(took)
        took, _answer = worker.timed("GET", paths["api"])
        figures.setdefault("api, 50 deletes", []).append(took)
    with worker.app.app_context():
        count = db.session.query(ChangeEvent).count()
    return {
        "events": len(ids),
        "events_after_deletes": count,
        "rounds": rounds,
        "built_s": built,
        "deleted_in_s": deleted_in,
        "page_kb": page_kb,
        "lines": lines,
        "figures": figures,
        "parts": parts,
    }


# -- 3. export and import of a long history ---------------------------------------------------


def _bulk_edits(worker: Worker, token: str, real: int, total: int, rng: random.Random) -> dict:
    """Edit rounds back and forth, each between its stored record (A) and another (B), through
    the API for the first `real` edits and then as `_edit` writes them, until the session's
    history holds `total` events."""
    from tracker.core import get_session, history
    from tracker.engine import Rules, canonical_record, replay
    from tracker.extensions import db
    from tracker.models import ChangeEvent, utcnow

    with worker.app.app_context():
        game = get_session(token)
        rules = Rules.from_dict(game.rules)
        records_a = game.records()
        records_b = []
        for record in records_a:
            other = typical_round(rng) | {"dealer": record["dealer"]}
            records_b.append(canonical_record(other, rules))
        ledgers = [
            replay(game.players, rules, game.first_dealer, rs) for rs in (records_a, records_b)
        ]
        # Classic rules, no ante, no void round: the pot stays empty, so each round's result is
        # its own whatever the other rounds hold (an edit's `before`/`after` can be made alone).
        for ledger in ledgers:
            assert all(not r.void and r.pot == 0 for r in ledger.results)
        states = [
            [history.round_state(rec, res) for rec, res in zip(rs, ledger.results, strict=True)]
            for rs, ledger in zip((records_a, records_b), ledgers, strict=True)
        ]
        first = db.session.query(ChangeEvent).count()
    rounds = len(records_a)
    holds = [0] * rounds  # 0: A, 1: B
    start = time.perf_counter()
    for k in range(real):
        number = k % rounds + 1
        worker.timed(
            "PUT", f"/api/sessions/{token}/rounds/{number}", 200, json=records_b[k % rounds]
        )
        holds[k % rounds] = 1
    real_s = time.perf_counter() - start
    with worker.app.app_context():  # the bulk events are the real ones'
        game = get_session(token)
        made = history.events(game, limit=real)
        by = made[0].by
        for event in made:
            n = event.round - 1
            assert json.loads(json.dumps(states[1][n])) == event.after, n
            assert json.loads(json.dumps(states[0][n])) == event.before, n
    start = time.perf_counter()
    with worker.app.app_context():
        game = get_session(token)
        k = real
        while first + k < total:
            n = k % rounds
            now = holds[n]
            history.note(
                game,
                history.ROUND_EDITED,
                by,
                round=n + 1,
                before=states[now][n],
                after=states[1 - now][n],
            )
            holds[n] = 1 - now
            k += 1
            if k % 1000 == 0:
                db.session.flush()
        version = game.revision + 1
        for round_, hold, a, b in zip(game.rounds, holds, records_a, records_b, strict=True):
            round_.record = b if hold else a
            round_.edited = True
            round_.version = version
            round_.updated_at = utcnow()
        game.updated_at = utcnow()  # the revision moves on
        db.session.commit()
        count = db.session.query(ChangeEvent).count()
    return {
        "real_edits": real,
        "real_edit_ms": ms(real_s / max(real, 1)),
        "bulk_s": time.perf_counter() - start,
        "events": count,
    }


def _exports(url: str, folder: str, token: str, passes: int) -> dict:
    cold, sizes = [], set()
    for _ in range(passes):
        worker = Worker(url, folder)  # a new worker: nothing kept
        took, answer = worker.timed("GET", f"/api/sessions/{token}/export")
        cold.append(took)
        sizes.add(len(answer.data))
    kept, _answer = worker.timed("GET", f"/api/sessions/{token}/export")
    assert len(sizes) == 1
    # the same document without the indentation (as a group's export is written)
    compact = json.dumps(json.loads(answer.data), ensure_ascii=False, separators=(",", ":"))
    return {
        "cold": cold,
        "kept": kept,
        "bytes": sizes.pop(),
        "compact_bytes": len(compact.encode()),
        "body": answer.data,
    }


def _export_parts(worker: Worker, token: str) -> dict:
    """Where a cold export's time goes: the rows read, the export checked and booked, the JSON."""
    from tracker.core import get_session
    from tracker.exchange.export import export_document
    from tracker.extensions import db

    with worker.app.test_request_context():
        db.session.expire_all()
        start = time.perf_counter()
        game = get_session(token)
        # with its history, as the JSON export asks for it (since 2b13268 only when asked)
        asked = {"history": True} if "history" in signature(game.export).parameters else {}
        export = game.export(**asked)
        read = time.perf_counter() - start
        start = time.perf_counter()
        document = export_document(export)
        checked = time.perf_counter() - start
        start = time.perf_counter()
        json.dumps(document, ensure_ascii=False, indent=2)
        written = time.perf_counter() - start
    return {"rows read": read, "checked and replayed": checked, "JSON written": written}


def _imports(url: str, folder: str, body: bytes) -> dict:
    """The import by the app as it is, then, if it refuses the body as too large, by one whose
    IMPORT_MAX_BYTES takes it (and what reading and checking the file costs of that)."""
    from tracker.core.imports import read_import
    from tracker.extensions import db

    worker = Worker(url, folder)
    limit = worker.app.config["IMPORT_MAX_BYTES"]
    headers = {"Content-Type": "application/json"}
    took, answer = worker.timed(
        "POST", "/api/sessions/import", (201, 413), data=body, headers=headers
    )
    out = {"limit": limit, "status": answer.status_code, "first": took}
    if answer.status_code == 413:
        big = Worker(url, folder, IMPORT_MAX_BYTES=max(limit, 4 * len(body)))
        out["raised"], _answer = big.timed(
            "POST", "/api/sessions/import", 201, data=body, headers=headers
        )
        with big.app.app_context():
            start = time.perf_counter()
            read_import(body)
            out["read_s"] = time.perf_counter() - start
            db.session.rollback()
    return out


def measure_export(rounds: int, events: int, passes: int = 3) -> dict:
    """The export and import of a session of `rounds` rounds whose history holds `events`
    (the revision before the history: `rounds` rounds, nothing else), then with it erased."""
    url, folder = fresh_database()
    worker = Worker(url, folder)
    token, owner = new_session(worker)
    rng = random.Random(13)
    start = time.perf_counter()
    for _ in range(rounds):
        worker.timed("POST", f"/api/sessions/{token}/rounds", 201, json=typical_round(rng))
    out: dict = {"rounds": rounds, "saved_s": time.perf_counter() - start}
    keeps_history = "history" in worker.client.get(f"/api/sessions/{token}/export").get_json()
    if keeps_history:
        out["edits"] = _bulk_edits(worker, token, min(20, rounds), events, rng)

    rss_start = rss_mib()
    full = _exports(url, folder, token, passes)
    out["rss_export_mib"] = rss_mib() - rss_start
    body = full.pop("body")
    full["parts"] = _export_parts(Worker(url, folder), token)
    full["import"] = _imports(url, folder, body)
    out["full"] = full
    if keeps_history:
        kinds: dict[str, int] = {}
        for event in json.loads(body)["history"]:
            kinds[event["kind"]] = kinds.get(event["kind"], 0) + 1
        out["kinds"] = kinds
        del body
        worker = Worker(url, folder)
        worker.timed(
            "DELETE", f"/api/sessions/{token}/history", 200, headers={"X-Owner-Key": owner}
        )
        bare = _exports(url, folder, token, passes)
        body = bare.pop("body")
        bare["parts"] = _export_parts(Worker(url, folder), token)
        bare["import"] = _imports(url, folder, body)
        out["bare"] = bare
    return out


# -- the runs: each revision from its own copy ------------------------------------------------


def worker_main(args) -> None:
    """One measure in this process, with `tracker` imported from `--code`; prints JSON."""
    code = Path(args.code).resolve()
    sys.path.insert(0, str(code))
    os.chdir(code)
    import tracker

    assert Path(tracker.__file__).resolve().is_relative_to(code), tracker.__file__
    if args.worker == "saves":
        serve_saves()
        return
    if args.worker == "page":
        out = measure_page(args.page_rounds, args.page_repeat)
    else:
        out = measure_export(args.export_rounds, args.export_events)
    print(json.dumps(out))


def extract(revision: str, into: Path) -> Path:
    """A copy of `revision`'s files (git archive: the checkout is only read), set up to run."""
    if revision in (".", "worktree"):
        return REPO
    tree = into / short(revision)
    tree.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", revision],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / ".cache").symlink_to(REPO / ".cache")  # Pyodide, as the checkout has it
    pybabel = Path(sys.executable).parent / "pybabel"
    subprocess.run(
        [str(pybabel), "-q", "compile", "-d", str(tree / "tracker" / "translations")], check=True
    )
    return tree


def short(revision: str) -> str:
    """The commit `revision` names, abbreviated (HEAD moves: the figures name what ran)."""
    if revision == ".":
        return "worktree"
    done = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", revision],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def worker_command(kind: str, tree: Path, args) -> list[str]:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", kind, "--code", str(tree)]
    command += ["--page-rounds", str(args.page_rounds), "--page-repeat", str(args.page_repeat)]
    command += ["--export-rounds", str(args.export_rounds)]
    command += ["--export-events", str(args.export_events)]
    return command


def run_worker(kind: str, tree: Path, args) -> dict:
    scratch = tempfile.mkdtemp(prefix="history-bench-")  # its databases go with it
    env = os.environ | {"TMPDIR": scratch}
    try:
        command = worker_command(kind, tree, args)
        done = subprocess.run(command, capture_output=True, text=True, cwd=tree, env=env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if done.returncode:
        sys.exit(f"{kind} at {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _answer(process: subprocess.Popen) -> dict:
    for said in process.stdout:
        if said.startswith("{"):
            return json.loads(said)
    sys.exit(f"a saves worker stopped:\n{process.stderr.read()[-3000:]}")


def compare_saves(trees: dict[str, Path], args, block: int = 10) -> dict[str, list[dict]]:
    """`--runs` runs; in each, a saves worker per revision (a fresh session each), taking turns
    `block` saves at a time (before first, then after first …) up to `--saves` each."""
    runs: dict[str, list[dict]] = {revision: [] for revision in trees}
    for _run in range(args.runs):
        scratch = tempfile.mkdtemp(prefix="history-bench-")
        env = os.environ | {"TMPDIR": scratch}
        workers = {
            revision: subprocess.Popen(
                worker_command("saves", tree, args),
                cwd=tree,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for revision, tree in trees.items()
        }
        try:
            for process in workers.values():
                _answer(process)  # ready: migrated, session made
            got = {revision: {"samples": [], "cpu": [], "blocks": []} for revision in trees}
            order = list(trees)
            for number in range(max(1, args.saves // block)):
                for revision in order if number % 2 == 0 else order[::-1]:
                    process = workers[revision]
                    process.stdin.write(f"{block}\n")
                    process.stdin.flush()
                    answer = _answer(process)
                    got[revision]["samples"] += answer["samples"]
                    got[revision]["cpu"] += answer["cpu"]
                    got[revision]["blocks"].append(statistics.median(answer["samples"]))
            for revision, process in workers.items():
                process.communicate("0\n", timeout=60)
                runs[revision].append(got[revision])
        finally:
            for process in workers.values():
                if process.poll() is None:
                    process.kill()
            shutil.rmtree(scratch, ignore_errors=True)
    return runs


def line(name: str, samples: list[float], width: int = 34) -> str:
    return (
        f"  {name:{width}} median {ms(statistics.median(samples)):8.1f} ms"
        f"  p90 {ms(p90(samples)):8.1f} ms  (n={len(samples)})"
    )


def report_saves(before: str, after: str, runs: dict[str, list[dict]]) -> None:
    saves = len(runs[after][0]["samples"])
    print(
        f"1. Saving a round: POST /api/sessions/<id>/rounds, {saves} saves on a fresh session "
        f"per revision and run, the two revisions taking turns every 10 saves"
    )
    medians = {}
    for revision in (before, after):
        per_run = [statistics.median(run["samples"]) for run in runs[revision]]
        pooled = [s for run in runs[revision] for s in run["samples"]]
        cpu = [statistics.median(run["cpu"]) for run in runs[revision]]
        medians[revision] = statistics.median(per_run), statistics.median(cpu)
        print(
            f"  {revision:10} median of run medians {ms(medians[revision][0]):6.2f} ms "
            f"(runs: {', '.join(f'{ms(m):.2f}' for m in per_run)}), "
            f"p90 of all {ms(p90(pooled)):6.2f} ms; CPU {ms(medians[revision][1]):.2f} ms"
        )
    pairs = [
        a / b
        for run_a, run_b in zip(runs[after], runs[before], strict=True)
        for a, b in zip(run_a["blocks"], run_b["blocks"], strict=True)
    ]
    print(
        f"  after / before: {medians[after][0] / medians[before][0]:.3f} "
        f"(median of the {len(pairs)} blocks side by side {statistics.median(pairs):.3f}; "
        f"CPU {medians[after][1] / medians[before][1]:.3f}) (target: at most 1.20)"
    )


def report_page(page: dict) -> None:
    print(
        f"2. History page: {page['events']:,} events ({page['rounds']} rounds saved, each edited "
        f"once, a delete and a restore every 4th round; built through the API in "
        f"{page['built_s']:.0f} s); first page {page['lines']} lines, {page['page_kb']:.0f} KB"
    )
    names = {
        "page": "GET /s/<id>/history",
        "api": "GET /api/sessions/<id>/history",
        "deep page": "GET /s/<id>/history?before=<61st>",
        "deep api": "GET /api/…/history?before=<61st>",
        "page of 50 deletes": "GET /s/<id>/history, 50 deletes",
        "api, 50 deletes": "GET /api/…/history, 50 deletes",
    }
    for key, name in names.items():
        print(line(name, page["figures"][key]))
    print("  the first page's parts (in the app, no request):")
    for name, samples in page["parts"].items():
        print(line("  " + name, samples))


def _export_lines(name: str, run: dict) -> None:
    print(
        f"  GET /api/sessions/<id>/export, {name}: cold median "
        f"{statistics.median(run['cold']):.2f} s (runs: "
        f"{', '.join(f'{s:.2f}' for s in run['cold'])}), kept {ms(run['kept']):.1f} ms, "
        f"{run['bytes'] / MIB:.2f} MiB ({run['bytes']:,} bytes; "
        f"{run['compact_bytes'] / MIB:.2f} MiB as compact JSON)"
    )
    print("    its parts: " + ", ".join(f"{k} {v:.2f} s" for k, v in run["parts"].items()))
    made = run["import"]
    said = f"    POST /api/sessions/import of it: {made['status']} in {ms(made['first']):,.0f} ms"
    if made["status"] == 413:
        said += (
            f" (over IMPORT_MAX_BYTES, {made['limit'] / MIB:.0f} MiB); with the limit raised: "
            f"201 in {made['raised']:.1f} s, of which reading and checking the file "
            f"{made['read_s']:.1f} s"
        )
    print(said)


def report_export(export: dict, old: dict, before: str) -> None:
    full, bare, edits = export["full"], export["bare"], export["edits"]
    print(
        f"3. Export: {export['rounds']:,} rounds saved through the API "
        f"({export['saved_s']:.0f} s), "
        f"{edits['real_edits']} edited through the API ({edits['real_edit_ms']:.0f} ms an edit), "
        f"the other edits written in {edits['bulk_s']:.1f} s: {edits['events']:,} events "
        f"({', '.join(f'{k} {v:,}' for k, v in export['kinds'].items())})"
    )
    _export_lines("with its history", full)
    _export_lines("its history erased (one event holding the rounds)", bare)
    _export_lines(f"the same {old['rounds']:,} rounds at {before} (no history)", old["full"])
    ratio = statistics.median(full["cold"]) / statistics.median(bare["cold"])
    per_event = (full["bytes"] - bare["bytes"]) / max(edits["events"] - 1, 1)
    limit = full["import"]["limit"]
    fits = (limit - bare["bytes"]) / per_event
    print(
        f"  with / erased: {ratio:.1f} times the time, {full['bytes'] / bare['bytes']:.1f} times "
        f"the bytes; about {per_event:,.0f} bytes an event, so the import's limit "
        f"({limit / MIB:.0f} MiB) takes about {fits:,.0f} events with these "
        f"{export['rounds']:,} rounds"
    )
    print(
        f"  one worker's peak RSS grew by {export['rss_export_mib']:.0f} MiB over its cold export"
        + f" ({old['rss_export_mib']:.0f} MiB at {before})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--before", default="1167d11")
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--page-rounds", type=int, default=400)
    parser.add_argument("--page-repeat", type=int, default=30)
    parser.add_argument("--export-rounds", type=int, default=1000)
    parser.add_argument("--export-events", type=int, default=10_000)
    parser.add_argument("--only", default="saves,page,export")
    parser.add_argument("--worker", choices=["saves", "page", "export"], help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker_main(args)
        return
    parts = set(args.only.split(","))
    args.before, args.after = short(args.before), short(args.after)
    folder = Path(tempfile.mkdtemp(prefix="history-revs-"))
    try:
        print(f"load average at the start: {os.getloadavg()[0]:.2f}; SQLite files")
        after = extract(args.after, folder)
        before = extract(args.before, folder)
        if "saves" in parts:
            runs = compare_saves({args.before: before, args.after: after}, args)
            report_saves(args.before, args.after, runs)
        if "page" in parts:
            report_page(run_worker("page", after, args))
        if "export" in parts:  # and the same rounds by the revision before the history
            old = run_worker("export", before, args)
            report_export(run_worker("export", after, args), old, args.before)
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
