"""The CSV's and the summary PDF's own words in Filipino: nothing the documents write themselves
(a cell, a badge, a unit, a column) is left in English. Each document is made twice from the
same rounds, in English and in Filipino, by the real app; a word found in both must be one the
Filipino catalogue itself uses (Taglish keeps "round", "draw", "pot", "sunog"...), or a player's
name. The PDF is WeasyPrint's, read back as text; nothing is mocked."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from tests.support.documents import pdf_text
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS, hand

pytestmark = pytest.mark.printed  # the same PDF on either database: run once, on SQLite

FILIPINO = Path(__file__).resolve().parents[2] / "tracker/translations/fil/LC_MESSAGES/messages.po"
WORD = re.compile(r"[^\W\d_]{2,}")
BLANKS = re.compile(r"%\(\w+\)[#0 +-]*\d*(?:\.\d+)?[sdifrx]|\{\w*\}|<[^>]+>")
# every cell the CSV writes itself: a kang, a challenge by payer and payee, sunog, a void
# round, the pot (an ante each deal)
KANG = {**TONGITS, "hands": [dict(h, kang=seat == 1) for seat, h in enumerate(TONGITS["hands"])]}
ALL_SUNOG = {
    "ending": "talon",
    "hands": [hand([], ["2C", "3D"]), hand([], ["KD", "9S"]), hand([], ["AS", "AD"])],
}
# Ana calls with 20; Ben (2) and Cris (10) challenge: Cris, a challenger, pays Ben, a challenger
BOTH_CHALLENGED = {
    "ending": "draw",
    "declarer": 0,
    "hands": [
        hand([["7S", "7D", "7C"]], ["KC", "QC"]),
        hand([["5H", "6H", "7H"]], ["2C"], challenged=True),
        hand([["9S", "9D", "9C"]], ["KD"], challenged=True),
    ],
}
ROUNDS = (DRAW, KANG, TALON, ALL_SUNOG, BOTH_CHALLENGED)
RULES = {"pot_ante_units": 1, "kang_multiplier": 2, "challenged_draw_pays": "all_losers"}


@pytest.fixture(scope="module")
def vocabulary() -> set[str]:
    """Every word the Filipino catalogue writes (its own words and the Taglish it keeps), and
    the day periods of Filipino times (Babel's: "PM")."""
    with FILIPINO.open("rb") as po:
        catalog = read_po(po)
    words = set()
    for message in catalog:
        forms = message.string if message.pluralizable else (message.string,)
        for form in forms:
            words |= words_of(BLANKS.sub(" ", form or ""))
    periods = Locale.parse("fil").day_periods["format"]["abbreviated"].values()
    return words | words_of(" ".join(periods))


def words_of(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


def english_left(english: str, filipino: str, vocabulary: set[str]) -> list[str]:
    """Words of the English document that the Filipino one still has, names aside, that the
    Filipino catalogue never writes: words the document left in English."""
    names = words_of(" ".join(PLAYERS))
    return sorted((words_of(english) & words_of(filipino)) - vocabulary - names)


def session(client, **rules) -> str:
    answer = client.post("/api/sessions", json={"players": PLAYERS, "dealer": 0, "rules": rules})
    assert answer.status_code == 201, answer.get_json()
    token = answer.get_json()["id"]
    for record in ROUNDS:
        saved = client.post(f"/api/sessions/{token}/rounds", json=record)
        assert saved.status_code == 201, saved.get_json()
    return token


def test_the_check_finds_an_english_word_left_behind(vocabulary):
    english = "round,dealer,ending\n1,Ana,talon out,yes,12 pts\n"
    filipino = "round,dealer,pagtatapos\n1,Ana,ubos-bunutan,yes,12 pts\n"
    assert english_left(english, filipino, vocabulary) == ["pts", "yes"]


def test_the_csv_writes_no_english_cell_in_filipino(client, vocabulary):
    token = session(client, **RULES)
    english = client.get(f"/s/{token}/export.csv?lang=en").data.decode("utf-8-sig")
    filipino = client.get(f"/s/{token}/export.csv?lang=fil").data.decode("utf-8-sig")
    assert english_left(english, filipino, vocabulary) == []
    rows = list(csv.reader(io.StringIO(filipino)))
    cells = {cell for row in rows[1:] for cell in row}
    # the cells the CSV writes itself, each as the catalogue says it (read back, not assumed)
    header = rows[0]
    assert {"sunog", "oo", "nagbayad at binayaran", "walang bilang", "ubos-bunutan"} <= cells
    assert "yes" not in cells and "payer and payee" not in cells and "void" not in cells
    assert len(header) == len(next(csv.reader(io.StringIO(english))))


@pytest.mark.slow
def test_the_summary_pdf_writes_no_english_word_in_filipino(client, vocabulary):
    for rules in (RULES, {**RULES, "progressive": True}):  # pesos, then progressive points
        token = session(client, **rules)
        english = pdf_text(client.get(f"/s/{token}/summary.pdf?lang=en").data)
        filipino = pdf_text(client.get(f"/s/{token}/summary.pdf?lang=fil").data)
        assert english_left(english, filipino, vocabulary) == [], rules
    assert " pts" in english and " iskor" in filipino and " pts" not in filipino
    assert "SUNOG" in filipino  # the badge, from the catalogue, in the summary's capitals
