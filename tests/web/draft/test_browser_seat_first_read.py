"""A seat phone's header tap made before the phone has read the draft waits for that read: the
header is replaced whole, so an early write would wipe what another phone set (the ending)."""

from __future__ import annotations

import time

import pytest

from tests.support.seats import open_seats, seat_url, start

pytestmark = pytest.mark.browser


def header(page, server, token) -> dict:
    return page.request.get(f"{server}/api/sessions/{token}/draft").json()["header"]


def eventually(read, want, seconds=10.0):
    deadline = time.monotonic() + seconds
    while (found := read()) != want and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


def test_a_tap_before_the_first_read_keeps_the_ending_another_phone_set(phones, server):
    token = start(phones[0], server)
    open_seats(phones[:1], server, token)
    phones[0].get_by_role("button", name="Tongits", exact=True).tap()
    assert eventually(lambda: header(phones[0], server, token).get("ending"), "tongits")

    held, released = [], []  # Ben's phone: every read of the draft held back until after the tap

    def hold(route):
        route.continue_() if released else held.append(route)

    phones[1].route(f"**/api/sessions/{token}/draft", hold)
    phones[1].goto(seat_url(server, token, 1))
    phones[1].locator(".picker [data-card='7S']").wait_for()
    phones[1].locator("[data-by]").get_by_role("button", name="Ben").tap()
    phones[1].wait_for_timeout(500)  # an early header write would be out by now
    assert held, "the phone did not ask for the draft"
    assert header(phones[0], server, token) == {"ending": "tongits"}  # nothing sent yet
    released.append(True)
    for route in held:
        route.continue_()
    want = {"ending": "tongits", "declarer": 1}
    assert eventually(lambda: header(phones[0], server, token), want) == want
