"""A barkada's two blueprints: `groups` (its HTML pages under /g, forms with CSRF) and
`group_api` (its JSON under /api/groups, no CSRF: see web/api/blueprint.py)."""

from __future__ import annotations

from flask import Blueprint

from ..json_answers import json_errors

bp = Blueprint("groups", __name__, url_prefix="/g")
api_bp = Blueprint("group_api", __name__, url_prefix="/api/groups")
json_errors(api_bp)
