"""Undo right after a round saved on the seat pages, in Debian's Chromium: three phones (each its
own browser context: its own cookies) enter a round and agree; every one of them, not only the
phone whose Agree saved it, lands on the ledger with the Undo under the saved round, and an
earlier phone's Undo takes the round back."""

from __future__ import annotations

import re

import pytest

from tests.support.seats import (
    agree_button,
    draft_json,
    enter_talon_round,
    open_seats,
    session_json,
    start,
)

pytestmark = [pytest.mark.browser, pytest.mark.races]


@pytest.mark.slow
def test_every_phone_that_agreed_is_offered_the_undo(phones, server):
    token = start(phones[0], server)
    open_seats(phones, server, token)
    enter_talon_round(phones)
    ana, ben, cris = phones
    for page in (ana, ben):  # Ana's and Ben's phones agree first: Cris's Agree saves the round
        agree_button(page).tap()
    for _ in range(100):
        if all(seat["agreed"] for seat in draft_json(ana, server, token)["seats"][:2]):
            break
        ana.wait_for_timeout(100)
    agree_button(cris).tap()
    for page in phones:  # the ledger, saying what was saved, with the Undo under it
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=1)?$"))
        page.locator("#saved-round", has_text="Round 1:").wait_for()
    # offered on each phone (its seconds run out in the page on their own: the one-phone
    # page's test), and Ben's, tapped at once, is still on his screen
    for page in (cris, ana, ben):
        page.locator("#undo-saved").wait_for(state="attached")
        assert "Undo round 1" in page.locator("#undo-saved button").text_content()
    assert len(session_json(ana, server, token)["rounds"]) == 1
    with ben.expect_navigation():  # Ben's phone, whose Agree did not save the round
        ben.get_by_role("button", name=re.compile(r"^Undo round 1")).tap()
    ben.locator(".flash", has_text="Round 1 undone: it is deleted").wait_for()
    assert session_json(ana, server, token)["rounds"] == []
