"""Amounts read as they are written: a comma only groups thousands in its place ("1,000",
"12,345.50"); "5,00" or "2,50" (a comma for the decimal point) and "1e3" are refused, saying
what to write, through the engine's one reader and so through the API, the Bayad na form and
a session's stake alike; nothing is stored from a refused amount."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.forms import csrf_token
from tests.support.group_pages import made_group, start_from_group
from tests.support.pages import field_error, text_of
from tests.support.records import TALON
from tracker.engine import MoneyError, parse_money

COMMA = "a comma only groups thousands"


@pytest.mark.parametrize(
    "text, amount",
    [
        ("1,000", "1000.00"),
        ("12,345,678.90", "12345678.90"),
        ("₱1,234.50", "1234.50"),
        (" 7.5 ", "7.50"),
        ("-5", "-5.00"),
        ("\u2212₱3.00", "-3.00"),
        ("0.25", "0.25"),
        ("999", "999.00"),
    ],
)
def test_amounts_as_people_write_them_are_read(text, amount):
    assert parse_money(text) == Decimal(amount)


@pytest.mark.parametrize(
    "text, said",
    [
        ("5,00", COMMA),
        ("2,50", COMMA),
        ("1,5", COMMA),
        ("1,0000", COMMA),
        ("10,00.50", COMMA),
        (",500", COMMA),
        ("500,", COMMA),
        ("1,,000", COMMA),
        ("1e3", "is not an amount"),
        ("1E3", "is not an amount"),
        ("1_000", "is not an amount"),
        ("1 000", "is not an amount"),
        ("0x10", "is not an amount"),
        ("Infinity", "is not an amount"),
        ("NaN", "is not an amount"),
        ("", "is not an amount"),
    ],
)
def test_ambiguous_amounts_are_refused_saying_why(text, said):
    with pytest.raises(MoneyError) as caught:
        parse_money(text)
    assert said in str(caught.value.message)


def test_a_payment_of_5_comma_00_through_the_api_is_refused_and_nothing_stored(client):
    gid = client.post(
        "/api/groups", json={"name": "Friday", "members": [{"name": n} for n in "ABC"]}
    ).get_json()["id"]
    for amount in ("5,00", "1e3"):
        refused = client.post(
            f"/api/groups/{gid}/payments", json={"from": "A", "to": "B", "amount": amount}
        )
        assert refused.status_code == 422, refused.get_json()
        assert refused.get_json()["errors"][0]["where"] == "amount"
    assert client.get(f"/api/groups/{gid}").get_json()["payments"] == []
    grouped = client.post(
        f"/api/groups/{gid}/payments", json={"from": "A", "to": "B", "amount": "1,000"}
    )
    assert grouped.status_code == 201 and grouped.get_json()["payment"]["amount"] == "1000.00"


def test_bayad_na_of_5_comma_00_is_refused_on_the_form_keeping_what_was_typed(client):
    token = made_group(client)
    session = start_from_group(client, token, ["Ana", "Ben", "Cris"]).headers["Location"]
    session = session.split("/s/")[1].split("?")[0]
    client.post(f"/api/sessions/{session}/rounds", json=TALON)  # Ana owes Cris 30
    client.post(f"/api/sessions/{session}/settle")
    page = text_of(client.get(f"/g/{token}"))
    data = {"csrf_token": csrf_token(page), "from": "Ana", "to": "Cris", "amount": "5,00"}
    refused = client.post(f"/g/{token}/pay", data=data)
    assert refused.status_code == 422
    assert COMMA in field_error(refused, "amount")
    assert 'value="5,00"' in text_of(refused)
    assert client.get(f"/api/groups/{token}").get_json()["payments"] == []


def test_a_stake_of_2_comma_50_is_refused_not_taken_as_250(client):
    answer = client.post(
        "/api/sessions", json={"players": ["Ana", "Ben", "Cris"], "rules": {"stake": "2,50"}}
    )
    assert answer.status_code == 422
    error = answer.get_json()["errors"][0]
    assert error["where"] == "rules.stake" and COMMA in error["message"]
    written = client.post(
        "/api/sessions", json={"players": ["Ana", "Ben", "Cris"], "rules": {"stake": "2.50"}}
    )
    assert written.status_code == 201 and written.get_json()["rules"]["stake"] == "2.50"
