"""The round draft's two blueprints: `seats` (the seat phone's choice of player and its
verdict fragment, HTML forms with CSRF) and `draft_api` (the draft's JSON under /api, no CSRF:
see web/api/blueprint.py). The seat page itself is the round-entry page with `?seat=`
(web/pages/round_entry.py), drawn by seat_page.py."""

from __future__ import annotations

from flask import Blueprint

from ..json_answers import json_errors

bp = Blueprint("seats", __name__)
api_bp = Blueprint("draft_api", __name__, url_prefix="/api")
json_errors(api_bp)
