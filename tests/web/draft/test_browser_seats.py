"""One phone per seat in Debian's Chromium: three phones at 360x740, each its
own browser context (its own cookies), enter rounds together through the seat page and the
round draft on the server; every phone lands on the ledger when the third Agree saved it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.entry import words
from tests.support.records import PLAYERS
from tests.support.seats import (
    TALON_ROUND,
    agree_button,
    chips,
    enter_talon_round,
    fits,
    open_seats,
    seat_url,
    session_json,
    shoot,
    start,
    tap_done,
    tap_hand,
)

pytestmark = [pytest.mark.browser, pytest.mark.races]

# A draw: Ana calls with 5, Ben challenges and loses.
DRAW_ROUND = [
    ([["8S", "8D", "8C"]], ["2C", "3D"]),
    ([["5D", "6D", "7D"]], ["KD", "QS"]),
    ([["AH", "2H", "3H"]], ["9C", "10C", "JD"]),
]


def play_round(phones, rows, ending="Talon out", declarer=None, shots=None, challengers=()):
    """Every seat taps its own hand (in turns of one card, as if at once), one phone sets the
    header, all tap Done, then Agree; returns when every phone shows the ledger."""
    phones[0].get_by_role("button", name=ending, exact=True).tap()
    if declarer is not None:
        phones[1].locator("[data-by]").get_by_role("button", name=PLAYERS[declarer]).tap()
    keys = [page.locator(".picker [data-card='KC']").bounding_box() for page in phones]
    for page, (melds, hand) in zip(phones, rows, strict=True):
        tap_hand(page, melds, hand)
    for seat in challengers:
        phones[seat].get_by_role("button", name=re.compile("^Laban")).tap()
    if shots:
        shoot(phones, shots + "-entered")
        for page, key in zip(phones, keys, strict=True):
            fits(page)
            assert page.locator(".picker [data-card='KC']").bounding_box() == key  # nothing moved
    for page in phones:
        tap_done(page)
    for page in phones:
        agree_button(page).wait_for()
    if shots:
        shoot(phones, shots + "-verdict")
        for page in phones:
            fits(page)
    for page in phones:
        agree_button(page).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
        page.locator("#ledger").wait_for()


@pytest.mark.slow
def test_three_phones_play_rounds_in_parallel(phones, server):
    token = start(phones[0], server)
    for number in (1, 2, 3):
        open_seats(phones, server, token)
        if number == 2:
            play_round(phones, DRAW_ROUND, ending="Draw", declarer=0, challengers=[1])
        else:
            play_round(phones, TALON_ROUND, shots="round" if number == 1 else None)
        rounds = session_json(phones[0], server, token)["rounds"]
        assert len(rounds) == number  # saved exactly once
        for page in phones:
            assert page.locator(".round").count() == number
    shoot(phones, "ledger")
    second = session_json(phones[0], server, token)["rounds"][1]
    assert second["record"]["hands"][1]["challenged"] is True
    assert second["record"]["declarer"] == 0
    first = session_json(phones[0], server, token)["rounds"][0]
    assert first["record"]["ending"] == "talon"
    assert first["record"]["hands"][2]["hand"] == ["AS", "3D", "8C"]


@pytest.mark.slow
def test_the_same_card_on_two_phones_is_flagged_on_both_and_blocks_agree(phones, server):
    token = start(phones[0], server)
    open_seats(phones, server, token)
    phones[0].get_by_role("button", name="Talon out", exact=True).tap()
    for page, (melds, hand) in zip(phones, TALON_ROUND, strict=True):
        tap_hand(page, melds, hand)
    phones[0].locator(".picker [data-card='QH']").tap()  # both tap Q♥ at once
    phones[1].locator(".picker [data-card='QH']").tap()
    for page, other in ((phones[0], "Ben"), (phones[1], "Ana")):
        page.locator(".picker [data-card='QH'].clash").wait_for()
        page.locator("[data-chips] .chip.clash", has_text=f"also in {other}'s hand").wait_for()
    phones[2].locator(".picker [data-card='QH'].taken").wait_for()  # greyed on the third
    shoot(phones, "clash")
    for page in phones:
        tap_done(page)
    phones[0].locator("[data-review-msg]", has_text="Q♥").wait_for()
    assert agree_button(phones[0]).is_hidden() and agree_button(phones[2]).is_hidden()
    shoot(phones, "clash-review")
    phones[1].get_by_role("button", name="Change my cards").tap()  # Ben takes his back
    phones[1].get_by_role("button", name=re.compile("^Undo")).tap()
    assert "Q♥" not in chips(phones[1])
    tap_done(phones[1])
    for page in phones:
        agree_button(page).wait_for()
    assert phones[0].locator(".picker [data-card='QH'].clash").count() == 0
    for page in phones:
        agree_button(page).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
    rounds = session_json(phones[0], server, token)["rounds"]
    assert len(rounds) == 1 and rounds[0]["record"]["hands"][0]["hand"][-1] == "QH"


@pytest.mark.xfail(
    strict=False,
    reason="a known race: the tap made as the page reloads is parked and sent again by the "
    "new page, and can land before the write still on its way, which then replaces it",
)
def test_a_seat_reloading_mid_entry_sees_its_cards(phones, server):
    token = start(phones[0], server)
    open_seats(phones[:2], server, token)
    tap_hand(phones[0], [["7S", "7D", "7C"]], ["2H", "5C"])
    phones[0].locator(".picker [data-card='9D']").tap()
    phones[0].reload()  # the last tap may still be on its way: none is lost
    phones[0].locator(".picker [data-card='7S']").wait_for()
    phones[0].locator("[data-chips]", has_text="2♥ 5♣ 9♦").wait_for()
    assert chips(phones[0]).startswith("7♠ 7♦ 7♣")
    assert phones[0].locator(".picker [data-card='9D']").is_disabled()
    # and the other phone greys them
    phones[1].locator(".picker [data-card='9D'].taken").wait_for()
    assert phones[1].locator(".picker [data-card='9D']").get_attribute("title") == "Ana has 9♦"
    # the engine's word on a meld that is not one, on the phone that made it
    tap_hand(phones[1], [["4C", "5D", "6C"]], [])
    phones[1].locator("[data-chips] .chip.bad", has_text="4♣ 5♦ 6♣").wait_for()
    status = phones[1].locator(".picker .status")
    assert "4♣ 5♦ 6♣ is not a set or a run" in status.inner_text()
    phones[1].get_by_role("button", name=re.compile("^Undo")).tap()  # 4♣ 5♦ back in hand
    assert "5♦" in chips(phones[1]) and "6♣" not in chips(phones[1])
    phones[1].get_by_role("button", name=re.compile("^Meld")).tap()  # still not a meld
    phones[1].locator("[data-chips] .chip.bad", has_text="4♣ 5♦").wait_for()


@pytest.mark.slow
def test_a_stale_agree_shows_why_and_the_new_verdict(phones, server):
    token = start(phones[0], server)
    open_seats(phones, server, token)
    enter_talon_round(phones)
    assert "Cris wins" in phones[2].locator("[data-verdict-box]").inner_text()
    agree_button(phones[0]).tap()
    phones[0].locator("[data-cell='0']", has_text="Agreed").wait_for()
    blocked = {"on": True}  # Cris's phone loses its connection for reading the draft

    def offline_reads(route):
        if route.request.method == "GET" and blocked["on"]:
            route.abort()
        else:
            route.continue_()

    phones[2].route(re.compile(r".*/draft(\?.*)?$"), offline_reads)
    phones[1].get_by_role("button", name="Change my cards").tap()
    for _ in range(3):
        phones[1].get_by_role("button", name=re.compile("^Undo")).tap()
    tap_hand(phones[1], [], ["AH", "2C", "3S"])  # Ben now holds 6 points: he wins
    tap_done(phones[1])
    agree_button(phones[1]).wait_for()
    agree_button(phones[2]).tap()  # on the verdict "Cris wins" this phone still shows
    phones[2].locator(
        "[data-review-msg]", has_text="A hand or the header changed after you looked"
    ).wait_for()
    blocked["on"] = False
    phones[2].locator("[data-verdict-box]", has_text="Ben wins").wait_for()
    shoot(phones, "stale")
    assert session_json(phones[0], server, token)["rounds"] == []
    for page in phones:
        agree_button(page).wait_for()
        agree_button(page).tap()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
    rounds = session_json(phones[0], server, token)["rounds"]
    assert len(rounds) == 1 and rounds[0]["result"]["winner"] == 1


def test_which_player_is_this_phone_is_remembered_per_session(phones, server):
    page = phones[0]
    token, other = start(page, server), start(page, server, ["Dan", "Eve", "Fay"])
    page.goto(f"{server}/s/{token}")
    assert page.locator("#enter-round").get_attribute("href").endswith("/rounds/new")
    page.get_by_role("group", name="Which player is this phone?").get_by_role(
        "button", name="Ben"
    ).tap()
    enter = page.locator("#enter-round", has_text="Ben's phone")  # the page after the POST
    enter.wait_for()
    assert enter.inner_text() == "+ Enter round 1 · Ben's phone"
    shoot([page], "whose")
    page.goto(f"{server}/s/{other}")  # another session: not asked yet there
    assert page.locator("#enter-round").inner_text() == "+ Enter round 1"
    page.goto(f"{server}/s/{token}")  # still Ben's phone in the first
    assert page.get_by_role("button", name="Ben").get_attribute("aria-pressed") == "true"
    page.locator("#enter-round").tap()
    page.wait_for_url(re.compile(r"seat=1$"))
    assert words(page.locator("h1")) == "Ben's phone Round 1 · Ana deals"
    page.goto(f"{server}/s/{token}")
    page.get_by_role("button", name=re.compile("^Everyone")).tap()
    page.get_by_role("button", name=re.compile("^Everyone")).and_(
        page.locator("[aria-pressed=true]")
    ).wait_for()
    assert page.locator("#enter-round").inner_text() == "+ Enter round 1"
    page.locator("#enter-round").tap()
    page.wait_for_url(re.compile(r"/rounds/new$"))
    page.locator("form#round .picker").wait_for()  # the one-phone flow, as before


@pytest.mark.slow
def test_a_seat_filled_from_another_phone_and_one_phone_confirms_for_all(phones, server):
    token = start(phones[0], server)
    ana, ben = phones[0], phones[1]
    open_seats([ana, ben], server, token)
    ana.get_by_role("button", name="Talon out", exact=True).tap()
    tap_hand(ana, *TALON_ROUND[0])
    tap_done(ana)
    tap_hand(ben, *TALON_ROUND[1])
    tap_done(ben)
    ana.get_by_role("link", name=re.compile("Cris.*Enter cards here")).tap()  # Cris has no phone
    ana.wait_for_url(re.compile(r"seat=2$"))
    assert ana.locator(".picker [data-card='7S']:disabled").count() == 0
    ana.locator(".picker [data-card='7S'].taken").wait_for()  # now Ana's own cards are "taken"
    tap_hand(ana, *TALON_ROUND[2])
    tap_done(ana)
    ana.get_by_label("One phone confirms for all").check()
    agree_button(ana).wait_for()
    shoot([ana, ben], "alone")
    agree_button(ana).tap()
    for page in (ana, ben):
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
        page.locator(".round").wait_for()
    rounds = session_json(ana, server, token)["rounds"]
    assert len(rounds) == 1 and rounds[0]["record"]["hands"][2]["hand"] == ["AS", "3D", "8C"]


@pytest.mark.slow
def test_agree_tapped_while_one_phone_confirms_for_all_is_on_its_way(phones, server):
    """Tick "One phone confirms for all", then Agree at once, on a slow line: the Agree leaves
    only after every write tapped before it has landed, so it saves the round for everyone
    (sent first, it counted for this seat alone and the round waited for the other two)."""
    token = start(phones[0], server)
    open_seats(phones, server, token)
    phones[0].get_by_role("button", name="Talon out", exact=True).tap()
    for page, row in zip(phones, TALON_ROUND, strict=True):
        tap_hand(page, *row)
        tap_done(page)
    ana = phones[0]
    agree_button(ana).wait_for()
    held, agrees = [], []
    # the ticks' writes are held on their way; every Agree that leaves the phone is counted
    ana.route("**/draft/options*", lambda route: held.append(route))
    ana.on("request", lambda request: agrees.append(request) if "/agree" in request.url else None)

    def wait_held(count):
        for _ in range(100):  # 5 s at most
            if len(held) >= count:
                return
            ana.wait_for_timeout(50)
        raise AssertionError(f"write {count} of the ticks was not sent")

    alone = ana.get_by_label("One phone confirms for all")
    alone.check()
    wait_held(1)
    alone.uncheck()  # a second thought, and back: one more write waits behind the first
    alone.check()
    agree_button(ana).tap()
    ana.wait_for_timeout(500)
    assert agrees == []  # the Agree waits for the first tick
    held[0].continue_()
    wait_held(2)
    ana.wait_for_timeout(500)
    assert agrees == []  # and for the write that left after it
    held[1].continue_()
    for page in phones:
        page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
        page.locator(".round").wait_for()
    assert len(agrees) == 1
    assert len(session_json(ana, server, token)["rounds"]) == 1


def test_without_javascript_the_seat_page_points_to_the_one_phone_page(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    token = start(page, server)
    page.goto(seat_url(server, token, 1))
    assert "Seat mode needs JavaScript" in page.locator("main").inner_text()
    assert page.locator(".picker").count() == 0
    page.get_by_role("link", name="Enter the round on one phone").click()
    page.wait_for_url(re.compile(r"/rounds/new$"))
    assert page.locator("#melds_0").is_visible()
    context.close()


@pytest.mark.slow
def test_the_server_restarted_mid_draft_loses_nothing(phones, tmp_path, request):
    from tests.support.live_server import Gunicorn

    template = request.getfixturevalue("_migrated_sqlite")  # a real SQLite file, its own
    (tmp_path / "tracker.db").write_bytes(Path(template).read_bytes())
    live = Gunicorn(f"sqlite:///{tmp_path / 'tracker.db'}", tmp_path / "instance").start()
    try:
        token = start(phones[0], live.url)
        open_seats(phones, live.url, token)
        phones[0].get_by_role("button", name="Talon out", exact=True).tap()
        for page, (melds, hand) in list(zip(phones, TALON_ROUND, strict=True))[:2]:
            tap_hand(page, melds, hand)
            tap_done(page)
        phones[2].locator("[data-cell='1']", has_text="Done").wait_for()
        live.stop()
        tap_hand(phones[2], *TALON_ROUND[2])  # while the server is down: kept, sent later
        tap_done(phones[2])
        live.start()
        for page in phones:
            agree_button(page).wait_for(timeout=15000)
        draft = phones[0].request.get(f"{live.url}/api/sessions/{token}/draft").json()
        assert [seat["hand"]["hand"] for seat in draft["seats"]] == [r[1] for r in TALON_ROUND]
        for page in phones:
            agree_button(page).tap()
        for page in phones:
            page.wait_for_url(re.compile(r"/s/[\w-]+(\?saved=\d+)?$"))
        assert len(session_json(phones[0], live.url, token)["rounds"]) == 1
    finally:
        live.stop()
