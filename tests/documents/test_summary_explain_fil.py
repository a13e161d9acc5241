"""The summary's payment lines are the engine's explanations, in the reader's language
: where there is no request (the PDF's child process) the print's language is
chosen as the child chooses it (render.in_language)."""

from __future__ import annotations

import html
import re

from tests.support.rounds_factory import known_session
from tracker.documents.render import in_language
from tracker.documents.summary import summary_html


def _text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(page)).split())


def test_the_summary_explains_payments_in_filipino_when_told_and_in_english_by_default():
    english = _text(summary_html(known_session()))
    assert "₱10.00 stake + 20 pts × ₱1.00" in english
    with in_language("fil"):
        filipino = _text(summary_html(known_session()))
    assert "₱10.00 taya + 20 puntos × ₱1.00" in filipino
    assert "×2 palpak na draw" in filipino and "failed call" not in filipino
    assert _text(summary_html(known_session())) == english
