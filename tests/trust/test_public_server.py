"""On a public server: links and QR codes from PUBLIC_URL, never from the Host header;
other hosts refused under TRUSTED_HOSTS; X-Forwarded-For/-Proto believed only under TRUST_PROXY;
cookies Secure under HTTPS. Without any of them, the table's Wi-Fi works as before."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tests.support.forms import csrf_token
from tests.support.records import PLAYERS
from tracker import create_app
from tracker.extensions import db
from tracker.present.qr import qr_svg

PUBLIC = "https://tongits.example.org"
HOSTILE = {"Host": "evil.example"}


@pytest.fixture
def make_app(app, database_url, tmp_path):
    """The app under the settings given (on the database `app` made); closed after the test."""
    made = []

    def make(**settings):
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": database_url,
                "SECRET_KEY": "public-test",
                "INSTANCE_PATH": str(tmp_path / f"instance{len(made)}"),
                **settings,
            }
        )
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def new_session(client, **headers) -> str:
    response = client.post("/api/sessions", json={"players": PLAYERS}, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def test_links_and_qr_come_from_public_url_never_from_the_host_header(make_app):
    client = make_app(PUBLIC_URL=PUBLIC + "/").test_client()
    token = new_session(client, **HOSTILE)
    link = f"{PUBLIC}/s/{token}"
    page = client.get(f"/s/{token}", headers=HOSTILE)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and f'href="{link}"' in html
    assert str(qr_svg(link, "QR code of the session link")) in html  # the public link
    assert "evil.example" not in html
    answer = client.get(f"/api/sessions/{token}", headers=HOSTILE).get_json()
    assert answer["url"] == link
    # under a path of its own on that server
    client = make_app(PUBLIC_URL="https://example.org/tongits").test_client()
    assert client.get(f"/api/sessions/{token}").get_json()["url"] == (
        f"https://example.org/tongits/s/{token}"
    )


def test_without_public_url_links_name_the_address_the_phone_used(make_app):
    client = make_app().test_client()
    token = new_session(client)
    lan = {"Host": "192.168.1.20:8000"}
    html = client.get(f"/s/{token}", headers=lan).get_data(as_text=True)
    assert f'href="http://192.168.1.20:8000/s/{token}"' in html
    assert "names this computer itself" not in html
    assert "names this computer itself" in client.get(f"/s/{token}").get_data(as_text=True)


def test_trusted_hosts_refuse_any_other_host_with_400(make_app):
    app = make_app(TRUSTED_HOSTS="tongits.example.org, .tongits.example.net")
    client = app.test_client()
    good = {"Host": "tongits.example.org"}
    token = new_session(client, **good)
    for url in ("/", f"/s/{token}", f"/api/sessions/{token}", f"/api/sessions/{token}/draft"):
        assert client.get(url, headers=good).status_code == 200, url
        assert client.get(url, headers={"Host": "a.tongits.example.net"}).status_code == 200
        refused = client.get(url, headers=HOSTILE)
        assert refused.status_code == 400, url
        assert "evil.example" not in refused.get_data(as_text=True).replace("'evil.example'", "")
    api = client.get(f"/api/sessions/{token}", headers=HOSTILE)
    assert api.is_json and api.get_json()["errors"]
    assert client.post("/api/sessions", json={"players": PLAYERS}, headers=HOSTILE).status_code == (
        400
    )
    # the draft polls' shortcut in front of Flask refuses it too, once it has an answer to give
    draft = client.get(f"/api/sessions/{token}/draft", headers=good)
    tagged = {**HOSTILE, "If-None-Match": draft.headers["ETag"]}
    assert client.get(f"/api/sessions/{token}/draft", headers=tagged).status_code == 400


def wrong_pin_from(client, token, **headers) -> None:
    response = client.post(
        f"/api/sessions/{token}/rounds", json={}, headers={"X-Edit-Pin": "9999", **headers}
    )
    assert response.status_code in (403, 423), response.get_json()


def clients_of_wrong_pins(database_url) -> list[str]:
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        found = connection.execute(sa.text("SELECT client FROM pin_attempt")).scalars().all()
    engine.dispose()
    return list(found)


def test_trust_proxy_believes_the_proxy_about_the_client_and_https(make_app, database_url):
    app = make_app(TRUST_PROXY="1")
    client = app.test_client()
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.9, 203.0.113.7"}
    page = client.get("/new", headers=https)
    cookie = page.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    plain = app.test_client().get("/new")  # plain HTTP: no Secure
    assert "Secure" not in plain.headers["Set-Cookie"]
    token = new_session(client)
    seat = client.post(
        f"/s/{token}/seat",
        data={"seat": "1", "csrf_token": csrf_token(page.get_data(True))},
        headers=https,
    )
    seat_cookie = [c for c in seat.headers.getlist("Set-Cookie") if c.startswith("seat=")]
    assert seat_cookie and "Secure" in seat_cookie[0]
    locked = client.post("/api/sessions", json={"players": PLAYERS, "pin": "0420"}).get_json()["id"]
    wrong_pin_from(client, locked, **https)
    # the address the proxy saw (the last one it added), not the proxy's own
    assert clients_of_wrong_pins(database_url) == ["203.0.113.7"]


def test_without_trust_proxy_forwarded_headers_are_ignored(make_app, database_url):
    client = make_app().test_client()
    forged = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
    assert "Secure" not in client.get("/new", headers=forged).headers["Set-Cookie"]
    locked = client.post("/api/sessions", json={"players": PLAYERS, "pin": "0420"}).get_json()["id"]
    wrong_pin_from(client, locked, **forged)
    assert clients_of_wrong_pins(database_url) == ["127.0.0.1"]


def test_an_https_public_url_makes_cookies_secure(make_app):
    client = make_app(PUBLIC_URL=PUBLIC).test_client()
    assert "Secure" in client.get("/new").headers["Set-Cookie"]


def test_settings_come_from_the_environment_and_mistakes_stop_the_start(make_app, monkeypatch):
    monkeypatch.setenv("PUBLIC_URL", PUBLIC)
    monkeypatch.setenv("TRUSTED_HOSTS", "tongits.example.org")
    monkeypatch.setenv("TRUST_PROXY", "1")
    app = make_app()
    assert app.config["PUBLIC_URL"] == PUBLIC and app.config["SESSION_COOKIE_SECURE"]
    assert app.config["TRUSTED_HOSTS"] == ["tongits.example.org"]
    assert app.config["TRUST_PROXY"] == 1
    for name, value in (("PUBLIC_URL", "tongits.example.org"), ("TRUST_PROXY", "maybe")):
        monkeypatch.setenv(name, value)
        with pytest.raises(ValueError, match=name):
            make_app()
        monkeypatch.delenv(name)
