"""A group's PIN guards the money of every session started from the group: a stranger who has
only a session's link may read it, but entering, editing, deleting rounds, the draft, settling
and reopening need the group's PIN (or a phone that gave it); and the session's answers do not
lead the stranger to the group's other sessions or its members' payment notes."""

from __future__ import annotations

import re

from tests.support.forms import csrf_token
from tests.support.group_pages import GCASH, made_group, start_from_group
from tests.support.pages import plain, text_of
from tests.support.records import TALON, TONGITS


def group_night(client):
    """(group token, session token): a group with a PIN and a note, a session started on the
    phone that made it, one round saved there."""
    group = made_group(client, pin="2468", notes={"Ana": GCASH})
    started = start_from_group(client, group, ["Ana", "Ben", "Cris"])
    assert started.status_code == 303
    session = re.search(r"/s/([\w-]+)", started.headers["Location"]).group(1)
    assert client.post(f"/api/sessions/{session}/rounds", json=TONGITS).status_code == 201
    return group, session


def test_a_stranger_with_the_session_link_changes_nothing(client, app):
    group, session = group_night(client)
    before = client.get(f"/api/sessions/{session}").get_json()
    stranger = app.test_client()
    assert stranger.get(f"/s/{session}").status_code == 200  # reading stays open
    api = f"/api/sessions/{session}"
    refused = [
        stranger.post(f"{api}/rounds", json=TALON),
        stranger.put(f"{api}/rounds/1", json=TALON),
        stranger.delete(f"{api}/rounds/1"),
        stranger.put(f"{api}/draft/seats/0", json={"melds": [], "hand": ["2C"]}),
        stranger.post(f"{api}/settle"),
    ]
    assert [answer.status_code for answer in refused] == [403] * 5
    assert "PIN" in refused[0].get_json()["errors"][0]["message"]
    page = stranger.get(f"/s/{session}/rounds/new")
    assert page.status_code == 303 and "/unlock" in page.headers["Location"]
    csrf = csrf_token(text_of(stranger.get(f"/s/{session}/unlock")))
    settle = stranger.post(f"/s/{session}/settle", data={"csrf_token": csrf})
    assert settle.status_code == 303 and "/unlock" in settle.headers["Location"]
    assert client.get(api).get_json() == before  # nothing moved
    # the group's PIN, given once, opens the session's changes too
    unlock = plain(stranger.get(f"/s/{session}/unlock"))
    assert "barkada's PIN" in unlock
    wrong = stranger.post(f"/s/{session}/unlock", data={"csrf_token": csrf, "pin": "1234"})
    assert wrong.status_code == 403
    right = stranger.post(f"/s/{session}/unlock", data={"csrf_token": csrf, "pin": "2468"})
    assert right.status_code == 303
    assert stranger.post(f"{api}/rounds", json=TALON).status_code == 201
    assert stranger.get(f"/g/{group}").status_code == 200


def test_the_group_pin_in_the_header_opens_the_api(client, app):
    _, session = group_night(client)
    stranger = app.test_client()
    api = f"/api/sessions/{session}/rounds"
    assert stranger.post(api, json=TALON, headers={"X-Edit-Pin": "1357"}).status_code == 403
    assert stranger.post(api, json=TALON, headers={"X-Edit-Pin": "2468"}).status_code == 201


def test_the_session_does_not_lead_a_stranger_to_the_group(client, app):
    group, session = group_night(client)
    mine = client.get(f"/api/sessions/{session}").get_json()
    assert mine["group"]["id"] == group and mine["pin"] is True
    stranger = app.test_client()
    answer = stranger.get(f"/api/sessions/{session}").get_json()
    assert answer["group"] is None and answer["pin"] is True
    for page in (f"/s/{session}", f"/s/{session}/settle", f"/s/{session}/summary.pdf"):
        body = stranger.get(page).get_data()
        assert group.encode() not in body, page
        assert GCASH.encode() not in body, page
    assert group not in stranger.get(f"/api/sessions/{session}/export").get_data(as_text=True)
