"""The one-phone page's round in progress is the session's round draft: a reload, Back then
Forward, or taps made while the network was down find every card and the ending again, in
Debian's Chromium at 360x740 with touch; a saved round leaves the next one blank."""

from __future__ import annotations

import os

import pytest

from tests.support.entry import KEPT, SAVE_READY, SETTLED, TYPICAL, OneScreen, new_session, words

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("TRACKER_SCREENSHOTS")
FIELDS = [f"#{kind}_{seat}" for seat in range(3) for kind in ("melds", "hand")]


def shot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


def fields(page) -> dict:
    values = {name[1:]: page.input_value(name) for name in FIELDS}
    values["ending"] = page.eval_on_selector(
        "#round", "f => (f.querySelector('input[name=ending]:checked') || {}).value || ''"
    )
    return values


def half_a_round(page, server, token) -> OneScreen:
    """Talon out, Ana's and Ben's hands, and one card of Cris's."""
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_function(SETTLED)
    screen = OneScreen(page)
    screen.ending("Talon out")
    for melds, rest in TYPICAL[:2]:
        screen.hand(melds, rest)
        screen.act("Next")
    screen.cards("9S")
    page.wait_for_function(KEPT)  # the taps of a burst kept together once they pause
    return screen


def draft_hands(page, server, token) -> list:
    body = page.request.get(f"{server}/api/sessions/{token}/draft").json()
    return [seat["hand"] for seat in body["seats"]]


@pytest.mark.slow
def test_a_reload_and_back_forward_mid_entry_keep_every_card(phone, server):
    token = new_session(phone, server)
    half_a_round(phone, server, token)
    before = fields(phone)
    assert before["ending"] == "talon" and before["hand_2"] == "9S"
    phone.reload()
    phone.wait_for_function(SETTLED)
    assert fields(phone) == before
    shot(phone, "kept-after-reload")
    phone.goto(f"{server}/s/{token}")
    phone.go_back()
    phone.wait_for_function(SETTLED)
    assert fields(phone) == before
    phone.go_forward()
    phone.go_back()
    phone.wait_for_function(SETTLED)
    assert fields(phone) == before
    # the rest of the round, confirmed: saved once, and the next round starts blank
    screen = OneScreen(phone)
    screen.tap(phone.locator(".tabs .tab[data-seat='2']"), "Cris's tab")
    screen.cards("10S JS")
    screen.act("Meld")
    screen.cards("AS 3D 8C")
    screen.act("Done")
    phone.wait_for_function(SAVE_READY)
    screen.confirm()
    phone.wait_for_url(f"{server}/s/{token}")
    rounds = phone.request.get(f"{server}/api/sessions/{token}").json()["rounds"]
    assert len(rounds) == 1
    assert draft_hands(phone, server, token) == [None, None, None]
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    assert all(value == "" for value in fields(phone).values())


def test_taps_made_offline_are_kept_and_sent_when_the_network_is_back(phone, server):
    token = new_session(phone, server)
    half_a_round(phone, server, token)
    phone.context.set_offline(True)
    screen = OneScreen(phone)
    screen.cards("10S JS")
    net = phone.locator(".net")
    net.wait_for(state="visible")
    # the round's title, still in sight, then what the band says
    assert [words(part) for part in net.locator("> *").all()] == [
        "Round 1 · Ana deals",
        "Offline · your taps will be sent",
    ]
    shot(phone, "offline-taps")
    offline = fields(phone)
    assert offline["hand_2"] == "9S 10S JS"
    assert draft_hands(phone, server, token)[2]["hand"] == ["9S"]  # not on the server yet
    phone.context.set_offline(False)
    phone.wait_for_function("() => !document.querySelector('.net').textContent")
    phone.wait_for_function(KEPT)
    assert draft_hands(phone, server, token)[2]["hand"] == ["9S", "10S", "JS"]
    phone.reload()
    phone.wait_for_function(SETTLED)
    assert fields(phone) == offline


def test_taps_the_server_never_got_survive_leaving_the_page(phone, server):
    """The server out of reach (every preview dropped on its way): the taps stay on the phone,
    and the page opened again later puts them back and sends them."""
    token = new_session(phone, server)
    half_a_round(phone, server, token)
    phone.route("**/rounds/preview", lambda route: route.abort("internetdisconnected"))
    OneScreen(phone).cards("10S")
    phone.locator(".net").wait_for(state="visible")
    phone.wait_for_function(KEPT)  # its keep was tried and dropped too: nothing left to send
    unsent = fields(phone)
    phone.goto(f"{server}/s/{token}")
    phone.unroute("**/rounds/preview")
    assert draft_hands(phone, server, token)[2]["hand"] == ["9S"]  # the server never got 10S
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    assert fields(phone) == unsent
    phone.wait_for_function("() => !document.querySelector('.net').textContent")
    assert draft_hands(phone, server, token)[2]["hand"] == ["9S", "10S"]


@pytest.mark.slow
def test_taps_kept_on_the_phone_for_a_round_saved_meanwhile_elsewhere_are_not_kept_again(
    phone, server
):
    """The phone lost the network after tapping a whole round; another phone saved that very
    round. Opened again, the page puts the taps back, is told the round was saved, and keeps
    nothing in the draft."""
    token = new_session(phone, server)
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    phone.route("**/rounds/preview", lambda route: route.abort("internetdisconnected"))
    screen = OneScreen(phone)
    screen.ending("Talon out")
    screen.play(TYPICAL)
    phone.locator(".net").wait_for(state="visible")
    phone.goto(f"{server}/s/{token}")
    phone.unroute("**/rounds/preview")
    record = {
        "ending": "talon",
        "hands": [
            {"melds": [meld.split() for meld in melds], "hand": rest.split()}
            for melds, rest in TYPICAL
        ],
    }
    assert phone.request.post(f"{server}/api/sessions/{token}/rounds", data=record).status == 201
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.wait_for_function(SETTLED)
    assert fields(phone)["hand_2"] == TYPICAL[2][1]  # the taps are back on the page
    phone.locator(".livebar").get_by_text("1 thing to fix").wait_for()
    assert "Round 1 was just saved on another phone: " in phone.content()
    assert draft_hands(phone, server, token) == [None, None, None]
    assert phone.request.get(f"{server}/api/sessions/{token}").json()["round_count"] == 1
