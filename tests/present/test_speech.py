"""present/speech.py, the saying the phone's worker runs with no Flask and no Babel: with the
stdlib's gettext reading the compiled catalogue and the signs the manifest hands the phone, it
says every kind of Message (plurals by Filipino's rule, amounts, points, nested Messages,
Joined lists) as the server's `say` does, byte for byte, and not in English."""

from __future__ import annotations

import ast
import gettext
import json
from copy import copy
from decimal import Decimal
from pathlib import Path

import pytest
from babel import Locale

from tracker.engine.messages import N_, Joined, Message, names_of, ngettext
from tracker.engine.money import Amount
from tracker.present.messages import POINTS, amount_text, catalogue, number_signs, say
from tracker.present.speech import Voice, phone_voice

ROOT = Path(__file__).resolve().parents[2]
MO = ROOT / "tracker" / "translations" / "fil" / "LC_MESSAGES" / "messages.mo"
COUNTS = (*range(0, 12), 14, 16, 19, 24, 26, 29, 100)
FIX, FIX_ALL = "Fix this, everything else is kept:", "Fix these, everything else is kept:"


def phone_say():
    """The phone's `say`: what the worker builds from the .mo and the manifest's signs."""
    return phone_voice(str(MO), json.dumps(number_signs("fil")))


def amounts() -> list[Amount]:
    values = ["0", "5", "12.5", "-3", "1234.5", "-1234567.25", "999999.999", "1E+3", "0.125"]
    return [Amount(Decimal(v), unit) for v in values for unit in ("₱", "pts", "$")]


def messages() -> list:
    """Every kind of value the engine says: plurals for the counts Filipino tells apart."""
    said: list = []
    for n in COUNTS:
        rate = Amount(Decimal("2.50"), "₱")
        said.append(ngettext("%(num)s pt × %(rate)s", "%(num)s pts × %(rate)s", n, rate=rate))
        each = Amount(Decimal(n * 5), "pts")
        said.append(ngettext("%(num)s ace × %(each)s", "%(num)s aces × %(each)s", n, each=each))
        said.append(ngettext(FIX, FIX_ALL, n))  # two forms in Filipino: its plural rule decides
    said += [N_("lost challenge"), N_("failed call"), N_("nothing")]
    said += [N_("%(units)s × %(stake)s stake", units=3, stake=Amount(Decimal("1250"), "₱"))]
    said += [names_of(["Ana", "Ben"]), names_of(["Ana", "Ben", "Cris"]), names_of(list("ABCD"))]
    said += [N_("the %(name)s must be a JSON object", name="session")]
    parts = [N_("%(stake)s sunog", stake=Amount(Decimal("10"), "₱")), said[0]]
    said += [Joined("", [Joined(" + ", parts), " = ", Amount(Decimal("1234.5"), "₱"), ", ×2 "])]
    said += [Joined("", [said[-1], N_("kang"), " = ", Amount(Decimal("-40.5"), "pts")])]
    return said + amounts()


def test_the_phone_says_every_kind_of_message_as_the_server_does(app):
    phone = phone_say()
    with app.test_request_context("/?lang=fil"):
        server = [say(value) for value in messages()]
    assert [phone(value) for value in messages()] == server
    words = [text for value, text in zip(messages(), server) if isinstance(value, Message)]
    english = [str(value) for value in messages() if isinstance(value, Message)]
    assert all(a != b for a, b in zip(words, english))  # not English
    assert "12.5 iskor" in server and "₱1,234.50" in server  # points' own word; grouping
    forms = [
        text for value, text in zip(messages(), server) if getattr(value, "plural", 0) == FIX_ALL
    ]
    one, many = (
        catalogue("fil").ngettext(FIX, FIX_ALL, 1),
        catalogue("fil").ngettext(FIX, FIX_ALL, 4),
    )
    assert one != many and forms.count(many) == len([n for n in COUNTS if n % 10 in (4, 6, 9)])


def test_points_say_their_own_context():
    phone = phone_say()
    assert POINTS[0] == "points in progressive mode"
    said = phone(Amount(Decimal("-2.5"), "pts"))
    assert said == "−" + catalogue("fil").pgettext(*POINTS) % {"points": "2.5"} == "−2.5 iskor"
    assert phone(Amount(Decimal("2.5"), "₱")) == "₱2.50"  # money is no score


def test_english_and_plain_text_are_the_engines_own(app):
    with app.test_request_context("/?lang=en"):
        assert [say(value) for value in messages()] == [str(value) for value in messages()]
    phone = phone_say()
    assert phone("Ana") == "Ana" and phone(5) == 5 and phone(None) is None


@pytest.mark.parametrize("locale", ["fil", "en", "hi", "de", "fr"])
def test_numbers_are_written_as_babel_writes_them(locale):
    """The voice groups digits by the locale's sizes (Hindi: 12,34,567.50) with its signs,
    which is what Babel's own pattern writes: the server's amounts are Babel's, and the phone
    needs only the signs."""
    pattern = copy(Locale.parse(locale).decimal_formats[None])
    pattern.frac_prec = (2, 2)
    signs = number_signs(locale)
    voice = Voice(gettext.NullTranslations(), signs["group"], signs["decimal"], signs["grouping"])
    for digits in ("0", "7", "999", "1000", "12345", "1234567", "123456789012"):
        value = Decimal(digits) + Decimal("0.5")
        expected = "$" + pattern.apply(value, locale)
        assert (
            voice.amount(Amount(value, "$"))
            == expected
            == amount_text(Amount(value, "$"), locale, catalogue(locale))
        )


def test_the_speech_module_needs_neither_flask_nor_babel():
    tree = ast.parse((ROOT / "tracker" / "present" / "speech.py").read_text())
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {
        ("." * node.level) + (node.module or "")
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }
    assert imported == {"__future__", "gettext", "json", "..engine.messages", "..engine.money"}
