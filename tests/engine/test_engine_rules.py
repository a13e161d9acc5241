"""The house-rule options of docs/rules.md and their two presets."""

from dataclasses import fields
from decimal import Decimal

import pytest

from tracker.engine import Rules, RulesError


def test_defaults_are_the_classic_preset():
    rules = Rules()
    assert rules == Rules.preset("classic")
    assert (rules.qka_run, rules.draw_showdown, rules.draw_tie) == (True, "all", "caller")
    assert (rules.tongits_units, rules.failed_call_multiplier, rules.pot_won_by) == (
        1,
        2,
        "next_winner",
    )


def test_pagat_preset():
    rules = Rules.preset("pagat")
    assert rules.preset_name == "pagat"
    assert (rules.qka_run, rules.draw_showdown, rules.draw_tie) == (
        False,
        "challengers",
        "challenger",
    )
    assert (rules.tongits_units, rules.challenged_draw_units, rules.point_rate) == (
        3,
        3,
        Decimal("0"),
    )
    assert (rules.sunog_extra_units, rules.ace_bonus_units, rules.secret_bonus_units) == (1, 1, 3)
    assert (rules.pot_ante_units, rules.pot_won_by, rules.next_dealer) == (2, "streak", "winner")


def test_preset_with_overrides():
    rules = Rules.preset("pagat", stake="25", qka_run=True)
    assert rules.stake == Decimal("25.00") and rules.qka_run and rules.tongits_units == 3


@pytest.mark.parametrize(
    "rules", [Rules(), Rules.preset("pagat", stake="7.50", jokers=2, joker_points=30)]
)
def test_dict_round_trip(rules):
    data = rules.to_dict()
    assert data["preset"] == rules.preset_name
    assert isinstance(data["stake"], str)
    assert Rules.from_dict(data) == rules


def test_every_option_has_a_name_in_the_dict():
    names = set(Rules().to_dict())
    assert {f.name for f in fields(Rules)} - {"preset_name"} <= names


@pytest.mark.parametrize(
    "data, option, text",
    [
        ({"preset": "vegas"}, "preset", "unknown preset"),
        ({"colour": "red"}, "colour", "unknown rule option"),
        ({"jokers": 3}, "jokers", "from 0 to 2"),
        ({"joker_points": 20}, "joker_points", "25 or 30"),
        ({"stake": 10.5}, "stake", "as text"),  # floats are refused: money is exact
        ({"stake": "abc"}, "stake", "is not an amount"),
        ({"point_rate": "0.001"}, "point_rate", "more than two decimal places"),
        ({"qka_run": "maybe"}, "qka_run", "true or false"),
        ({"next_dealer": "random"}, "next_dealer", "rotate or winner"),
        ({"failed_call_multiplier": 0}, "failed_call_multiplier", "from 1 to 10"),
    ],
)
def test_bad_options_are_named(data, option, text):
    with pytest.raises(RulesError) as caught:
        Rules.from_dict(data)
    assert caught.value.option == option
    assert text in str(caught.value)


def test_flags_accept_form_words():
    assert Rules.from_dict({"qka_run": "off", "progressive": "on"}).progressive is True


@pytest.mark.parametrize("data", [[1, 2], "classic", 5])
def test_rules_must_be_an_object(data):
    with pytest.raises(RulesError, match="rules must be an object of house-rule options"):
        Rules.from_dict(data)
