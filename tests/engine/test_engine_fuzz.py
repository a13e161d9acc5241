"""Hostile input to the engine: never a crash, always RoundError / CardError with clear words."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.engine import CardError, Path, RoundError, Rules, RulesError, parse_cards, score_round

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
card_tokens = st.sampled_from(
    ["7S", "10H", "QD", "JK", "AS", "KC", "1S", "XX", "", "7", "♠7", "10♥", "T♣", "jk"]
)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_notation_never_crashes(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert error.token and error.token in str(error)
    else:
        assert parse_cards(" ".join(map(str, cards))) == cards


def hands_strategy():
    meld = st.lists(card_tokens, max_size=5) | st.fixed_dictionaries(
        {"cards": st.lists(card_tokens, max_size=5)}, optional={"secret": json_values}
    )
    hand = st.fixed_dictionaries(
        {"melds": st.lists(meld, max_size=3), "hand": st.lists(card_tokens, max_size=14)},
        optional={"challenged": st.booleans() | json_values, "kang": st.booleans()},
    )
    return st.lists(hand | json_values, min_size=0, max_size=4)


records = st.fixed_dictionaries(
    {
        "ending": st.sampled_from(["tongits", "draw", "talon"]) | json_values,
        "hands": hands_strategy(),
    },
    optional={
        "players": st.lists(st.text(max_size=6), max_size=4) | json_values,
        "declarer": st.integers(-1, 3) | json_values,
        "last_drawer": st.integers(-1, 3) | json_values,
        "dealer": st.integers(-1, 3) | json_values,
        "pot": st.sampled_from(["0", "10.5", "-3", "1e400", "NaN", "x"]) | json_values,
        "streak": json_values,
        "rules": st.dictionaries(
            st.sampled_from(["stake", "jokers", "qka_run", "preset", "point_rate", "bogus"]),
            json_values,
            max_size=3,
        )
        | json_values,
    },
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records)
def test_any_round_json_scores_or_names_its_problems(record):
    try:
        result = score_round(record)
    except RoundError as error:
        assert error.problems
        for problem in error.problems:
            assert isinstance(problem.where, Path) and str(problem.where)
            assert isinstance(problem.message, str) and len(problem.message) > 5
        json.dumps(error.to_dict())
    else:
        json.dumps(result.to_dict())
        assert sum(p.net for p in result.players) + (result.pot - result.pot_before) == 0


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=25), json_values, max_size=4))
def test_any_rules_dict_is_accepted_or_named(data):
    try:
        Rules.from_dict(data)
    except RulesError as error:
        assert isinstance(error.option, str) and str(error)
