"""Accessibility: axe-core finds no serious or critical violation on any page of the app, on a
360×740 phone, in the light and in the dark colour scheme.

axe-core (tests/support/axe.py) is injected into each page by the test only, never served by the
app. Every page is checked as people see it: its <details> opened, form errors shown, and the
round entry also part-way through a round and at its review.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.axe import (
    AXE,
    RUN_AXE,
    SERIOUS,
    SHOTS,
    SMALL,
    refused,
    submit,
    violations_text,
)
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS

pytestmark = pytest.mark.browser

PIN = "4826"


def _api(request, method: str, url: str, data=None, pin: str | None = None):
    headers = {"X-Edit-Pin": pin} if pin else {}
    answer = request.fetch(url, method=method, data=data, headers=headers)
    assert answer.status < 300, (url, answer.status, answer.text())
    return answer.json()


@pytest.fixture(scope="module")
def site(browser, server):
    """Three sessions: one open with rounds, one settled, one with an edit PIN."""
    context = browser.new_context()
    request = context.request
    made = {}
    for name, pin in (("open", None), ("settled", None), ("locked", PIN)):
        body = {
            "players": PLAYERS,
            "dealer": 0,
            "rules": {"preset": "classic", "stake": "10", "point_rate": "1"},
        }
        if pin:
            body["pin"] = pin
        token = _api(request, "POST", f"{server}/api/sessions", body)["id"]
        for record in (TONGITS, DRAW, TALON):
            _api(request, "POST", f"{server}/api/sessions/{token}/rounds", record, pin)
        made[name] = token
    _api(request, "POST", f"{server}/api/sessions/{made['settled']}/settle", {})
    context.close()
    return made


def _click(page, selector: str):
    """A tap done by script: the element need not be in view (the check is not about layout)."""
    page.locator(selector).first.evaluate("(element) => element.click()")


def _enter(page, hands):
    """Cards tapped on the round entry's picker, hand by hand: each meld closed by Meld, each
    player's last card followed by Next (Done for the last)."""
    for seat, (melds, hand) in enumerate(hands):
        for meld in melds:
            for card in meld.split():
                _click(page, f".picker [data-card='{card}']")
            _click(page, ".picker [data-act=meld]")
        for card in hand.split():
            _click(page, f".picker [data-card='{card}']")
        if seat < len(hands) - 1:
            _click(page, ".picker [data-act=next]")


def _draw_called_by_ana(page):
    """How the round ended: a radio's label today, a button named by the issue's contract after
    the round entry's rewrite."""
    for label, name in (("label[for=ending-draw]", "Draw"), ("label[for=declarer-0]", "Ana")):
        if page.locator(label).count():
            _click(page, label)
        else:
            page.get_by_role("button", name=re.compile(f"^{name}")).first.click()


def mid_entry(page):
    _draw_called_by_ana(page)
    _enter(page, [(["7S 7D 7C"], "2C")])


def seat_with_others(page):
    """Seat 0 part-way through, after Ben (seat 1) entered his hand from his phone: his cards
    greyed as taken, and 7♣ entered by both seats (a clash)."""
    base = page.url.split("/rounds/")[0].replace("/s/", "/api/sessions/")
    ben = {"melds": [["9S", "9D", "9C"]], "hand": ["7C", "KS"]}
    answer = page.request.put(f"{base}/draft/seats/1", data=ben)
    assert answer.ok, answer.text()
    page.reload()
    mid_entry(page)
    page.wait_for_timeout(1500)  # the seat page's next look at the draft


def review(page):
    _draw_called_by_ana(page)
    _enter(page, [(["7S 7D 7C"], "2C 3D"), (["5H 6H 7H 8H"], "KD"), ([], "AS AD 9C")])
    _click(page, ".picker [data-act=next]")  # Done: to the verdict
    page.get_by_role("button", name=re.compile(r"^Confirm")).first.wait_for(state="visible")
    # the settled review (the state a table reads and confirms)
    page.wait_for_function("() => !document.querySelector('.stale')")


def new_session_errors(page):
    submit(page, "Start the session")
    page.locator("[aria-invalid=true]").first.wait_for()


def start_session(page):
    """The new-session form sent: the session page with its recovery code shown once."""
    for seat, name in enumerate(PLAYERS):
        page.fill(f"[name=player_{seat}]", name)
    submit(page, "Start the session")
    page.locator("#recovery-code").wait_for()


def bad_request(page):
    """A round preview asked for without the form's CSRF token: the 400 page."""
    with page.expect_navigation():
        page.evaluate(
            """() => { const form = document.createElement("form");
                       form.method = "post"; form.action = location.pathname + "/rounds/preview";
                       document.body.append(form); form.submit(); }"""
        )
    assert page.locator("h1").inner_text() == "That request did not make sense"


# (id, the address under a session token of `site`, what to do there before checking)
PAGES = [
    ("home", None, "/", None),
    ("new-session", None, "/new", None),
    ("new-session-errors", None, "/new", new_session_errors),
    ("home-open-not-found", None, "/open?link=nope", None),
    ("session-recovery-code", None, "/new", start_session),
    ("session", "open", "?new=1", None),
    ("session-settled", "settled", "", None),
    ("session-locked", "locked", "", None),
    ("unlock", "locked", "/unlock", None),
    ("unlock-wrong-pin", "locked", "/unlock", refused("#pin", "0000", "Unlock")),
    ("pin-set", "open", "/pin", None),
    ("pin-set-errors", "open", "/pin", refused("#new_pin", "12", "Set the PIN")),
    ("pin-change", "locked", "/pin", None),
    ("round-new", "open", "/rounds/new", None),
    ("round-new-mid-entry", "open", "/rounds/new", mid_entry),
    ("round-new-review", "open", "/rounds/new", review),
    ("round-edit", "open", "/rounds/2/edit", None),
    ("round-new-locked", "locked", "/rounds/new", None),
    # the seat page (issue 9 B) once it exists; until then the same address is the round entry
    ("seat", "open", "/rounds/new?seat=0", None),
    ("seat-with-others", "open", "/rounds/new?seat=0", seat_with_others),
    ("delete-round", "open", "/rounds/2/delete", None),
    ("settle", "open", "/settle", None),
    ("settle-locked", "locked", "/settle", None),
    ("import", None, "/import", None),
    ("import-errors", None, "/import", refused("textarea", '{"players": ["Ana"]}', "Import")),
    ("not-found", None, "/s/no-such-session", None),
    ("bad-request", "open", "", bad_request),
]


@pytest.mark.parametrize("name,session,path,prepare", PAGES, ids=[page[0] for page in PAGES])
def test_no_serious_violation(browser, server, site, name, session, path, prepare):
    """The page in the light colour scheme, then in the dark one (the same page: the scheme is
    switched in place, as a phone does at dusk)."""
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: `bash scripts/setup.sh test` fetches it")
    # bypass_csp: the app's Content-Security-Policy (script-src 'self') would refuse the
    # injected axe.min.js; it changes nothing of what is checked
    context = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(8000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    violations = {}
    try:
        page.emulate_media(color_scheme="light")
        page.goto(server + (f"/s/{site[session]}{path}" if session else path))
        if prepare:
            prepare(page)
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        page.add_script_tag(path=str(AXE))
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            assert dark == (scheme == "dark"), scheme
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(SHOTS) / f"{name}-{scheme}.png"), full_page=True)
            found = [v for v in page.evaluate(RUN_AXE) if v["impact"] in SERIOUS]
            violations[scheme] = found
        where = page.url
    finally:
        context.close()
    assert errors == [], errors
    report = "\n".join(
        f"{name} ({scheme}, {where}):\n{violations_text(found)}"
        for scheme, found in violations.items()
        if found
    )
    if report:
        pytest.fail(report, pytrace=False)
