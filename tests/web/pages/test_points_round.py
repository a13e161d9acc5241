"""A points-only round entered on the one-phone page as a plain form (no JavaScript), on a real
SQLite file: the ledger, the history, the CSV, the PDF and the JSON export all say it was not
checked by the referee; it is edited as points; the API takes the same record."""

import csv
import io
import json

from tests.support.documents import printed
from tests.support.forms import csrf_token
from tests.support.pages import field_error, plain

MARK = "points only · not checked by the referee"
HEADER = {"ending": "draw", "declarer": "0", "dealer": "0"}
POINTS = {"points_0": "5", "points_1": "12", "challenged_1": "y", "points_2": "30", "sunog_2": "y"}


def points_session(make_session, **rules) -> str:
    return make_session(rules={"points_rounds": True, **rules})


def test_the_card_page_offers_points_only_when_the_option_is_on(client, make_session):
    off = make_session()
    assert "mode=points" not in client.get(f"/s/{off}/rounds/new").get_data(as_text=True)
    on = points_session(make_session)
    assert "mode=points" in client.get(f"/s/{on}/rounds/new").get_data(as_text=True)
    page = client.get(f"/s/{on}/rounds/new?mode=points")
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and 'name="mode" value="points"' in text
    for seat in range(3):
        assert f'id="points_{seat}"' in text and 'inputmode="numeric"' in text
    assert "melds_0" not in text  # no card fields
    # a table without the option gets the card page, whatever the address says
    assert 'name="mode"' not in client.get(f"/s/{off}/rounds/new?mode=points").get_data(
        as_text=True
    )


def post(client, url: str, action: str = "review", **fields):
    page = client.get(url).get_data(as_text=True)
    data = {"csrf_token": csrf_token(page), "mode": "points", "action": action, **fields}
    return client.post(url, data=data)


def test_a_points_round_is_reviewed_saved_and_shown_everywhere_marked(client, make_session):
    token = points_session(make_session)
    url = f"/s/{token}/rounds/new?mode=points"
    review = post(client, url, **HEADER, **POINTS)
    assert review.status_code == 200
    said = plain(review)
    assert "Ana wins" in said and MARK in said
    assert "Ben challenged with 12." in said and "Cris is sunog." in said
    key = review.get_data(as_text=True).split('name="reviewed" id="reviewed" value="')[1]
    saved = post(client, url, "save", reviewed=key.split('"')[0], **HEADER, **POINTS)
    assert saved.status_code == 303

    data = client.get(f"/api/sessions/{token}").get_json()
    assert data["balances"] == {"Ana": "84.00", "Ben": "-44.00", "Cris": "-40.00"}
    stored = client.get(f"/api/sessions/{token}/rounds/1").get_json()
    assert stored["record"]["points"] == [
        {"deadwood": 5},
        {"deadwood": 12, "challenged": True},
        {"deadwood": 30, "sunog": True},
    ]
    assert stored["result"]["points_only"] is True

    ledger = plain(client.get(f"/s/{token}"))
    assert MARK in ledger
    history = plain(client.get(f"/s/{token}/history"))
    assert MARK in history and "Ben 12 pts" in history and "Cris 30 pts · Sunog" in history

    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/s/{token}/export.csv").data.decode("utf-8-sig")))
    )
    assert rows and all(MARK in " ".join(row.values()) for row in rows if row["payer"])
    assert {row["amount"] for row in rows if row["payer"]} == {"44.00", "40.00"}

    pdf = printed(client, f"/s/{token}/summary.pdf")
    assert "not checked by the referee" in pdf

    export = client.get(f"/s/{token}/export.json").get_data(as_text=True)
    assert json.loads(export)["rounds"][0]["points"][2] == {"deadwood": 30, "sunog": True}
    imported = client.post("/api/sessions/import", data=export, content_type="application/json")
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/api/sessions/{imported.get_json()['id']}").get_json()
    assert again["balances"] == data["balances"]


def test_bad_points_are_shown_at_their_field_and_kept(client, make_session):
    token = points_session(make_session)
    page = post(
        client,
        f"/s/{token}/rounds/new?mode=points",
        ending="talon",
        dealer="0",
        points_0="-3",
        points_1="2.5",
        points_2="",
    )
    assert page.status_code == 422 or page.status_code == 400 or page.status_code == 200
    assert "Ana's deadwood cannot be negative" in field_error(page, "points_0")
    assert "whole number" in field_error(page, "points_1")
    assert "Enter Cris's deadwood points" in field_error(page, "points_2")
    assert 'value="-3"' in page.get_data(as_text=True)  # what was typed is kept
    assert client.get(f"/api/sessions/{token}").get_json()["rounds"] == []


def test_a_points_round_is_edited_as_points(client, make_session):
    token = points_session(make_session)
    record = {
        "ending": "talon",
        "last_drawer": 1,
        "points": [{"deadwood": 9}, {"deadwood": 4}, {"deadwood": 20, "sunog": True}],
    }
    assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    edit = client.get(f"/s/{token}/rounds/1/edit").get_data(as_text=True)
    assert 'name="mode" value="points"' in edit and 'id="points_0"' in edit
    assert 'name="points_0" class="points-input" value="9"' in edit
    assert 'id="sunog_2" name="sunog_2" value="y" checked' in edit
    fields = {"ending": "talon", "last_drawer": "1", "dealer": "0"}
    fields.update(points_0="3", points_1="4", points_2="20", sunog_2="y")
    version = edit.split('name="version" value="')[1].split('"')[0]
    review = post(client, f"/s/{token}/rounds/1/edit", version=version, **fields)
    key = review.get_data(as_text=True).split('name="reviewed" id="reviewed" value="')[1]
    saved = post(
        client,
        f"/s/{token}/rounds/1/edit",
        "save",
        version=version,
        reviewed=key.split('"')[0],
        **fields,
    )
    assert saved.status_code == 303
    # Ben won with 4 (Ana paid ₱19.00); now Ana wins with 3: ₱14.00 from Ben, ₱30.00 from Cris
    assert client.get(f"/api/sessions/{token}").get_json()["balances"]["Ana"] == "44.00"


def test_the_api_refuses_points_while_the_option_is_off(client, make_session):
    token = make_session()
    record = {"ending": "talon", "points": [{"deadwood": 1}, {"deadwood": 2}, {"deadwood": 3}]}
    answer = client.post(f"/api/sessions/{token}/rounds", json=record)
    assert answer.status_code == 422, answer.get_json()
    assert "points-only rounds are off" in json.dumps(answer.get_json())
