"""Bytes over the wire for a session's page and the static files it loads (its stylesheets, its
entry script and every module that imports), and for everything the service worker keeps, by
what the browser accepts: `identity` is what the server sent before compression (any
browser), `gzip` what Chrome asks on a plain http:// address (a phone on the Wi-Fi, serve.sh),
`br` and `zstd` what it asks over HTTPS (behind Caddy). Bodies only, headers left out.

    .venv/bin/python -m benchmarks.page_weight [--rounds 12]

The app is the real one (WhiteNoise, Flask-Compress) on a fresh SQLite, served by a thread
(benchmarks/harness/servers.py); docs/performance.md, "Page weight", has the figures.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
import time
import urllib.request
from urllib.parse import urljoin

from benchmarks.harness.servers import serve
from tests.support.records import DRAW, PLAYERS, TALON

CODINGS = ("identity", "gzip", "br", "zstd")
LINKED = re.compile(r'(?:href|src)="(/static/[^"]+)"')
IMPORTED = re.compile(r'^import .* from "([^"]+)";', re.M)


def fetch(url: str, coding: str, body=None) -> tuple[bytes, dict]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Accept-Encoding": coding, "Content-Type": "application/json"}
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=30) as got:
        return got.read(), dict(got.headers)


def plain(url: str) -> str:
    return fetch(url, "identity")[0].decode()


def modules_of(base: str, page: str) -> list[str]:
    """The page's static files and every module its scripts import, as absolute URLs."""
    found, todo = [], [urljoin(base, path) for path in LINKED.findall(page)]
    while todo:
        url = todo.pop()
        if url in found:
            continue
        found.append(url)
        if url.endswith(".js"):
            todo += [urljoin(url, spec) for spec in IMPORTED.findall(plain(url))]
    return found


def weigh(urls: list[str]) -> dict[str, int]:
    return {coding: sum(len(fetch(url, coding)[0]) for url in urls) for coding in CODINGS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=12, help="rounds on the session page")
    rounds = parser.parse_args().rounds
    base = serve("page-weight")
    made, _ = fetch(f"{base}/api/sessions", "identity", {"players": PLAYERS})
    token = json.loads(made)["id"]
    for number in range(rounds):
        fetch(f"{base}/api/sessions/{token}/rounds", "identity", (DRAW, TALON)[number % 2])
    page_url = f"{base}/s/{token}"
    page = plain(page_url)
    files = modules_of(base, page)
    worker = plain(f"{base}/sw.js")
    kept = json.loads(re.search(r"^var STATIC = (.*);$", worker, re.M)[1])
    rows = [
        (f"session page ({rounds} rounds)", weigh([page_url])),
        (f"its static files ({len(files)})", weigh(files)),
        (f"all the worker keeps ({len(kept)})", weigh([urljoin(base, u) for u in kept])),
    ]
    print(f"{'bytes':34}" + "".join(f"{c:>10}" for c in CODINGS))
    for name, sizes in rows:
        print(f"{name:34}" + "".join(f"{sizes[c]:>10}" for c in CODINGS))
    _, headers = fetch(files[0], "br")
    print(f"\nstatic files: Cache-Control: {headers['Cache-Control']}")
    print("the session page compressed, one core:", cost(page.encode()))


def cost(body: bytes, times: int = 200) -> str:
    """What compressing one page costs the server (Flask-Compress at the app's levels)."""
    from flask_compress.flask_compress import _compress_data

    from tracker import create_app

    folder = tempfile.mkdtemp(prefix="page-weight-cost-")
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x", "INSTANCE_PATH": folder}
    )
    said = []
    for coding in CODINGS[1:]:
        start = time.perf_counter()
        for _ in range(times):
            _compress_data(app, body, coding)
        said.append(f"{coding} {(time.perf_counter() - start) / times * 1000:.2f} ms")
    return ", ".join(said)


if __name__ == "__main__":
    main()
