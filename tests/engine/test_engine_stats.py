"""Stats across sessions (engine/stats.py), every figure worked out by hand from the rounds: the
two nights of tests/support/two_nights.py, whose docstring holds the working."""

from decimal import Decimal

import pytest

from tests.support.two_nights import FIGURES, NIGHT_1, NIGHT_2
from tracker.engine import Rules, combine, replay, session_stats
from tracker.engine.stats import Run

RULES = Rules.from_dict({"stake": "10.00", "point_rate": "1.00"})


def night(keys, records, rules=RULES):
    ledger = replay([k.title() for k in keys], rules, 0, records)
    return session_stats(keys, ledger)


@pytest.fixture(scope="module")
def both():
    return combine([night(*NIGHT_1), night(*NIGHT_2)])


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
