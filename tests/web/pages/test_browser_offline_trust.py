"""Offline that a table can trust, on 360x740 phones of Debian's Chromium with a real service
worker and the engine under Pyodide: the rounds entered offline take the rotation's dealer
(across a reload and a closed tab) and the pages show the phone's own view of the session; a
round begun online and finished offline leaves nothing in the server's draft; a Confirm tapped
after the Wi-Fi dropped never ends on the browser's error page; a refused first send is sent
again without a reload; "Ready to work offline" is said only when the page opens offline."""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import expect

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

pytestmark = OFFLINE_TESTS

NAMES = ["Ana", "Ben", "Cris"]


def title_of(page, server: str, token: str) -> str:
    """The entry page's title as the phone shows it, once the page took the phone's view."""
    page.goto(f"{server}/s/{token}/rounds/new")
    page.wait_for_function("() => !document.getElementById('round').hasAttribute('aria-busy')")
    return page.locator(".page-title").evaluate(
        "h => [...h.childNodes].filter(n => !(n.classList && n.classList.contains('waiting')))"
        ".map(n => n.textContent).join('').replace(/\\s+/g, ' ').trim()"
    )


def signed(amount: str) -> str:
    """An amount as a tile shows it: +₱2.00, −₱109.00, ₱0.00."""
    value = Decimal(amount)
    return ("+" if value > 0 else "−" if value < 0 else "") + f"₱{abs(value):,.2f}"


def facts(page):
    return page.locator("#ledger .facts")


def test_rounds_entered_offline_take_the_rotations_dealer_across_a_reload_and_a_closed_tab(
    table, server, tmp_path
):
    page = table()
    token = new_session(page, server)
    ready_offline(page, server, token)
    offline(page, True)
    context = page.context
    for number, hands in enumerate(ROUNDS, start=1):
        dealer = NAMES[number - 1]
        assert title_of(page, server, token).startswith(f"Round {number} · {dealer} deals")
        assert page.locator("#dealer").input_value() == str(number - 1)
        enter(page, server, token, hands, tmp_path / f"round-{number}.png")
        waiting(page, f"{number} round{'s' if number > 1 else ''} not sent yet")
        rounds = f"{number} round{'s' if number > 1 else ''}"
        expect(facts(page)).to_contain_text(f"{NAMES[number % 3]} deals next · {rounds}")
        expect(facts(page)).to_contain_text(f"{rounds} · provisional")
        expect(page.locator("#enter-round")).to_contain_text(f"+ Enter round {number + 1}")
        if number == 1:
            page.reload()  # the outbox and the phone's view outlive a reload…
        elif number == 2:
            page.close()  # … and a closed tab
            page = context.new_page()
            page.goto(f"{server}/s/{token}")
    tiles = page.locator("#ledger .balances .amt.provisional")
    expect(tiles).to_have_count(3)
    page.screenshot(path=str(tmp_path / "session-three-waiting.png"), full_page=True)
    provisional = page.evaluate(
        "async t => (await import('/static/outbox.js')).entries(t)"
        ".then(e => e[e.length - 1].ledger.balances)",
        token,
    )
    assert [tiles.nth(seat).inner_text() for seat in range(3)] == [
        signed(provisional[name]) for name in NAMES
    ]
    offline(page, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)
    stored = server_session(page, server, token)
    assert [r["record"]["dealer"] for r in stored["rounds"]] == [0, 1, 2]
    assert stored["balances"] == provisional
    assert stored["next_dealer"] == 0


def test_a_round_begun_online_and_finished_offline_leaves_nothing_in_the_draft(
    table, server, tmp_path
):
    page = table()
    token = new_session(page, server)
    ready_offline(page, server, token)
    page.goto(f"{server}/s/{token}/rounds/new")
    screen = OneScreen(page)
    screen.ending("Talon out")
    melds, rest = TYPICAL[0]
    screen.hand(melds, rest)
    screen.act("Next")
    draft = f"{server}/api/sessions/{token}/draft"
    page.wait_for_function(  # the header and Ana's cards are in the server's draft
        "async url => { const d = await (await fetch(url, {cache: 'no-store'})).json();"
        " return d.header.ending === 'talon' && d.seats[0].hand && d.seats[0].hand.hand.length; }",
        arg=draft,
    )
    offline(page, True)
    for seat in (1, 2):
        screen.hand(*TYPICAL[seat])
        screen.act("Done" if seat == 2 else "Next")
    expect(page.locator(".livebar .bar-main")).to_have_text(re.compile("Review ▸$"))
    screen.confirm()
    page.wait_for_url(f"{server}/s/{token}")
    waiting(page, "1 round not sent yet")
    offline(page, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)
    assert len(server_session(page, server, token)["rounds"]) == 1
    left = page.request.get(draft).json()
    assert left["header"] == {} and all(seat["hand"] is None for seat in left["seats"]), left
    page.goto(f"{server}/s/{token}/rounds/new")  # the next round opens blank on every phone
    for seat in range(3):
        assert page.locator(f"#melds_{seat}").input_value() == ""
        assert page.locator(f"#hand_{seat}").input_value() == ""
    assert page.locator("input[name=ending]:checked").count() == 0


def confirm_after_the_verdict(page, server: str, token: str) -> None:
    """A round tapped online, the server's verdict in the bar, then the Wi-Fi gone."""
    page.goto(f"{server}/s/{token}/rounds/new")
    screen = OneScreen(page)
    screen.ending("Talon out")
    screen.play(TYPICAL)
    expect(page.locator(".livebar .bar-main")).to_have_text(re.compile("Review ▸$"))
    assert page.evaluate("() => document.querySelector('.net').className") == "net"
    offline(page, True)
    screen.confirm()


def test_a_confirm_tapped_after_the_wifi_dropped_keeps_the_round_on_a_ready_phone(
    table, server, tmp_path
):
    page = table()
    token = new_session(page, server)
    ready_offline(page, server, token)
    confirm_after_the_verdict(page, server, token)
    page.wait_for_url(f"{server}/s/{token}")  # the kept session page, not an error page
    waiting(page, "1 round not sent yet")
    page.screenshot(path=str(tmp_path / "confirm-dead-spot.png"))
    offline(page, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)
    assert len(server_session(page, server, token)["rounds"]) == 1


def test_a_confirm_that_cannot_be_sent_says_so_and_keeps_every_card(table, server, tmp_path):
    page = table()  # never took the offer: it cannot judge offline
    token = new_session(page, server)
    page.goto(f"{server}/s/{token}")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    confirm_after_the_verdict(page, server, token)
    band = page.locator(".net")
    expect(band).to_contain_text("Not saved: no network.", timeout=30_000)
    page.screenshot(path=str(tmp_path / "confirm-not-sent.png"))
    assert page.url == f"{server}/s/{token}/rounds/new"
    for seat, (melds, rest) in enumerate(TYPICAL):
        assert page.locator(f"#melds_{seat}").input_value() == melds[0]
        assert page.locator(f"#hand_{seat}").input_value() == rest
    assert server_session(page, server, token)["rounds"] == []
    offline(page, False)
    OneScreen(page).confirm()  # again, with the network back: saved once
    page.wait_for_url(f"{server}/s/{token}")
    assert len(server_session(page, server, token)["rounds"]) == 1


def test_a_first_send_refused_is_sent_again_without_a_reload(table, server, tmp_path):
    page = table()
    token = new_session(page, server)
    ready_offline(page, server, token)
    offline(page, True)
    enter(page, server, token, ROUNDS[0])
    refused, reachable = [], []

    def busy(route):  # the Wi-Fi is back before the server is: a 503 till the test says
        if not reachable:
            refused.append(route.request.url)
            return route.fulfill(status=503, body="{}", content_type="application/json")
        return route.continue_()

    page.context.route(f"**/api/sessions/{token}/rounds", busy)
    offline(page, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    for _ in range(100):  # the first send goes out at the online event
        if refused:
            break
        page.wait_for_timeout(100)
    assert refused, "the first send never went out"
    # meanwhile the page shows the waiting round, its count and the balances with it
    waiting(page, "1 round not sent yet")
    expect(page.locator(".unsent-round")).to_have_count(1)
    expect(page.locator("#ledger .balances .amt.provisional")).to_have_count(3)
    expect(page.locator("#enter-round")).to_contain_text("+ Enter round 2")
    tries = len(refused)
    page.wait_for_timeout(2500)  # tried again meanwhile, the page left as it was
    assert len(refused) > tries, refused
    reachable.append(True)  # the server answers now: the next try, without a reload, saves it
    page.locator("#outbox-count").wait_for(state="hidden", timeout=70_000)  # sent again
    assert len(server_session(page, server, token)["rounds"]) == 1


def test_ready_to_work_offline_is_said_only_once_the_page_opens_offline(table, server, tmp_path):
    page = table()
    token = new_session(page, server)
    for hands in ROUNDS * 2 + ROUNDS[:1]:  # seven rounds: the offer is still near the top
        body = {"ending": "talon", "hands": [{"melds": m, "hand": h} for m, h in hands]}
        assert page.request.post(f"{server}/api/sessions/{token}/rounds", data=body).ok
    page.goto(f"{server}/s/{token}")
    offer = page.get_by_role("button", name=re.compile("^Keep working offline"))
    offer.wait_for()
    assert offer.evaluate("b => b.getBoundingClientRect().bottom") <= 740
    page.screenshot(path=str(tmp_path / "offer.png"))
    offer.tap()
    said = page.locator("#offline-state")
    said.filter(has_text="Ready to work offline").wait_for(timeout=180_000)
    offline(page, True)  # cut off right then
    page.reload()
    expect(page.locator("h1.names")).to_have_text("Ana · Ben · Cris")
    page.goto(f"{server}/s/{token}/rounds/new")
    page.locator("#round").wait_for()
    offline(page, False)
    page.goto(f"{server}/s/{token}")
    said.filter(has_text="Ready to work offline").wait_for(timeout=60_000)
    assert said.inner_text() == "Ready to work offline."  # a refused storage is said once
