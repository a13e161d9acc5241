"""The score sheet and the balance chart offline, on a 360x740 phone of Debian's Chromium, in
English and Filipino: with round 1 saved and round 2 entered offline, waiting in the phone's
outbox, the sheet lists both (round 2 under "Waiting to be sent (provisional)", in italics,
with the money the engine in the phone gave it, and the Total row its balances), the chart
has a point for it; once the network is back and the outbox sent it, round 2 is an ordinary
saved row, the same money, and the chart the server's. A session with no round saved yet
shows its waiting round on a sheet and a chart that were hidden. Screenshots:
/tmp/shots-offline/."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.entry import new_session
from tests.support.offline import (
    OFFLINE_TESTS,
    ROUNDS,
    enter,
    offline,
    ready_offline,
    server_session,
)

pytestmark = OFFLINE_TESTS

SHOTS = Path("/tmp/shots-offline")
LABEL = {"en": "Waiting to be sent (provisional)", "fil": "Naghihintay maipadala (pansamantala)"}
PROVISIONAL = {"en": "provisional", "fil": "pansamantala"}
WAITING = "async t => (await import('/static/outbox.js')).entries(t)"

# The figures of cells as shown on screen: without the words for screen readers.
FIGURES = (
    "(els) => els.map((el) => { const c = el.cloneNode(true);"
    " c.querySelectorAll('.sr').forEach((s) => s.remove()); return c.textContent; })"
)
# Each ring of the chart's waiting round: its height, and whether it lies in the plot.
RINGS = """svg => { const [l, t, w, h] = svg.dataset.plot.split(' ').map(Number);
  return [...svg.querySelectorAll('circle.provisional')].map(c => {
    const x = +c.getAttribute('cx'), y = +c.getAttribute('cy');
    return [y, x >= l && x <= l + w + 0.1 && y >= t - 0.1 && y <= t + h + 0.1]; }); }"""


def written(amount: str, star: bool = False) -> str:
    """The engine's decimal text as the sheet writes it: "+₱28.00", "−₱3.00", "★+₱6.00"."""
    value = Decimal(amount)
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return ("★" if star else "") + f"{sign}₱{abs(value):,.2f}"


def saved_rows(page):
    return page.locator("#sheet tbody:not(.provisional) tr:not(.before)")


def provisional_rows(page):
    return page.locator("#sheet tbody.provisional tr:not(.waiting-h)")


def talon(hands) -> dict:
    return {"ending": "talon", "hands": [{"melds": m, "hand": h} for m, h in hands]}


def rounds_sent(page, server, token, count: int) -> None:
    """The network back: the outbox sends, and the page shows the server's ledger again."""
    offline(page, False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox-count").wait_for(state="hidden", timeout=30_000)  # sent, and said so
    assert page.evaluate(WAITING, token) == []
    assert len(server_session(page, server, token)["rounds"]) == count
    expect(saved_rows(page)).to_have_count(count, timeout=20_000)  # live.js loads the ledger


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_a_round_waiting_offline_is_on_the_sheet_and_the_chart_till_it_is_sent(table, server, lang):
    SHOTS.mkdir(exist_ok=True)
    page = table()
    token = new_session(page, server)
    assert page.request.post(f"{server}/api/sessions/{token}/rounds", data=talon(ROUNDS[0])).ok
    ready_offline(page, server, token)
    if lang == "fil":  # the session page kept in Filipino; its round entry stays as it was
        # kept (English), so that the same taps enter the round
        page.goto(f"{server}/s/{token}?lang={lang}")
        page.goto(f"{server}/s/{token}")
        assert page.locator("html").get_attribute("lang") == "fil"
    offline(page, True)
    enter(page, server, token, ROUNDS[1])
    page.locator("#outbox-count").wait_for()
    assert page.locator("html").get_attribute("lang") == lang
    (entry,) = page.evaluate(WAITING, token)
    result, balances = entry["result"], entry["ledger"]["balances"]
    names = entry["ledger"]["players"]

    # the sheet: round 1 saved, then round 2 under its heading, the engine's money
    sheet = page.locator("#sheet")
    expect(provisional_rows(page)).to_have_count(1)
    assert saved_rows(page).count() == 1
    assert saved_rows(page).locator("a").get_attribute("data-round") == "1"
    heading = page.locator("#sheet tbody.provisional tr.waiting-h th")
    assert heading.inner_text() == LABEL[lang]
    row = provisional_rows(page).first
    assert row.locator("th [aria-hidden]").inner_text() == "2"
    assert LABEL[lang] in row.locator("th .sr").inner_text()
    nets = [written(p["net"], p["seat"] == result["winner"]) for p in result["players"]]
    assert row.locator(".net").evaluate_all(FIGURES) == nets
    runs = [written(balances[name]) for name in names]
    assert row.locator(".run").evaluate_all(FIGURES) == runs
    assert page.locator("#sheet tfoot .net").all_inner_texts() == runs  # the Total row
    italic = row.locator(".net").first.evaluate("el => getComputedStyle(el).fontStyle")
    assert italic == "italic"
    assert page.locator("#sheet tfoot .net.provisional").count() == 3
    # the tiles say the same balances
    assert page.locator(".balances .amt.provisional").all_inner_texts() == runs

    # the chart: a ring for each player after round 2, higher the more they have
    chart = page.locator("#chart svg.chart")
    assert chart.get_attribute("data-rounds") == "1"
    assert chart.locator("polyline.provisional").count() == 3
    rings = chart.evaluate(RINGS)
    assert len(rings) == 3 and all(inside for _, inside in rings), rings
    order = sorted(range(3), key=lambda seat: Decimal(balances[names[seat]]))
    heights = [rings[seat][0] for seat in order]
    assert heights == sorted(heights, reverse=True), (heights, balances)
    assert chart.locator("text.last").text_content() == f"round 2 · {PROVISIONAL[lang]}"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    sheet.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"offline-sheet-{lang}.png"))
    page.locator("#chart").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"offline-chart-{lang}.png"))
    page.screenshot(path=str(SHOTS / f"offline-page-{lang}.png"), full_page=True)

    # sent: round 2 an ordinary saved row, the same money; the chart the server's
    rounds_sent(page, server, token, 2)
    expect(provisional_rows(page)).to_have_count(0)
    expect(saved_rows(page)).to_have_count(2)
    saved = saved_rows(page).last
    assert saved.locator("a").get_attribute("data-round") == "2"
    if lang == "en":  # the server writes the same figures the phone wrote
        assert saved.locator(".net").evaluate_all(FIGURES) == nets
        assert saved.locator(".run").evaluate_all(FIGURES) == runs
    assert page.locator("#sheet .provisional, #sheet tr.waiting-h").count() == 0
    assert chart.get_attribute("data-rounds") == "2"
    assert chart.locator(".provisional").count() == 0
    assert chart.locator("text.last").text_content() == "round 2"
    page.screenshot(path=str(SHOTS / f"sent-sheet-{lang}.png"), full_page=True)


def test_with_no_round_saved_the_waiting_round_shows_the_sheet_and_the_chart(table, server):
    page = table()
    token = new_session(page, server)
    ready_offline(page, server, token)
    assert page.locator("#sheet").is_hidden() and page.locator("#chart").is_hidden()
    offline(page, True)
    enter(page, server, token, ROUNDS[0])
    page.locator("#outbox-count").wait_for()
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#chart")).to_be_visible()
    assert saved_rows(page).count() == 0 and provisional_rows(page).count() == 1
    chart = page.locator("#chart svg.chart")
    assert chart.get_attribute("data-rounds") == "0"
    assert chart.locator("circle.provisional").count() == 3
    assert chart.locator("text.last").text_content() == "round 1 · provisional"
    page.screenshot(path=str(SHOTS / "offline-first-round.png"), full_page=True)
    rounds_sent(page, server, token, 1)
    expect(saved_rows(page)).to_have_count(1)
    assert page.locator("#sheet .provisional").count() == 0
    expect(page.locator("#chart")).to_be_visible()
    assert page.locator("#chart svg.chart").get_attribute("data-rounds") == "1"
