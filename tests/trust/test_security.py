"""Security headers on every answer, cookie flags, and hostile player names shown as text on
every page and in the PDF."""

from __future__ import annotations

import io
import re

import pytest
from markupsafe import escape

from tests.support.forms import csrf_token, form_fields
from tests.support.records import DRAW, TALON
from tests.support.static import static_url

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "Ñoño"]


def assert_headers(response):
    headers = response.headers
    assert headers["Content-Security-Policy"] == CSP
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_every_kind_of_answer_carries_the_security_headers(app, client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    for url in (
        "/",
        "/new",
        f"/s/{token}",
        f"/s/{token}/ledger",
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
        f"/s/{token}/settle",
        f"/s/{token}/pin",
        f"/s/{token}/unlock",
        "/api/sessions",
        f"/api/sessions/{token}",
        f"/api/sessions/{token}/rounds/1",
        static_url(app, "app.css"),
        static_url(app, "entry/round.js"),
        "/s/nope",
        "/api/nope",
    ):
        response = client.get(url)
        assert response.status_code in (200, 303, 404), url
        assert_headers(response)
    assert_headers(client.post("/api/sessions", data="x"))  # an error answer too


def test_the_session_cookie_is_httponly_and_samesite_lax(client):
    response = client.get("/new")  # the CSRF token lives in the session cookie
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


@pytest.fixture
def hostile(client):
    """A session whose players are hostile names, with one round saved."""
    response = client.post("/api/sessions", json={"players": HOSTILE, "dealer": 0})
    assert response.status_code == 201
    token = response.get_json()["id"]
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    return token


def assert_text_only(html: str, where: str):
    for name in HOSTILE:
        if name != "Ñoño":
            assert name not in html, where
        assert str(escape(name)) in html, (where, name)
    assert "<img src=x" not in html and "<script>alert" not in html, where


def test_hostile_names_are_text_on_every_page(client, hostile):
    token = hostile
    pages = {
        "session": f"/s/{token}",
        "home": "/",  # lists the session this device just opened
        "ledger": f"/s/{token}/ledger",
        "round entry": f"/s/{token}/rounds/new",
        "edit": f"/s/{token}/rounds/1/edit",
        "delete": f"/s/{token}/rounds/1/delete",
        "settle": f"/s/{token}/settle",
        "pin": f"/s/{token}/pin",
    }
    locked = client.post("/api/sessions", json={"players": HOSTILE, "pin": "1234"}).get_json()["id"]
    pages["unlock"] = f"/s/{locked}/unlock"
    for where, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, where
        assert_text_only(response.get_data(as_text=True), where)
    # the review and a refused round (the messages name the players)
    page = client.get(f"/s/{token}/rounds/new").get_data(as_text=True)
    review = client.post(
        f"/s/{token}/rounds/new", data={**form_fields(TALON), "csrf_token": csrf_token(page)}
    )
    assert review.status_code == 200 and "Confirm and save" in review.get_data(as_text=True)
    assert_text_only(review.get_data(as_text=True), "review")
    bad = {**form_fields(TALON), "csrf_token": csrf_token(page), "melds_0": "7S 8H 9S"}
    refused = client.post(f"/s/{token}/rounds/new", data=bad)
    assert refused.status_code == 422
    assert_text_only(refused.get_data(as_text=True), "refused round")
    # the live preview's verdict HTML
    preview = client.post(
        f"/s/{token}/rounds/preview", data={**form_fields(TALON), "csrf_token": csrf_token(page)}
    )
    assert_text_only(preview.get_json()["verdict_html"], "preview")
    # the JSON API carries them as they are (JSON, not HTML: the client must not inject it)
    api = client.get(f"/api/sessions/{token}")
    assert api.get_json()["players"] == HOSTILE and api.mimetype == "application/json"


def test_hostile_names_are_text_in_the_pdf(app, hostile):
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    from tracker.documents.pdf import summary_pdf
    from tracker.extensions import db
    from tracker.models import GameSession

    with app.app_context():
        game = db.session.execute(db.select(GameSession).filter_by(token=hostile)).scalar_one()
        pdf = summary_pdf(game.export())
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    flat = re.sub(r"\s+", "", text)
    for name in HOSTILE:
        assert re.sub(r"\s+", "", name) in flat, name  # printed as the text the table typed
    assert "&lt;" not in text and "&#34;" not in text  # not escaped twice either
