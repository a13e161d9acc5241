"""Stats across sessions (engine/stats.py), every figure worked out by hand from the rounds.

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

from decimal import Decimal

import pytest

from tests.support.records import DRAW, TALON, TONGITS, hand
from tracker.engine import Rules, combine, replay, session_stats
from tracker.engine.stats import Run

RULES = Rules.from_dict({"stake": "10.00", "point_rate": "1.00"})
VOID = {
    "ending": "talon",
    "hands": [hand([], ["2C"]), hand([], ["3D"]), hand([], ["4H"])],
}
NIGHT_1 = (["ana", "ben", "cris"], [DRAW, TONGITS, TALON, DRAW])
NIGHT_2 = (["dan", "ana", "ben"], [TONGITS, VOID, TALON])


def night(keys, records, rules=RULES):
    ledger = replay([k.title() for k in keys], rules, 0, records)
    return session_stats(keys, ledger)


@pytest.fixture(scope="module")
def both():
    return combine([night(*NIGHT_1), night(*NIGHT_2)])


# (person, figure, value), worked out in the module's docstring
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


@pytest.mark.parametrize(("person", "figure", "value"), FIGURES)
def test_each_figure(both, person, figure, value):
    assert both.people[person].to_dict()[figure] == value


def test_nets_of_everyone_sum_to_zero(both):
    assert sum((tally.net for tally in both.people.values()), Decimal(0)) == 0


# (a, b, rounds together, a's wins, b's wins, what b paid a less what a paid b)
VERSUS = [
    # 40 (Ben's lost challenge) − 19 (Tongits) + 40 + 65 (Ben sunog at Ana's Tongits) − 29
    ("ana", "ben", 7, 3, 2, "97.00"),
    ("ana", "cris", 4, 2, 1, "12.00"),  # 21 − 30 + 21
    ("ana", "dan", 3, 1, 0, "19.00"),  # Dan's 19 at Ana's Tongits; both pay Ben the talon out
    ("ben", "cris", 4, 1, 1, "36.00"),  # 65 (Cris sunog at Ben's Tongits) − 29 (talon out)
    ("ben", "dan", 3, 1, 0, "30.00"),  # Dan's 30 at Ben's talon out
]


@pytest.mark.parametrize(("a", "b", "rounds", "wins", "losses", "net"), VERSUS)
def test_head_to_head(both, a, b, rounds, wins, losses, net):
    assert both.against(a, b).to_dict() == {
        "rounds": rounds,
        "wins": wins,
        "losses": losses,
        "net": net,
    }
    mirror = both.against(b, a)
    assert (mirror.rounds, mirror.wins, mirror.losses) == (rounds, losses, wins)
    assert mirror.net == -Decimal(net)


def test_people_never_at_one_table_have_no_head_to_head(both):
    assert both.against("cris", "dan").rounds == 0
    assert "dan" not in both.versus["cris"]


def test_to_dict_names_people_by_the_names_given(both):
    shown = both.to_dict({"ana": "Ana", "ben": "Ben B.", "eve": "Eve"})
    assert list(shown["players"]) == ["Ana", "Ben B.", "Eve"]
    assert shown["players"]["Eve"]["rounds"] == 0  # a member who never played: all zero
    assert shown["players"]["Eve"]["average_deadwood"] is None
    assert shown["head_to_head"]["Ana"]["Ben B."]["net"] == "97.00"
    assert "Eve" not in shown["head_to_head"]


def test_progressive_sessions_count_rounds_but_no_money():
    rules = Rules.from_dict({"progressive": True, "stake": "10.00", "point_rate": "1.00"})
    stats = night(*NIGHT_1, rules=rules)
    ana = stats.people["ana"].to_dict()
    assert (ana["rounds"], ana["won"], ana["net"], ana["biggest_win"]) == (4, 2, "0.00", "0.00")
    assert stats.against("ana", "ben").net == 0


# Runs of won rounds: (rounds of the first sequence, of the second, the longest run in both)
RUNS = [
    ("", "", 0),
    ("W", "W", 2),
    ("WWL", "WWW", 3),
    ("LWW", "WL", 3),  # joined across the two
    ("WWW", "WWL", 5),  # the first all won: its run goes on into the second
    ("LWL", "LWWL", 2),
    ("WWWW", "L", 4),
]


@pytest.mark.parametrize(("first", "second", "best"), RUNS)
def test_runs_join_like_the_rounds_one_after_another(first, second, best):
    def run(rounds):
        made = Run()
        for mark in rounds:
            made.add(mark == "W")
        return made

    joined = run(first).then(run(second))
    assert joined == run(first + second)
    assert joined.best == best
