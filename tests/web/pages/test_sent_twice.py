"""A new-session or new-group form sent twice (a double tap on Start, or sent again after its
answer was lost on the way) makes one session or group, and the phone that sent it is its
owner either way, with the same recovery code. The same form changed after Back makes a
second one. The Flask test client on a real database, CSRF on."""

from __future__ import annotations

import re

from sqlalchemy import func, select

from tests.support.forms import csrf_token, form_key, new_session_fields
from tests.support.pages import text_of
from tracker.extensions import db
from tracker.models import Barkada, GameSession

OWNER = 'id="owner-note"'  # the PIN page's line for the phone that started it
CODE = re.compile(r'<span class="code">([^<]+)</span>')


def _count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def _landed(client, answer) -> tuple[str, str]:
    """The token a create answered with (its 303), and the recovery code shown there."""
    assert answer.status_code == 303, text_of(answer)
    page = text_of(client.get(answer.location))
    found = CODE.search(page)
    return answer.location.split("?")[0], found.group(1) if found else ""


def _lost_answer_phone(app, client):
    """Another client holding `client`'s cookie as it was: a phone whose answer never came."""
    phone = app.test_client()
    phone.set_cookie("session", client.get_cookie("session").value)
    return phone


def test_a_new_session_sent_twice_is_one_session_owned_by_the_phone(app, client):
    fields = new_session_fields(text_of(client.get("/new")))
    assert fields["idempotency_key"]
    again = _lost_answer_phone(app, client)
    first = _landed(client, client.post("/new", data=fields))
    assert first[1]  # the recovery code, shown once
    assert _landed(client, client.post("/new", data=fields))[0] == first[0]  # a double tap
    assert _landed(again, again.post("/new", data=fields)) == first  # the lost answer's phone
    assert _count(app, GameSession) == 1
    assert OWNER in text_of(again.get(f"{first[0]}/pin"))  # the owner's: it started it


def test_the_new_session_form_changed_after_back_is_a_second_session(app, client):
    fields = new_session_fields(text_of(client.get("/new")))
    first = _landed(client, client.post("/new", data=fields))
    second = _landed(client, client.post("/new", data={**fields, "player_2": "Dan"}))
    assert second[0] != first[0] and second[1] != first[1]
    assert _count(app, GameSession) == 2


def test_a_new_group_sent_twice_is_one_group_owned_by_the_phone(app, client):
    html = text_of(client.get("/g/new"))
    form = {"csrf_token": csrf_token(html), **form_key(html), "name": "Friday barkada"}
    form.update({f"member_{row}": name for row, name in enumerate(("Ana", "Ben", "Cris"))})
    assert form["idempotency_key"]
    again = _lost_answer_phone(app, client)
    first = _landed(client, client.post("/g/new", data=form))
    assert first[1]
    assert _landed(again, again.post("/g/new", data=form)) == first
    assert OWNER in text_of(again.get(f"{first[0]}/pin"))
    assert _count(app, Barkada) == 1
    changed = _landed(client, client.post("/g/new", data={**form, "member_2": "Dan"}))
    assert changed[0] != first[0] and _count(app, Barkada) == 2


def test_a_group_created_twice_through_the_api_under_one_key_is_one_group(app, client):
    body = {"name": "Friday", "members": ["Ana", "Ben", "Cris"]}
    key = {"Idempotency-Key": "group-0001-retry"}
    first, second = (client.post("/api/groups", json=body, headers=key) for _ in range(2))
    assert first.status_code == second.status_code == 201
    made, again = first.get_json(), second.get_json()
    assert (again["id"], again["owner_key"], again["recovery_code"]) == (
        made["id"],
        made["owner_key"],
        made["recovery_code"],
    )
    assert _count(app, Barkada) == 1
    other = client.post("/api/groups", json={**body, "name": "Saturday"}, headers=key)
    assert other.status_code == 422  # the same key for another group, as for a round
    assert other.get_json()["errors"][0]["where"] == "Idempotency-Key"
