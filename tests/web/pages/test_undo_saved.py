"""Undo right after a save, without JavaScript: the phone that saved a round finds a plain
Undo form under it on the session page, posting the history's undo (back=session); it takes
the round back while it is still the last change, and says plainly when another phone changed
something since. Other phones, and the same phone's next page, are offered nothing."""

from __future__ import annotations

import re
from html import unescape

from tests.support.forms import csrf_token
from tests.support.records import DRAW, TALON


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _undo_form(html: str) -> dict | None:
    form = re.search(r'<form[^>]*id="undo-saved".*?</form>', html, re.S)
    if form is None:
        return None
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
    return fields | {"csrf_token": csrf_token(html)}


def _rounds(client, token) -> int:
    return client.get(f"/api/sessions/{token}").get_json()["round_count"]


def test_the_saving_phone_undoes_its_round_from_the_session_page(client, make_session, round_entry):
    token = make_session()
    assert round_entry.save(token, TALON).status_code == 303
    before = client.get(f"/api/sessions/{token}").get_json()["balances"]
    assert round_entry.save(token, DRAW).status_code == 303
    html = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Round 2 saved." not in _text(html)  # the saved-round box says it once
    assert re.search(r'id="saved-round">Round 2: Ana wins ₱61\.00<', html)
    form = _undo_form(html)
    assert form is not None and form["back"] == "session"
    assert "Undo round 2" in _text(html)
    # shown once: a reload (or any next page) offers it no more
    assert _undo_form(client.get(f"/s/{token}").get_data(as_text=True)) is None
    undone = client.post(f"/s/{token}/history/undo", data=form)
    assert undone.status_code == 303 and undone.location.endswith(f"/s/{token}")
    page = _text(client.get(undone.location).get_data(as_text=True))
    assert "Round 2 undone: it is deleted and the balances are as before it." in page
    assert _rounds(client, token) == 1
    assert client.get(f"/api/sessions/{token}").get_json()["balances"] == before
    history = _text(client.get(f"/s/{token}/history").get_data(as_text=True))
    assert "Round 2 deleted" in history and "Restore round 2" in history


def test_a_change_on_another_phone_since_refuses_the_undo(app, client, make_session, round_entry):
    token = make_session()
    assert round_entry.save(token, DRAW).status_code == 303
    form = _undo_form(client.get(f"/s/{token}").get_data(as_text=True))
    other = app.test_client()  # another phone saves round 2 meanwhile
    assert other.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    refused = client.post(f"/s/{token}/history/undo", data=form)
    assert refused.status_code == 303
    html = client.get(refused.location).get_data(as_text=True)
    said = re.search(r'<p class="err flash-err" role="alert">([^<]*)</p>', html)
    assert said is not None
    assert unescape(said.group(1)).startswith(
        "Round 1 was not undone: Round 2 saved through the API came after it"
    )
    assert _rounds(client, token) == 2  # nothing undone, neither round 1 nor round 2


def test_only_the_saving_phone_that_may_edit_is_offered_undo(
    app, client, make_session, round_entry
):
    token = make_session()
    assert round_entry.save(token, DRAW).status_code == 303
    watcher = app.test_client()
    watching = watcher.get(f"/s/{token}?saved=1").get_data(as_text=True)
    assert 'id="saved-round"' in watching and _undo_form(watching) is None
    # the saving phone, once a PIN locks it out (the owner set one from elsewhere)
    pin = client.put(
        f"/api/sessions/{token}/pin", json={"pin": "4321"}, headers=make_session.owner[token]
    )
    assert pin.status_code in (200, 204), pin.get_data(as_text=True)
    assert _undo_form(client.get(f"/s/{token}").get_data(as_text=True)) is None
