"""Round entry's two blueprints: `entry` (the one-phone and points pages, their live preview,
the seat page and a seat phone's choice of player, "Clear this round": HTML forms with CSRF)
and `draft_api` (the round draft's JSON under /api, no CSRF: see web/api/blueprint.py)."""

from __future__ import annotations

from flask import Blueprint

from ..json_answers import json_errors

bp = Blueprint("entry", __name__)
api_bp = Blueprint("draft_api", __name__, url_prefix="/api")
json_errors(api_bp)
