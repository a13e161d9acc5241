"""The thin HTTP layer: each view reads the request, calls the core (tracker/core) and answers
a page or JSON. A package per feature builds its blueprints and imports its routes;
`blueprints()` is the list create_app registers.

    pages/    a session's HTML pages (home, session, round entry, history, the app shell)
    api/      the JSON API of sessions and rounds
    entry/    round entry: the one-phone, points and seat pages, the draft's JSON
    barkada/  a group that plays every week: its pages and its JSON
    exports.py  the summary PDF, CSV and JSON exports, and the import form
"""

from __future__ import annotations

from flask import Blueprint


def blueprints() -> list[tuple[Blueprint, bool]]:
    """Every blueprint of the app, each with whether it answers JSON only (no CSRF token: a
    cross-site form cannot send JSON, see api/blueprint.py)."""
    from . import api, barkada, entry, exports, pages

    for package in (pages, api, entry, barkada):
        package.routes()
    return [
        (pages.bp, False),
        (api.bp, True),
        (entry.bp, False),
        (entry.api_bp, True),
        (barkada.bp, False),
        (barkada.api_bp, True),
        (exports.bp, False),
    ]
