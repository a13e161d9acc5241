"""The engine's and the core's sentences as message codes: every template is in the
Filipino catalogue, translated, with the same placeholders; a Message is its English text."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from tracker.engine import RoundError, score_round
from tracker.engine.messages import N_, Message, ngettext
from tracker.engine.money import Amount

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "tracker/translations/fil/LC_MESSAGES/messages.po"
SOURCES = [
    *sorted((ROOT / "tracker/engine").glob("*.py")),
    *sorted((ROOT / "tracker/core").glob("*.py")),
    *sorted((ROOT / "tracker/exchange").glob("*.py")),
    ROOT / "tracker/documents/backup.py",
    ROOT / "tracker/present/messages.py",
]
KEYWORDS = {"N_": None, "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def _templates() -> set:
    found = set()
    for path in SOURCES:
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS
        ):
            found.add(message)
    return found


def test_every_engine_and_core_template_has_a_filipino_translation_keeping_its_placeholders():
    catalogue = {m.id: m.string for m in read_po(CATALOGUE.open("rb")) if m.id}
    templates = _templates()
    assert len(templates) > 200  # the engine's verdicts and refusals, the core's refusals
    for template in templates:
        assert template in catalogue, f"not in the catalogue: {template!r}"
        translation = catalogue[template]
        singulars = template if isinstance(template, tuple) else (template,)
        strings = translation if isinstance(translation, tuple) else (translation,)
        assert all(strings), f"no Filipino for {template!r}"
        wanted = set(PLACEHOLDER.findall(singulars[-1]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == wanted, (template, text)


def test_a_message_is_its_english_text_and_keeps_its_template_and_parameters():
    said = N_("%(name)s is sunog.", name="Cris")
    assert said == "Cris is sunog." and isinstance(said, str)
    assert said.template == "%(name)s is sunog." and said.params == {"name": "Cris"}
    one = ngettext("%(num)s pt × %(rate)s", "%(num)s pts × %(rate)s", 1, rate=Amount(Decimal(1)))
    many = ngettext("%(num)s pt × %(rate)s", "%(num)s pts × %(rate)s", 14, rate=Amount(Decimal(1)))
    assert (one, many) == ("1 pt × ₱1.00", "14 pts × ₱1.00")
    assert many.plural == "%(num)s pts × %(rate)s" and many.params["num"] == 14


def test_the_verdict_and_the_payments_are_messages_whose_english_is_unchanged():
    record = {
        "players": ["Ana", "Ben", "Cris"],
        "ending": "draw",
        "declarer": 0,
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": ["2C", "3D"]},
            {"melds": [["5H", "6H", "7H", "8H"]], "hand": ["KD"], "challenged": True},
            {"melds": [], "hand": ["AS", "AD", "9C"]},
        ],
    }
    result = score_round(record)
    assert all(isinstance(line, Message) for line in result.verdict)
    assert result.verdict[0] == "Ana called a draw with 5."
    assert "Cris is sunog." in result.verdict
    explain = result.payments[0].explain
    assert isinstance(explain, str) and " = " in explain
    assert result.to_dict()["verdict"] == [str(line) for line in result.verdict]


def test_a_refusal_is_a_message_and_its_error_text_is_unchanged():
    record = {
        "players": ["Ana", "Ben", "Cris"],
        "ending": "talon",
        "hands": [
            {"melds": [["7S", "8H", "9D"]], "hand": []},
            {"melds": [], "hand": ["KD"]},
            {"melds": [], "hand": ["AS"]},
        ],
    }
    try:
        score_round(record)
    except RoundError as error:
        problem = error.problems[0]
    assert isinstance(problem.message, Message)
    assert problem.message == "Ana's meld 7S 8H 9D is not a set or a run: a run must be one suit"
    assert problem.to_dict() == {"where": "hands[0].melds[0]", "message": problem.message}
