"""What the phone's scripts write and read by themselves, held to the engine's own: money text
(static/money.js against engine.money_text) and the card notation the picker reads from the
text fields (static/cards.js `norm` against engine.parse_card), run by Node on the same inputs.
The scripts only write out the engine's figures and follow its fields: if they ever drift, a
page would show a figure or a card the referee did not say."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

from tracker.engine import money_text
from tracker.engine.cards import DECK, JOKER_CARD, SUIT_SYMBOLS, parse_card

STATIC = Path(__file__).resolve().parents[2] / "static"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the scripts")


def _node(module: str, call: str, inputs: list) -> list:
    """Each input through `call` (a JavaScript function of the module's exports and one input)."""
    script = (
        f"import * as m from {json.dumps((STATIC / module).as_uri())};\n"
        "let text = ''; process.stdin.on('data', (c) => { text += c; });\n"
        f"process.stdin.on('end', () => {{ const f = {call};\n"
        "  process.stdout.write(JSON.stringify(JSON.parse(text).map(f))); });\n"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(inputs),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def _amounts() -> list[Decimal]:
    """Amounts as the engine's ledger holds them: whole pesos, centavos, large and negative."""
    pick = random.Random(20261205)
    amounts = [Decimal(text) for text in ("0", "0.00", "-0.00", "5", "999.99", "1000", "-1000.5")]
    for _ in range(400):
        cents = pick.choice((1, 100, 10_000, 10**6, 10**10))
        amounts.append(Decimal(pick.randint(-cents, cents)) / 100)
    return amounts


def test_money_is_written_as_the_engine_writes_it():
    amounts = _amounts()
    for unit in ("₱", "$", "pts"):
        call = f"(a) => m.money(a, {json.dumps(unit)})"
        written = _node("money.js", call, [str(a) for a in amounts])
        assert written == [money_text(a, unit) for a in amounts]


def _typed(card) -> list[str]:
    """The ways a player may type `card`: as stored, lower case, with its suit symbol, T for 10."""
    text = str(card)
    symbol = {letter: sign for sign, letter in SUIT_SYMBOLS.items()}
    ways = [text, text.lower(), text[:-1] + symbol[text[-1]]]
    if text.startswith("10"):
        ways += ["T" + text[-1], "t" + text[-1].lower()]
    return ways


def test_a_typed_card_is_read_as_the_engine_reads_it():
    typed = [way for card in DECK for way in _typed(card)] + ["JK", "jk", "joker", "Joker"]
    read = _node("cards.js", "(t) => m.norm(t)", typed)
    assert read == [str(parse_card(token)) for token in typed]
    assert str(JOKER_CARD) in read and len(set(read)) == len(DECK) + 1
