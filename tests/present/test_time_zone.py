"""One time zone for every time shown to people (tracker/clock.py): the app's TIME_ZONE
($TRACKER_TIME_ZONE, by default Asia/Manila). One stored moment (the database keeps naive UTC)
is the same local time on the home page, in the summary PDF (printed by the child process, as
the app prints it), in the CSV's file name and in a group's nights; another zone moves every
one of them; machine-readable stamps stay UTC; an unknown zone stops the start."""

from __future__ import annotations

import io
import re
from datetime import UTC, date, datetime

import pytest
from flask import render_template_string
from pypdf import PdfReader

from tests.support.group_api import make_group
from tests.support.groups import group_session
from tests.support.records import PLAYERS
from tracker import create_app
from tracker.clock import DEFAULT_ZONE, local_day, local_time, zone_named
from tracker.extensions import db
from tracker.models import GameSession

# 20:15 UTC on Monday 30 November 2026, as the database keeps it: in Manila (UTC+8) it is
# already 04:15 on Tuesday 1 December, in Berlin (UTC+1) 21:15 on the Monday.
STORED = datetime(2026, 11, 30, 20, 15)
STAMP = "2026-11-30T20:15:00Z"  # what the machine-readable stamps keep saying
SHOWN = {
    "Asia/Manila": {
        "home": "01 Dec 2026 04:15",
        "pdf": "Tuesday, 1 December 2026, 4:15 AM",
        "day": "2026-12-01",
        "group": "01 Dec 2026",
    },
    "Europe/Berlin": {
        "home": "30 Nov 2026 21:15",
        "pdf": "Monday, 30 November 2026, 9:15 PM",
        "day": "2026-11-30",
        "group": "30 Nov 2026",
    },
}


@pytest.fixture
def make_app(app, database_url, tmp_path, monkeypatch):
    """The app under the settings given, on the database `app` made (and migrated), with no
    $TRACKER_TIME_ZONE unless a test sets one; each closed after the test."""
    monkeypatch.delenv("TRACKER_TIME_ZONE", raising=False)
    made = []

    def make(instance=None, **settings):
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": database_url,
                "SECRET_KEY": "zone-test",
                "TESTING": True,
                "INSTANCE_PATH": str(instance or tmp_path / f"instance{len(made)}"),
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


def started_at_the_stored_moment(app, client) -> str:
    """A session started through the API and opened on this device (so the home page lists
    it), its start and last change then set to STORED. Its token."""
    made = client.post("/api/sessions", json={"players": PLAYERS})
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    assert client.get(f"/s/{token}").status_code == 200
    with app.app_context():
        game = db.session.query(GameSession).filter_by(token=token).one()
        game.created_at = game.updated_at = STORED
        db.session.commit()
    return token


def pdf_text(data: bytes) -> str:
    pages = PdfReader(io.BytesIO(data)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() or "" for page in pages))


def filename(response) -> str:
    return re.search(r'filename="([^"]+)"', response.headers["Content-Disposition"]).group(1)


def what_is_shown(app, token: str | None = None) -> dict:
    """The home page's time, the summary PDF's text and file name, the CSV's file name, and
    the stamps of the page and the JSON export, for the session at the stored moment."""
    client = app.test_client()
    token = token or started_at_the_stored_moment(app, client)
    client.get(f"/s/{token}")  # this device opened it
    home = client.get("/").get_data(as_text=True)
    stamp, time_shown = re.search(r'<time datetime="([^"]+)">([^<]*)</time>', home).groups()
    pdf = client.get(f"/s/{token}/summary.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
    csv = client.get(f"/s/{token}/export.csv")
    assert csv.status_code == 200
    exported = client.get(f"/s/{token}/export.json").get_json()
    return {
        "token": token,
        "home": time_shown,
        "home_page": home,
        "stamp": stamp,
        "pdf": pdf_text(pdf.data),
        "pdf_name": filename(pdf),
        "csv_name": filename(csv),
        "created": exported["created"],
        "api_created": client.get(f"/api/sessions/{token}").get_json()["created"],
    }


def assert_shown_in(zone: str, shown: dict) -> None:
    expected = SHOWN[zone]
    assert shown["home"] == expected["home"]
    assert "UTC" not in shown["home_page"]
    assert expected["pdf"] in shown["pdf"], shown["pdf"][:400]
    assert shown["pdf_name"] == f"tongits-{expected['day']}-ana-ben-cris.pdf"
    assert shown["csv_name"] == f"tongits-{expected['day']}-ana-ben-cris.csv"
    # the machine-readable stamps stay UTC whatever the zone
    assert shown["stamp"] == shown["created"] == shown["api_created"] == STAMP


def test_one_stored_moment_is_one_local_time_on_the_home_page_the_pdf_and_the_csv(make_app):
    app = make_app()
    assert app.config["TIME_ZONE"] == DEFAULT_ZONE == "Asia/Manila"
    assert_shown_in("Asia/Manila", what_is_shown(app))


@pytest.mark.slow
def test_tracker_time_zone_moves_every_one_of_them(make_app, monkeypatch, tmp_path):
    """The same session on two apps sharing one instance folder (one cache of printed
    summaries): the Berlin app does not serve the PDF the Manila app printed."""
    shared = tmp_path / "shared-instance"
    manila = what_is_shown(make_app(shared))
    assert_shown_in("Asia/Manila", manila)
    monkeypatch.setenv("TRACKER_TIME_ZONE", "Europe/Berlin")
    berlin_app = make_app(shared)
    assert berlin_app.config["TIME_ZONE"] == "Europe/Berlin"
    assert_shown_in("Europe/Berlin", what_is_shown(berlin_app, manila["token"]))


@pytest.mark.parametrize("zone", ["Asia/Manila", "Europe/Berlin"])
def test_time_zone_beats_the_environment_and_a_groups_nights_follow_it(make_app, monkeypatch, zone):
    other = "Europe/Berlin" if zone == "Asia/Manila" else "Asia/Manila"
    monkeypatch.setenv("TRACKER_TIME_ZONE", other)
    app = make_app(TIME_ZONE=zone)
    assert app.config["TIME_ZONE"] == zone
    client = app.test_client()
    group = make_group(client, name="Biyernes")["id"]
    group_session(app, client, group, ["Ana", "Ben", "Cris"], [], STORED, settle=False)
    day = SHOWN[zone]["day"]
    on_the_day = client.get(f"/api/groups/{group}/stats", query_string={"from": day, "to": day})
    assert on_the_day.status_code == 200 and on_the_day.get_json()["sessions"] == 1
    elsewhere = SHOWN[other]["day"]  # the date of the same moment in the other zone
    answer = client.get(
        f"/api/groups/{group}/stats", query_string={"from": elsewhere, "to": elsewhere}
    )
    assert answer.get_json()["sessions"] == 0
    page = client.get(f"/g/{group}").get_data(as_text=True)
    assert f'<time datetime="{STAMP}">{SHOWN[zone]["group"]}</time>' in page


@pytest.mark.parametrize("name", ["Mars/Olympus_Mons", "Manila", "../../etc/passwd", "UTC+8"])
def test_an_unknown_zone_stops_the_start_naming_the_setting(make_app, monkeypatch, name):
    with pytest.raises(ValueError, match=r"TIME_ZONE \(\$TRACKER_TIME_ZONE\) must be a time zone"):
        make_app(TIME_ZONE=name)
    monkeypatch.setenv("TRACKER_TIME_ZONE", name)
    with pytest.raises(ValueError, match=re.escape(repr(name))):
        make_app()


def test_an_empty_tracker_time_zone_is_the_default(make_app, monkeypatch):
    monkeypatch.setenv("TRACKER_TIME_ZONE", "  ")
    assert make_app().config["TIME_ZONE"] == "Asia/Manila"
    monkeypatch.setenv("TRACKER_TIME_ZONE", " Europe/Berlin ")
    assert make_app().config["TIME_ZONE"] == "Europe/Berlin"


def test_the_helper_and_the_filter(make_app):
    """local_time: naive is UTC; aware moments converted; the app's zone by default, Manila
    outside an app (the printing child passes its zone by name)."""
    assert local_time(None) is None and local_day(None) is None
    manila = local_time(STORED)
    assert (manila.isoformat(), str(manila.tzinfo)) == ("2026-12-01T04:15:00+08:00", "Asia/Manila")
    assert local_time(STORED.replace(tzinfo=UTC), "Europe/Berlin").hour == 21
    assert local_day(STORED, zone_named("Europe/Berlin")) == date(2026, 11, 30)
    edge = datetime(9999, 12, 31, 20, 0)  # 04:00 in year 10000 in Manila: left as it is
    assert local_time(edge).replace(tzinfo=None) == edge
    berlin = make_app(TIME_ZONE="Europe/Berlin")
    page = "{{ moment|local_time|short_day_time }} · {{ (moment|local_time).isoformat() }}"
    with berlin.test_request_context("/?lang=en"):
        assert local_day(STORED) == date(2026, 11, 30)
        assert render_template_string(page, moment=STORED) == (
            "30 Nov 2026 21:15 · 2026-11-30T21:15:00+01:00"
        )
    with make_app().test_request_context("/?lang=fil"):
        assert render_template_string(page, moment=STORED).startswith("01 Dis 2026 04:15")
