"""One shape of a round (tracker/engine/shape.py): the round form, the entry pages' flag boxes
and toggles and the entry scripts are made from the engine's description, so a new per-hand
flag is a change to the engine, its words and its tests. The first test lists every place of
the app that names a flag of the hand; docs/development.md ("A new flag of the hand") quotes
its count."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from tracker.engine import FLAGS, HAND_FLAGS, describe, flags_in_play, form_fields, read_rules
from tracker.web.forms import RoundForm

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"\b(" + "|".join(HAND_FLAGS) + r")\b")
# where a flag is named by its own name, and why that is the engine or its words
HOMES = {
    "tracker/engine/": "the engine: what a flag does to the score",
    "tracker/present/": "its words: the round's lines, the house rules' texts",
    "tracker/documents/": "its words in the CSV export's columns",
}
OTHERS = {
    "tracker/exchange/rounds_in.py": "reads the version-1 export, which had two flags then",
}


def places() -> dict[str, int]:
    """Every file of the app (code, templates, scripts, styles) naming a flag, and how often."""
    found = {}
    for folder in ("tracker", "templates", "static"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".js", ".html", ".css") or "migrations" in path.parts:
                continue
            if count := len(NAMED.findall(path.read_text())):
                found[path.relative_to(ROOT).as_posix()] = count
    return found


def test_every_place_naming_a_flag_is_the_engine_or_its_words():
    found = places()
    outside = {
        name: count
        for name, count in found.items()
        if not name.startswith(tuple(HOMES)) and name not in OTHERS
    }
    assert outside == {}, "a flag typed again outside the engine and its words"
    assert len(found) == 15, sorted(found)  # docs/development.md quotes this count
    assert not any(name.startswith(("templates/", "static/", "tracker/web/")) for name in found)


def test_the_round_form_is_made_from_the_shape(app):
    with app.test_request_context():
        fields = {field.name for field in RoundForm(meta={"csrf": False})}
    assert set(form_fields()) <= fields
    assert {f"{flag}_{seat}" for flag in HAND_FLAGS for seat in range(3)} <= fields


def test_every_entry_page_carries_the_shape_and_a_box_or_toggle_per_flag(client, make_session):
    token = make_session()
    shape = re.compile(r"data-round-shape='([^']*)'")
    for url in (f"/s/{token}/rounds/new", f"/s/{token}/rounds/new?seat=1"):
        page = client.get(url).get_data(as_text=True)
        assert json.loads(unescape(shape.search(page).group(1))) == describe()
    seat = client.get(f"/s/{token}/rounds/new?seat=1").get_data(as_text=True)
    assert re.findall(r'data-flag="(\w+)"', seat) == list(HAND_FLAGS)
    one = client.get(f"/s/{token}/rounds/new").get_data(as_text=True)
    rules = read_rules(client.get(f"/api/sessions/{token}").get_json()["rules"], [])
    shown = [flag.name for flag in FLAGS if f'name="{flag.name}_0"' in one]
    assert shown == flags_in_play(rules) and "challenged" in shown
