"""axe-core on the pages of a night at the table, at 360×740, in English and in Filipino (the
page's language switch, ?lang=fil): the session page with its score sheet, an edited round and
the cut to the last rounds, the page of the earlier rounds, both entry pages and the history
page show no violation at all, of any impact (a link inside a round's <summary> was one:
nested-interactive)."""

from __future__ import annotations

import pytest

from tests.support.axe import AXE, RUN_AXE, SMALL, violations_text
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def night(browser, server):
    """22 rounds (the page shows the last 5), round 21 edited since it was saved."""
    context = browser.new_context()
    request = context.request
    body = {"players": PLAYERS, "dealer": 0, "rules": {"preset": "classic"}}
    made = request.post(f"{server}/api/sessions", data=body)
    assert made.ok, made.text()
    token = made.json()["id"]
    rounds = f"{server}/api/sessions/{token}/rounds"
    for number in range(22):
        assert request.post(rounds, data=(DRAW, TONGITS, TALON)[number % 3]).ok
    assert request.put(f"{rounds}/21", data=DRAW).ok
    context.close()
    return token


PAGES = ["", "?all=1", "/earlier"]
PAGES += ["/rounds/new", "/rounds/new?seat=0", "/rounds/2/edit", "/history"]


@pytest.mark.parametrize("lang", ["en", "fil"])
@pytest.mark.parametrize("path", PAGES)
def test_no_violation(browser, server, night, path, lang):
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: `bash scripts/setup.sh test` fetches it")
    context = browser.new_context(viewport=SMALL, has_touch=True, is_mobile=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(8000)
    try:
        join = "&" if "?" in path else "?"
        page.goto(f"{server}/s/{night}{path}{join}lang={lang}")
        assert page.locator("html").get_attribute("lang") == lang
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(RUN_AXE)
    finally:
        context.close()
    assert not found, violations_text(found)
