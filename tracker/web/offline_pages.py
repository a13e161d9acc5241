"""Which pages the phone's service worker keeps for offline (static/sw.js): only what a table
needs with no network, the home page, a session's page (its last known ledger) and its round
entry (one phone, a seat's page). Each of those says so in its KEEP header; no other page is
kept (a group's page with its members' payment notes, the settle-up, the PIN forms), nor one
that shows a secret once (a new session's recovery code). Every page still says no-store to
the browser's HTTP cache and to proxies (security.py); the service worker's cache is the app's
own, emptied by "Forget this phone" (pages/forget.py)."""

from __future__ import annotations

from flask import Flask, g, request

KEEP = "Tongits-Keep-Offline"
KEPT = frozenset({"pages.home", "pages.session_page", "entry.new_round"})


def register(app: Flask) -> None:
    app.after_request(_mark)


def secret_on_page() -> None:
    """This page shows something once (a recovery code): never kept."""
    g.secret_on_page = True


def _mark(response):
    if (
        request.method == "GET"
        and request.endpoint in KEPT
        and response.status_code == 200
        and response.mimetype == "text/html"
        and not g.get("secret_on_page")
    ):
        response.headers[KEEP] = "1"
    return response
