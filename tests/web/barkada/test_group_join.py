"""A session added to a barkada later, from its page (web/barkada/join_page.py): the group
chosen from this phone's groups or by its pasted link, each seat named as a member (the same
name by default, another member, or a new one), the group's PIN when it has one; recorded in
both histories, undone by the session's Undo, counted in the group's balances. Bad input
(a wrong link, a wrong PIN, a member at two seats) changes nothing and keeps what was typed."""

from __future__ import annotations

from tests.support.forms import csrf_token
from tests.support.group_pages import made_group
from tests.support.pages import field_error, plain, text_of
from tests.support.records import TALON
from tracker.extensions import db
from tracker.models import Barkada, GameSession


def _session(client, players=("Ana", "Ben", "Cris"), settle=True) -> str:
    made = client.post("/api/sessions", json={"players": list(players)})
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    if settle:
        assert client.post(f"/api/sessions/{token}/settle").status_code == 200
    return token


def _join_page(client, session, **query):
    page = client.get(f"/g/join/{session}", query_string=query)
    return page


def _post(client, session, group, seats, names=None, pin=None, page=None):
    page = page or _join_page(client, session, group=group)
    data = {"csrf_token": csrf_token(text_of(page)), "group": group}
    for seat, choice in enumerate(seats):
        data[f"seat_{seat}"] = choice
        data[f"new_{seat}"] = (names or ["", "", ""])[seat]
    if pin is not None:
        data["pin"] = pin
    return client.post(f"/g/join/{session}", data=data)


def _ids(app, group) -> dict[str, int]:
    with app.app_context():
        barkada = db.session.query(Barkada).filter_by(token=group).one()
        return {member.name: member.id for member in barkada.members}


def _stored(app, session):
    with app.app_context():
        game = db.session.query(GameSession).filter_by(token=session).one()
        return game.group_id, game.seat_members, game.revision


def _balances(client, group) -> dict[str, str]:
    return client.get(f"/api/groups/{group}").get_json()["balances"]


def test_only_a_player_no_member_matches_has_a_new_name_filled_in(app, client):
    group = made_group(client, members=("Ana", "Ben", "Dan"))
    html = text_of(_join_page(client, _session(client), group=group))
    ids = _ids(app, group)
    for seat, name in enumerate(("Ana", "Ben")):
        assert f'<option value="{ids[name]}" selected>{name}</option>' in html
        assert f'<input id="new_{seat}" name="new_{seat}" value="" ' in html
    assert '<option value="new" selected>' in html
    assert '<input id="new_2" name="new_2" value="Cris" ' in html


def test_a_settled_session_joins_a_known_group_and_counts_in_it(app, client):
    group = made_group(client, members=("Ana", "Ben", "Cris", "Dan"))
    session = _session(client)
    assert _balances(client, group)["Cris"] == "0.00"
    page = client.get(f"/s/{session}")
    assert f'href="/g/join/{session}"' in text_of(page)
    chooser = _join_page(client, session)
    assert chooser.status_code == 200
    assert f"/g/join/{session}?group={group}" in text_of(chooser)  # this phone's groups
    form = _join_page(client, session, group=group)
    html = text_of(form)
    ids = _ids(app, group)
    for seat, name in enumerate(("Ana", "Ben", "Cris")):  # each seat: the same name by default
        assert f'<option value="{ids[name]}" selected>{name}</option>' in html, seat
    joined = _post(client, session, group, [str(ids["Ana"]), str(ids["Ben"]), str(ids["Cris"])])
    assert joined.status_code == 303, plain(joined)
    assert joined.headers["Location"].endswith(f"/s/{session}")
    group_id, seats, _ = _stored(app, session)
    assert seats == [ids["Ana"], ids["Ben"], ids["Cris"]] and group_id is not None
    balances = _balances(client, group)
    assert balances["Cris"] == "59.00" and balances["Ana"] == "-30.00"  # TALON: Cris won
    after = text_of(client.get(f"/s/{session}"))
    assert "This session is now in Friday barkada." in after
    assert 'id="add-to-group"' not in after and 'id="session-group"' not in after  # settled
    group_events = client.get(f"/api/groups/{group}/history").get_json()["events"]
    assert group_events[0]["kind"] == "session_added"
    assert group_events[0]["after"]["members"] == ["Ana", "Ben", "Cris"]
    events = client.get(f"/api/sessions/{session}/history").get_json()["events"]
    assert events[0]["kind"] == "group_joined" and events[0]["after"]["name"] == "Friday barkada"
    assert "Added to Friday barkada" in plain(client.get(f"/s/{session}/history"))
    assert "Session added: Ana, Ben, Cris" in plain(client.get(f"/g/{group}/history"))


def test_seats_map_to_other_members_or_new_ones(app, client):
    group = made_group(client, members=("Ana", "Ben", "Cris"))
    session = _session(client, players=("Anna", "Benny", "Dan"))
    html = text_of(_join_page(client, session, group=group))
    assert '<option value="new" selected>' in html  # no member is called Anna
    ids = _ids(app, group)
    joined = _post(client, session, group, [str(ids["Ana"]), str(ids["Ben"]), "new"])
    assert joined.status_code == 303, plain(joined)
    ids = _ids(app, group)
    assert "Dan" in ids  # the new member takes the seat's name when none is typed
    assert _stored(app, session)[1] == [ids["Ana"], ids["Ben"], ids["Dan"]]
    assert _balances(client, group)["Dan"] == "59.00"
    kinds = [e["kind"] for e in client.get(f"/api/groups/{group}/history").get_json()["events"]]
    assert kinds[:2] == ["session_added", "member_added"]


def test_a_pasted_link_finds_the_group_and_a_wrong_one_is_kept_and_said(app, client):
    group = made_group(client)
    other_phone = app.test_client()
    session = _session(other_phone)
    chooser = text_of(_join_page(other_phone, session))
    assert group not in chooser  # this phone never opened the group
    wrong = _join_page(other_phone, session, link="http://x/g/not-a-group-at-all-here")
    assert wrong.status_code == 404
    assert "No group has this link or code" in field_error(wrong, "link")
    assert 'value="http://x/g/not-a-group-at-all-here"' in text_of(wrong)
    found = _join_page(other_phone, session, link=f"http://192.168.1.20:8000/g/{group}#utang")
    assert found.status_code == 200 and 'id="join-form"' in text_of(found)
    ids = _ids(app, group)
    seats = [str(ids[name]) for name in ("Ana", "Ben", "Cris")]
    joined = _post(other_phone, session, group, seats, page=found)
    assert joined.status_code == 303
    assert _stored(app, session)[1] == [ids["Ana"], ids["Ben"], ids["Cris"]]


def test_a_member_at_two_seats_is_refused_and_nothing_is_stored(app, client):
    group = made_group(client, members=("Ana", "Ben", "Cris"))
    session = _session(client)
    revision = _stored(app, session)[2]
    ids = _ids(app, group)
    twice = _post(
        client, session, group, [str(ids["Ana"]), str(ids["Ana"]), "new"], ["", "", "Ana"]
    )
    assert twice.status_code == 422
    assert "Ana is chosen for both Ana and Ben: one seat each" in field_error(twice, "seat_1")
    assert "Two members are called Ana" in field_error(twice, "seat_2")
    html = text_of(twice)  # what was typed is kept
    assert (
        f'<option value="{ids["Ana"]}" selected>'
        in html.split('id="seat_1"')[1].split("</select>")[0]
    )
    assert 'id="new_2" name="new_2" value="Ana"' in html
    assert _stored(app, session) == (None, None, revision)
    assert [e["kind"] for e in client.get(f"/api/groups/{group}/history").get_json()["events"]] == [
        "created"
    ]


def test_the_group_pin_is_asked_once_wrong_changes_nothing(app, client):
    group = made_group(client, pin="2468")
    other_phone = app.test_client()
    session = _session(other_phone)
    page = _join_page(other_phone, session, group=group)
    assert 'id="pin"' in text_of(page)
    ids = _ids(app, group)
    seats = [str(ids[name]) for name in ("Ana", "Ben", "Cris")]
    wrong = _post(other_phone, session, group, seats, pin="1111", page=page)
    assert wrong.status_code == 403 and "Wrong PIN" in field_error(wrong, "pin")
    assert _stored(app, session)[0] is None
    right = _post(other_phone, session, group, seats, pin="2468", page=wrong)
    assert right.status_code == 303, plain(right)
    assert _stored(app, session)[0] is not None
    assert "Unlock to edit" not in text_of(other_phone.get(f"/g/{group}"))  # the PIN was given


def test_a_session_in_a_group_offers_no_add(app, client):
    group = made_group(client)
    session = _session(client, settle=False)
    ids = _ids(app, group)
    assert (
        _post(client, session, group, [str(ids[n]) for n in ("Ana", "Ben", "Cris")]).status_code
        == 303
    )
    page = text_of(client.get(f"/s/{session}"))
    assert 'id="add-to-group"' not in page and 'id="session-group"' in page
    again = _join_page(client, session, group=group)
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/s/{session}")


def test_undo_takes_the_session_out_of_the_group_again(app, client):
    group = made_group(client)
    session = _session(client)
    ids = _ids(app, group)
    assert (
        _post(client, session, group, [str(ids[n]) for n in ("Ana", "Ben", "Cris")]).status_code
        == 303
    )
    assert _balances(client, group)["Cris"] == "59.00"
    history = text_of(client.get(f"/s/{session}/history"))
    event = client.get(f"/api/sessions/{session}/history").get_json()["events"][0]["id"]
    undone = client.post(
        f"/s/{session}/history/undo", data={"csrf_token": csrf_token(history), "event": event}
    )
    assert undone.status_code == 303
    assert _stored(app, session)[:2] == (None, None)
    assert _balances(client, group)["Cris"] == "0.00"
    kinds = [e["kind"] for e in client.get(f"/api/groups/{group}/history").get_json()["events"]]
    assert kinds[:2] == ["session_removed", "session_added"]
    assert 'id="add-to-group"' in text_of(client.get(f"/s/{session}"))
