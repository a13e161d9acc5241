"""The words a phone's referee needs to speak a page's language offline, as the server hands
them: /offline/engine.json names the speech module and each language's compiled catalogue with
their sha256 and Babel's number signs, and serves them under the engine's digest, kept for
good, gzipped for a browser that takes it; the digest (and so the deploy) changes with them."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

from tracker.web.language import LANGUAGES
from tracker.web.pages import offline_engine

ROOT = Path(__file__).resolve().parents[3]


def test_the_manifest_names_the_words_of_each_language_but_english(client):
    body = client.get("/offline/engine.json").get_json()
    assert body["speech"] == {
        "present/speech.py": hashlib.sha256(
            (ROOT / "tracker/present/speech.py").read_bytes()
        ).hexdigest()
    }
    assert set(body["languages"]) == set(LANGUAGES) - {"en"} and "fil" in body["languages"]
    fil = body["languages"]["fil"]
    assert fil["catalogue"] == "translations/fil/LC_MESSAGES/messages.mo"
    assert fil["signs"] == {"group": ",", "decimal": ".", "grouping": [3, 3]}
    on_disk = (ROOT / "tracker" / fil["catalogue"]).read_bytes()
    assert fil["sha256"] == hashlib.sha256(on_disk).hexdigest()
    assert not set(body["files"]) & {fil["catalogue"], "present/speech.py"}  # English: none


def test_the_words_are_served_under_the_digest_kept_for_good(client):
    body = client.get("/offline/engine.json").get_json()
    named = {
        **body["speech"],
        body["languages"]["fil"]["catalogue"]: body["languages"]["fil"]["sha256"],
    }
    for name, sha in named.items():
        plain = client.get(body["engine"] + name)
        assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
        assert hashlib.sha256(plain.data).hexdigest() == sha
        assert "immutable" in plain.headers["Cache-Control"] and "Accept-Encoding" in plain.vary
        packed = client.get(body["engine"] + name, headers={"Accept-Encoding": "gzip"})
        assert packed.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.data) == plain.data
    mo = client.get(body["engine"] + body["languages"]["fil"]["catalogue"])
    assert mo.mimetype == "application/octet-stream"
    for other in ("translations/fil/LC_MESSAGES/messages.po", "present/messages.py"):
        assert client.get(body["engine"] + other).status_code == 404
    stale = body["engine"].replace(body["digest"], "0" * 16)
    assert client.get(stale + "present/speech.py").status_code == 404


def test_a_changed_catalogue_is_a_new_digest(monkeypatch):
    before = offline_engine.engine_digest()
    shas = dict(offline_engine.word_shas())
    shas["translations/fil/LC_MESSAGES/messages.mo"] = "0" * 64
    monkeypatch.setattr(offline_engine, "word_shas", lambda: shas)
    assert offline_engine.engine_digest() != before
