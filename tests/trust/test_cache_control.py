"""Nothing that carries a session link or balances may be kept by a browser or a proxy
: every page, API answer and export says `Cache-Control: no-store`; only the static
files are cached; the polls keep their ETag and 304 (the phones send If-None-Match themselves).
"""

from __future__ import annotations

from tests.support.records import DRAW
from tests.support.static import static_url


def test_pages_api_and_exports_say_no_store(client, make_session):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    for url in (
        "/",
        "/new",
        f"/s/{token}",
        f"/s/{token}/ledger",
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/settle",
        f"/s/{token}/pin",
        f"/s/{token}/summary.pdf",
        f"/s/{token}/export.csv",
        f"/s/{token}/export.json",
        "/api/sessions",
        f"/api/sessions/{token}",
        f"/api/sessions/{token}/rounds/1",
        f"/api/sessions/{token}/revision",
        f"/api/sessions/{token}/draft",
        "/s/nope",
        "/api/nope",
    ):
        response = client.get(url)
        assert response.status_code in (200, 404), url
        assert response.headers.get("Cache-Control") == "no-store", url
    saved = client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    assert saved.status_code == 201 and saved.headers["Cache-Control"] == "no-store"
    refused = client.post(f"/api/sessions/{token}/rounds", json={"ending": "x"})
    assert refused.status_code == 422 and refused.headers["Cache-Control"] == "no-store"


def test_static_files_stay_cacheable(app, client):
    for url in (static_url(app, "app.css"), static_url(app, "live.js")):
        response = client.get(url)
        assert response.status_code == 200
        assert "no-store" not in response.headers.get("Cache-Control", ""), url
        assert "max-age=" in response.headers["Cache-Control"], url


def test_the_polls_keep_their_304_under_no_store(client, make_session):
    token = make_session()
    for path in ("revision", "draft"):
        first = client.get(f"/api/sessions/{token}/{path}")
        tag = first.headers["ETag"]
        again = client.get(f"/api/sessions/{token}/{path}", headers={"If-None-Match": tag})
        assert again.status_code == 304, path
        assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == "no-store"
