"""The static files under their version, kept a year and sent precompressed (WhiteNoise,
tracker/web/static_files.py), and the app's own answers compressed as asked (Flask-Compress,
tracker/web/compression.py): in the app, and under a real gunicorn as scripts/serve.sh runs it.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import urllib.request

import brotli
import jwt
import pytest
from backports import zstd

from tests.support.database import close, worker
from tests.support.live_server import BIN, ROOT, free_port, migrate
from tests.support.records import DRAW
from tests.support.static import static_pattern, static_url
from tracker.push import courier
from tracker.web import static_files

YEAR = "public, max-age=31536000, immutable"
UNPACK = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}


def test_a_static_file_is_named_by_its_version_and_kept_a_year(app, client):
    url = static_url(app, "outbox.js")
    assert re.fullmatch(static_pattern("outbox.js"), url)
    answer = client.get(url)
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == YEAR
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert answer.data == (ROOT / "static" / "outbox.js").read_bytes()
    page = client.get("/").get_data(as_text=True)
    assert f'href="{static_url(app, "app.css")}"' in page  # url_for('static', …) in templates


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_a_static_file_is_sent_precompressed_as_asked(app, client, coding):
    url = static_url(app, "offline.js")
    answer = client.get(url, headers={"Accept-Encoding": coding})
    assert answer.headers["Content-Encoding"] == coding
    assert "Accept-Encoding" in answer.vary and answer.headers["Cache-Control"] == YEAR
    assert UNPACK[coding](answer.data) == (ROOT / "static" / "offline.js").read_bytes()
    assert len(answer.data) < len(client.get(url).data) / 2  # the plain one, not asked
    assert "Content-Encoding" not in client.get(url).headers


def test_another_version_or_none_is_redirected_to_this_one(app, client):
    here = static_url(app, "pages/session.js")
    for old in ("/static/pages/session.js", "/static/0123456789abcdef/pages/session.js"):
        answer = client.get(old)
        assert (answer.status_code, answer.location) == (302, here), old
        assert answer.headers["Cache-Control"] == "no-store"
    assert client.get("/static/app.css").location == static_url(app, "app.css")
    for missing in ("/static/nope.js", "/static/0123456789abcdef/nope.js", here + "x"):
        assert client.get(missing).status_code == 404, missing


def test_a_changed_script_gets_a_new_url(database_url, tmp_path, monkeypatch):
    monkeypatch.setattr(static_files, "SNAPSHOTS", tmp_path / "snapshots")
    tree = tmp_path / "static"
    shutil.copytree(ROOT / "static", tree)
    before = worker(database_url, tmp_path / "a", STATIC_FOLDER=str(tree))
    (tree / "entry" / "deals.js").write_text("export function start() {}\n")
    after = worker(database_url, tmp_path / "b", STATIC_FOLDER=str(tree))
    try:
        old, new = (static_url(made, "pages/session.js") for made in (before, after))
        assert old != new  # every file's address, when any changed
        client = after.test_client()
        assert client.get(old).location == new
        changed = client.get(static_url(after, "entry/deals.js"), headers={"Accept-Encoding": ""})
        assert changed.data == b"export function start() {}\n"
        text = client.get("/sw.js").get_data(as_text=True)
        assert f'"{new}"' in text and f'"{old}"' not in text
        assert sorted(p.name for p in (tmp_path / "snapshots").iterdir()) == sorted(
            made.extensions["static_files"].version for made in (before, after)
        )
    finally:
        close(before)
        close(after)


@pytest.mark.parametrize("coding", ["gzip", "br", "zstd"])
def test_pages_and_json_are_compressed_as_asked_their_etag_kept(client, make_session, coding):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    asked = {"Accept-Encoding": coding}
    page = client.get(f"/s/{token}", headers=asked)
    assert page.headers["Content-Encoding"] == coding
    assert {"Accept-Encoding", "Accept-Language", "Cookie"} <= set(page.vary)
    assert "Ana" in UNPACK[coding](page.data).decode()
    plain = client.get(f"/api/sessions/{token}/rounds/1")
    packed = client.get(f"/api/sessions/{token}/rounds/1", headers=asked)
    assert packed.headers["Content-Encoding"] == coding and "Content-Encoding" not in plain.headers
    assert packed.headers["ETag"] == plain.headers["ETag"]  # what If-Match sends back
    assert UNPACK[coding](packed.data) == plain.data
    state = client.get(f"/api/sessions/{token}/revision", headers=asked)
    again = {**asked, "If-None-Match": state.headers["ETag"]}
    assert client.get(f"/api/sessions/{token}/revision", headers=again).status_code == 304


def test_an_event_stream_is_never_compressed(database_url, tmp_path, make_session):
    key = "the-signing-key-of-this-stream-test"
    held = worker(
        database_url,
        tmp_path / "instance",
        PUSH_URL="http://127.0.0.1:9",
        PUSH_KEY=key,
        COMPRESS_MIN_SIZE=0,
    )
    try:
        token = make_session()
        sig = jwt.encode({"iss": "pushpin"}, key, algorithm="HS256")
        headers = {"Grip-Sig": sig, "Accept-Encoding": "gzip, br, zstd"}
        answer = held.test_client().get(f"/s/{token}/events", headers=headers)
        assert answer.mimetype == "text/event-stream" and answer.headers["Grip-Hold"] == "stream"
        assert "Content-Encoding" not in answer.headers
        assert answer.get_data(as_text=True).startswith("retry: ")
    finally:
        courier.stop(held)
        close(held)


def fetched(base: str, path: str, coding: str) -> tuple[dict, bytes]:
    asked = urllib.request.Request(base + path, headers={"Accept-Encoding": coding})
    with urllib.request.urlopen(asked, timeout=30) as answer:
        return dict(answer.headers), answer.read()


@pytest.mark.slow
def test_under_gunicorn_as_serve_sh_runs_it(database_url, tmp_path):
    instance = tmp_path / "instance"
    migrate(database_url, instance)
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "TRACKER_INSTANCE": str(instance)}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    command = [BIN / "gunicorn", "-c", "python:tracker.gunicorn_conf", "--bind"]
    command += [f"127.0.0.1:{port}", "--workers", "1", "--threads", "2", "tracker:create_app()"]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        home = _when_up(base)
        script = re.search(static_pattern("pages/plain.js"), home)[0]
        for coding in ("gzip", "br"):
            headers, body = fetched(base, script, coding)
            assert headers["Content-Encoding"] == coding and headers["Cache-Control"] == YEAR
            assert UNPACK[coding](body) == (ROOT / "static" / "pages" / "plain.js").read_bytes()
            headers, body = fetched(base, "/", coding)
            assert headers["Content-Encoding"] == coding and "Accept-Encoding" in headers["Vary"]
            assert b"<html" in UNPACK[coding](body)
    finally:
        process.terminate()
        process.wait(timeout=30)


def _when_up(base: str) -> str:
    import time

    deadline = time.monotonic() + 60
    while True:
        try:
            return fetched(base, "/", "identity")[1].decode()
        except OSError:
            assert time.monotonic() < deadline, "gunicorn never answered"
            time.sleep(0.2)
