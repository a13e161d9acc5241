"""A payment of more than is owed asks first (web/barkada/money_forms.py, core
payments.ask_if_over): the pay form, or a Bayad na whose amount was raised, records nothing
and asks "Ben owes Cris only ₱29.00; record ₱100.00 anyway?", keeping what was typed;
"Record anyway" (a second POST with confirm=1 and the same key) records it once, however
often it is tapped; "Change the amount" leads back to the amount. Without JavaScript."""

from __future__ import annotations

import re

from tests.support.forms import csrf_token
from tests.support.group_pages import made_group, start_from_group
from tests.support.pages import plain, text_of
from tests.support.records import TALON


def _settled(client) -> str:
    """A group whose session is settled: Ana owes Cris 30.00, Ben owes Cris 29.00."""
    token = made_group(client)
    started = start_from_group(client, token, ["Ana", "Ben", "Cris"])
    session = started.headers["Location"].split("/s/")[1].split("?")[0]
    assert client.post(f"/api/sessions/{session}/rounds", json=TALON).status_code == 201
    assert client.post(f"/api/sessions/{session}/settle").status_code == 200
    return token


def _payments(client, token) -> list:
    return client.get(f"/api/groups/{token}").get_json()["payments"]


def _ben_form(client, token) -> dict:
    """The group page's Bayad na of "Ben pays Cris ₱29.00", as the browser would send it."""
    page = text_of(client.get(f"/g/{token}"))
    form = next(
        f
        for f in re.findall(r'<form method="post" action="[^"]*/pay".*?</form>', page, re.S)
        if 'name="from" value="Ben"' in f
    )
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
    return {**fields, "csrf_token": csrf_token(page)}


def test_more_than_owed_asks_first_and_records_once_when_told(client):
    token = _settled(client)
    form = _ben_form(client, token)
    assert (form["owed"], form["amount"]) == ("29.00", "29.00")
    asked = client.post(f"/g/{token}/pay", data={**form, "amount": "100"})
    assert asked.status_code == 200
    said = plain(asked)
    assert "Ben owes Cris only ₱29.00; record ₱100.00 anyway?" in said
    assert "Record anyway" in said and "Change the amount" in said
    assert _payments(client, token) == []  # nothing stored yet
    html = text_of(asked)
    assert 'id="amount" name="amount" value="100"' in html  # what was typed is kept
    assert 'href="#amount"' in html  # Change the amount: back to the field
    anyway = html.split('id="record-anyway"')[1].split("</form>")[0]
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', anyway))
    assert fields["confirm"] == "1" and fields["idempotency_key"] == form["idempotency_key"]
    fields["csrf_token"] = csrf_token(html)
    first = client.post(f"/g/{token}/pay", data=fields)
    second = client.post(f"/g/{token}/pay", data=fields)  # tapped twice
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    paid = _payments(client, token)
    assert [(p["from"], p["to"], p["amount"]) for p in paid] == [("Ben", "Cris", "100.00")]


def test_what_is_owed_or_less_is_recorded_without_asking(client):
    token = _settled(client)
    form = _ben_form(client, token)
    asked = client.post(f"/g/{token}/pay", data={**form, "amount": "100"})
    assert "anyway?" in plain(asked)
    # Change the amount: the form below, sent again with less
    html = text_of(asked)
    pay_form = html.split('id="pay-form"')[1].split("</form>")[0]
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', pay_form))
    fields.update(csrf_token=csrf_token(html), amount="20.00", **{"from": "Ben", "to": "Cris"})
    less = client.post(f"/g/{token}/pay", data=fields)
    assert less.status_code == 303 and "?paid=" in less.headers["Location"]
    exact = _ben_form(client, token)  # now 9.00 owed: exactly that is no question
    assert exact["amount"] == "9.00"
    assert client.post(f"/g/{token}/pay", data=exact).status_code == 303
    assert [p["amount"] for p in _payments(client, token)] == ["20.00", "9.00"]


def test_nothing_owed_between_them_asks_too_and_a_bad_amount_is_still_an_error(client):
    token = _settled(client)
    page = text_of(client.get(f"/g/{token}/pay"))
    data = {"csrf_token": csrf_token(page), "from": "Cris", "to": "Ana", "amount": "5"}
    asked = client.post(f"/g/{token}/pay", data=data)
    assert "Cris owes Ana nothing; record ₱5.00 anyway?" in plain(asked)
    assert _payments(client, token) == []
    bad = client.post(f"/g/{token}/pay", data={**data, "amount": "5.555", "confirm": "1"})
    assert bad.status_code == 422 and "anyway?" not in plain(bad)
    assert _payments(client, token) == []
