"""Nothing cut at 360 px ("every round safe"): on the seat page and on the one-phone entry page,
in English and in Filipino, with long names and an error showing, no status, error, title or
name line is cut ("…", or words wider than their box); every line wraps or fits. Debian's
Chromium at 360x740 with touch."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support.browser import SEAT_PHONE, close
from tests.support.seats import start

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("TRACKER_SCREENSHOTS")
CHECK_CUT = (Path(__file__).parent.parent / "support" / "check_cut.js").read_text()
LONG_NAMES = ("Anastasia de la Cruz", "Bienvenido Macaraeg", "Maria Cristina Sy-Gonzales")
LANGUAGES = {"en": "en", "fil": "fil-PH,fil;q=0.9"}


@pytest.fixture(params=sorted(LANGUAGES))
def phone(browser, request):
    context = browser.new_context(
        viewport=SEAT_PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
    )
    context.set_extra_http_headers({"Accept-Language": LANGUAGES[request.param]})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15000)
    page.language = request.param
    yield page
    close(context)
    assert errors == [], errors


def bad_meld(page):
    """4♣ 5♦ 6♣ laid as a meld: the engine's "is not a set or a run" in the status line."""
    for card in ("4C", "5D", "6C"):
        page.locator(f".picker [data-card='{card}']").tap()
    page.locator(".picker [data-act='meld']").tap()
    page.locator(".picker .status.bad", has_text="4♣ 5♦ 6♣").wait_for()


def cut(page, name) -> list[str]:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"cut-{name}-{page.language}.png"))
    return page.evaluate(CHECK_CUT)


def played(page, server, token, rounds):
    record = {
        "ending": "talon",
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": ["2H"]},
            {"melds": [["4H", "5H", "6H"]], "hand": ["KS"]},
            {"melds": [["9S", "10S", "JS"]], "hand": ["AS"]},
        ],
    }
    for _ in range(rounds):
        assert page.request.post(f"{server}/api/sessions/{token}/rounds", data=record).ok


def test_nothing_is_cut_on_the_seat_page(phone, server):
    token = start(phone, server, players=LONG_NAMES)
    played(phone, server, token, 12)  # round 13: a longer title
    phone.goto(f"{server}/s/{token}/rounds/new?seat=2")
    phone.locator(".picker [data-card='7S']").wait_for()
    phone.locator("[data-ending] [data-value='draw']").tap()
    phone.locator("[data-by] [data-value='0']").tap()
    bad_meld(phone)
    assert cut(phone, "seat-entry") == []
    phone.locator(".picker [data-act='next']").tap()  # Done: the review, waiting for the others
    phone.locator("[data-review-msg]", has_text=re.compile(r"\w")).wait_for()
    assert cut(phone, "seat-review") == []


def test_nothing_is_cut_on_the_one_phone_page(phone, server):
    token = start(phone, server, players=LONG_NAMES)
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.locator(".picker [data-card='7S']").wait_for()
    phone.locator("label[for='ending-draw']").tap()
    bad_meld(phone)
    assert cut(phone, "one-entry") == []
    phone.locator(".tabs .tab").nth(2).tap()  # the last player's Done: the review, and its errors
    phone.locator(".picker [data-act='next']").tap()
    phone.locator(".review-fix li").first.wait_for()
    assert cut(phone, "one-review") == []


def test_nothing_is_cut_on_the_edit_page(phone, server):
    token = start(phone, server, players=LONG_NAMES)
    played(phone, server, token, 1)
    phone.goto(f"{server}/s/{token}/rounds/1/edit")
    phone.locator(".picker [data-card='7S']").wait_for()
    phone.locator(".livebar .bar-main", has_text=re.compile(r"\w")).wait_for()
    assert cut(phone, "edit") == []
