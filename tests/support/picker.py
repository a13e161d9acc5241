"""One phone entering a round by tapping cards in the picker (the one-phone round page), counting
the taps; a session started on the new-session form."""

from __future__ import annotations

import re

from tests.support.entry import SAVE_READY


class Taps:
    """Taps the way a thumb does, and counts them."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def __call__(self, locator):
        locator.tap()
        self.count += 1

    def card(self, card: str):
        key = self.page.locator(f".picker [data-card='{card}']")
        assert key.is_enabled(), f"{card} is greyed out"
        self(key)

    def cards(self, text: str):
        for card in text.split():
            self.card(card)

    def meld(self):
        self(self.page.locator(".picker [data-act=meld]"))

    def next(self):
        self(self.page.locator(".picker [data-act=next]"))

    def done(self):
        """Done (the third tool on the last player): the review step, Confirm in the bar."""
        done = self.page.get_by_role("button", name=re.compile("^Done"))
        self(done)
        self.page.locator("#review-step").wait_for(state="visible")


def start_session(page, server, names=("Ana", "Ben", "Cris")) -> str:
    page.goto(server + "/new")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.locator("label[for=dealer-0]").tap()
    page.get_by_role("button", name="Start the session").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+"))
    return page.url.split("/s/")[1].split("?")[0]


def enter_round(
    page,
    taps: Taps,
    ending: str,
    declarer: str | None,
    players: list[tuple[list[str], str]],
    challengers=(),
    last_drawer=None,
    before_save=None,
):
    """One round through the picker: each player's melds (each closed by Meld ✓), then the hand."""
    taps(page.locator(f"label[for=ending-{ending}]"))
    if declarer is not None:
        taps(page.locator(f"label[for=declarer-{declarer}]"))
    if last_drawer is not None:
        taps(page.locator(f"label[for=last_drawer-{last_drawer}]"))
    for seat, (melds, hand) in enumerate(players):
        if seat:
            taps.next()
        for meld in melds:
            taps.cards(meld)
            taps.meld()
        taps.cards(hand)
    if before_save:
        before_save()
    taps.done()
    for seat in challengers:  # the flags are on the review step
        taps(page.locator(f"label[for=challenged_{seat}]"))
    save = page.locator("#save")
    page.wait_for_function(SAVE_READY)
    taps(save)
    page.wait_for_url(re.compile(r"/s/[\w-]+(#round-\d+)?$"))
