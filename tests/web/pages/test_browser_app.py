"""The app in Debian's Chromium (Playwright) at a 390x844 phone viewport, served on 127.0.0.1.

Start a session, enter three rounds by tapping cards, read the ledger, edit a round, settle up;
a second page sees a round the first one saved; no horizontal scrolling at 360 px, tap targets
of at least 44 px, every input labelled; the typed notation works with JavaScript off.
"""

from __future__ import annotations

import re

import pytest

from tests.support.browser import CHECK_LAYOUT, PHONE, TAPS_FILE
from tests.support.entry import SAVE_READY, SETTLED
from tests.support.picker import Taps, enter_round, start_session

pytestmark = pytest.mark.browser


def balances(page) -> list[str]:
    return [t.strip() for t in page.locator(".balances .amt").all_inner_texts()]


@pytest.mark.slow
def test_a_whole_session_on_a_phone(phone, server, api=None):
    page = phone
    token = start_session(page, server)
    assert page.locator(".qr").count() == 1
    assert token in page.locator(".share a.link").get_attribute("href")

    # Round 1: Ana calls a draw, Ben challenges and loses, Cris is sunog.
    page.get_by_role("link", name=re.compile("Enter round 1")).tap()
    taps = Taps(page)
    taps(page.locator("label[for=ending-draw]"))
    taps(page.locator("label[for=declarer-0]"))
    taps.cards("7S 7D")
    assert page.locator(".picker [data-card='7S']").is_disabled()  # used: greyed out
    taps.cards("7C")
    taps.meld()
    taps.cards("2C 3D")
    expect_text(page, "#player-0 [data-live]", "deadwood 5")
    taps.next()
    taps.cards("5H 6H 7H 8H")
    taps.meld()
    taps.cards("KD")
    taps.next()
    taps.cards("AS AD 9C")
    taps.done()
    page.locator(".tab.sunog[data-seat='2']").wait_for(state="attached")  # Cris laid no meld: sunog
    taps(page.locator("label[for=challenged_1]"))
    page.wait_for_function(SAVE_READY)
    assert "Ben pays Ana ₱40.00" in page.locator("#preview").inner_text()
    taps(page.locator("#save"))
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))  # the top: no #round-1
    assert balances(page) == ["+₱61.00", "−₱40.00", "−₱21.00"]

    # Round 2, the typical round: talon out, two opened players (a meld and 3-6 cards each),
    # one sunog player with 8 cards. Its taps are what the README reports.
    page.get_by_role("link", name=re.compile("Enter round 2")).tap()
    typical = Taps(page)
    enter_round(
        page,
        typical,
        "talon",
        None,
        [
            (["8S 8D 8C"], "KH QH 2D 3C"),
            (["2H 3H 4H"], "9D 10S AC"),
            ([], "AS 4S 6D JC QC 9H 7C 5S"),
        ],
    )
    if TAPS_FILE:
        with open(TAPS_FILE, "w") as out:
            out.write(str(typical.count))
    assert typical.count <= 30, typical.count
    assert "Talon out · Ben wins with" in page.locator(".rounds").inner_text()

    # Round 3: Cris goes Tongits, with a secret four of a kind.
    page.get_by_role("link", name=re.compile("Enter round 3")).tap()

    def mark_secret():
        page.locator(".chips .chip .secret").tap()
        page.wait_for_function(
            "() => document.querySelector('#melds_2').value.startsWith('*')"
        )  # a function: CSP forbids eval
        page.locator(".chips .chip .secret[aria-pressed=true]").wait_for()

    enter_round(
        page,
        Taps(page),
        "tongits",
        "2",
        [
            (["9S 9D 9C"], "2C 3D 4H"),
            (["5H 6H 7H"], "KD KC"),
            (["JS JD JH JC", "2S 3S 4S"], ""),
        ],
        before_save=mark_secret,
    )
    stored = page.request.get(f"{server}/api/sessions/{token}/rounds/3").json()["record"]
    assert stored["hands"][2]["melds"][0] == {"cards": ["JS", "JD", "JH", "JC"], "secret": True}
    rows = page.locator(".rounds summary").all_inner_texts()
    assert [r.split()[0] for r in rows] == ["3", "2", "1"]
    assert "Cris went Tongits" in rows[0]
    before = balances(page)

    # Edit round 1: Cris was not sunog after all (she had laid 9H 9D 9C? no: A-2-3 of hearts).
    page.locator("#round-1 summary").tap()
    page.get_by_role("link", name="Edit round 1").tap()
    page.wait_for_url(re.compile("/rounds/1/edit$"))
    assert page.input_value("#melds_0") == "7S 7D 7C"
    page.locator(".tabs .tab[data-seat='2']").tap()
    for _ in range(3):
        page.locator(".picker [data-act=undo]").tap()  # AS AD 9C off again
    assert page.input_value("#hand_2") == ""
    Taps(page).cards("AH 2H 3H")
    page.locator(".picker [data-act=meld]").tap()
    Taps(page).cards("9C")
    Taps(page).done()
    page.wait_for_function(SAVE_READY)
    page.locator("#save").tap()
    page.wait_for_url(re.compile("#round-1$"))
    after = balances(page)
    assert after != before
    api = page.request.get(f"{server}/api/sessions/{token}").json()
    assert api["rounds"][0]["record"]["hands"][2]["melds"] == [["AH", "2H", "3H"]]
    assert [
        f"{'+' if float(v) > 0 else '−' if float(v) < 0 else ''}₱{abs(float(v)):,.2f}"
        for v in api["balances"].values()
    ] == after

    # Settle up.
    page.get_by_role("link", name="Settle up").tap()
    transfers = page.locator(".transfers").inner_text()
    page.get_by_role("button", name="Close the session and settle").tap()
    page.wait_for_url(re.compile("#settlement$"))
    assert page.locator("#settlement .transfers").inner_text() == transfers
    assert " pays " in transfers
    assert page.get_by_role("button", name="Reopen the session").is_visible()


def expect_text(page, selector, text):
    page.wait_for_function(
        "([s, t]) => (document.querySelector(s) || {}).textContent === t", arg=[selector, text]
    )


@pytest.mark.slow
def test_a_second_phone_sees_a_saved_round_without_reloading(browser, server):
    first = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    second = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    token = start_session(first, server, ("Dina", "Eli", "Fe"))
    second.goto(f"{server}/s/{token}")
    assert "No rounds yet" in second.locator(".rounds").inner_text()
    first.goto(f"{server}/s/{token}/rounds/new")
    enter_round(
        first,
        Taps(first),
        "tongits",
        "1",
        [
            (["9S 9D 9C"], "2C"),
            (["5H 6H 7H", "JS JD JC"], ""),
            ([], "AS KD"),
        ],
    )
    second.wait_for_function(
        "() => document.querySelector('.rounds').textContent.includes('Eli went Tongits')",
        timeout=8000,
    )
    assert second.locator("#enter-round").inner_text() == "+ Enter round 2"
    assert "No rounds yet" not in second.locator(".rounds").inner_text()
    assert second.locator(".balances .amt").first.inner_text().startswith("−")
    first.context.close()
    second.context.close()


@pytest.mark.slow
def test_phone_layout_at_360px(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    token = start_session(page, server, ("Gina", "Hugo", "Ivy the long-named player"))
    page.goto(f"{server}/s/{token}/rounds/new")
    enter_round(
        page,
        Taps(page),
        "draw",
        "0",
        [
            (["10S 10D 10C"], "2C 3D"),
            (["5H 6H 7H"], "KD QD"),
            ([], "AS AD 9C 10H JH QH 8D 8H"),
        ],
        challengers=(),
    )
    page.locator("#round-1 summary").tap()  # an open round with its Edit and Delete
    pages = [
        "/",
        "/new",
        f"/s/{token}",
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
        f"/s/{token}/settle",
        "/import",
    ]
    for path in pages:
        page.goto(server + path)
        for details in page.locator("details").all():
            details.evaluate("d => d.open = true")
        problems = page.evaluate(CHECK_LAYOUT)
        assert problems == [], (path, problems)
    # the error state of the round form too: what is left to fix, on the review step ...
    page.goto(f"{server}/s/{token}/rounds/new")
    page.locator("label[for=ending-talon]").tap()
    page.get_by_role("button", name="Type instead").tap()
    page.fill("#melds_0", "7S 8H 9S")
    for seat, hand in ((1, "KD"), (2, "AS")):
        page.locator(f".tabs .tab[data-seat='{seat}']").tap()
        page.fill(f"#hand_{seat}", hand)
    page.locator(".livebar .bar-main.fix").tap()
    page.locator(".review-fix li").first.wait_for()
    assert page.evaluate(CHECK_LAYOUT) == []
    context.close()
    # ... and as the server shows it without JavaScript
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{server}/s/{token}/rounds/new")
    page.fill("#melds_0", "7S 8H 9S")
    page.click("#review")
    page.wait_for_selector("#err-melds_0[role=alert]")
    assert page.evaluate(CHECK_LAYOUT) == []
    context.close()


def test_typed_notation_works_without_javascript(browser, server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, has_touch=True)
    page = context.new_page()
    token = start_session(page, server, ("Jo", "Kit", "Lu"))
    page.goto(f"{server}/s/{token}/rounds/new")
    page.click("label[for=ending-draw]")
    page.click("label[for=declarer-0]")
    page.fill("#melds_0", "7s 7d 7c")
    page.fill("#hand_0", "2c 3d")
    page.fill("#melds_1", "5h 6h 7h 8h")
    page.fill("#hand_1", "KD")
    page.click("label[for=challenged_1]")
    page.fill("#melds_2", "")
    page.fill("#hand_2", "AS AD 9X")
    page.click("#review")
    assert "'9X' is not a card" in page.locator("#err-hand_2").inner_text()
    assert page.locator(".err-summary a").get_attribute("href") == "#hand_2"  # a way to the field
    assert page.input_value("#melds_1") == "5h 6h 7h 8h"  # kept
    page.fill("#hand_2", "AS AD 9C")
    page.click("#review")
    assert "Kit pays Jo ₱40.00" in page.locator(".review-top .verdict").inner_text()  # on top
    page.click("#save")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))  # the top: no #round-1
    assert [t.strip() for t in page.locator(".balances .amt").all_inner_texts()] == [
        "+₱61.00",
        "−₱40.00",
        "−₱21.00",
    ]
    context.close()


def test_field_errors_follow_the_fix_while_typing(phone, server):
    """Typed notation behind "Type instead": what is wrong shows on the review step, in card
    symbols, and goes away as it is fixed."""
    page = phone
    token = start_session(page, server, ("Mo", "Nia", "Oz"))
    page.goto(f"{server}/s/{token}/rounds/new")
    page.locator("label[for=ending-talon]").tap()
    page.get_by_role("button", name="Type instead").tap()
    page.fill("#melds_0", "7S 8H 9S")
    page.fill("#hand_0", "2C")
    page.locator(".tabs .tab[data-seat='1']").tap()
    page.fill("#melds_1", "5H 6H 7H")
    page.fill("#hand_1", "KD")
    page.locator(".tabs .tab[data-seat='2']").tap()
    page.fill("#hand_2", "AS")
    page.wait_for_function(SETTLED)  # the engine's answer to all of it
    page.locator(".livebar .bar-main", has_text="1 thing to fix").tap()
    fix = page.locator(".review-fix")
    assert "7♠ 8♥ 9♠ is not a set or a run: a run must be one suit" in fix.inner_text()
    assert page.input_value("#melds_0") == "7S 8H 9S"
    page.get_by_role("button", name="◂ Back to cards").tap()
    page.locator(".tabs .tab[data-seat='0']").tap()
    page.fill("#melds_0", "7S 8S 9S")
    page.wait_for_function(SETTLED)
    page.locator(".livebar .bar-main", has_text="Review ▸").tap()
    assert fix.inner_text() == ""
    page.locator("#save").tap()
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))  # the top: no #round-1


def open_review(page):
    """Next, Next, Done: the review step with the flags."""
    page.get_by_role("button", name=re.compile("^Next")).tap()
    page.get_by_role("button", name=re.compile("^Next")).tap()
    page.get_by_role("button", name=re.compile("^Done")).tap()
    page.locator("#review-step").wait_for()


def with_melds(page, server, token) -> None:
    """Each player with a meld on the table (a sunog player may not challenge), entered on
    the seat pages: the one-phone page opens on the round in progress."""
    for seat, meld in enumerate((["7S", "7D", "7C"], ["4H", "5H", "6H"], ["9S", "10S", "JS"])):
        answer = page.request.put(
            f"{server}/api/sessions/{token}/draft/seats/{seat}", data={"melds": [meld], "hand": []}
        )
        assert answer.ok, answer.text()


def tap_and_settle(page, selector: str) -> None:
    page.locator(selector).tap()
    page.wait_for_function(SETTLED)  # the engine's answer, with the flags it offers, is in


def test_flags_are_offered_only_to_who_can_have_them(phone, server):
    """The caller is not offered "challenged"; Kang only to the Tongits winner, and not at all
    when the rules' kang multiplier is 1 (it would change nothing). The engine says who may be
    offered what (the preview's flags): the page decides nothing."""
    page = phone
    token = start_session(page, server, ("Pia", "Quin", "Rey"))
    with_melds(page, server, token)
    page.goto(f"{server}/s/{token}/rounds/new")
    tap_and_settle(page, "label[for=ending-draw]")
    tap_and_settle(page, "label[for=declarer-0]")
    open_review(page)  # the flags are on the review step, under the header rows
    shown = [page.locator(f"label[for=challenged_{seat}]").is_visible() for seat in range(3)]
    assert shown == [False, True, True]
    tap_and_settle(page, "label[for=declarer-2]")
    shown = [page.locator(f"label[for=challenged_{seat}]").is_visible() for seat in range(3)]
    assert shown == [True, True, False]
    tap_and_settle(page, "label[for=ending-tongits]")
    assert page.locator("label[for^=kang_]").count() == 0  # classic rules: kang ×1
    assert not any(page.locator(f"label[for=challenged_{seat}]").is_visible() for seat in range(3))

    made = page.request.post(
        f"{server}/api/sessions",
        data={"players": ["Pia", "Quin", "Rey"], "rules": {"kang_multiplier": 2}},
    )
    assert made.status == 201
    page.goto(f"{server}/s/{made.json()['id']}/rounds/new")
    tap_and_settle(page, "label[for=ending-tongits]")
    tap_and_settle(page, "label[for=declarer-1]")
    open_review(page)
    shown = [page.locator(f"label[for=kang_{seat}]").is_visible() for seat in range(3)]
    assert shown == [False, True, False]
