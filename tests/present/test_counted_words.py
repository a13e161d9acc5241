"""A count is said with its own form, never "card(s)": every message that counts is a plural
pair in the catalogue, said "1 card" and "2 cards" in English, and in Filipino with both of its
forms filled (the same word, "baraha", for one and for more)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tracker.engine.problems import RoundError
from tracker.engine.scoring import score_round
from tracker.present.messages import number_signs
from tracker.present.speech import phone_voice

ROOT = Path(__file__).resolve().parents[2]
FIL = ROOT / "tracker" / "translations" / "fil" / "LC_MESSAGES"
SOURCES = [*(ROOT / "tracker").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
SOURCES += [*(ROOT / "static").rglob("*.js")]
# the things a table counts, written with "(s)"
COUNTED = re.compile(r"\b(card|joker|meld|point|round|player|session|hand|peso)\(s\)")


def test_no_message_or_source_line_says_a_count_with_s_in_brackets():
    with open(FIL / "messages.po", "rb") as file:
        catalogue = read_po(file)
    said = [m.id for m in catalogue if m.id and COUNTED.search(str(m.id))]
    assert said == []
    lines = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for path in SOURCES
        for line in path.read_text().splitlines()
        if COUNTED.search(line)
    ]
    assert lines == []


def cards_left(count: int) -> str:
    """The refusal of a Tongits declared with `count` cards still in hand, as the engine
    words it (English)."""
    hand = ["2C", "3D", "5H", "9S"][:count]
    record = {
        "ending": "tongits",
        "declarer": 0,
        "players": ["Ana", "Ben", "Cris"],
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": hand},
            {"melds": [["5H", "6H", "7H"]], "hand": ["KD"]},
            {"melds": [], "hand": ["AS"]},
        ],
    }
    with pytest.raises(RoundError) as caught:
        score_round(record)
    return {str(p.where): p.message for p in caught.value.problems}["hands[0].hand"]


def test_one_card_and_two_cards_in_both_languages():
    one, two = cards_left(1), cards_left(2)
    assert str(one) == "Ana declared Tongits but still has 1 card in hand"
    assert str(two) == "Ana declared Tongits but still has 2 cards in hand"
    say = phone_voice(str(FIL / "messages.mo"), json.dumps(number_signs("fil")))
    assert say(one) == "nag-Tongits si Ana pero may 1 baraha pa sa kamay"
    assert say(two) == "nag-Tongits si Ana pero may 2 baraha pa sa kamay"
