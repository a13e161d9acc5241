"""The ledger's one line per round (tracker/present/round_lines.py): who called or went out, who
challenged, who won, and the winner's gain, for every way a round ends."""

from __future__ import annotations

import pytest

from tracker.engine import score_round
from tracker.present.round_lines import round_line

PLAYERS = ["Ana", "Ben", "Cris"]


def hand(melds, cards, **flags) -> dict:
    return {"melds": melds, "hand": cards, **flags}


CASES = {
    "a challenger wins": (
        {"ending": "draw", "declarer": 2},
        [
            hand([["7S", "7D", "7C"]], ["2C"], challenged=True),
            hand([["5H", "6H", "7H"]], ["KD", "QD"]),
            hand([["9S", "9D", "9C"]], ["8C", "3D"]),
        ],
        "Cris called · Ana won the challenge · +₱72.00",
    ),
    "two challengers, one wins": (
        {"ending": "draw", "declarer": 2},
        [
            hand([["7S", "7D", "7C"]], ["2C"], challenged=True),
            hand([["5H", "6H", "7H"]], ["KD"], challenged=True),
            hand([["9S", "9D", "9C"]], ["8C", "3D"]),
        ],
        "Cris called · Ana won the challenge · Ben challenged and lost · +₱82.00",
    ),
    "the caller beats a challenger": (
        {"ending": "draw", "declarer": 2},
        [
            hand([["7S", "7D", "7C"]], ["KC"], challenged=True),
            hand([["5H", "6H", "7H"]], ["KD"]),
            hand([["9S", "9D", "9C"]], ["2C"]),
        ],
        "Cris called · Ana challenged and lost · +₱60.00",
    ),
    "the caller wins a tie": (
        {"ending": "draw", "declarer": 2},
        [
            hand([["7S", "7D", "7C"]], ["2D"], challenged=True),
            hand([["5H", "6H", "7H"]], ["KD"]),
            hand([["9S", "9D", "9C"]], ["2C"]),
        ],
        "Cris called · Ana challenged and lost on a tie · +₱44.00",
    ),
    "the caller wins unchallenged": (
        {"ending": "draw", "declarer": 2},
        [
            hand([["7S", "7D", "7C"]], ["KC"]),
            hand([["5H", "6H", "7H"]], ["KD"]),
            hand([["9S", "9D", "9C"]], ["2C"]),
        ],
        "Cris called and won · +₱40.00",
    ),
    "everyone shows and beats the caller": (
        {"ending": "draw", "declarer": 2},
        [
            hand([["7S", "7D", "7C"]], ["2D"]),
            hand([["5H", "6H", "7H"]], ["KD"]),
            hand([["9S", "9D", "9C"]], ["5C"]),
        ],
        "Cris called · Ana won the showdown · +₱50.00",
    ),
    "Tongits with a kang": (
        {"ending": "tongits", "declarer": 1},
        [
            hand([["7S", "7D", "7C"]], ["2D"]),
            hand([["5H", "6H", "7H"], ["JS", "JD", "JC"]], [], kang=True),
            hand([["9S", "9D", "9C"]], ["5C"]),
        ],
        "Ben went Tongits with a kang · +₱54.00",
    ),
    "talon out": (
        {"ending": "talon"},
        [
            hand([["7S", "7D", "7C"]], ["3D"]),
            hand([["5H", "6H", "7H"]], ["KD"]),
            hand([], ["5C", "6D"]),
        ],
        "Talon out · Ana wins with 3 · +₱41.00",
    ),
    "talon out, a tie": (
        {"ending": "talon", "last_drawer": 1},
        [
            hand([["7S", "7D", "7C"]], ["3D"]),
            hand([["5H", "6H", "7H"]], ["3C"]),
            hand([], ["5C", "6D"]),
        ],
        "Talon out · Ben wins the tie with 3 · +₱34.00",
    ),
    "a void round": (
        {"ending": "talon"},
        [hand([], ["3D"]), hand([], ["3C"]), hand([], ["5C", "6D"])],
        "Talon out · all three sunog · void round",
    ),
}


@pytest.mark.parametrize("how,hands,expected", CASES.values(), ids=list(CASES))
def test_round_line(how, hands, expected):
    record = {
        "players": PLAYERS,
        "rules": {"preset": "classic", "kang_multiplier": 2},
        "dealer": 0,
        "pot": "0",
        "hands": hands,
        **how,
    }
    line = round_line(score_round(record))
    assert line.text() == expected
    assert (line.amount is None) == ("void" in expected)


def test_progressive_points():
    record = {
        "players": PLAYERS,
        "rules": {"preset": "classic", "progressive": True, "loss_limit": 400},
        "dealer": 0,
        "pot": "0",
        "ending": "tongits",
        "declarer": 0,
        "hands": [
            hand([["7S", "7D", "7C"], ["2H", "3H", "4H"]], []),
            hand([["9S", "9D", "9C"]], ["KS", "QH"]),
            hand([], ["2C", "3D"]),
        ],
    }
    assert round_line(score_round(record)).text("pts") == "Ana went Tongits · +45 pts"
