"""The installable app: its web app manifest and its service worker, both at the root so that
the worker's scope is the whole app. The worker's text carries the deploy's version (a digest
of the static files), so a new deploy installs a new worker.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import current_app, jsonify, url_for
from flask_babel import get_locale

from .blueprint import bp
from .offline_engine import engine_digest

LIGHT, DARK = "#f6f6f3", "#111214"  # the pages' backgrounds (static/app.css)
THEME = "#0b4f96"  # the accent


@bp.get("/manifest.webmanifest")
def manifest():
    answer = jsonify(
        {
            "name": "Tongits stake tracker",
            "short_name": "Tongits",
            "start_url": url_for("pages.home"),
            "scope": "/",
            "display": "standalone",
            "lang": str(get_locale() or "en"),
            "background_color": LIGHT,
            "theme_color": THEME,
            "icons": [
                _icon("icon-192.png", "192x192"),
                _icon("icon-512.png", "512x512"),
                _icon("icon-maskable-512.png", "512x512", "maskable"),
            ],
        }
    )
    answer.mimetype = "application/manifest+json"
    answer.headers["Cache-Control"] = "no-cache"
    return answer


def _icon(name: str, size: str, purpose: str = "any") -> dict:
    src = url_for("static", filename=f"icons/{name}")
    return {"src": src, "sizes": size, "type": "image/png", "purpose": purpose}


@bp.get("/sw.js")
def service_worker():
    text = f"// version {deploy_version()}\n" + _worker_text()
    answer = current_app.response_class(text, mimetype="text/javascript")
    answer.headers["Cache-Control"] = "no-cache"  # the browser checks for a new deploy
    return answer


@lru_cache(maxsize=1)
def deploy_version() -> str:
    """A digest of the static files and the engine's: what a deploy changes."""
    digest = hashlib.sha256(engine_digest().encode())
    folder = Path(current_app.static_folder)
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def _worker_text() -> str:
    return (Path(current_app.static_folder) / "sw.js").read_text(encoding="utf-8")
