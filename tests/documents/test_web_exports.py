"""Issue 3 through the web app: the summary PDF, CSV and JSON exports, and imports by the API
and by the form (file upload and pasted text). Sessions are built through the API; PDFs are
read back as text with pypdf."""

from __future__ import annotations

import copy
import csv
import html
import io
import json
import re
from decimal import Decimal

import pytest

from tests.support.admin import ADMIN
from tests.support.documents import page_text, pdf_pages, pdf_text, played, session, winners_in
from tests.support.forms import csrf_token
from tests.support.records import PLAYERS, TALON
from tests.support.rounds_factory import random_session
from tracker.engine import money_text
from tracker.exchange.export import export_json, ledger_of

NAMES = ["Ñoño Dela Cruz", "Ma. Luz Bañez", "Cris"]


def session_count(client) -> int:
    return len(client.get("/api/sessions", headers=ADMIN).get_json()["sessions"])


def textarea(response) -> str:
    match = re.search(
        r'<textarea id="text"[^>]*>(.*?)</textarea>', response.get_data(as_text=True), re.S
    )
    assert match, "no textarea"
    return html.unescape(match.group(1))


# -- the summary PDF ------------------------------------------------------------------------


def test_summary_pdf_of_a_session_built_through_the_api(client, make_session):
    token = played(client, make_session)
    data = session(client, token)
    response = client.get(f"/s/{token}/summary.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("inline;") and re.search(
        r'filename="tongits-\d{4}-\d\d-\d\d-ana-ben-cris\.pdf"', disposition
    )
    text = pdf_text(response.data)
    for name in PLAYERS:
        assert name in text
    winners = [r["result"]["winner"] for r in data["rounds"]]
    assert winners_in(text, PLAYERS) == [None if w is None else PLAYERS[w] for w in winners]
    for name, amount in data["balances"].items():
        assert money_text(Decimal(amount)) in text, (name, amount)
    assert "Not settled yet" in text
    for transfer in data["settlement"]:
        assert (
            f"{transfer['from']} pays {transfer['to']} {money_text(Decimal(transfer['amount']))}"
            in text
        )


@pytest.mark.slow
def test_summary_paper_is_the_sessions(client, make_session):
    letter = played(client, make_session)  # the default paper: Letter (short bond)
    a4 = played(client, make_session, page_size="a4")
    for token, (width, height) in ((letter, (612, 792)), (a4, (595, 842))):
        box = pdf_pages(client.get(f"/s/{token}/summary.pdf").data)[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (width, height)


@pytest.mark.slow
def test_summary_of_a_settled_session_and_of_an_empty_one(client, make_session):
    token = played(client, make_session)
    settlement = session(client, token)["settlement"]
    assert client.post(f"/api/sessions/{token}/settle").status_code == 200
    text = pdf_text(client.get(f"/s/{token}/summary.pdf").data)
    assert "Settled" in text and "Not settled yet" not in text
    first = settlement[0]
    assert f"{first['from']} pays {first['to']} {money_text(Decimal(first['amount']))}" in text
    empty = make_session()
    text = pdf_text(client.get(f"/s/{empty}/summary.pdf").data)
    assert "No rounds were played" in text and "Ana" in text


def test_unknown_session_has_no_files(client):
    for path in ("summary.pdf", "export.csv", "export.json"):
        assert client.get(f"/s/nothing-here/{path}").status_code == 404
    response = client.get("/api/sessions/nothing-here/export")
    assert response.status_code == 404 and response.get_json()["errors"][0]["where"] == "id"


def test_session_page_links_to_print_and_exports(client, make_session):
    token = played(client, make_session)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    for path in ("summary.pdf", "export.csv", "export.json"):
        assert f'href="/s/{token}/{path}"' in page
    assert "Print summary" in page and "Export CSV" in page and "Export JSON" in page
    assert 'href="/import"' in client.get("/").get_data(as_text=True)


# -- CSV and JSON exports -------------------------------------------------------------------


def test_csv_export(client, make_session):
    token = played(client, make_session)
    data = session(client, token)
    response = client.get(f"/s/{token}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    assert response.headers["Content-Disposition"].endswith('.csv"')
    text = response.data.decode("utf-8-sig")  # a BOM, so spreadsheets read UTF-8
    assert response.data.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(text)))
    payments = [(int(r["round"]), r["payer"], r["payee"], r["amount"]) for r in rows if r["payer"]]
    expected = [
        (r["number"], PLAYERS[p["from"]], PLAYERS[p["to"]], p["amount"])
        for r in data["rounds"]
        for p in r["result"]["payments"]
    ]
    assert payments == expected
    last = rows[-1]
    assert {name: last[f"{name} balance"] for name in PLAYERS} == data["balances"]


def test_json_export_by_page_and_api_is_the_same(client, make_session):
    token = played(client, make_session)
    page = client.get(f"/s/{token}/export.json")
    assert page.status_code == 200 and page.mimetype == "application/json"
    assert page.headers["Content-Disposition"].startswith("attachment;")
    api = client.get(f"/api/sessions/{token}/export")
    assert api.status_code == 200 and api.mimetype == "application/json"
    assert page.data == api.data
    export = json.loads(page.data)
    assert export["format"] == "tongits-tracker/1" and export["players"] == PLAYERS
    assert len(export["rounds"]) == 3
    balances = session(client, token)["balances"]
    assert export["check"]["balances"] == [balances[name] for name in PLAYERS]


# -- import ---------------------------------------------------------------------------------


def test_export_then_import_by_the_api_gives_the_same_ledger(client, make_session):
    token = played(client, make_session, players=NAMES, page_size="a4")
    before = session(client, token)
    text = client.get(f"/api/sessions/{token}/export").get_data(as_text=True)
    response = client.post("/api/sessions/import", data=text, content_type="application/json")
    assert response.status_code == 201, response.get_json()
    new = response.get_json()
    assert new["id"] != token and new["url"].endswith(f"/s/{new['id']}")
    assert response.headers["Location"].endswith(f"/api/sessions/{new['id']}")
    after = session(client, new["id"])
    for key in (
        "players",
        "first_dealer",
        "rules",
        "page_size",
        "balances",
        "pot",
        "pot_shares",
        "settlement",
        "next_dealer",
        "settled",
        "round_count",
    ):
        assert after[key] == before[key], key
    assert [r["record"] for r in after["rounds"]] == [r["record"] for r in before["rounds"]]
    assert [r["result"] for r in after["rounds"]] == [r["result"] for r in before["rounds"]]
    # the import's own export is the same file, but for the date written and the history:
    # the same events (new ids), then the import itself
    again = json.loads(client.get(f"/api/sessions/{new['id']}/export").data)
    first = json.loads(text)
    assert {**again, "created": None, "history": None} == {
        **first,
        "created": None,
        "history": None,
    }
    unnumbered = [{**event, "id": None} for event in again["history"][:-1]]
    assert unnumbered == [{**event, "id": None} for event in first["history"]]
    kinds = ["created"] + ["round_saved"] * len(first["rounds"])
    assert [e["kind"] for e in first["history"]] == kinds
    imported = again["history"][-1]
    assert (imported["kind"], imported["by"]) == ("imported", "import")
    assert imported["after"] is None  # the events before it make the rounds: no copy of them
    # the imported session is a session like any other: it takes a next round
    assert client.post(f"/api/sessions/{new['id']}/rounds", json=TALON).status_code == 201


def test_settled_state_is_imported(client, make_session):
    token = played(client, make_session)
    client.post(f"/api/sessions/{token}/settle")
    export = client.get(f"/api/sessions/{token}/export").get_json()
    assert export["settled"] is True
    new = client.post("/api/sessions/import", json=export).get_json()["id"]
    assert session(client, new)["settled"] is True
    assert (
        client.post(f"/api/sessions/{new}/rounds", json=TALON).status_code == 409
    )  # settled: closed
    assert client.post(f"/api/sessions/{new}/reopen").status_code == 200
    assert client.post(f"/api/sessions/{new}/rounds", json=TALON).status_code == 201


@pytest.mark.slow
def test_a_200_round_session_imports_and_prints(client):
    exported = random_session(seed=31, rounds=200, players=NAMES, first_dealer=2, page_size="a4")
    ledger = ledger_of(exported)
    text = export_json(exported)
    assert len(text.encode()) > 256 * 1024  # more than any other request may send
    response = client.post("/api/sessions/import", data=text, content_type="application/json")
    assert response.status_code == 201, response.get_json()
    token = response.get_json()["id"]
    data = session(client, token)
    assert data["round_count"] == 200 and data["page_size"] == "a4" and data["first_dealer"] == 2
    assert data["balances"] == {
        name: f"{amount:.2f}" for name, amount in zip(NAMES, ledger.balances)
    }
    pdf = client.get(f"/s/{token}/summary.pdf")
    assert pdf.status_code == 200
    pdf_text_ = pdf_text(pdf.data)
    expected = [None if r.winner is None else NAMES[r.winner] for r in ledger.results]
    assert winners_in(pdf_text_, NAMES) == expected
    for amount in ledger.final_balances():
        assert money_text(amount) in pdf_text_
    assert len(pdf_pages(pdf.data)) > 3  # a long table broken across pages


def test_other_requests_keep_the_small_limit(client, make_session):
    big = {"players": PLAYERS, "padding": "x" * (300 * 1024)}
    assert client.post("/api/sessions", json=big).status_code == 413


@pytest.mark.parametrize(
    "change,where,fragment",
    [
        (lambda e: e.update(format="something/1"), "format", "not a Tongits tracker export"),
        (
            lambda e: e["rounds"][1]["hands"][0]["melds"].__setitem__(0, ["7S", "8H", "9S"]),
            "rounds[1].hands[0].melds[0]",
            "round 2",
        ),
        (
            lambda e: e["check"]["balances"].__setitem__(0, "999.00"),
            "check.balances",
            "the file was changed",
        ),
        (lambda e: e.update(players=["Ana", "Ana", "Cris"]), "players[1]", "Ana"),
        (lambda e: e.update(page_size="a3"), "page_size", "letter or a4"),
    ],
)
def test_a_bad_import_by_the_api_stores_nothing(client, make_session, change, where, fragment):
    token = played(client, make_session)
    export = client.get(f"/api/sessions/{token}/export").get_json()
    change(export)
    count = session_count(client)
    response = client.post("/api/sessions/import", json=export)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["where"] == where and fragment in e["message"] for e in errors), errors
    assert session_count(client) == count


def test_import_api_needs_json(client):
    assert (
        client.post("/api/sessions/import", data="{}", content_type="text/plain").status_code == 415
    )
    response = client.post(
        "/api/sessions/import", data="{not json", content_type="application/json"
    )
    assert response.status_code == 400
    response = client.post("/api/sessions/import", json=[1, 2])
    assert response.status_code == 422 and response.get_json()["errors"][0]["where"] == "file"


def import_form(client, **data):
    token = csrf_token(client.get("/import").get_data(as_text=True))
    return client.post(
        "/import",
        data={"csrf_token": token, "text": "", **data},
        content_type="multipart/form-data",
    )


def test_import_by_pasting_the_json(client, make_session):
    token = played(client, make_session)
    before = session(client, token)
    text = client.get(f"/s/{token}/export.json").get_data(as_text=True)
    response = import_form(client, text=text)
    assert response.status_code == 303
    new = response.headers["Location"].rsplit("/s/", 1)[1]
    assert new != token
    after = session(client, new)
    assert after["balances"] == before["balances"] and after["round_count"] == 3
    assert "Session imported with 3 rounds" in page_text(client.get(f"/s/{new}"))


def test_import_by_uploading_the_file(client, make_session):
    token = played(client, make_session, players=NAMES)
    client.post(f"/api/sessions/{token}/settle")
    before = session(client, token)
    data = client.get(f"/s/{token}/export.json").data
    response = import_form(client, file=(io.BytesIO(data), "session.json", "application/json"))
    assert response.status_code == 303
    after = session(client, response.headers["Location"].rsplit("/s/", 1)[1])
    assert after["balances"] == before["balances"] and after["players"] == NAMES
    assert after["settled"] is True and after["settlement"] == before["settlement"]


def test_a_bad_paste_is_explained_and_kept(client, make_session):
    token = played(client, make_session)
    export = client.get(f"/api/sessions/{token}/export").get_json()
    export["rounds"][2]["hands"][1]["hand"] = ["ZZ"]
    pasted = json.dumps(export, indent=1)
    count = session_count(client)
    response = import_form(client, text=pasted)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert textarea(response) == pasted  # everything pasted is kept
    text = page_text(response)
    assert "Nothing was imported" in text and "'ZZ' is not a card" in text and "round 3" in text
    assert "rounds[2].hands[1].hand" in text
    assert 'aria-describedby="import-errors"' in body
    assert session_count(client) == count


@pytest.mark.parametrize(
    "data,message",
    [
        ({}, "Choose the exported .json file, or paste its text"),
        ({"text": "{not json"}, "not valid JSON"),
        ({"text": '{"format": "tongits-tracker/1", "players": ["Ana"]}'}, "exactly three players"),
        ({"file": (io.BytesIO(b"\xff\xfe\x00"), "x.json")}, "not UTF-8"),
        ({"file": (io.BytesIO(b"{}"), "x.json"), "text": "{}"}, "not both"),
    ],
)
def test_bad_imports_by_the_form(client, data, message):
    count = session_count(client)
    response = import_form(client, **data)
    assert response.status_code == 422
    assert message in page_text(response)
    assert session_count(client) == count
    if "file" in data and "text" not in data:
        assert "x.json" in page_text(response) and "choose it again" in page_text(response)


def test_import_form_needs_its_csrf_token(client, make_session):
    token = played(client, make_session)
    text = client.get(f"/s/{token}/export.json").get_data(as_text=True)
    count = session_count(client)
    response = client.post("/import", data={"text": text}, content_type="multipart/form-data")
    assert response.status_code == 400 and "expired" in page_text(response)
    assert textarea(response) == text
    assert session_count(client) == count


def test_import_page_is_ready_for_the_content_security_policy(client):
    page = client.get("/import").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in page and 'name="csrf_token"' in page
    assert '<label for="file"' in page and '<label for="text"' in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert (
        not re.search(r"\sstyle=", page)
        and not re.search(r"\son[a-z]+=", page)
        and "<style" not in page
    )


def test_imported_records_are_stored_like_saved_ones(client, make_session, app):
    """An import stores the same canonical records the round form and API store."""
    token = played(client, make_session)
    export = client.get(f"/api/sessions/{token}/export").get_json()
    fancy = copy.deepcopy(export)
    fancy["rounds"][0]["hands"][0]["melds"][0] = "7s 7d 7c"  # any notation the engine reads
    fancy["rounds"][0]["hands"][1]["melds"][0] = {"cards": "5♥ 6♥ 7♥ 8♥", "secret": False}
    new = client.post("/api/sessions/import", json=fancy).get_json()["id"]
    assert [r["record"] for r in session(client, new)["rounds"]] == [
        r["record"] for r in session(client, token)["rounds"]
    ]


@pytest.mark.parametrize("declarer", ["x", [], {"a": 1}])
def test_a_declarer_at_talon_out_must_be_a_seat(client, make_session, declarer):
    """Nobody declares at talon out: a seat given anyway is stored as nobody; anything else is
    refused with a clear message (it was a 500), through the round API and an import alike."""
    token = make_session()
    response = client.post(f"/api/sessions/{token}/rounds", json={**TALON, "declarer": declarer})
    assert response.status_code == 422
    assert {
        "where": "declarer",
        "message": "declarer must be a seat: 0, 1 or 2",
    } in response.get_json()["errors"]
    assert (
        client.post(f"/api/sessions/{token}/rounds", json={**TALON, "declarer": 1}).status_code
        == 201
    )
    assert session(client, token)["rounds"][0]["record"]["declarer"] is None
    export = client.get(f"/api/sessions/{token}/export").get_json()
    export["rounds"][0]["declarer"] = declarer
    response = client.post("/api/sessions/import", json=export)
    assert response.status_code == 422
    assert "declarer must be a seat" in str(response.get_json()["errors"])


@pytest.mark.parametrize("created", ["9999-12-31T23:00:00-08:00", "0001-01-01T00:30:00+01:00"])
def test_a_start_date_at_the_edge_of_the_calendar_is_no_crash(client, make_session, created):
    token = make_session()
    export = client.get(f"/api/sessions/{token}/export").get_json()
    export["created"] = created
    assert client.post("/api/sessions/import", json=export).status_code == 201


def test_a_200_round_session_pasted_or_uploaded_in_the_form(client):
    text = export_json(random_session(seed=32, rounds=200, players=NAMES))
    balances = ledger_of(json.loads(text)).balances
    for data in ({"text": text}, {"file": (io.BytesIO(text.encode()), "big.json")}):
        response = import_form(client, **data)
        assert response.status_code == 303, page_text(response)[:300]
        after = session(client, response.headers["Location"].rsplit("/s/", 1)[1])
        assert after["round_count"] == 200
        assert after["balances"] == {name: f"{amount:.2f}" for name, amount in zip(NAMES, balances)}
