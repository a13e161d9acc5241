"""Nothing changed unseen on the seat page ("every round safe"): a phone that had agreed, when a
hand changes, shows who changed what and the money that moved, and must agree again; the round
saved is the changed one. Three phones at 360x740, a real server."""

from __future__ import annotations

import re

import pytest

from tests.support import seats

pytestmark = [pytest.mark.browser, pytest.mark.races]


@pytest.mark.slow
def test_a_phone_that_agreed_sees_what_changed_and_agrees_again(phones, server):
    token = seats.agreed_on(phones, server, 0, 2)
    ana, ben, cris = phones
    ana.locator("[data-review-msg]", has_text="You agreed").wait_for()
    ben.get_by_role("button", name="Change my cards").tap()
    ben.locator("[data-chips] [data-chip-card='QD']").tap()  # Q♦ out, 2♦ in: 8 points fewer
    ben.locator(".picker [data-card='2D']").tap()
    seats.tap_done(ben)
    said = "Ben's cards changed: Q♦ → 2♦ · Ben pays Cris ₱32.00, was ₱40.00"
    for page in (ana, cris):
        page.locator("[data-review-msg]", has_text=said).wait_for()
        seats.agree_button(page).wait_for()  # to agree again
    seats.shoot(phones, "changed")
    assert seats.session_json(ana, server, token)["rounds"] == []
    saved_with_bens_new_cards(phones, server, token)


def saved_with_bens_new_cards(phones, server, token):
    """All three agree again: the round saved holds Ben's changed hand."""
    for page in phones:
        seats.agree_button(page).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+\?saved=1$"))
    (saved,) = seats.session_json(phones[0], server, token)["rounds"]
    assert saved["record"]["hands"][1]["hand"] == ["KS", "JC", "2D"]


@pytest.mark.slow
def test_a_header_change_says_who_and_one_phone_for_all_says_who_for_this_round(phones, server):
    token = seats.agreed_on(phones, server, 0)
    ana, ben, cris = phones
    ana.locator("[data-review-msg]", has_text="You agreed").wait_for()
    ben.locator("[data-by] button", has_text="Cris").tap()  # Cris drew the last card
    ana.locator("[data-review-msg]", has_text="Ben changed how the round ended · ").wait_for()
    seats.agree_button(ana).wait_for()  # to agree again
    cris.get_by_label("One phone confirms for all").check()
    for page in phones:
        page.locator("[data-alone-by]", has_text="turned on by Cris, for this round").wait_for()
    seats.shoot(phones, "header-by")
    seats.agree_button(cris).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+\?saved=1$"))
    (saved,) = seats.session_json(ana, server, token)["rounds"]
    assert saved["record"]["last_drawer"] == 2
    # the next round asks again: one phone for all was for that round only
    draft = cris.request.get(f"{server}/api/sessions/{token}/draft").json()
    assert draft["confirm_alone"] is False and draft["confirm_alone_by"] is None


@pytest.mark.slow
def test_a_header_change_is_named_on_every_other_phone_agreed_or_not(phones, server):
    """Ana agreed, Cris is done but had not agreed: both are told Ben changed the header, and
    Ben's own phone is not. Before anyone is done, the other phones' bars say it too."""
    seats.agreed_on(phones, server, 0)
    ana, ben, cris = phones
    ana.locator("[data-review-msg]", has_text="You agreed").wait_for()
    cris.locator("[data-review-msg]", has_text="Check the verdict, then Agree.").wait_for()
    ben.locator("[data-by] button", has_text="Cris").tap()  # Cris drew the last card
    for page in (ana, cris):
        page.locator("[data-review-msg]", has_text="Ben changed how the round ended · ").wait_for()
    ben.locator("[data-review-msg]", has_text="Check the verdict, then Agree.").wait_for()
    assert "changed how the round ended" not in ben.locator("[data-review-msg]").inner_text()
    seats.shoot(phones, "header-named")


@pytest.mark.slow
def test_a_header_set_before_anyone_is_done_is_named_in_the_other_bars(phones, server):
    token = seats.start(phones[0], server)
    seats.open_seats(phones, server, token)
    ana, ben, cris = phones
    ana.get_by_role("button", name="Talon out", exact=True).tap()
    for page in (ben, cris):
        page.locator("[data-bar]", has_text="Ana changed how the round ended").wait_for()
    assert "changed how" not in ana.locator("[data-bar]").inner_text()
    seats.fits(ben)
    ben.locator(".picker [data-card='4H']").tap()  # Ben's own change is the latest now
    ben.locator("[data-bar]", has_text="Tap your cards").wait_for()
