"""What a phone needs to judge rounds with no network, with the server's own engine: Pyodide's
core (CPython in WebAssembly, fetched by scripts/setup.sh into .cache/pyodide/, never from a
CDN) and the engine's own source files, which the phone's worker (static/engine_worker.js)
checks against the sha256 this manifest names before it runs them. A page in another language
than English has its worker fetch that language's words too: present/speech.py (the server's
own way of saying the engine's Messages) and the language's compiled catalogue (the .mo the
server reads), under the same digest and checked alike, with Babel's number signs for it.

    GET /offline/engine.json                     the manifest (404: no Pyodide on this server)
    GET /offline/pyodide/<version>/<file>        Pyodide's files, kept a year (the URL changes
                                                 with the version), gzipped by scripts/setup.sh
    GET /offline/engine/<digest>/<path>          the engine's files and the words (speech.py,
                                                 each language's .mo, gzipped when the
                                                 browser takes it), likewise by their digest
    GET /offline/engine_worker.js                the worker, whose own CSP alone allows
                                                 WebAssembly ('wasm-unsafe-eval')
"""

from __future__ import annotations

import gzip
import hashlib
from functools import lru_cache
from pathlib import Path

from flask import abort, current_app, jsonify, request, send_from_directory, url_for

from ...config import ROOT
from ...present.messages import number_signs
from ..language import DEFAULT, LANGUAGES
from ..security import CSP
from .blueprint import bp

PYODIDE = ROOT / ".cache" / "pyodide"
PYODIDE_TYPES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
ENGINE = ROOT / "tracker" / "engine"
SPEECH = "present/speech.py"  # how the server says the engine's Messages; the phone too
LEFT_OUT = {"__main__.py"}  # the command line: no use in a phone
YEAR = 365 * 24 * 3600
WORKER_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")


def pyodide_version() -> str | None:
    """The version of Pyodide this server holds, or None when it holds none."""
    try:
        version = (PYODIDE / "VERSION").read_text().strip()
    except OSError:
        return None
    return version if all((PYODIDE / name).is_file() for name in PYODIDE_TYPES) else None


@lru_cache(maxsize=1)
def engine_files() -> dict[str, str]:
    """Each engine file the phone runs (its path under tracker/) and its sha256, in hex."""
    return {
        f"engine/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(ENGINE.glob("*.py"))
        if path.name not in LEFT_OUT
    }


def catalogue_file(language: str) -> str:
    """A language's compiled catalogue, its path under tracker/."""
    return f"translations/{language}/LC_MESSAGES/messages.mo"


@lru_cache(maxsize=1)
def word_files() -> dict[str, bytes]:
    """What a page in another language than English needs too: the speech module and each
    language's compiled catalogue (a language not compiled has none), read once, so that what
    is served is what the manifest names."""
    names = [SPEECH, *(catalogue_file(code) for code in LANGUAGES if code != DEFAULT)]
    found = {name: ENGINE.parent / name for name in names}
    return {name: path.read_bytes() for name, path in found.items() if path.is_file()}


@lru_cache(maxsize=1)
def word_shas() -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in word_files().items()}


def languages() -> dict[str, dict]:
    """Each language but English the phone can answer in: its catalogue, that file's sha256
    and the signs it writes numbers with (Babel's, which the worker has not)."""
    files, shas = word_files(), word_shas()
    return {
        code: {"catalogue": name, "sha256": shas[name], "signs": number_signs(code)}
        for code in LANGUAGES
        if (name := catalogue_file(code)) in files
    }


def engine_digest() -> str:
    """One digest of every engine file and word file: a changed engine, or catalogue, is a new
    deploy."""
    named = {**engine_files(), **word_shas()}
    text = "\n".join(f"{name} {sha}" for name, sha in named.items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@bp.get("/offline/engine.json")
def engine_manifest():
    version = pyodide_version()
    if version is None:
        abort(404)
    digest = engine_digest()
    sizes = sum(_wire(name).stat().st_size for name in PYODIDE_TYPES)
    # each file the engine's worker fetches first, for the offer's progress (offline.js): its
    # address, its bytes on the wire and as read (a gzip's are more)
    parts = [
        {
            "url": url_for("pages.pyodide_file", version=version, name=name),
            "bytes": _wire(name).stat().st_size,
            "size": (PYODIDE / name).stat().st_size,
        }
        for name in PYODIDE_TYPES
    ]
    parts += [
        {"url": url_for("pages.engine_file", digest=digest, name=name), "bytes": size, "size": size}
        for name in engine_files()
        for size in [(ENGINE.parent / name).stat().st_size]
    ]
    answer = jsonify(
        {
            "pyodide": url_for("pages.pyodide_file", version=version, name="x")[:-1],
            "engine": url_for("pages.engine_file", digest=digest, name="x")[:-1],
            "digest": digest,
            "files": engine_files(),
            "bytes": sizes + sum((ENGINE.parent / n).stat().st_size for n in engine_files()),
            "parts": parts,
            "speech": {SPEECH: word_shas()[SPEECH]},
            "languages": languages(),
        }
    )
    answer.headers["Cache-Control"] = "no-cache"
    return answer


@bp.get("/offline/pyodide/<version>/<name>")
def pyodide_file(version: str, name: str):
    if version != pyodide_version() or name not in PYODIDE_TYPES:
        abort(404)
    packed = _wire(name)
    if packed.name == name or "gzip" not in request.accept_encodings:
        return _kept(send_from_directory(PYODIDE, name, mimetype=PYODIDE_TYPES[name]))
    answer = send_from_directory(PYODIDE, packed.name, mimetype=PYODIDE_TYPES[name])
    answer.headers["Content-Encoding"] = "gzip"
    answer.vary.add("Accept-Encoding")
    return _kept(answer)


def _wire(name: str) -> Path:
    """The file as it goes over the wire: its gzip, when scripts/setup.sh made one."""
    packed = PYODIDE / f"{name}.gz"
    return packed if packed.is_file() else PYODIDE / name


@bp.get("/offline/engine/<digest>/<path:name>")
def engine_file(digest: str, name: str):
    if digest != engine_digest() or name not in {**engine_files(), **word_files()}:
        abort(404)
    if name in word_files():
        return _kept(_word_answer(name))
    return _kept(send_from_directory(ENGINE.parent, name, mimetype="text/x-python"))


def _word_answer(name: str):
    kind = "text/x-python" if name.endswith(".py") else "application/octet-stream"
    taken = "gzip" in request.accept_encodings
    answer = current_app.response_class(
        _packed(name) if taken else word_files()[name], mimetype=kind
    )
    if taken:
        answer.headers["Content-Encoding"] = "gzip"
    answer.vary.add("Accept-Encoding")
    return answer


@lru_cache(maxsize=8)
def _packed(name: str) -> bytes:
    return gzip.compress(word_files()[name], mtime=0)


@bp.get("/offline/engine_worker.js")
def engine_worker():
    text = _worker_text()
    answer = current_app.response_class(text, mimetype="text/javascript")
    answer.headers["Content-Security-Policy"] = WORKER_CSP
    answer.headers["Cache-Control"] = "no-cache"
    return answer


def _kept(answer):
    answer.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    return answer


@lru_cache(maxsize=1)
def _worker_text() -> str:
    return (Path(current_app.static_folder) / "engine_worker.js").read_text(encoding="utf-8")
