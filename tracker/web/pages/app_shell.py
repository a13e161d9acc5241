"""The installable app: its web app manifest and its service worker, both at the root so that
the worker's scope is the whole app. Before the worker's text (static/sw.js) go the deploy's
version (a digest of the static files' version and the engine's), the prefix of this version's
static files (web/static_files.py) and the files it keeps, and the page it shows for a page
never opened on this phone: a new deploy installs a new worker. The worker's own imports of
static files are given this version's addresses too.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from flask import current_app, jsonify, url_for
from flask_babel import get_locale
from markupsafe import escape

from ...engine import FLAGS, describe
from ...engine.messages import N_
from ...present.messages import catalogue
from ..language import LANGUAGES
from ..static_files import static_files
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
    head = {
        "VERSION": deploy_version(),
        "STATIC_AT": static_files().prefix,
        "STATIC": _static_urls(),
        "OFFLINE_PAGE": _offline_page(NOT_KEPT),
        "NOT_SENT_PAGE": _offline_page(NOT_SENT),
    }
    text = "".join(f"var {k} = {json.dumps(v)};\n" for k, v in head.items())
    text += _worker_text(current_app.static_folder, static_files().prefix)
    answer = current_app.response_class(text, mimetype="text/javascript")
    answer.headers["Cache-Control"] = "no-cache"  # the browser checks for a new deploy
    return answer


@bp.app_context_processor
def _deploy():
    """`deploy_version()` in every page (base.html): the engine's shared worker is named by it;
    and what a round is made of (engine/shape.py): as JSON for the entry pages' scripts
    (shape.js), and the hand's flags, a box or toggle each on the entry pages."""
    return {"deploy_version": deploy_version, "round_shape": describe, "hand_flag_shapes": FLAGS}


def deploy_version() -> str:
    """A digest of the static files' version, the engine's and the release's name: what a
    deploy changes."""
    return _digest(static_files().version, current_app.config.get("RELEASE", ""))


@lru_cache(maxsize=4)
def _digest(static_version: str, release: str) -> str:
    text = f"{static_version} {engine_digest()} {release}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


NOT_KEPT = N_(
    "Offline, and this page was not opened on this phone before. Go back, or open it again "
    "when the network is back."
)


NOT_SENT = N_(
    "Not saved: the server could not be reached. Go back, and send it again when the network "
    "is back."
)


# the way home from either page, and what every page is (base.html's meta description)
HOME = N_("Open the home page")
DESCRIPTION = N_(
    "A referee and a ledger for a real Tongits table: each round's winner, and who pays whom, "
    "on every player's phone."
)


def _offline_page(message) -> str:
    """What the worker answers, with no network, for a page never opened on this phone
    (NOT_KEPT) or a form it could not post (NOT_SENT): in every language of the app (one
    worker serves them all; its text must not change with the reader's language, or each
    switch would look like a new deploy)."""
    lines, described = "", []
    for code in LANGUAGES:
        words = catalogue(code)
        home = escape(words.gettext(HOME.template))
        said = escape(words.gettext(message.template))
        lines += f'<p lang="{code}">{said} <a href="/">{home}</a></p>'
        described.append(words.gettext(DESCRIPTION.template))
    # the way home a tap target of its own size (44 px), as on the app's pages
    return (
        '<!doctype html><meta name="viewport" content="width=device-width">'
        f'<meta name="description" content="{escape(" / ".join(described))}">'
        "<title>Tongits tracker</title><style>body{font:1.1rem/1.4 sans-serif;margin:16px}"
        "a{display:inline-block;min-height:44px;padding:10px 0;font-weight:700}</style>"
        f"{lines}"
    )


def _static_urls() -> list[str]:
    """Every static file but the worker's own text, at this version's address: kept by the
    worker for this deploy."""
    names = static_files().names
    return [url_for("static", filename=name) for name in names if name != "sw.js"]


IMPORTED = re.compile(r'^(import .* from ")/static/', re.M)


@lru_cache(maxsize=4)
def _worker_text(folder: str, prefix: str) -> str:
    """static/sw.js, its imports of /static/<file> (as the type checker reads them) made
    this version's addresses."""
    text = (Path(folder) / "sw.js").read_text(encoding="utf-8")
    return IMPORTED.sub(lambda found: found[1] + prefix, text)
