"""The README's two screenshots, taken afresh: round entry and the ledger on one phone.

Starts the app on a throwaway SQLite database (made by the migrations, served by a thread on
127.0.0.1), plays three rounds on one phone in Debian's Chromium at 360x740 with touch (the
first two through the API, the third tapped card by card on the round entry page) and saves

    docs/images/round-entry.png   the third round part-way through, Ben's cards being tapped
    docs/images/ledger.png        the session page after it was confirmed, from the balances down

as small palette PNGs. Run it after a change to the pages:

    .venv/bin/python scripts/screenshots.py [--out docs/images]
"""

from __future__ import annotations

import argparse
import logging
import re
import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.browser import ARGS, CHROMIUM  # noqa: E402  (the tests' browser)

PHONE = {"width": 360, "height": 740}
PLAYERS = ["Ana", "Ben", "Cris"]

# Two rounds entered through the API before the one tapped on screen, so that the ledger shows
# balances that moved, a chart and more than one round.
EARLIER = [
    {
        "ending": "tongits",
        "declarer": 1,
        "hands": [
            {"melds": ["7S 7D 7C"], "hand": "2C 3D"},
            {"melds": ["5H 6H 7H", "9C 9D 9S"], "hand": ""},
            {"melds": [], "hand": "AS AD 9H"},
        ],
    },
    {
        "ending": "draw",
        "declarer": 2,
        "hands": [
            {"melds": ["KS KD KC"], "hand": "8D 4C", "challenged": True},
            {"melds": ["2H 3H 4H"], "hand": "QC JD"},
            {"melds": ["10S JS QS"], "hand": "3C 2D"},
        ],
    },
]
# The round tapped on the phone: talon out, a meld and three cards each.
TAPPED = [
    (["7S 7D 7C"], "2H 5C 9D"),
    (["4H 5H 6H"], "KS QD JC"),
    (["9S 10S JS"], "AS 3D 8C"),
]


def serve(folder: Path) -> str:
    """The app on a fresh SQLite file in `folder` made by the migrations, served by a daemon
    thread; its base URL."""
    from flask_migrate import upgrade
    from werkzeug.serving import make_server

    from tracker import MIGRATIONS, create_app
    from tracker.extensions import db

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'tracker.db'}",
            "SECRET_KEY": "screenshots",
            "INSTANCE_PATH": str(folder / "instance"),
        }
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)
    with app.app_context():
        upgrade(directory=MIGRATIONS)
        db.engine.dispose()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_port}"


def settled(page) -> None:
    """Wait until the round page has the engine's answer to the last tap on screen."""
    page.wait_for_timeout(30)
    page.wait_for_function("() => !document.getElementById('round').hasAttribute('aria-busy')")


def tap(page, locator) -> None:
    settled(page)
    locator.tap()
    settled(page)


def cards(page, text: str) -> None:
    for card in text.split():
        tap(page, page.locator(f".picker [data-card='{card}']"))


def hand(page, melds: list[str], rest: str) -> None:
    """A player's melds, each closed by Meld, then cards left in hand."""
    for meld in melds:
        cards(page, meld)
        tap(page, button(page, "Meld"))
    cards(page, rest)


def button(page, name: str):
    return page.get_by_role("button", name=re.compile("^" + re.escape(name)))


def save_small(shot: bytes, path: Path) -> None:
    """The screenshot as a palette PNG (a few tens of kB), or as taken without Pillow."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        from io import BytesIO

        from PIL import Image
    except ImportError:
        path.write_bytes(shot)
        return
    image = Image.open(BytesIO(shot)).convert("RGB")
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tongits-screenshots-"))
    try:
        shoot(serve(folder), args.out)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for name in ("round-entry.png", "ledger.png"):
        path = args.out / name
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{shown}: {path.stat().st_size // 1024} kB")


def shoot(server: str, out: Path) -> None:
    """Play the rounds and save the two screenshots in `out`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(
            viewport=PHONE,
            has_touch=True,
            is_mobile=True,
            device_scale_factor=1,
            color_scheme="light",
            locale="en-PH",
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(15000)
        made = page.request.post(f"{server}/api/sessions", data={"players": PLAYERS})
        assert made.status == 201, made.text()
        token = made.json()["id"]
        for record in EARLIER:
            saved = page.request.post(f"{server}/api/sessions/{token}/rounds", data=record)
            assert saved.status == 201, saved.text()

        page.goto(f"{server}/s/{token}/rounds/new")
        tap(page, page.locator(".hdr .ending label", has_text="Talon out"))
        (ana_melds, ana_rest), (ben_melds, ben_rest), (cris_melds, cris_rest) = TAPPED
        hand(page, ana_melds, ana_rest)
        tap(page, button(page, "Next"))
        first, *others = ben_rest.split()
        hand(page, ben_melds, first)  # Ben part-way: his meld and one card of three
        # no key left looking pressed: the tap's hover and focus moved off the picker
        page.mouse.move(2, PHONE["height"] - 2)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.wait_for_timeout(200)
        save_small(page.screenshot(), out / "round-entry.png")

        cards(page, " ".join(others))
        tap(page, button(page, "Next"))
        hand(page, cris_melds, cris_rest)
        tap(page, button(page, "Done"))
        confirm = button(page, "Confirm")
        confirm.wait_for(state="visible")
        page.wait_for_function("() => !document.getElementById('save').disabled")
        confirm.tap()
        page.wait_for_url(f"{server}/s/{token}")
        page.wait_for_load_state("networkidle")
        # the ledger itself in view: balances, pot, the chart and the rounds, newest first
        page.evaluate(
            "window.scrollTo(0, document.querySelector('.balances').getBoundingClientRect().top"
            " + window.scrollY - 12)"
        )
        page.wait_for_timeout(300)
        save_small(page.screenshot(), out / "ledger.png")
        browser.close()
    if errors:
        sys.exit(f"JavaScript errors: {errors}")


if __name__ == "__main__":
    main()
