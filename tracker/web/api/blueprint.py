"""The JSON API's blueprint (`api`, under /api); what every JSON view shares is on the web
layer's ground floor (json_answers.py).

Bodies must be JSON (Content-Type: application/json): a cross-site HTML form cannot send that,
which is why the JSON blueprints need no CSRF token.
"""

from __future__ import annotations

from flask import Blueprint

from ..json_answers import json_errors

bp = Blueprint("api", __name__, url_prefix="/api")
json_errors(bp)
