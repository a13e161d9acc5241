"""Round records the web tests share: a clean draw, a Tongits, a talon out, every bad input."""

from __future__ import annotations

PLAYERS = ["Ana", "Ben", "Cris"]


def hand(melds=(), cards=(), **flags) -> dict:
    return {"melds": [list(m) for m in melds], "hand": list(cards), **flags}


# A clean draw: Ana calls with 5, Ben challenges with 10 and loses, Cris is sunog.
DRAW = {
    "ending": "draw",
    "declarer": 0,
    "hands": [
        hand([["7S", "7D", "7C"]], ["2C", "3D"]),
        hand([["5H", "6H", "7H", "8H"]], ["KD"], challenged=True),
        hand([], ["AS", "AD", "9C"]),
    ],
}
# Ben goes Tongits.
TONGITS = {
    "ending": "tongits",
    "declarer": 1,
    "hands": [
        hand([["9S", "9D", "9C"]], ["2C", "3D", "4H"]),
        hand([["5H", "6H", "7H"], ["JS", "JD", "JC"], ["2S", "3S", "4S"]], []),
        hand([], ["AS", "AD", "9H", "KC", "QC", "10C", "8D", "6D"]),
    ],
}
# The talon runs out; Cris has the least deadwood.
TALON = {
    "ending": "talon",
    "declarer": None,
    "hands": [
        hand([["8S", "8D", "8C"]], ["KH", "QH"]),
        hand([["2H", "3H", "4H"]], ["9D", "10S"]),
        hand([["AC", "2C", "3C"]], ["AS"]),
    ],
}

_ALL_52 = [
    f"{rank}{suit}"
    for suit in "SHDC"
    for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
]

# Every bad input of docs/rules.md §8: (name, record, where, message fragment, form field)
BAD_ROUNDS = [
    (
        "unknown card",
        {
            "ending": "talon",
            "hands": [
                hand([["7S", "7D", "7C"]], ["ZZ"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand([], ["AS"]),
            ],
        },
        "hands[0].hand",
        "'ZZ' is not a card",
        "hand_0",
    ),
    (
        "same card twice",
        {
            "ending": "talon",
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["7S"]),
                hand([], ["AS"]),
            ],
        },
        "hands[1].hand",
        "7S is entered twice",
        "hand_1",
    ),
    (
        "joker not allowed",
        {
            "ending": "talon",
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand([], ["JK"]),
            ],
        },
        "hands[2].hand",
        "a joker too many",
        "hand_2",
    ),
    (
        "more than the deck",
        {
            "ending": "talon",
            "hands": [
                hand([_ALL_52[0:13], _ALL_52[13:26]], []),
                hand([_ALL_52[26:39]], []),
                hand([_ALL_52[39:52]], ["JK"]),
            ],
        },
        "hands",
        "53 cards entered, more than the deck holds",
        "form",
    ),
    (
        "hand over 13",
        {
            "ending": "talon",
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand(
                    [],
                    [
                        "AS",
                        "2S",
                        "3S",
                        "4S",
                        "5S",
                        "6S",
                        "8S",
                        "9S",
                        "10S",
                        "JS",
                        "QS",
                        "KS",
                        "AD",
                        "2D",
                    ],
                ),
            ],
        },
        "hands[2].hand",
        "Cris has 14 cards in hand; a hand holds at most 13",
        "hand_2",
    ),
    (
        "invalid meld",
        {
            "ending": "talon",
            "hands": [
                hand([["7S", "8H", "9S"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand([], ["AS"]),
            ],
        },
        "hands[0].melds[0]",
        "Ana's meld 7S 8H 9S is not a set or a run: a run must be one suit",
        "melds_0",
    ),
    (
        "tongits with cards in hand",
        {
            "ending": "tongits",
            "declarer": 0,
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand([], ["AS"]),
            ],
        },
        "hands[0].hand",
        "Ana declared Tongits but still has 1 card in hand",
        "hand_0",
    ),
    (
        "sunog draw caller",
        {
            "ending": "draw",
            "declarer": 2,
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand([], ["AS"]),
            ],
        },
        "declarer",
        "Cris is sunog (no meld on the table) and cannot call a draw",
        "declarer",
    ),
    (
        "sunog challenger",
        {
            "ending": "draw",
            "declarer": 0,
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C"]),
                hand([["5H", "6H", "7H"]], ["KD"]),
                hand([], ["AS"], challenged=True),
            ],
        },
        "hands[2].challenged",
        "Cris is sunog (no meld on the table) and cannot challenge",
        "challenged_2",
    ),
    (
        "talon tie without last drawer",
        {
            "ending": "talon",
            "hands": [
                hand([["7S", "7D", "7C"]], ["2C", "3D"]),
                hand([["5H", "6H", "7H"]], ["5D"]),
                hand([], ["AS"]),
            ],
        },
        "last_drawer",
        "Ana and Ben tie with 5 at talon out: say who drew the last card",
        "last_drawer",
    ),
]
