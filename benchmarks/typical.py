"""A typical played round for the benchmarks: two opened players (a set and 3-6 cards), one
sunog player with 8 cards, ending in a draw or at talon out. No import of `tracker`, so a
benchmark that runs an older revision's code (history.py) can use it too."""

from __future__ import annotations

import random

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def typical_round(rng: random.Random) -> dict:
    ranks = rng.sample(RANKS, 2)
    melds = [[rank + suit for suit in rng.sample("SHDC", 3)] for rank in ranks]
    used = {card for meld in melds for card in meld}
    rest = [rank + suit for suit in "SHDC" for rank in RANKS if rank + suit not in used]
    rng.shuffle(rest)
    a, b = rng.randint(3, 6), rng.randint(3, 6)
    hands = [
        {"melds": [melds[0]], "hand": rest[:a]},
        {"melds": [melds[1]], "hand": rest[a : a + b]},
        {"melds": [], "hand": rest[a + b : a + b + 8]},
    ]
    if rng.random() < 0.5:
        return {
            "ending": "talon",
            "declarer": None,
            "last_drawer": rng.randrange(3),
            "hands": hands,
        }
    return {"ending": "draw", "declarer": rng.randrange(2), "hands": hands}
