"""One phone per seat (issue 9, part B) in Debian's Chromium: three phones at 360x740, each its
own browser context (its own cookies), enter rounds together through the seat page and the
round draft on the server; every phone lands on the ledger when the third Agree saved it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support.records import PLAYERS

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("TRACKER_SEAT_SHOTS", "/tmp/seat-shots"))

# A typical talon-out round (the one of benchmarks/seat_flow.py): (melds, hand) per seat.
TALON_ROUND = [
    ([["7S", "7D", "7C"]], ["2H", "5C", "9D"]),
    ([["4H", "5H", "6H"]], ["KS", "QD", "JC"]),
    ([["9S", "10S", "JS"]], ["AS", "3D", "8C"]),
]
# A draw: Ana calls with 5, Ben challenges and loses.
DRAW_ROUND = [
    ([["8S", "8D", "8C"]], ["2C", "3D"]),
    ([["5D", "6D", "7D"]], ["KD", "QS"]),
    ([["AH", "2H", "3H"]], ["9C", "10C", "JD"]),
]


def start(page, server, players=PLAYERS, **rules) -> str:
    answer = page.request.post(
        server + "/api/sessions", data={"players": list(players), "dealer": 0, "rules": rules}
    )
    assert answer.status == 201, answer.text()
    return answer.json()["id"]


def session_json(page, server, token) -> dict:
    return page.request.get(f"{server}/api/sessions/{token}").json()


def seat_url(server, token, seat) -> str:
    return f"{server}/s/{token}/rounds/new?seat={seat}"


def open_seats(phones, server, token):
    for seat, page in enumerate(phones):
        page.goto(seat_url(server, token, seat))
        page.locator(".picker [data-card='7S']").wait_for()


def tap_hand(page, melds, hand):
    for meld in melds:
        for card in meld:
            page.locator(f".picker [data-card='{card}']").tap()
        page.get_by_role("button", name=re.compile("^Meld")).tap()
    for card in hand:
        page.locator(f".picker [data-card='{card}']").tap()


def tap_done(page):
    page.locator(".picker").get_by_role("button", name=re.compile("^Done")).tap()


def agree_button(page):
    return page.get_by_role("button", name=re.compile("^Agree"))


def shoot(pages, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for seat, page in enumerate(pages):
        page.screenshot(path=str(SHOTS / f"{name}-{seat}.png"))


def play_round(phones, rows, ending="Talon out", declarer=None, shots=None):
    """Every seat taps its own hand (in turns of one card, as if at once), one phone sets the
    header, all tap Done, then Agree; returns when every phone shows the ledger."""
    phones[0].get_by_role("button", name=ending, exact=True).tap()
    if declarer is not None:
        phones[1].locator("[data-by]").get_by_role("button", name=PLAYERS[declarer]).tap()
    for page, (melds, hand) in zip(phones, rows, strict=True):
        tap_hand(page, melds, hand)
    if shots:
        shoot(phones, shots + "-entered")
    for page in phones:
        tap_done(page)
    for page in phones:
        agree_button(page).wait_for()
    if shots:
        shoot(phones, shots + "-verdict")
    for page in phones:
        agree_button(page).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+$"))
        page.locator("#ledger").wait_for()


def test_three_phones_play_rounds_in_parallel(phones, server):
    token = start(phones[0], server)
    for number in (1, 2, 3):
        open_seats(phones, server, token)
        if number == 2:
            play_round(phones, DRAW_ROUND, ending="Draw", declarer=0)
        else:
            play_round(phones, TALON_ROUND, shots="round" if number == 1 else None)
        rounds = session_json(phones[0], server, token)["rounds"]
        assert len(rounds) == number  # saved exactly once
        for page in phones:
            assert page.locator(".round").count() == number
    shoot(phones, "ledger")
    first = session_json(phones[0], server, token)["rounds"][0]
    assert first["record"]["ending"] == "talon"
    assert first["record"]["hands"][2]["hand"] == ["AS", "3D", "8C"]
