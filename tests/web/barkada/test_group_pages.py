"""A barkada's pages through the Flask test client: a new group, a session started
from the group page, the settle-up's payment note and "Bayad na", payments and Undo on the
group page, members, the group PIN; bad input answered on the page that was typed into."""

from __future__ import annotations

import re

from tests.support.forms import csrf_token
from tests.support.group_pages import GCASH, made_group, new_group, start_from_group
from tests.support.pages import field_error, plain, text_of
from tests.support.records import TALON, TONGITS


def group_json(client, token):
    return client.get(f"/api/groups/{token}").get_json()


def test_a_new_group_shows_its_recovery_code_once_and_is_listed_on_this_phone(client):
    token = made_group(client, notes={"Ben": GCASH})
    first = plain(client.get(f"/g/{token}?new=1"))
    assert "Recovery code:" in first and "Friday barkada" in first
    assert f"Ben {GCASH}" in first  # the member's payment note
    assert "Recovery code:" not in plain(client.get(f"/g/{token}"))
    assert "Friday barkada" in plain(client.get("/"))


def test_a_bad_new_group_keeps_what_was_typed_and_says_where(client, app):
    response = new_group(client, members=("Ana", "", "ana"), notes={"": "note without a name"})
    assert response.status_code == 422
    assert "Two members are called ana" in field_error(response, "member_2")
    assert "Each member needs a name" in field_error(response, "member_1")
    assert 'value="note without a name"' in text_of(response)
    assert client.get("/").status_code == 200 and "Friday barkada" not in plain(client.get("/"))
    expired = client.post("/g/new", data={"name": "x", "member_0": "Ana"})
    assert expired.status_code == 400


def test_a_session_started_from_the_group_page_and_settled_adds_up_with_bayad_na(client):
    token = made_group(client, members=("Ana", "Ben", "Cris", "Dan"), notes={"Ben": GCASH})
    group_page = text_of(client.get(f"/g/{token}"))
    assert 'id="group-new-session"' in group_page
    # a non-member typed into the new-session form: refused at that player's field
    refused = start_from_group(client, token, ["Ana", "Eve", "Cris"])
    assert refused.status_code == 422
    assert "Eve is not a member of Friday barkada" in field_error(refused, "player_1")
    started = start_from_group(client, token, ["Ana", "Ben", "Cris"])
    assert started.status_code == 303
    session = started.headers["Location"].split("/s/")[1].split("?")[0]
    assert client.post(f"/api/sessions/{session}/rounds", json=TONGITS).status_code == 201
    assert client.post(f"/api/sessions/{session}/settle").status_code == 200
    # settle-up: Ana pays Ben 19.00, Cris pays Ben 65.00 (worked out in test_groups_api);
    # the payee's note is shown at each transfer, with Bayad na
    settled = text_of(client.get(f"/s/{session}"))
    text = plain(client.get(f"/s/{session}"))
    assert f"Ana pays Ben ₱19.00 Ben: {GCASH}" in text
    assert text.count("Bayad na") == 2 and "Friday barkada" in text
    paid = client.post(
        f"/g/{token}/pay",
        data={
            "csrf_token": csrf_token(settled),
            "session": session,
            "from": "Cris",
            "to": "Ben",
            "amount": "40.00",  # part of the 65.00
        },
    )
    assert paid.status_code == 303
    assert re.search(rf"/s/{session}\?paid=\d+#settlement$", paid.headers["Location"])
    assert "Bayad na: Cris paid Ben ₱40.00 on " in plain(client.get(paid.headers["Location"]))
    body = group_json(client, token)
    assert body["balances"] == {"Ana": "-19.00", "Ben": "44.00", "Cris": "-25.00", "Dan": "0.00"}
    # the group page: who still owes whom, the payment with Undo
    page = plain(client.get(f"/g/{token}"))
    assert "Ana pays Ben ₱19.00" in page and "Cris pays Ben ₱25.00" in page
    assert "Cris paid Ben ₱40.00" in page


def test_bayad_na_on_the_group_page_partial_dated_refused_and_undone(client):
    token = made_group(client)
    session = start_from_group(client, token, ["Ana", "Ben", "Cris"]).headers["Location"]
    session = session.split("/s/")[1].split("?")[0]
    client.post(f"/api/sessions/{session}/rounds", json=TALON)  # Cris wins: Ana 30, Ben 29
    client.post(f"/api/sessions/{session}/settle")
    page = text_of(client.get(f"/g/{token}"))
    assert plain(client.get(f"/g/{token}")).count("Bayad na") == 2
    csrf = csrf_token(page)
    bad = client.post(
        f"/g/{token}/pay",
        data={"csrf_token": csrf, "from": "Ana", "to": "Cris", "amount": "1.234", "paid_on": "x"},
    )
    assert bad.status_code == 422
    assert "more than two decimal places" in field_error(bad, "amount")
    assert "as 2026-12-01" in field_error(bad, "paid_on")
    assert 'value="1.234"' in text_of(bad)  # what was typed is kept
    assert group_json(client, token)["payments"] == []
    good = client.post(
        f"/g/{token}/pay",
        data={
            "csrf_token": csrf,
            "from": "Ana",
            "to": "Cris",
            "amount": "30.00",
            "paid_on": "2026-11-28",
        },
    )
    assert good.status_code == 303
    assert re.search(rf"/g/{token}\?paid=\d+#utang$", good.headers["Location"])
    body = group_json(client, token)
    assert body["utang"] == [{"from": "Ben", "to": "Cris", "amount": "29.00"}]
    assert body["payments"][0]["paid_on"] == "2026-11-28"
    undo = client.post(
        f"/g/{token}/payments/{body['payments'][0]['id']}/undo", data={"csrf_token": csrf}
    )
    assert undo.status_code == 303
    assert group_json(client, token)["payments"] == []
    assert "Ana pays Cris ₱30.00" in plain(client.get(f"/g/{token}"))


def test_members_are_added_renamed_and_leave_on_the_page(client):
    token = made_group(client)
    csrf = csrf_token(text_of(client.get(f"/g/{token}")))
    added = client.post(
        f"/g/{token}/members", data={"csrf_token": csrf, "name": "Dan", "note": "Maya"}
    )
    assert added.status_code == 303
    clash = client.post(f"/g/{token}/members", data={"csrf_token": csrf, "name": "dan"})
    assert clash.status_code == 422 and "Two members are called dan" in field_error(
        clash, "add_name"
    )
    dan = next(m for m in group_json(client, token)["members"] if m["name"] == "Dan")
    edit = client.get(f"/g/{token}/members/{dan['id']}")
    assert edit.status_code == 200 and 'value="Maya"' in text_of(edit)
    saved = client.post(
        f"/g/{token}/members/{dan['id']}",
        data={"csrf_token": csrf, "name": "Danilo", "note": "", "left": "1"},
    )
    assert saved.status_code == 303
    danilo = group_json(client, token)["members"][3]
    assert (danilo["name"], danilo["note"], danilo["left"]) == ("Danilo", None, True)
    page = plain(client.get(f"/g/{token}"))
    assert "Danilo (left)" in page
    assert client.get(f"/g/{token}/members/999999").status_code == 404
    assert client.get("/g/" + "x" * 32).status_code == 404


def test_a_group_pin_locks_other_phones_until_they_unlock(client, app):
    token = made_group(client, pin="2468")
    other = app.test_client()
    page = plain(other.get(f"/g/{token}"))
    assert "Unlock to edit" in page and "Bayad na" not in page
    csrf = csrf_token(text_of(other.get(f"/g/{token}/unlock")))
    payment = {"csrf_token": csrf, "from": "Ana", "to": "Ben", "amount": "5", "confirm": "1"}
    locked = other.post(f"/g/{token}/pay", data=payment)
    assert locked.status_code == 303 and f"/g/{token}/unlock" in locked.headers["Location"]
    assert other.get("/new", query_string={"group": token}).status_code == 303
    wrong = other.post(f"/g/{token}/unlock", data={"csrf_token": csrf, "pin": "1111"})
    assert wrong.status_code == 403 and "Wrong PIN: 4 more tries" in plain(wrong)
    assert (
        other.post(f"/g/{token}/unlock", data={"csrf_token": csrf, "pin": "2468"}).status_code
        == 303
    )
    assert other.post(f"/g/{token}/pay", data=payment).status_code == 303
    assert len(group_json(other, token)["payments"]) == 1
    # the phone that made the group may change its PIN without typing it
    pin_page = client.get(f"/g/{token}/pin")
    assert "This phone started the group" in plain(pin_page)
    removed = client.post(
        f"/g/{token}/pin", data={"csrf_token": csrf_token(text_of(pin_page)), "new_pin": ""}
    )
    assert removed.status_code == 303 and group_json(client, token)["pin"] is False


def test_bayad_na_pressed_twice_records_one_payment(client):
    token = made_group(client)
    page = client.get(f"/g/{token}/pay", query_string={"from": "Ana", "to": "Ben", "amount": "20"})
    html = text_of(page)
    key = re.search(r'name="idempotency_key" value="([^"]+)"', html).group(1)
    form = {
        "csrf_token": csrf_token(html),
        "idempotency_key": key,
        "from": "Ana",
        "to": "Ben",
        "amount": "20",
        "confirm": "1",  # Ana owes Ben nothing: "Record anyway", tapped twice
    }
    first, second = (
        client.post(f"/g/{token}/pay", data=form),
        client.post(f"/g/{token}/pay", data=form),
    )
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]  # the one payment, shown
    assert len(group_json(client, token)["payments"]) == 1
    assert "Bayad na: Ana paid Ben ₱20.00 on " in plain(client.get(first.headers["Location"]))


def test_the_next_session_from_the_group_starts_with_the_last_ones_house_rules(client):
    token = made_group(client)
    rules = {"preset": "pagat", "stake": "25", "point_rate": "2"}
    seated = {"players": ["Ana", "Ben", "Cris"], "group": token, "rules": rules}
    assert client.post("/api/sessions", json=seated).status_code == 201
    form_page = client.get("/new", query_string={"group": token, "player_0": "Cris"})
    html = text_of(form_page)
    assert re.search(r'id="stake"[^>]*value="25.00"|value="25.00"[^>]*id="stake"', html), html
    assert re.search(r'<option value="pagat" selected', html)
    started = client.post(
        "/new",
        data={
            "csrf_token": csrf_token(html),
            "group": token,
            "player_0": "Cris",
            "player_1": "Ana",
            "player_2": "Ben",
            "dealer": "0",
            "preset": "pagat",
            "stake": "25.00",
            "point_rate": "2.00",
        },
    )
    assert started.status_code == 303
    game = started.headers["Location"].split("/s/")[1].split("?")[0]
    answer = client.get(f"/api/sessions/{game}").get_json()
    assert answer["rules"]["stake"] == "25.00" and answer["rules"]["preset"] == "pagat"
    assert answer["players"] == ["Cris", "Ana", "Ben"]
