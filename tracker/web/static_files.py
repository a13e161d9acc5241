"""The static files (static/), under a prefix naming their content: `/static/<version>/<path>`,
where the version is a digest of the whole tree. A deploy that changes any file changes every
URL, so a phone never loads an old module beside new ones (the scripts import each other by
relative paths: a page's modules all come from one version), and each file is kept a year
(`Cache-Control: public, max-age=31536000, immutable`).

They are served by WhiteNoise, in front of Flask, from a snapshot of the tree made once per
version in .cache/static/<version>/ (by scripts/setup.sh, else by the first start), with each
file's gzip and brotli beside it (whitenoise.compress): the answer is the one the browser
takes (Accept-Encoding), never compressed again per request. With no snapshot (a read-only
checkout that setup.sh did not prepare) the tree itself is served, uncompressed.

Any other /static/ address, an older version's or one with none (a page kept offline by an
earlier deploy, a bookmark), is redirected to this version's file, not kept. `url_for('static',
filename=...)` gives the versioned address; `python -m tracker.web.static_files` makes the
snapshot (setup.sh).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, abort, current_app, redirect, url_for
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from ..config import ROOT
from .security import HEADERS

SOURCE = ROOT / "static"
SNAPSHOTS = ROOT / ".cache" / "static"
KEPT_SNAPSHOTS = 8  # the newest versions kept: a server still running an older one serves it
YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"
PACKED = (".gz", ".br")
VERSION = re.compile(r"[0-9a-f]{16}")


@dataclass(frozen=True)
class StaticFiles:
    version: str
    folder: Path  # the snapshot served (or the tree itself, with no snapshot)
    names: tuple[str, ...]  # every file's path under it, its gzip and brotli left out

    @property
    def prefix(self) -> str:
        return f"/static/{self.version}/"


def names_in(folder: Path) -> tuple[str, ...]:
    """Every file under `folder`, as a relative POSIX path, but the .gz and .br made of one."""
    found = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    return tuple(sorted(n for n in found if not (n.endswith(PACKED) and n[:-3] in found)))


def tree_digest(folder: Path) -> str:
    """The version of a tree: a digest of each file's path and bytes."""
    digest = hashlib.sha256()
    for name in names_in(folder):
        digest.update(name.encode() + b"\0")
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()[:16]


def snapshot(source: Path = SOURCE, into: Path | None = None) -> tuple[str, Path]:
    """The snapshot of `source` (made when missing) in `into` (SNAPSHOTS): its version and
    folder. The version is that of the copy, so a file changed while it is made never gets the
    other's name; the folder appears whole or not at all (renamed into place), whichever
    process makes it."""
    into = into or SNAPSHOTS
    version = tree_digest(source)
    if (into / version).is_dir():
        _touch(into / version)  # in use: the newest, for _prune
        return version, into / version
    into.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".making-", dir=into))
    try:
        shutil.copytree(source, work, dirs_exist_ok=True)
        version = tree_digest(work)
        packer = Compressor(quiet=True)
        for name in names_in(work):
            if packer.should_compress(name):
                packer.compress(str(work / name))
        work.chmod(0o755)  # mkdtemp's is 0700: the service's user reads what root made
        try:
            work.rename(into / version)
        except OSError:  # another process made it first
            if not (into / version).is_dir():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _prune(into)
    return version, into / version


def _touch(folder: Path) -> None:
    try:
        os.utime(folder)
    except OSError:  # not ours to touch (setup.sh's, as root): nothing prunes it but setup.sh
        pass


def _prune(into: Path) -> None:
    """Only the newest KEPT_SNAPSHOTS versions, and no half-made copy older than an hour."""
    made = sorted(
        (p for p in into.iterdir() if VERSION.fullmatch(p.name)),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    stale = [p for p in into.glob(".making-*") if p.stat().st_mtime < time.time() - 3600]
    for path in made[KEPT_SNAPSHOTS:] + stale:
        shutil.rmtree(path, ignore_errors=True)


def install(app: Flask, source: Path) -> None:
    """Serve `source` under its version: WhiteNoise in front of `app.wsgi_app`, the `static`
    endpoint (what url_for builds; a version other than this one is redirected), and
    `app.extensions["static_files"]`."""
    try:
        version, folder = snapshot(source)
    except OSError as error:  # a checkout this user may not write into, not prepared
        app.logger.warning("static files served uncompressed, no snapshot: %s", error)
        version, folder = tree_digest(source), source
    served = StaticFiles(version, folder, names_in(folder))
    app.extensions["static_files"] = served
    app.static_folder = str(folder)
    app.add_url_rule("/static/<version>/<path:filename>", "static", _static)
    app.add_url_rule("/static/<filename>", "static_moved", _moved)
    app.url_defaults(_with_version)
    app.wsgi_app = WhiteNoise(
        app.wsgi_app,
        root=str(folder),
        prefix=served.prefix,
        max_age=YEAR,
        immutable_file_test=lambda path, url: True,
        add_headers_function=_headers,
        allow_all_origins=False,  # the pages' own files, for the pages' own origin
    )


def static_files() -> StaticFiles:
    return current_app.extensions["static_files"]


def _with_version(endpoint: str, values: dict) -> None:
    if endpoint == "static":
        values.setdefault("version", static_files().version)


def _headers(headers, path: str, url: str) -> None:
    """Each file's answer: the app's security headers, and a year's caching (WhiteNoise's
    own immutable answer says ten)."""
    for name, value in HEADERS.items():
        headers[name] = value
    headers["Cache-Control"] = IMMUTABLE


def _static(version: str, filename: str):
    """What WhiteNoise did not answer: a file of another version (or a path with none, whose
    first folder took the version's place) is redirected to this version's; else 404."""
    served = static_files()
    if version == served.version:
        abort(404)
    if VERSION.fullmatch(version) and filename in served.names:
        return _redirect(filename)
    return _moved(f"{version}/{filename}")


def _moved(filename: str):
    if filename not in static_files().names:
        abort(404)
    return _redirect(filename)


def _redirect(filename: str):
    answer = redirect(url_for("static", filename=filename), 302)
    answer.headers["Cache-Control"] = "no-store"  # the next deploy moves it again
    return answer


if __name__ == "__main__":  # scripts/setup.sh: the snapshot made before the app starts
    made, where = snapshot()
    print(f"static files {made}, with their gzip and brotli, in {os.path.relpath(where)}")
