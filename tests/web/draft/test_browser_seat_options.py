"""The seat page offers what the one-phone page offers (one phone per seat, "every round safe"):
a secret meld marked on the seat's own phone pays its bonus in the saved round, a chip's card
tapped takes exactly that card out, the flags a seat may tick are the server's, and the seat
sees its own deadwood and the pot at stake. Three phones at 360x740, a real server."""

from __future__ import annotations

import re

import pytest

from tests.support.seats import (
    agree_button,
    chips,
    open_seats,
    seat_url,
    session_json,
    shoot,
    start,
    tap_done,
    tap_hand,
)

pytestmark = pytest.mark.browser


def draft_of(page, server, token) -> dict:
    return page.request.get(f"{server}/api/sessions/{token}/draft").json()


def tap_chip(page, card):
    page.locator(f"[data-chips] [data-chip-card='{card}']").tap()


@pytest.mark.slow
def test_a_secret_four_of_a_kind_entered_on_a_seat_pays_its_bonus(phones, server):
    token = start(phones[0], server, preset="pagat")
    ana, ben, cris = phones
    open_seats(phones, server, token)
    ana.get_by_role("button", name="Tongits", exact=True).tap()
    ana.locator("[data-by]").get_by_role("button", name="Ana").tap()
    tap_hand(ana, [["9S", "9H", "9D", "9C"], ["2C", "3C", "4C"]], [])
    tap_hand(ben, [["5S", "5H", "5D", "5C"]], ["KS", "QD"])
    tap_hand(cris, [], ["AS", "3D", "8C"])
    for page in (ana, ben):  # offered by the server once it has the four of a kind
        page.locator("[data-chips] [data-secret='0']").tap()
        page.locator("[data-chips] [data-secret='0'][aria-pressed=true]").wait_for()
    # the seat's own figures: Ben's deadwood (K + Q = 20); Cris is sunog
    ben.locator(".picker .status", has_text="deadwood 20").wait_for()
    cris.locator(".picker .status", has_text="Sunog").wait_for()
    assert "Sunog" not in ben.locator(".picker .status").inner_text()  # his one meld is secret
    shoot(phones, "secret-entered")
    for page in phones:
        tap_done(page)
    for page in phones:
        agree_button(page).wait_for()
    assert "secret" in ana.locator("[data-verdict-box]").inner_text()
    shoot(phones, "secret-verdict")
    for page in phones:
        agree_button(page).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
    (saved,) = session_json(ana, server, token)["rounds"]
    assert saved["record"]["hands"][0]["melds"][0] == {
        "cards": ["9S", "9H", "9D", "9C"],
        "secret": True,
    }
    paid = {(p["from"], p["to"]): p["amount"] for p in saved["result"]["payments"]}
    # 3 stakes for Tongits + 3 stakes for Ana's secret meld; Cris also 1 stake for sunog;
    # Ben is not sunog: his only meld is secret
    assert paid == {(1, 0): "60.00", (2, 0): "70.00"}
    players = saved["result"]["players"]
    assert [p["sunog"] for p in players] == [False, False, True]
    # the next round shows the pot at stake: three antes of 2 stakes
    open_seats(phones[:1], server, token)
    ana.locator("[data-pot]", has_text="Pot ₱60.00").wait_for()


def test_tapping_a_chip_takes_out_exactly_that_card(phones, server):
    token = start(phones[0], server)
    cris = phones[2]
    cris.goto(seat_url(server, token, 2))
    tap_hand(cris, [["9S", "10S", "JS"]], ["AS", "3D", "7H", "8C"])
    tap_chip(cris, "7H")
    cris.locator("[data-chips] [data-chip-card='7H']").wait_for(state="detached")
    assert chips(cris).split("\n") == ["9♠ 10♠ J♠", "A♠ 3♦ 8♣"]
    assert cris.locator(".picker [data-card='7H']").is_enabled()  # back on the picker
    tap_chip(cris, "10S")  # from a meld: the meld keeps its other cards
    for _ in range(50):
        hand = draft_of(cris, server, token)["seats"][2]["hand"]
        if hand and hand["melds"] == [["9S", "JS"]]:
            break
        cris.wait_for_timeout(100)
    assert hand["melds"] == [["9S", "JS"]] and hand["hand"] == ["AS", "3D", "8C"]
    cris.locator(".picker .status.bad", has_text="9♠ J♠").wait_for()  # no meld any more
    shoot([cris], "chip-taken-out")


def test_the_flags_a_seat_is_offered_are_the_servers(phones, server):
    token = start(phones[0], server, kang_multiplier=2)
    ana, ben, cris = phones
    open_seats(phones, server, token)
    ana.get_by_role("button", name="Draw", exact=True).tap()
    ana.locator("[data-by]").get_by_role("button", name="Ana").tap()
    tap_hand(ben, [["5D", "6D", "7D"]], ["KD"])
    tap_hand(cris, [], ["9C"])  # sunog: may not challenge
    ben.get_by_role("button", name=re.compile("^Laban")).wait_for()
    assert (
        cris.locator("[data-flag]:visible").count()
        == ana.locator("[data-flag]:visible").count()
        == 0
    )
    ana.get_by_role("button", name="Tongits", exact=True).tap()  # now Ana won by Tongits
    ana.get_by_role("button", name=re.compile("^Kang")).wait_for()
    ben.locator("[data-flag=challenged]").wait_for(state="hidden")
    assert ana.locator("[data-flag=no_discard]").is_hidden()  # no discard multiplies nothing here
