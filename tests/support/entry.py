"""Round entry on one phone, one screen, tapped the way a thumb does: every tap checks
that its target is fully on screen without scrolling, and that after the tap and after the
preview answer no key, tool, header button, tab or the live bar moved. Used by the browser
tests and by benchmarks/entry_taps.py."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

SCREEN = {"width": 360, "height": 740}

# The typical talon-out round (about its "28 taps" one): a meld of three and three cards
# left for each player.
TYPICAL = [
    (["7S 7D 7C"], "2H 5C 9D"),
    (["4H 5H 6H"], "KS QD JC"),
    (["9S 10S JS"], "AS 3D 8C"),
]

# Every box that must stay put: picker keys and tools, header buttons, tabs, the live bar.
BOXES = """() => {
  const out = {};
  const sel = '.picker .key, .picker [data-act], .hdr label, .tabs .tab, .livebar';
  document.querySelectorAll(sel).forEach((el, i) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return;  // not shown (the other header row)
    const name = el.getAttribute('data-card') || el.getAttribute('data-act') || el.htmlFor
      || (el.classList.contains('tab') ? 'tab-' + el.dataset.seat : el.className);
    out[name] = [r.x, r.y, r.width, r.height].map(v => Math.round(v * 10) / 10);
  });
  return {boxes: out, scrollY: window.scrollY};
}"""

WHERE = """el => { const r = el.getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height, scrollY: window.scrollY}; }"""

SETTLED = "() => !document.getElementById('round').hasAttribute('aria-busy')"
# ... and the round kept in the draft: no keep put off for the end of a burst (entry_follow.js)
KEPT = (
    "() => { const f = document.getElementById('round');"
    " return !f.hasAttribute('aria-busy') && !f.hasAttribute('data-keep-due'); }"
)


def words(locator) -> str:
    """What an element says, its spaces collapsed: a title's "Ana deals" is a box of its own
    (the name cut alone when the line is short, app.css .deals), so innerText breaks lines in
    it."""
    return " ".join((locator.text_content() or "").split())


def one_phone(browser):
    """A 360x740 touch phone's page that records JavaScript errors in `page.js_errors`."""
    context = browser.new_context(
        viewport=SCREEN, has_touch=True, is_mobile=True, device_scale_factor=1
    )
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.set_default_timeout(8000)
    return page


@dataclass
class OneScreen:
    """Taps on the round entry page, each one checked; `problems` lists what went wrong."""

    page: object
    taps: int = 0
    scrolls: int = 0  # taps whose target was not fully in view (a thumb would scroll first)
    moved: list = field(default_factory=list)  # (tap, what moved)
    times: list = field(default_factory=list)  # seconds from a tap to the settled page

    def tap(self, locator, what: str = "") -> None:
        page = self.page
        page.wait_for_function(SETTLED)
        before = page.evaluate(BOXES)
        box = locator.evaluate(WHERE)
        inside = (
            box["scrollY"] == 0
            and box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["w"] <= SCREEN["width"] + 0.5
            and box["y"] + box["h"] <= SCREEN["height"] + 0.5
        )
        if not inside:
            self.scrolls += 1
        began = time.perf_counter()
        locator.tap()
        self.taps += 1
        page.wait_for_timeout(20)
        page.wait_for_function(SETTLED)
        self.times.append(time.perf_counter() - began)
        after = page.evaluate(BOXES)
        if after["scrollY"] != 0:
            self.scrolls += 1
        for name, where in before["boxes"].items():
            now = after["boxes"].get(name)
            if now is not None and now != where:
                self.moved.append((what or name, name, where, now))

    # the page's parts, by the names the test contract gives them
    def button(self, name: str):
        return self.page.get_by_role("button", name=re.compile("^" + re.escape(name)))

    def ending(self, text: str) -> None:
        self.tap(self.page.locator(".hdr .ending label", has_text=text), text)

    def declarer(self, seat: int) -> None:
        self.tap(self.page.locator(f"label[for=declarer-{seat}]"), f"declarer {seat}")

    def last_drawer(self, seat) -> None:
        which = "none" if seat is None else seat
        self.tap(self.page.locator(f"label[for=last_drawer-{which}]"), f"last drawer {which}")

    def cards(self, text: str) -> None:
        for card in text.split():
            key = self.page.locator(f".picker [data-card='{card}']")
            assert key.is_enabled(), f"{card} is greyed out"
            self.tap(key, card)

    def act(self, name: str) -> None:
        self.tap(self.button(name), name)

    def hand(self, melds: list[str], rest: str) -> None:
        for meld in melds:
            self.cards(meld)
            self.act("Meld")
        self.cards(rest)

    def play(self, hands: list[tuple[list[str], str]]) -> None:
        """Each player's melds (each closed by Meld), the cards left, then Next (Done last)."""
        for seat, (melds, rest) in enumerate(hands):
            self.hand(melds, rest)
            self.act("Done" if seat == len(hands) - 1 else "Next")

    def confirm(self) -> None:
        save = self.button("Confirm")
        save.wait_for(state="visible")
        self.page.wait_for_function("() => !document.getElementById('save').disabled")
        box = save.evaluate(WHERE)
        if box["y"] + box["h"] > SCREEN["height"] or box["y"] < 0 or box["scrollY"]:
            self.scrolls += 1
        save.tap()
        self.taps += 1

    def problems(self) -> list:
        return [f"{self.scrolls} taps needed a scroll"] * bool(self.scrolls) + self.moved


def new_session(page, server: str, names=("Ana", "Ben", "Cris"), rules=None) -> str:
    """A session made through the API (the session cookie of this page may edit it)."""
    body = {"players": list(names)}
    if rules:
        body["rules"] = rules
    made = page.request.post(f"{server}/api/sessions", data=body)
    assert made.status == 201, made.text()
    return made.json()["id"]


# Confirm can be tapped: the engine's answer to what is entered now is in, and it is a round.
SAVE_READY = (
    "() => { const s = document.getElementById('save');"
    " return s && !s.disabled && s.offsetParent !== null"
    " && !document.getElementById('round').hasAttribute('aria-busy'); }"
)


def tap_a_round(page, server: str, token: str, hands=TYPICAL, ending="Talon out") -> OneScreen:
    """A new round of the session tapped from its blank page to Confirm, and saved."""
    page.goto(f"{server}/s/{token}/rounds/new")
    screen = OneScreen(page)
    screen.ending(ending)
    screen.play(hands)
    screen.confirm()
    page.wait_for_url(f"{server}/s/{token}")
    return screen
