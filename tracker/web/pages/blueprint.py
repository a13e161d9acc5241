"""The blueprint of a session's HTML pages (endpoints `pages.*`); what their views share is on
the web layer's ground floor (lookups.py)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("pages", __name__)
