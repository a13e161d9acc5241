"""Every entry page follows the round draft the phones share, in Debian's Chromium at 360x740:
three phones mixing the one-phone page and the seat page. A round cleared on one phone empties
the others and says who cleared it; a tap made there afterwards, or made offline before it
heard of the clear, never brings the cleared cards back; the taps the server did not take are
offered back. A hand another phone enters comes into the one-phone page without a reload."""

from __future__ import annotations

import re
import time

import pytest

from tests.support.entry import KEPT
from tests.support.seats import chips, draft_json, half_round, seat_url, shoot, start

pytestmark = [pytest.mark.browser, pytest.mark.races]  # on both databases

CLEARED = "Round 1 was cleared on another phone."


def one_phone(page, server, token):
    page.goto(f"{server}/s/{token}/rounds/new")
    page.locator(".picker [data-card='KD']").wait_for()
    page.wait_for_function("() => !document.getElementById('round').hasAttribute('aria-busy')")


def clear(page):
    page.locator(".clear-round > summary").tap()
    page.get_by_role("button", name="Yes, clear it").tap()
    page.wait_for_url(re.compile(r"/rounds/new(\?seat=\d)?$"))
    page.locator(".flash").get_by_text("Round 1 cleared.").wait_for()


def cards_back(body: dict) -> bool:
    return any(seat["hand"] for seat in (body["seats"][0], body["seats"][2])) or bool(
        body["header"]
    )


def test_a_clear_on_one_phone_empties_the_other_and_a_tap_there_brings_nothing_back(phones, server):
    a, b, seat = phones
    token = start(a, server)
    half_round(a, server, token)
    one_phone(a, server, token)
    one_phone(b, server, token)
    seat.goto(seat_url(server, token, 2))
    seat.wait_for_function("() => document.querySelector('[data-chips]').textContent.trim()")
    assert b.locator("#hand_2").input_value() == "AS AD 9C"

    clear(a)
    # the other one-phone page and the seat page follow: empty, and each says who cleared it
    b.wait_for_function("() => document.getElementById('hand_2').value === ''", timeout=15_000)
    b.locator(".gone").get_by_text(CLEARED).wait_for()
    assert b.locator(".gone button").is_hidden()  # nothing of its own was lost: nothing offered
    seat.locator(".gone").get_by_text(CLEARED).wait_for()
    assert chips(seat).strip() == ""
    shoot([a, b, seat], "cleared")

    # a tap on B now is a tap on the new round: the cleared cards stay cleared
    if b.locator(".gone").is_visible():
        b.locator(".gone").tap()  # put away (news alone also goes by itself)
    b.locator(".picker [data-card='KD']").tap()
    b.wait_for_function("() => document.getElementById('hand_0').value === 'KD'")
    b.wait_for_function("() => !document.getElementById('round').hasAttribute('aria-busy')")
    seat.locator(".picker [data-card='QH']").tap()
    for _ in range(50):
        now = draft_json(a, server, token)
        if now["seats"][0]["hand"] and now["seats"][2]["hand"]:
            break
        b.wait_for_timeout(100)
    assert now["seats"][0]["hand"]["hand"] == ["KD"] and now["seats"][0]["hand"]["melds"] == []
    assert now["seats"][2]["hand"]["hand"] == ["QH"]
    assert "ending" not in now["header"]  # the cleared header stays cleared
    one_phone(a, server, token)  # A's next "+ Enter round" opens on the new round only
    assert a.locator("#hand_2").input_value() == "QH"
    assert a.locator("input[name=ending]:checked").count() == 0


def test_taps_made_offline_on_a_cleared_round_are_refused_then_offered_back(phones, server):
    a, b, _seat = phones
    token = start(a, server)
    half_round(a, server, token)
    one_phone(b, server, token)
    b.context.set_offline(True)
    b.locator(".picker [data-card='KD']").tap()  # Ana's hand: 5 cards now, on this phone only
    one_phone(a, server, token)
    clear(a)
    b.context.set_offline(False)
    b.evaluate("() => window.dispatchEvent(new Event('online'))")
    b.locator(".gone").get_by_text(CLEARED).wait_for(timeout=10000)
    assert b.locator("#hand_2").input_value() == "" and b.locator("#hand_0").input_value() == ""
    assert not cards_back(draft_json(a, server, token))
    shoot([b], "offline-refused")

    b.locator(".gone").get_by_role("button", name="Put my cards back").tap()
    b.wait_for_function("() => document.getElementById('hand_0').value.includes('KD')")
    for _ in range(50):
        now = draft_json(a, server, token)
        if now["seats"][0]["hand"]:
            break
        b.wait_for_timeout(100)
    assert "KD" in now["seats"][0]["hand"]["hand"]  # the taps chosen back, on the new round
    assert now["seats"][2]["hand"] is None  # Cris's cleared cards were not this phone's taps


def test_a_hand_entered_on_a_seat_phone_comes_into_the_one_phone_page(phones, server):
    a, _b, seat = phones
    token = start(a, server)
    one_phone(a, server, token)
    a.locator(".picker [data-card='KD']").tap()  # Ana's first card, on the one-phone page
    seat.goto(seat_url(server, token, 1))
    seat.locator(".picker [data-card='4H']").wait_for()
    for card in ("4H", "5H"):
        seat.locator(f".picker [data-card='{card}']").tap()
    a.wait_for_function("() => document.getElementById('hand_1').value === '4H 5H'", timeout=15_000)
    assert a.locator("#hand_0").input_value() == "KD"  # its own tap stays
    a.locator(".picker [data-card='KC']").tap()  # and its next tap writes Ana's hand alone
    for _ in range(50):
        now = draft_json(a, server, token)
        if now["seats"][0]["hand"] and len(now["seats"][0]["hand"]["hand"]) == 2:
            break
        a.wait_for_timeout(100)
    assert now["seats"][0]["hand"]["hand"] == ["KD", "KC"]
    assert now["seats"][1]["hand"]["hand"] == ["4H", "5H"]


def test_a_clear_on_a_seat_phone_empties_the_one_phone_page_and_its_tap_brings_nothing_back(
    phones, server
):
    a, seat, _c = phones
    token = start(a, server)
    half_round(a, server, token)
    one_phone(a, server, token)
    seat.goto(f"{server}/s/{token}")  # Ben's phone: chosen once, it names the phone
    seat.locator("#whose").get_by_role("button", name="Ben").tap()
    seat.locator("#enter-round", has_text="Ben's phone").wait_for()
    seat.goto(seat_url(server, token, 1))
    seat.locator(".picker [data-card='7S']").wait_for()
    clear(seat)
    a.wait_for_function("() => document.getElementById('hand_0').value === ''", timeout=15_000)
    a.locator(".gone").get_by_text("Round 1 was cleared on Ben's phone.").wait_for()
    a.locator(".picker [data-card='KD']").tap()
    a.wait_for_function(KEPT)
    now = draft_json(a, server, token)
    assert now["seats"][0]["hand"]["hand"] == ["KD"] and now["seats"][2]["hand"] is None
    assert "ending" not in now["header"]


def test_a_burst_of_taps_goes_in_fewer_writes_and_another_phone_sees_it_within_a_second(
    phones, server
):
    seat, watcher, _c = phones
    token = start(seat, server)
    writes = []
    seat.on("request", lambda r: writes.append(r.url) if r.method == "PUT" else None)
    seat.goto(seat_url(server, token, 0))
    watcher.goto(seat_url(server, token, 1))
    for page in (seat, watcher):
        page.locator(".picker [data-card='7S']").wait_for()
    cards = ["7S", "7D", "7C", "2H", "5C", "9D"]
    for card in cards:  # a quick thumb: about 0.15 s a tap
        seat.locator(f".picker [data-card='{card}']").tap()
    tapped = time.monotonic()
    watcher.wait_for_function(  # Ana's six cards counted on Ben's phone
        "() => document.querySelector('[data-cell=\"0\"]').textContent.includes('6')",
        timeout=15_000,
    )
    seen = time.monotonic() - tapped
    hand_writes = [url for url in writes if url.endswith("/draft/seats/0")]
    assert 1 <= len(hand_writes) < len(cards), hand_writes
    assert seen < 2.5, seen  # the last tap's write leaves within 0.6 s, a poll within 1 s
