"""docs/rules.md §7 "Other tables' house rules": the six options, each worked out by hand.

Every amount below is worked from the default stake ₱10.00 and point rate ₱1.00 (or the preset
named) and the deadwood written next to each hand, in the test itself.
"""

from decimal import Decimal

import pytest

from tests.support.engine_rounds import (
    FIVE,
    FIVE_B,
    OPEN_LOW,
    OPEN_TEN,
    SUNOG,
    TEN,
    hand,
    paid,
    record,
)
from tracker.engine import RoundError, Rules, RulesError, read_rules, score_round

D = Decimal
# the hands of tests/support/engine_rounds.py: OPEN_LOW 5 (opened), OPEN_TEN 10, SUNOG 11 (no meld),
# FIVE 5, FIVE_B 5, TEN 10


def problems(rec) -> list[tuple[str, str]]:
    with pytest.raises(RoundError) as caught:
        score_round(rec)
    return [(str(p.where), p.message) for p in caught.value.problems]


def nothing_moved(result) -> bool:
    return (
        result.winner is None
        and result.push
        and not result.void
        and result.payments == []
        and result.pot_in == []
        and result.pot_out == 0
        and result.pot == result.pot_before
        and all(p.net == 0 for p in result.players)
    )


# --- the options themselves: names, values, defaults, refusals ---------------------------------


NEW = {
    "draw_tie": "push",
    "talon_tie": "before_last_drawer",
    "all_sunog": "lowest_wins",
    "secret_runs": True,
    "challenged_draw_pays": "all_losers",
    "no_discard_multiplier": 3,
}


def test_defaults_keep_todays_rules_in_both_presets():
    for preset in ("classic", "pagat"):
        rules = Rules.preset(preset)
        assert (rules.talon_tie, rules.all_sunog, rules.secret_runs) == (
            "after_last_drawer",
            "void",
            False,
        )
        assert (rules.challenged_draw_pays, rules.no_discard_multiplier) == ("showdown_losers", 1)


@pytest.mark.parametrize("preset", ["classic", "pagat"])
def test_the_options_round_trip_through_the_dict(preset):
    rules = Rules.preset(preset, **NEW)
    data = rules.to_dict()
    assert {key: data[key] for key in NEW} == NEW
    assert Rules.from_dict(data) == rules


def test_rules_stored_before_the_options_existed_read_as_the_defaults():
    old = Rules.preset("pagat").to_dict()
    for key in NEW:
        del old[key]
    assert Rules.from_dict(old) == Rules.preset("pagat")


@pytest.mark.parametrize(
    "data, where, text",
    [
        ({"draw_tie": "coin"}, "rules.draw_tie", "draw_tie must be caller, challenger or push"),
        (
            {"talon_tie": "dealer"},
            "rules.talon_tie",
            "talon_tie must be after_last_drawer, before_last_drawer or push, not 'dealer'",
        ),
        ({"all_sunog": "split"}, "rules.all_sunog", "all_sunog must be void or lowest_wins"),
        ({"secret_runs": "maybe"}, "rules.secret_runs", "secret_runs must be true or false"),
        (
            {"challenged_draw_pays": "everyone"},
            "rules.challenged_draw_pays",
            "challenged_draw_pays must be showdown_losers or all_losers",
        ),
        (
            {"no_discard_multiplier": 0},
            "rules.no_discard_multiplier",
            "no_discard_multiplier must be from 1 to 10",
        ),
        (
            {"no_discard_multiplier": "2.5"},
            "rules.no_discard_multiplier",
            "no_discard_multiplier must be a whole number",
        ),
    ],
)
def test_a_bad_value_is_a_problem_at_its_option(data, where, text):
    found: list = []
    assert read_rules(data, found) == Rules()
    assert [(str(p.where), p.message[: len(text)]) for p in found] == [(where, text)]
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_form_words_are_accepted_for_secret_runs():
    assert Rules.from_dict({"secret_runs": "on"}).secret_runs is True
    assert Rules.from_dict({"no_discard_multiplier": "2"}).no_discard_multiplier == 2


# --- draw_tie = "push" ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "draw_tie, winner, sentence",
    [
        ("caller", 0, "Ana and Ben tie with 5: a tie goes to the caller, Ana wins."),
        ("challenger", 1, "Ana and Ben tie with 5: a tie goes to the challenger, Ben wins."),
        ("push", None, "Ana and Ben tie at 5: a push, nobody pays."),
    ],
)
def test_a_tie_with_the_caller(draw_tie, winner, sentence):
    # Ana calls with 5, Ben shows 5, Cris 10: Ana and Ben tie for the lowest
    result = score_round(
        record("draw", [FIVE, OPEN_LOW, TEN], declarer=0, rules={"draw_tie": draw_tie})
    )
    assert result.winner == winner
    assert sentence in result.verdict
    if winner is None:
        assert nothing_moved(result)
        assert result.verdict == ["Ana called a draw with 5.", sentence]
        assert result.to_dict()["push"] is True and result.to_dict()["void"] is False


@pytest.mark.parametrize("draw_tie, winner", [("caller", 0), ("challenger", 0), ("push", None)])
def test_a_tie_without_the_caller(draw_tie, winner):
    # Cris calls with 10 and loses; Ana and Ben tie at 5. Turn order after Cris: Ana first.
    result = score_round(
        record("draw", [FIVE, OPEN_LOW, TEN], declarer=2, rules={"draw_tie": draw_tie})
    )
    assert result.winner == winner
    if winner is None:
        assert nothing_moved(result)
        assert "Ana and Ben tie at 5: a push, nobody pays." in result.verdict
        assert "Cris's call failed." not in result.verdict
    else:  # Cris pays (10 + 10) × 2 failed call; Ben pays 10 + 5
        assert (paid(result, 2), paid(result, 1)) == (D("40.00"), D("15.00"))


def test_push_among_challengers_the_folded_player_pays_nothing_either():
    # challengers only: Ana calls with 5, Ben challenges with 5, Cris folds
    challenger = {**OPEN_LOW, "challenged": True}
    rules = {"draw_showdown": "challengers", "draw_tie": "push"}
    result = score_round(record("draw", [FIVE, challenger, TEN], declarer=0, rules=rules))
    assert nothing_moved(result)
    assert result.verdict[-1] == "Ana and Ben tie at 5: a push, nobody pays."
    assert "Cris did not challenge and folds." in result.verdict


def test_push_without_a_tie_changes_nothing():
    result = score_round(
        record("draw", [FIVE, OPEN_TEN, TEN], declarer=0, rules={"draw_tie": "push"})
    )
    assert result.winner == 0 and not result.push
    assert (paid(result, 1), paid(result, 2)) == (D("20.00"), D("20.00"))


def test_push_moves_no_pot_no_ante_and_breaks_a_streak():
    rules = Rules.preset("pagat", draw_tie="push", draw_showdown="all")  # ante 2 stakes
    rec = record("draw", [FIVE, OPEN_LOW, TEN], declarer=0, pot="60", streak={"seat": 0, "wins": 1})
    result = score_round(rec, rules)
    assert nothing_moved(result)
    assert result.pot == D("60.00") and result.streak is None


# --- talon_tie --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "talon_tie, last_drawer, winner",
    [
        # Ana 5, Ben 10, Cris 5; Ben drew the last card: after Ben comes Cris, before him Ana
        ("after_last_drawer", 1, 2),
        ("before_last_drawer", 1, 0),
        ("push", 1, None),
        # Ana drew it and is among the tied: she wins under every value
        ("after_last_drawer", 0, 0),
        ("before_last_drawer", 0, 0),
        ("push", 0, 0),
    ],
)
def test_talon_tie_not_including_the_last_drawer(talon_tie, last_drawer, winner):
    rec = record(
        "talon", [FIVE, OPEN_TEN, FIVE_B], last_drawer=last_drawer, rules={"talon_tie": talon_tie}
    )
    result = score_round(rec)
    assert result.winner == winner
    if winner is None:
        assert nothing_moved(result)
        assert result.verdict == [
            "The talon ran out.",
            "Ana and Cris tie at 5, and Ben drew the last card: a push, nobody pays.",
        ]
    elif winner == 0:  # Ben pays 10 + 10, Cris 10 + 5
        assert (paid(result, 1), paid(result, 2)) == (D("20.00"), D("15.00"))
    else:  # Ana pays 10 + 5, Ben 10 + 10
        assert (paid(result, 0), paid(result, 1)) == (D("15.00"), D("20.00"))


@pytest.mark.parametrize(
    "talon_tie, winner, why",
    [
        ("after_last_drawer", 1, "the first in turn after Ana"),
        ("before_last_drawer", 2, "the first in turn before Ana"),
    ],
)
def test_talon_tie_turn_order_wraps_around(talon_tie, winner, why):
    # Ana drew the last card; Ben and Cris tie at 5: after Ana is Ben, before Ana is Cris
    rec = record("talon", [OPEN_TEN, FIVE, FIVE_B], last_drawer=0, rules={"talon_tie": talon_tie})
    result = score_round(rec)
    assert result.winner == winner
    assert why in result.verdict[1]


def test_talon_push_still_needs_the_last_drawer():
    rec = record("talon", [FIVE, OPEN_TEN, FIVE_B], rules={"talon_tie": "push"})
    assert problems(rec) == [
        (
            "last_drawer",
            "Ana and Cris tie with 5 at talon out: say who drew the last card",
        )
    ]


# --- all_sunog --------------------------------------------------------------------------------

BURNT = [hand("", "AS AD 9C"), hand("", "2H 3C"), hand("", "KD 4S")]  # 11, 5, 14, all sunog


def test_all_sunog_void_by_default():
    result = score_round(record("talon", BURNT))
    assert result.void and not result.push and result.winner is None
    assert [amount for _, amount, _ in result.pot_in] == [D("10.00")] * 3


def test_all_sunog_lowest_wins():
    # Ben has 5: Ana pays 10 + 11, Cris 10 + 14
    result = score_round(record("talon", BURNT, rules={"all_sunog": "lowest_wins"}))
    assert result.winner == 1 and not result.void
    assert (paid(result, 0), paid(result, 2)) == (D("21.00"), D("24.00"))
    assert result.verdict == [
        "The talon ran out with all three sunog: under this table's rules the lowest deadwood "
        "still wins.",
        "Ben has the lowest deadwood, 5, and wins.",
    ]


def test_all_sunog_lowest_wins_with_the_pagat_preset_pot_and_streak():
    # pagat: no point rate, 1 extra stake from a sunog loser: each loser pays 10 + 10;
    # ante 2 stakes each into a pot of 30 = 90; Ben's streak reaches 2 and he takes it
    rules = Rules.preset("pagat", all_sunog="lowest_wins")
    rec = record("talon", BURNT, pot="30", streak={"seat": 1, "wins": 1})
    result = score_round(rec, rules)
    assert (paid(result, 0), paid(result, 2)) == (D("20.00"), D("20.00"))
    assert result.pot_out == D("90.00") and result.pot == 0
    assert result.players[1].net == D("40.00") + D("90.00") - D("20.00")


@pytest.mark.parametrize(
    "talon_tie, winner", [("after_last_drawer", 0), ("before_last_drawer", 1), ("push", None)]
)
def test_all_sunog_lowest_wins_ties_as_talon_tie(talon_tie, winner):
    tied = [hand("", "2H 3C"), hand("", "4D AC"), hand("", "KD")]  # 5, 5, 10; Cris drew last
    rules = {"all_sunog": "lowest_wins", "talon_tie": talon_tie}
    result = score_round(record("talon", tied, last_drawer=2, rules=rules))
    assert result.winner == winner
    if winner is None:
        assert nothing_moved(result)
    rec = record("talon", tied, rules=rules)
    assert problems(rec)[0][0] == "last_drawer"


def test_all_sunog_void_needs_no_last_drawer_even_on_a_tie():
    tied = [hand("", "2H 3C"), hand("", "4D AC"), hand("", "KD")]
    assert score_round(record("talon", tied)).void


# --- secret_runs ------------------------------------------------------------------------------

SECRET_RUN = {"melds": [{"cards": ["5H", "6H", "7H", "8H"], "secret": True}], "hand": ["2S"]}


def test_secret_run_refused_when_the_option_is_off():
    assert problems(record("draw", [SECRET_RUN, FIVE, SUNOG], declarer=0)) == [
        (
            "hands[0].melds[0]",
            "Ana's meld 5H 6H 7H 8H cannot be a secret meld: a secret meld is four of a kind "
            "(secret runs are off in these house rules)",
        )
    ]


def test_secret_run_saves_from_sunog_and_earns_the_bonus():
    # Ana's only meld is the secret run; deadwood 2; she wins the draw against Ben's 5.
    # secret bonus 3 stakes: Ben pays 10 + 5 + 30, Cris (sunog) 10 + 11 + 30
    rules = {"secret_runs": True, "secret_bonus_units": 3}
    result = score_round(record("draw", [SECRET_RUN, FIVE, SUNOG], declarer=0, rules=rules))
    assert not result.players[0].sunog and result.winner == 0
    assert (paid(result, 1), paid(result, 2)) == (D("45.00"), D("51.00"))
    assert "1 secret meld × ₱30.00" in result.payments[0].explain


@pytest.mark.parametrize(
    "cards, jokers, message",
    [
        (
            ["5H", "6H", "7H"],
            0,
            "5H 6H 7H cannot be a secret meld: a secret meld is four of a "
            "kind or a run of 4 or more cards",
        ),
        (["5H", "6H", "8H", "9H"], 0, "5H 6H 8H 9H is not a run: the cards are not consecutive"),
        (["5H", "6S", "7H", "8H"], 0, "5H 6S 7H 8H cannot be a secret meld"),
    ],
)
def test_secret_run_must_be_a_run_of_four_or_more(cards, jokers, message):
    meld = {"melds": [{"cards": cards, "secret": True}], "hand": []}
    rules = {"secret_runs": True, "jokers": jokers}
    found = problems(record("draw", [meld, FIVE, SUNOG], declarer=0, rules=rules))
    assert found[0][0] == "hands[0].melds[0]" and message in found[0][1]


def test_secret_run_with_a_joker_and_a_secret_set_still_allowed():
    run = {"cards": ["5H", "JK", "7H", "8H"], "secret": True}
    four = {"cards": ["3S", "3H", "3D", "3C"], "secret": True}
    rules = {"secret_runs": True, "jokers": 1, "secret_bonus_units": 1}
    result = score_round(
        record(
            "tongits", [{"melds": [run, four], "hand": []}, FIVE, SUNOG], declarer=0, rules=rules
        )
    )
    # Ben pays 10 + 5 + 2 secret melds × 10
    assert paid(result, 1) == D("35.00")


# --- challenged_draw_pays ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "pays, ben, cris",
    [
        # pagat: 3 stakes for a challenged draw, no point rate, multipliers 1, sunog +1 stake.
        # Ana calls with 5 and wins; Ben challenged with 10; Cris (10) folded.
        ("showdown_losers", D("30.00"), D("10.00")),
        ("all_losers", D("30.00"), D("30.00")),
    ],
)
def test_who_pays_the_challenged_draw_units_pagat(pays, ben, cris):
    rules = Rules.preset("pagat", challenged_draw_pays=pays)
    challenger = {**OPEN_TEN, "challenged": True}
    result = score_round(record("draw", [OPEN_LOW, challenger, TEN], declarer=0), rules)
    assert (paid(result, 1), paid(result, 2)) == (ben, cris)


@pytest.mark.parametrize(
    "pays, ben, cris",
    [
        # classic with 3 challenged-draw stakes, everyone shows: Ben challenged and lost:
        # (30 + 10) × 2; Cris is sunog: 10 + 11, or 30 + 11 when every loser pays them
        ("showdown_losers", D("80.00"), D("21.00")),
        ("all_losers", D("80.00"), D("41.00")),
    ],
)
def test_who_pays_the_challenged_draw_units_classic(pays, ben, cris):
    rules = {"challenged_draw_units": 3, "challenged_draw_pays": pays}
    challenger = {**OPEN_TEN, "challenged": True}
    result = score_round(record("draw", [OPEN_LOW, challenger, SUNOG], declarer=0, rules=rules))
    assert (paid(result, 1), paid(result, 2)) == (ben, cris)


def test_all_losers_changes_nothing_without_a_challenge():
    rules = {"challenged_draw_units": 3, "challenged_draw_pays": "all_losers"}
    result = score_round(record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0, rules=rules))
    assert (paid(result, 1), paid(result, 2)) == (D("20.00"), D("21.00"))


def test_all_losers_when_the_caller_loses_a_challenged_draw():
    # Ana calls with 10, Ben challenges with 5 and wins; Ana pays (30 + 10) × 2 failed call,
    # Cris (sunog, never challenged) pays 30 + 11 under all_losers
    rules = {"challenged_draw_units": 3, "challenged_draw_pays": "all_losers"}
    challenger = {**FIVE, "challenged": True}
    result = score_round(record("draw", [OPEN_TEN, challenger, SUNOG], declarer=0, rules=rules))
    assert result.winner == 1
    assert (paid(result, 0), paid(result, 2)) == (D("80.00"), D("41.00"))


# --- no_discard_multiplier --------------------------------------------------------------------

CLEAN = hand("KS KH KC", "", no_discard=True)


@pytest.mark.parametrize(
    "rules, ben, cris, multipliers",
    [
        # Ben 10 + 10 = 20, Cris 10 + 11 = 21, times the multipliers
        ({"no_discard_multiplier": 3}, D("60.00"), D("63.00"), [("no discard", 3)]),
        ({"no_discard_multiplier": 1}, D("20.00"), D("21.00"), []),
        (
            {"no_discard_multiplier": 3, "kang_multiplier": 2},
            D("120.00"),
            D("126.00"),
            [("kang", 2), ("no discard", 3)],
        ),
        (
            {"no_discard_multiplier": 2, "progressive": True},
            D("40.00"),
            D("42.00"),
            [("no discard", 2)],
        ),
    ],
)
def test_a_tongits_without_a_discard(rules, ben, cris, multipliers):
    winner = {**CLEAN, "kang": "kang_multiplier" in rules}
    result = score_round(record("tongits", [winner, OPEN_TEN, SUNOG], declarer=0, rules=rules))
    assert (paid(result, 1), paid(result, 2)) == (ben, cris)
    assert result.payments[0].multipliers == multipliers
    assert "without a discard" in result.verdict[0]


def test_no_discard_explained():
    rules = {"no_discard_multiplier": 3}
    result = score_round(record("tongits", [CLEAN, OPEN_TEN, SUNOG], declarer=0, rules=rules))
    assert result.payments[0].explain == (
        "₱10.00 stake + 10 pts × ₱1.00 = ₱20.00, ×3 no discard = ₱60.00"
    )
    assert result.verdict[0] == "Ana went Tongits without a discard: emptied their hand and wins."
    both = score_round(
        record("tongits", [{**CLEAN, "kang": True}, OPEN_TEN, SUNOG], declarer=0, rules=rules)
    )
    assert both.verdict[0] == (
        "Ana went Tongits with a kang and without a discard: emptied their hand and wins."
    )
    assert result.players[0].to_dict()["no_discard"] is True


@pytest.mark.parametrize(
    "rec, where, name",
    [
        (
            record(
                "tongits",
                [hand("KS KH KC", ""), {**OPEN_TEN, "no_discard": True}, SUNOG],
                declarer=0,
            ),
            "hands[1].no_discard",
            "Ben",
        ),
        (
            record("draw", [{**OPEN_LOW, "no_discard": True}, OPEN_TEN, SUNOG], declarer=0),
            "hands[0].no_discard",
            "Ana",
        ),
        (
            record("talon", [{**OPEN_LOW, "no_discard": True}, OPEN_TEN, SUNOG], last_drawer=0),
            "hands[0].no_discard",
            "Ana",
        ),
    ],
)
def test_no_discard_refused_on_anyone_but_the_tongits_winner(rec, where, name):
    rec["rules"] = {"no_discard_multiplier": 2}
    assert (where, f"no discard counts only for the player who won by Tongits, not {name}") in (
        problems(rec)
    )


def test_no_discard_must_be_a_flag():
    rec = record("tongits", [{**CLEAN, "no_discard": "yes"}, OPEN_TEN, SUNOG], declarer=0)
    assert ("hands[0].no_discard", "no_discard must be true or false") in problems(rec)
