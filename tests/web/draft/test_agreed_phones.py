"""A round saved on the seat pages, one phone per seat (three test clients: three devices with
their own cookies, each naming its player through the session page's form): the history names
every phone that agreed, in English and Filipino, and each of those phones, not only the one
whose Agree saved it, is offered the Undo on its next session page, once, while that save is
the session's last change and recent. "One phone confirms for all" names and offers that phone
only, as before."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

from tests.support.drafts import all_done, fill, rounds_of, url
from tests.support.forms import csrf_token
from tests.support.records import TALON
from tracker.extensions import db
from tracker.models import ChangeEvent


def choose_seat(client, token, seat: int) -> None:
    page = client.get(f"/s/{token}").get_data(as_text=True)
    answer = client.post(f"/s/{token}/seat", data={"csrf_token": csrf_token(page), "seat": seat})
    assert answer.status_code == 303


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def undo_form(client, token, query: str = "") -> dict | None:
    """The session page's Undo under a round just saved (its fields), if it offers one."""
    html = client.get(f"/s/{token}{query}").get_data(as_text=True)
    form = re.search(r'<form[^>]*id="undo-saved".*?</form>', html, re.S)
    if form is None:
        return None
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
    return fields | {"csrf_token": csrf_token(html)}


def phones(app, token, seats=(0, 1, 2)) -> list:
    """One device per seat, each having told the session page whose phone it is."""
    devices = [app.test_client() for _ in seats]
    for device, seat in zip(devices, seats, strict=True):
        choose_seat(device, token, seat)
    return devices


def entered(client, token) -> int:
    """The round's hands entered and every seat Done (the cards' phone does not matter here):
    the draft's version to agree to."""
    fill(client, token, TALON)
    return all_done(client, token)["version"]


def agree(device, token, seat: int, version: int):
    return device.post(url(token, f"/seats/{seat}/agree"), json={"version": version})


def saved_event(client, token) -> dict:
    events = client.get(f"/api/sessions/{token}/history").get_json()["events"]
    assert events[0]["kind"] == "round_saved"
    return events[0]


def test_the_history_names_every_phone_that_agreed(app, client, make_session):
    token = make_session()
    devices = phones(app, token)
    version = entered(client, token)
    for seat, device in enumerate(devices):
        assert agree(device, token, seat, version).status_code == (201 if seat == 2 else 200)
    history = text(client.get(f"/s/{token}/history").get_data(as_text=True))
    assert "Round 1 saved on Ana's, Ben's and Cris's phones" in history
    event = saved_event(client, token)
    assert event["by"] == "seat:2" and event["by_text"] == "Ana's, Ben's and Cris's phones"
    assert event["after"]["agreed"] == [0, 1, 2] and event["after"]["phones"] == [[0], [1], [2]]
    client.set_cookie("lang", "fil")
    history = text(client.get(f"/s/{token}/history?lang=fil").get_data(as_text=True))
    assert "Na-save ang round 1 sa mga phone nina Ana, Ben at Cris" in history
    fil = client.get(f"/api/sessions/{token}/history", headers={"Accept-Language": "fil"})
    assert fil.get_json()["events"][0]["by_text"] == "mga phone nina Ana, Ben at Cris"


def test_a_phone_that_agreed_for_two_seats_is_one_phone(app, client, make_session):
    """Ben has no phone: Ana's agrees for him too. Two phones agreed; one phone alone is the
    device that saved, as before."""
    token = make_session()
    ana, cris = phones(app, token, (0, 2))
    version = entered(client, token)
    for device, seat in ((ana, 0), (cris, 2), (ana, 1)):
        agree(device, token, seat, version)
    event = saved_event(client, token)
    assert event["after"]["phones"] == [[0, 1], [2]]
    history = text(client.get(f"/s/{token}/history").get_data(as_text=True))
    assert "Round 1 saved on Ana's and Cris's phones" in history
    client.set_cookie("lang", "fil")
    history = text(client.get(f"/s/{token}/history?lang=fil").get_data(as_text=True))
    assert "Na-save ang round 1 sa mga phone nina Ana at Cris" in history
    client.delete_cookie("lang")
    version = entered(client, token)  # round 2: Ana's phone agrees for all three seats
    for seat in (2, 0, 1):
        agree(ana, token, seat, version)
    assert saved_event(client, token)["after"]["phones"] == [[0, 1, 2]]
    history = text(client.get(f"/s/{token}/history").get_data(as_text=True))
    assert "Round 2 saved on Ben's phone" in history  # the Agree that saved it, as before


def test_each_phone_that_agreed_is_offered_the_undo_once(app, client, make_session):
    token = make_session()
    watcher, *devices = phones(app, token, (0, 0, 1, 2))  # a fourth phone, also Ana's
    version = entered(client, token)
    for seat, device in enumerate(devices):
        agree(device, token, seat, version)
    assert undo_form(watcher, token, "?saved=1") is None  # it did not agree
    assert undo_form(client, token) is None  # nor did the phone that entered the cards
    forms = [undo_form(device, token, "?saved=1") for device in devices]
    assert all(form is not None and form["back"] == "session" for form in forms)
    assert len({form["event"] for form in forms}) == 1  # the one save, on every phone
    assert all(undo_form(device, token) is None for device in devices)  # once: no more
    # an earlier phone's Undo takes the round back, as the saving phone's would
    undone = devices[0].post(f"/s/{token}/history/undo", data=forms[0])
    assert undone.status_code == 303 and undone.location.endswith(f"/s/{token}")
    page = text(devices[0].get(undone.location).get_data(as_text=True))
    assert "Round 1 undone: it is deleted and the balances are as before it." in page
    assert rounds_of(client, token) == []


def test_no_offer_once_another_change_came_after_the_save(app, client, make_session):
    token = make_session()
    devices = phones(app, token)
    version = entered(client, token)
    for seat, device in enumerate(devices):
        agree(device, token, seat, version)
    assert undo_form(devices[0], token) is not None  # Ana's phone came back at once
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    assert undo_form(devices[1], token) is None  # round 2 came after round 1 meanwhile
    assert undo_form(devices[2], token) is not None  # the saving phone: as before
    assert len(rounds_of(client, token)) == 2


def test_no_offer_for_long_after_the_save(app, client, make_session):
    token = make_session()
    devices = phones(app, token)
    version = entered(client, token)
    for seat, device in enumerate(devices):
        agree(device, token, seat, version)
    with app.app_context():
        event = db.session.execute(
            db.select(ChangeEvent).where(ChangeEvent.kind == "round_saved")
        ).scalar_one()
        event.at -= timedelta(seconds=61)
        db.session.commit()
    assert undo_form(devices[0], token) is None  # picked up a minute later: History has it
    assert undo_form(devices[1], token) is None


def test_one_phone_confirming_for_all_is_the_one_named_and_offered(app, client, make_session):
    token = make_session()
    ana, ben, cris = phones(app, token)
    version = entered(client, token)
    assert agree(ana, token, 0, version).status_code == 200
    options = ben.put(url(token, "/options?seat=1"), json={"confirm_alone": True})
    assert options.status_code == 200
    assert agree(ben, token, 1, options.get_json()["version"]).status_code == 201
    event = saved_event(client, token)
    assert event["after"] == event["after"] | {"confirmed_by": 1}
    assert "phones" not in event["after"] and event["by_text"] == "Ben's phone"
    history = text(client.get(f"/s/{token}/history").get_data(as_text=True))
    assert "Round 1 saved on Ben's phone" in history
    assert undo_form(ana, token) is None and undo_form(cris, token) is None
    assert undo_form(ben, token) is not None
