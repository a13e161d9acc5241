"""Two nights of one barkada (Biyernes: Ana, Ben, Cris, Dan) and every stats figure of them,
worked out by hand from the rounds: the engine's stats (tests/engine/test_engine_stats.py) and
the group's stats API, pages and PDFs are checked against the same figures.

Rules: stake ₱10, ₱1 per deadwood point, a failed call and a lost challenge ×2 (classic).
The rounds (tests/support/records.py), by seat:
- DRAW: seat 0 calls with 5 (2C 3D); seat 1 challenges with 10 (KD) and loses: pays
  (10 + 10) × 2 = 40; seat 2 is sunog with 11 (AS AD 9C): pays 10 + 11 = 21. Seat 0 +61.
- TONGITS: seat 1 goes Tongits; seat 0 holds 9 (2C 3D 4H): pays 19; seat 2 is sunog with 55
  (AS AD 9H KC QC 10C 8D 6D, no meld among them): pays 65. Seat 1 +84.
- TALON: seat 0 holds 20 (KH QH), seat 1 19 (9D 10S), seat 2 1 (AS) and wins: 30 + 29 = +59.
- VOID: talon out with all three sunog: each puts a ₱10 stake in the pot (30), no winner.

Night 1, seats ana, ben, cris: DRAW, TONGITS, TALON, DRAW.
  ana +61 −19 −30 +61 = +73; ben −40 +84 −29 −40 = −25; cris −21 −65 +59 −21 = −48.
Night 2, seats dan, ana, ben: TONGITS (ana wins), VOID, TALON (ben wins and takes the pot of 30).
  dan −19 −10 −30 = −59; ana +84 −10 −29 = +45; ben −65 −10 +59 +30 = +14.
"""

from tests.support.records import DRAW, TALON, TONGITS, hand

VOID = {
    "ending": "talon",
    "hands": [hand([], ["2C"]), hand([], ["3D"]), hand([], ["4H"])],
}
NIGHT_1 = (["ana", "ben", "cris"], [DRAW, TONGITS, TALON, DRAW])
NIGHT_2 = (["dan", "ana", "ben"], [TONGITS, VOID, TALON])

# (person, figure, value), worked out in this module's docstring
FIGURES = [
    # ana: night 1 seat 0 (wins both draws she calls, loses the Tongits and the talon out),
    # night 2 seat 1 (wins by Tongits, sunog in the void round, loses the talon out)
    ("ana", "sessions", 2),
    ("ana", "rounds", 7),
    ("ana", "won", 3),
    ("ana", "wins", {"tongits": 1, "draw": 2, "talon": 0}),
    ("ana", "draw_calls", 2),
    ("ana", "draw_calls_won", 2),
    ("ana", "challenges", 0),
    ("ana", "challenges_won", 0),
    ("ana", "sunog", 1),
    ("ana", "losing_hands", 3),  # 9 + 20 + 19 = 48: the void round is nobody's loss
    ("ana", "average_deadwood", "16.00"),
    ("ana", "pots_won", 0),
    ("ana", "pot_money", "0.00"),
    ("ana", "biggest_win", "84.00"),
    ("ana", "best_session", "73.00"),
    ("ana", "longest_streak", 2),  # W L L W | W L L: night 1's last and night 2's first
    ("ana", "net", "118.00"),  # 73 + 45
    # ben: night 1 seat 1 (challenges both draws and loses, wins the Tongits), night 2 seat 2
    # (sunog in the Tongits and the void round, wins the talon out and the pot)
    ("ben", "sessions", 2),
    ("ben", "rounds", 7),
    ("ben", "wins", {"tongits": 1, "draw": 0, "talon": 1}),
    ("ben", "draw_calls", 0),
    ("ben", "challenges", 2),
    ("ben", "challenges_won", 0),
    ("ben", "sunog", 2),
    ("ben", "losing_hands", 4),  # 10 + 19 + 10 + 55 = 94
    ("ben", "average_deadwood", "23.50"),
    ("ben", "pots_won", 1),
    ("ben", "pot_money", "30.00"),
    ("ben", "biggest_win", "89.00"),  # 59 + the pot of 30, more than the Tongits' 84
    ("ben", "best_session", "14.00"),
    ("ben", "longest_streak", 1),
    ("ben", "net", "-11.00"),  # −25 + 14
    # cris: night 1 seat 2, sunog in both draws and the Tongits
    ("cris", "sessions", 1),
    ("cris", "rounds", 4),
    ("cris", "wins", {"tongits": 0, "draw": 0, "talon": 1}),
    ("cris", "sunog", 3),
    ("cris", "losing_hands", 3),  # 11 + 55 + 11 = 77, 25.666…
    ("cris", "average_deadwood", "25.67"),
    ("cris", "biggest_win", "59.00"),
    ("cris", "best_session", "0.00"),  # a losing night is no best
    ("cris", "net", "-48.00"),
    # dan: night 2 seat 0, sunog only in the void round
    ("dan", "sessions", 1),
    ("dan", "rounds", 3),
    ("dan", "won", 0),
    ("dan", "sunog", 1),
    ("dan", "losing_hands", 2),  # 9 + 20
    ("dan", "average_deadwood", "14.50"),
    ("dan", "biggest_win", "0.00"),
    ("dan", "longest_streak", 0),
    ("dan", "net", "-59.00"),
]
