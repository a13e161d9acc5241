"""Nothing cut at 360 px ("every round safe"): on the seat page and on the one-phone entry page,
in English and in Filipino, with long names and an error, a hint or a card clash showing, no
status, error, title or name line is cut ("…", words wider than their box, or a message that
scrolls inside the few lines its box keeps); every line wraps or fits. On the session, settle
and group pages no main button breaks onto a second line, nor does the seat page's title.
Debian's Chromium at 360x740 with touch. The checks are tests/support/check_cut.js and
check_one_line.js; the first test shows them a made-up page, to be sure they see what they are
meant to."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support.browser import LANGUAGES, SEAT_PHONE, language_phone
from tests.support.seats import start

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("TRACKER_SCREENSHOTS")
SUPPORT = Path(__file__).parents[2] / "support"
CHECK_CUT = (SUPPORT / "check_cut.js").read_text()
CHECK_ONE_LINE = (SUPPORT / "check_one_line.js").read_text()
MAIN_BUTTONS = ".btn.big, .btn.primary"
LONG_NAMES = ("Anastasia de la Cruz", "Bienvenido Macaraeg", "Maria Cristina Sy-Gonzales")
SET = ("7S", "7D", "7C")

# What the checks must see, made up: a status line whose message scrolls inside its two lines,
# one that fits, a panel that scrolls on purpose; a big button whose words wrap, one that fits,
# one whose second part stands on a line of its own as a whole, one whose second part breaks;
# a title row whose control went under the title.
STATUS = "A message of many words, longer than the two lines its box keeps for it at the table"
MADE_UP = f"""<!doctype html><style>
* {{ box-sizing: border-box; }} body {{ margin: 0; padding: 0 10px; font: 17px/1.45 sans-serif; }}
.status {{ height: 36px; margin: 0; line-height: 18px; overflow-y: auto; }}
.panel {{ height: 200px; overflow-y: auto; }}
.btn {{ display: flex; justify-content: center; width: 100%; min-height: 60px; padding: 8px 16px;
  font: 600 1.2rem/1.45 sans-serif; }}
.btn > span {{ text-align: center; }} .part {{ display: inline-block; font-size: .8em; }}
.title {{ display: flex; flex-wrap: wrap; width: 220px; }} h1 {{ margin: 0; font-size: 1rem; }}
</style>
<p class="status">{STATUS}</p><p class="status">Two words</p>
<div class="panel">{"<p>The verdict, line after line.</p>" * 12}</div>
<button class="btn big">Close the session and settle up for the night</button>
<button class="btn primary">Done ✓</button>
<a class="btn primary" id="ben"><span><span>+ Enter round 13</span> ·
  <span class="part">Ben's phone</span></span></a>
<a class="btn primary" id="maria"><span><span>+ Enter round 13</span> ·
  <span class="part">Maria Cristina Sy-Gonzales de la Cruz's phone</span></span></a>
<div class="title"><h1>◂ Round 3 · Dina</h1><label>Dealer <select><option>Dina</option>
  </select></label></div>"""


@pytest.fixture(params=sorted(LANGUAGES))
def phone(browser, request):
    yield from language_phone(browser, request.param)


def bad_meld(page):
    """4♣ 5♦ 6♣ laid as a meld: the engine's "is not a set or a run" in the status line."""
    for card in ("4C", "5D", "6C"):
        page.locator(f".picker [data-card='{card}']").tap()
    page.locator(".picker [data-act='meld']").tap()
    page.locator(".picker .status.bad", has_text="4♣ 5♦ 6♣").wait_for()


def tap(page, cards):
    for card in cards:
        page.locator(f".picker [data-card='{card}']").tap()


def cut(page, name, full_page=False) -> list[str]:
    """What is cut (tests/support/check_cut.js); the page's screenshot to TRACKER_SCREENSHOTS,
    all of it with `full_page` (a page taller than the screen: the session pages)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        path = Path(SHOTS) / f"cut-{name}-{page.language}.png"
        page.screenshot(path=str(path), full_page=full_page)
    return settled(page, CHECK_CUT)


def settled(page, check, *args) -> list[str]:
    """The check's findings once the page holds still: the same twice running, 100 ms apart
    (a panel that is still being filled may show a scrollbar for a frame or two)."""
    found = page.evaluate(check, *args)
    for _ in range(20):
        page.wait_for_timeout(100)
        again = page.evaluate(check, *args)
        if again == found:
            return found
        found = again
    return found


def two_lines(page, selector=MAIN_BUTTONS, row=False) -> list[str]:
    """What of `selector` runs onto a second line, or with `row` whose children stand on more
    than one row (tests/support/check_one_line.js)."""
    return settled(page, CHECK_ONE_LINE, [selector, row])


RECORD = {
    "ending": "talon",
    "hands": [
        {"melds": [["7S", "7D", "7C"]], "hand": ["2H"]},
        {"melds": [["4H", "5H", "6H"]], "hand": ["KS"]},
        {"melds": [["9S", "10S", "JS"]], "hand": ["AS"]},
    ],
}


def played(page, server, token, rounds):
    for _ in range(rounds):
        assert page.request.post(f"{server}/api/sessions/{token}/rounds", data=RECORD).ok


def test_the_checks_see_a_made_up_page(browser):
    page = browser.new_page(viewport=SEAT_PHONE)
    page.language = "made-up"
    page.set_content(MADE_UP)
    assert cut(page, "made-up") == [f'scrolls inside its box: status "{STATUS[:50]}"']
    assert two_lines(page) == [
        f'2 lines: {MAIN_BUTTONS} "Close the session and settle up for the night"',
        f'2 lines: {MAIN_BUTTONS} "Maria Cristina Sy-Gonzales de la Cruz\'s phone"',
    ]
    assert two_lines(page, ".title") == []  # each run fits: the select went under the title
    assert two_lines(page, ".title", row=True) == ['2 rows: .title "◂ Round 3 · DinaDealer Dina"']
    page.close()


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
    phone.locator("[data-review-msg]", has_text=LONG_NAMES[0]).wait_for()  # waiting for them
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


def test_the_hints_are_whole_on_the_seat_page(phone, server):
    token = start(phone, server, players=LONG_NAMES)
    played(phone, server, token, 12)  # round 13
    phone.goto(f"{server}/s/{token}/rounds/new?seat=0")
    phone.locator(".picker .status", has_text=re.compile(r"\w")).wait_for()  # tap a meld…
    assert cut(phone, "seat-start") == []
    assert two_lines(phone, ".seat-title h1") == []  # "◂ Round 13 · Anastasia de la Cruz"
    tap(phone, SET)
    phone.locator(".picker .status.ok").wait_for()  # "3 cards make a set", after the preview
    assert cut(phone, "seat-meld") == []


def test_the_hints_are_whole_on_the_one_phone_page(phone, server):
    token = start(phone, server, players=LONG_NAMES)
    phone.goto(f"{server}/s/{token}/rounds/new")
    phone.locator(".picker .status", has_text=re.compile(r"\w")).wait_for()
    assert cut(phone, "one-start") == []
    tap(phone, SET)
    phone.locator(".picker .status.ok").wait_for()
    assert cut(phone, "one-meld") == []


def test_a_card_clash_is_whole_on_the_seat_page(phone, server):
    """7♠ tapped on this phone, entered first on another seat's phone, then on both others'."""
    for others, name in (((2,), "seat-clash"), ((1, 2), "seat-clash-2")):
        token = start(phone, server, players=LONG_NAMES)
        for seat in others:
            hand = {"melds": [], "hand": ["7S"]}
            url = f"{server}/api/sessions/{token}/draft/seats/{seat}"
            assert phone.request.put(url, data=hand).ok
        phone.goto(f"{server}/s/{token}/rounds/new?seat=0")
        phone.locator(".picker [data-card='7S']").wait_for()
        tap(phone, ["7S"])  # "7♠ is also in Maria Cristina Sy-Gonzales's hand: one of you…"
        said = phone.locator(".picker .status.bad", has_text=LONG_NAMES[others[0]])
        said.wait_for()  # … or "in the hands of Bienvenido Macaraeg and Maria Cristina…"
        assert cut(phone, name) == [], said.inner_text()


def test_the_seat_title_is_one_line(phone, server):
    """ "◂ Round 13 · Josefina" and its Dealer control side by side, each on one line."""
    token = start(phone, server, players=("Ana", "Dina", "Josefina"))
    played(phone, server, token, 12)
    phone.goto(f"{server}/s/{token}/rounds/new?seat=2")
    phone.locator(".picker [data-card='7S']").wait_for()
    assert cut(phone, "seat-title") == []
    assert two_lines(phone, ".seat-title", row=True) == []


def test_the_main_buttons_are_one_line_on_the_session_pages(phone, server):
    token = start(phone, server, players=LONG_NAMES)
    played(phone, server, token, 12)
    phone.goto(f"{server}/s/{token}")
    phone.locator("#whose button[value='2']").tap()  # this phone is Maria Cristina's
    phone.locator("#enter-round", has_text=LONG_NAMES[2]).wait_for()  # + Enter round 13 · …
    assert cut(phone, "session", full_page=True) == []
    assert two_lines(phone) == []
    phone.goto(f"{server}/s/{token}/settle")  # Close the session and settle
    assert cut(phone, "settle", full_page=True) == []
    assert two_lines(phone) == []


def test_the_main_buttons_are_one_line_on_the_group_page(phone, server):
    members = {"name": "Biyernes ng Barkada", "members": [*LONG_NAMES, "Dina"]}
    made = phone.request.post(f"{server}/api/groups", data=members)
    assert made.status == 201, made.text()
    group = made.json()["id"]
    session = phone.request.post(
        f"{server}/api/sessions", data={"players": list(LONG_NAMES), "group": group}
    )
    token = session.json()["id"]
    played(phone, server, token, 1)
    assert phone.request.post(f"{server}/api/sessions/{token}/settle").ok
    phone.goto(f"{server}/g/{group}")  # Bayad na, Start a session with them
    phone.locator(".bayad").first.wait_for()
    assert cut(phone, "group", full_page=True) == []
    assert two_lines(phone) == []
