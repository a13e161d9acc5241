"""Offline at the table, on a 360x740 phone of Debian's Chromium (127.0.0.1 is a secure
context: the service worker runs): the phone opts in ("Keep working offline"), loses the
network, opens the session and its round entry from its cache, enters and confirms three
rounds judged by the engine in the phone (Pyodide), keeps them across a reload, and sends them
once the network is back, each saved exactly once and the ledger the server's. A round edited
on another phone meanwhile gives a conflict that shows both; a new deploy's worker takes over
and the open page says "Updated · Reload"."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import APPS
from tests.support.entry import TYPICAL, OneScreen, new_session
from tests.support.offline import (
    OFFLINE_TESTS,
    ROUNDS,
    enter,
    offline,
    ready_offline,
    server_session,
    waiting,
)
from tests.support.static import static_url

pytestmark = OFFLINE_TESTS


def test_three_rounds_entered_offline_are_saved_once_when_the_network_is_back(
    table, server, tmp_path
):
    page = table()
    token = new_session(page, server)
    ready_offline(page, server, token)
    offline(page, True)
    page.reload()
    assert page.locator("#as-of").inner_text().startswith("Offline · ledger as of")
    page.goto(f"{server}/")  # the home page opens too, with this session on it
    page.locator(f"a[href='/s/{token}']").first.tap()
    page.wait_for_url(f"{server}/s/{token}")
    bars = []
    for number, hands in enumerate(ROUNDS, start=1):
        bars.append(enter(page, server, token, hands, tmp_path / f"offline-round-{number}.png"))
        waiting(page, f"{number} round{'s' if number > 1 else ''} not sent yet")
    # the verdict in the live bar as the server words it: "Cris wins ₱66.00 · Review ▸"
    assert all(re.fullmatch(r"\w+ wins ₱[\d,]+\.\d\d · Review ▸", bar) for bar in bars), bars
    assert page.locator(".unsent-round").count() == 3
    page.screenshot(path=str(tmp_path / "offline-three-rounds.png"), full_page=True)
    page.reload()
    waiting(page, "3 rounds not sent yet")  # the outbox outlives a reload
    provisional = page.evaluate(
        "async t => (await import('/static/outbox.js')).entries(t)"
        ".then(e => e[e.length - 1].ledger.balances)",
        token,
    )
    assert server_session(page, server, token)["rounds"] == []

    offline(page, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)
    stored = server_session(page, server, token)
    assert len(stored["rounds"]) == 3
    assert {name: amount for name, amount in stored["balances"].items()} == provisional
    page.reload()  # sent again at each load: nothing is left to send, nothing saved twice
    page.wait_for_timeout(1000)
    assert len(server_session(page, server, token)["rounds"]) == 3
    waiting(page, "")


def record(hands) -> dict:
    """A talon-out round as the API takes it."""
    return {"ending": "talon", "hands": [{"melds": m, "hand": h} for m, h in hands]}


def round_two_waiting(page, server: str) -> str:
    """A session with round 1 saved, and round 2 entered on this phone offline, waiting."""
    token = new_session(page, server)
    assert page.request.post(f"{server}/api/sessions/{token}/rounds", data=record(ROUNDS[0])).ok
    ready_offline(page, server, token)
    offline(page, True)
    enter(page, server, token, ROUNDS[1])
    waiting(page, "1 round not sent yet")
    return token


def test_a_round_saved_on_another_phone_meanwhile_gives_a_conflict_with_both_side_by_side(
    table, server, tmp_path
):
    page, other = table(), table()
    token = round_two_waiting(page, server)
    other.goto(f"{server}/s/{token}")  # the same session, on another phone, online
    assert other.request.post(f"{server}/api/sessions/{token}/rounds", data=record(ROUNDS[2])).ok

    offline(page, False)
    page.reload()
    box = page.locator(".conflict-box")
    box.wait_for(timeout=30_000)
    text = box.inner_text()
    assert "On this phone: round 2 ·" in text and "On the server now it would be round 3 ·" in text
    assert "Saved or changed meanwhile on another phone: round 2 ·" in text
    # both rounds side by side: each player's cards and money, here and on the server
    sides = box.locator("table.side-by-side")
    expect(sides).to_be_visible()
    rows = [sides.locator("tbody tr").nth(seat).inner_text() for seat in range(3)]
    assert "2S 3S 4S" in rows[0] and "AH AD AC" in rows[0]  # Ana's melds: here, there
    assert all(re.search(r"[−+]?₱\d", row) for row in rows), rows
    page.screenshot(path=str(tmp_path / "offline-conflict.png"), full_page=True)
    assert len(server_session(page, server, token)["rounds"]) == 2  # nothing merged silently
    page.get_by_role("button", name="Save it as round 3").tap()
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)
    rounds = server_session(page, server, token)["rounds"]
    assert len(rounds) == 3 and rounds[2]["record"]["hands"][0]["melds"] == [["2S", "3S", "4S"]]


def test_a_conflict_after_many_rounds_elsewhere_names_the_last_ten_and_counts_the_rest(
    table, server, tmp_path
):
    """Eleven rounds saved on another phone while this one waited: the server names the last
    ten, and the phone counts the one before them in words of its own number. (None of them
    holds this phone's cards: that one would be taken as already saved.)"""
    page, other = table(), table()
    token = round_two_waiting(page, server)
    for number in range(11):
        saved = other.request.post(
            f"{server}/api/sessions/{token}/rounds", data=record(ROUNDS[2 * (number % 2)])
        )
        assert saved.ok
    offline(page, False)
    page.reload()
    box = page.locator(".conflict-box")
    box.wait_for(timeout=30_000)
    text = box.inner_text()
    assert "and 1 more round saved or changed before these" in text, text
    meanwhile = re.findall(r"Saved or changed meanwhile on another phone: round (\d+)", text)
    assert meanwhile == [str(n) for n in range(3, 13)], meanwhile
    assert "On the server now it would be round 13 ·" in text
    # the round to enter next and its dealer are the server's while the table decides
    expect(page.locator("#deal-line")).to_have_text(re.compile(r"^Round 13 · \w+ deals$"))
    expect(page.locator("#enter-round [data-enter]")).to_have_text("+ Enter round 13")
    page.screenshot(path=str(tmp_path / "offline-conflict-many.png"), full_page=True)
    assert len(server_session(page, server, token)["rounds"]) == 12  # nothing merged silently


def test_an_edit_elsewhere_that_leaves_the_waiting_round_as_judged_holds_nothing_up(table, server):
    """Round 1 edited on another phone while round 2 waits here: round 2 keeps its number and
    its money (classic rules: a round's money is its own), so it is saved, no conflict."""
    page, other = table(), table()
    token = round_two_waiting(page, server)
    judged = page.evaluate(
        "async t => (await import('/static/outbox.js')).entries(t).then(e => e[0].result.players)",
        token,
    )
    assert other.request.put(f"{server}/api/sessions/{token}/rounds/1", data=record(ROUNDS[2])).ok
    offline(page, False)
    page.reload()
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)
    assert page.locator(".conflict-box").count() == 0
    rounds = server_session(page, server, token)["rounds"]
    assert len(rounds) == 2
    assert [p["net"] for p in rounds[1]["result"]["players"]] == [p["net"] for p in judged]
    assert rounds[0]["record"]["hands"][2]["hand"] == ["3C", "4D", "8S", "JD"]


def test_a_new_deploys_worker_takes_over_and_the_page_says_updated(table, server):
    page = table()
    token = new_session(page, server)
    page.goto(f"{server}/s/{token}")
    page.wait_for_function(
        "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"
    )
    app = APPS[server]
    app.config["RELEASE"] = "the next one"
    try:
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        updated = page.get_by_role("button", name="Updated · Reload")
        updated.wait_for(timeout=30_000)
        client = static_url(app, "engine_client.js")  # the page's own module, its state
        assert page.evaluate(f"import('{client}').then(e => e.isStale())") is True
        updated.tap()
        page.wait_for_load_state()
        assert not page.get_by_role("button", name="Updated · Reload").is_visible()
    finally:
        app.config["RELEASE"] = ""


def test_a_seat_phone_cut_off_finishes_the_round_alone_with_every_card_entered_there(
    table, server, tmp_path
):
    """Three phones, one per seat: Ben and Cris tap their hands online; Ana's phone loses the
    network, taps hers (queued as always), and after a while is offered to finish the round
    alone: the one-phone page opens, offline, with all three hands and the ending, and its
    Confirm goes to the outbox, saved once the network is back."""
    ana, ben, cris = table(), table(), table()
    ana.clock.install()  # Ana's clock, flowing as the real one till her phone is put down
    token = new_session(ana, server)
    ready_offline(ana, server, token)
    for seat, page in ((0, ana), (1, ben), (2, cris)):
        page.goto(f"{server}/s/{token}/rounds/new?seat={seat}")
        page.locator(".picker [data-card='7S']").wait_for()
    ben.locator("[data-ending] [data-value=talon]").tap()
    for seat, page in ((1, ben), (2, cris)):
        (melds,), hand = TYPICAL[seat][0], TYPICAL[seat][1]
        for card in [*melds.split(), "Meld", *hand.split()]:
            if card == "Meld":
                page.get_by_role("button", name=re.compile("^Meld")).tap()
            else:
                page.locator(f".picker [data-card='{card}']").tap()
    draft = f"{server}/api/sessions/{token}/draft"
    ana.wait_for_function(  # Ben's and Cris's hands are on the server…
        "async url => (await (await fetch(url)).json())"
        ".seats.every((s, i) => !i || s.hand.hand.length)",
        arg=draft,
    )
    ana.wait_for_timeout(2500)  # … and Ana's phone has polled them (every second)
    offline(ana, True)
    for card in ["7S", "7D", "7C", "Meld", "2H", "5C", "9D"]:
        if card == "Meld":
            ana.get_by_role("button", name=re.compile("^Meld")).tap()
        else:
            ana.locator(f".picker [data-card='{card}']").tap()
    expect(ana.locator("[data-bar]")).to_have_text("Offline · your taps will be sent")
    alone = ana.get_by_role("button", name="Finish on this phone")
    assert not alone.is_visible()  # not at once: the server may only be slow
    ana.clock.fast_forward(21_000)  # the phone put down for a while, out of reach
    alone.wait_for(timeout=40_000)
    assert alone.evaluate("b => b.getBoundingClientRect().bottom <= innerHeight")  # in view
    ana.screenshot(path=str(tmp_path / "seat-offer.png"))
    alone.tap()
    ana.wait_for_url(f"{server}/s/{token}/rounds/new")
    for seat, (melds, hand) in enumerate(TYPICAL):  # put in as the page opens
        expect(ana.locator(f"#melds_{seat}")).to_have_value(melds[0])
        expect(ana.locator(f"#hand_{seat}")).to_have_value(hand)
    bar = ana.locator(".livebar .bar-main")
    expect(bar).to_have_text(re.compile(r"^\w+ wins ₱[\d,]+\.\d\d · Review ▸$"), timeout=30_000)
    bar.tap()  # the review, Confirm in the bar
    OneScreen(ana).confirm()
    ana.wait_for_url(f"{server}/s/{token}")
    waiting(ana, "1 round not sent yet")
    ana.goto(f"{server}/s/{token}/rounds/new?seat=0")  # the next round's seat page, offline:
    expect(ana.locator("[data-round]")).to_have_text("2")  # after the round waiting here,
    expect(ana.locator("select[data-dealer]")).to_have_value("1")  # dealt by Ben
    ana.goto(f"{server}/s/{token}")
    offline(ana, False)
    ana.evaluate("window.dispatchEvent(new Event('online'))")
    waiting(ana, "")
    assert len(server_session(ana, server, token)["rounds"]) == 1
