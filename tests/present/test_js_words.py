"""The scripts' words (present/js_words.py): a count's words come as one text per plural
category of the reader's language, the categories the browser's Intl.PluralRules names."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel import Locale
from flask_babel import force_locale

from tracker.present.js_words import SCRIPTS, words_for

STATIC = Path(__file__).resolve().parents[2] / "static"
TEXT = r'"((?:[^"\\]|\\.)*)"'


def test_filipino_counts_have_its_two_categories(app):
    with app.app_context(), force_locale("fil"):
        said = words_for("entry", "round", "entry_review", "seat")
    assert said["{n} cards"] == {"one": "{n} baraha", "other": "{n} baraha"}
    assert said["{n} things to fix before saving:"]["one"] == "{n} na dapat itama bago i-save:"
    assert said["{melds} count as melds"] == dict.fromkeys(("one", "other"), "bahay ang {melds}")
    assert "1 card" not in said and "{n} card in hand" not in said  # one entry per count


def test_a_language_with_more_plural_forms_gets_each_of_them(app):
    """Polish (no catalogue here: English words) has three categories for whole numbers (its
    "other" is for fractions, which no count is); each is filled from ngettext at a number of
    that category: 1 -> one, 2 -> few, 5 -> many."""
    with app.app_context(), force_locale("pl"):
        forms = words_for("entry")["{n} cards in hand"]
    assert set(forms) == set(Locale.parse("pl").plural_form.tags) == {"one", "few", "many"}
    assert forms["one"] == "{n} card in hand" and forms["few"] == "{n} cards in hand"


def test_an_english_page_gets_no_words(app):
    with app.app_context(), force_locale("en"):
        assert words_for("round", "seat") == {}


def test_every_word_a_script_writes_is_in_the_catalogue(app):
    """Each text the session side's scripts write through words.js (t, tn's plural) or
    list in seat_words.js has its entry, so a Filipino page shows none of them in English."""
    written = set()
    for script in STATIC.rglob("*.js"):
        text = script.read_text()
        written.update(re.findall(r"\bt\(" + TEXT, text))
        written.update(other for one, other in re.findall(r"\btn\(" + TEXT + r",\s*" + TEXT, text))
    listed = re.findall(r"\w+: " + TEXT, (STATIC / "entry" / "seat_words.js").read_text())
    written |= set(listed)
    with app.app_context(), force_locale("fil"):
        known = {english for make in SCRIPTS.values() for english in make()}
    english = {json.loads(f'"{text}"') for text in written}
    assert len(english) > 60
    assert english - known == set()


def test_progressive_points_are_said_as_the_server_says_them(app):
    """money.js writes a progressive amount through "{points} pts": "iskor" in Filipino, as
    the server's own amounts (present/speech.py); a hand's deadwood stays "puntos", number
    first."""
    with app.app_context(), force_locale("fil"):
        said = words_for("offline", "round", "entry")
    assert said["{points} pts"] == "{points} iskor"
    assert said["{n} pts"] == "{n} puntos" and said["deadwood {n}"] == "{n} puntos"
