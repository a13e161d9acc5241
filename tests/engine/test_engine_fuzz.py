"""Hostile input to the engine: never a crash, always RoundError / CardError with clear words.

Besides any JSON, the values of issue 8 part 4: numbers that overflow, nesting hundreds of
levels deep, unknown keys, strings and numbers where a flag is expected, fractions and flags
where a whole number is, jokers the rules do not allow, lone surrogates and control characters.
"""

import contextlib
import io
import json
import tempfile
from pathlib import Path as FilePath

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.engine import CardError, Path, RoundError, Rules, RulesError, parse_cards, score_round
from tracker.engine.__main__ import main

pytestmark = pytest.mark.slow

OVERFLOWING = [
    -(10**40),
    float("inf"),
    float("-inf"),
    float("nan"),
    1e308,
    "1e9999999",
    "1e999",
    "9" * 5000,
    2.5,
    1.0,
    "true",
    "\ud800",
    "a\x00b",
]
huge_ints = st.integers(4400, 6000).map(lambda digits: 10**digits)  # no text in Python
hostile_text = st.text(st.characters(categories=["Cs", "Cc", "Zs", "Ll"]), max_size=6)


def nested(depth: int, as_dict: bool):
    value = []
    for _ in range(depth):
        value = {"x": value} if as_dict else [value]
    return value


deep_values = st.builds(nested, st.integers(100, 600), st.booleans())
json_values = (
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**6), 10**6)
        | st.floats(allow_nan=True)
        | st.text(max_size=12)
        | hostile_text
        | st.sampled_from(OVERFLOWING)
        | huge_ints,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.text(max_size=8) | hostile_text, inner, max_size=4)
        ),
        max_leaves=20,
    )
    | deep_values
)
card_tokens = st.sampled_from(
    ["7S", "10H", "QD", "JK", "AS", "KC", "1S", "XX", "", "7", "♠7", "10♥", "T♣", "jk", "\ud800"]
)


def with_unknown_keys(known):
    """The dicts of `known`, some with a key more (a misspelt "challange", a broken one...)."""
    more = st.dictionaries(
        st.sampled_from(["challange", "secrett", "note", "Hand"]) | hostile_text,
        json_values,
        min_size=1,
        max_size=2,
    )
    return known | st.builds(lambda base, extra: {**extra, **base}, known, more)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | hostile_text)
def test_notation_never_crashes(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert error.token and error.token in str(error)
        str(error).encode("utf-8")  # printable: control characters and surrogates escaped
    else:
        assert parse_cards(" ".join(map(str, cards))) == cards


def hands_strategy():
    flags = st.booleans() | json_values
    meld = st.lists(card_tokens | json_values, max_size=5) | with_unknown_keys(
        st.fixed_dictionaries(
            {"cards": st.lists(card_tokens, max_size=5) | json_values}, optional={"secret": flags}
        )
    )
    hand = with_unknown_keys(
        st.fixed_dictionaries(
            {"melds": st.lists(meld, max_size=3), "hand": st.lists(card_tokens, max_size=14)},
            optional={"challenged": flags, "kang": flags},
        )
    )
    return st.lists(hand | json_values, min_size=0, max_size=4)


rule_options = st.sampled_from(
    ["stake", "jokers", "qka_run", "preset", "point_rate", "currency", "pot_streak", "bogus"]
)
records = with_unknown_keys(
    st.fixed_dictionaries(
        {
            "ending": st.sampled_from(["tongits", "draw", "talon"]) | json_values,
            "hands": hands_strategy(),
        },
        optional={
            "players": st.lists(st.text(max_size=6) | hostile_text, max_size=4) | json_values,
            "declarer": st.integers(-1, 3) | json_values,
            "last_drawer": st.integers(-1, 3) | json_values,
            "dealer": st.integers(-1, 3) | json_values,
            "pot": st.sampled_from(["0", "10.5", "-3", "1e400", "NaN", "x"]) | json_values,
            "streak": st.fixed_dictionaries({"seat": json_values, "wins": json_values})
            | json_values,
            "rules": st.dictionaries(rule_options, json_values, max_size=3) | json_values,
        },
    )
)


def assert_printable(data: dict) -> None:
    """What the CLI and the pages print: UTF-8 that encodes (no lone surrogate)."""
    json.dumps(data, ensure_ascii=False).encode("utf-8")


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
        assert_printable(error.to_dict())
    else:
        assert_printable(result.to_dict())
        assert sum(p.net for p in result.players) + (result.pot - result.pot_before) == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.text(max_size=25) | hostile_text | rule_options, json_values, max_size=4))
def test_any_rules_dict_is_accepted_or_named(data):
    try:
        Rules.from_dict(data)
    except RulesError as error:
        assert isinstance(error.option, str) and str(error)
        assert_printable({"option": error.option, "message": str(error)})


def json_texts():
    """Round records as JSON text, some of them no JSON at all or nested too deeply."""

    def dumped(record):
        try:
            return json.dumps(record)
        except ValueError:  # an int of thousands of digits has no text in Python
            return '{"pot": ' + "9" * 5000 + "}"

    deep = st.integers(1000, 100_000).map(lambda n: "[" * n + "]" * n)
    return st.builds(dumped, records) | deep | st.text(max_size=20)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_texts())
def test_the_cli_scores_or_exits_2_with_its_problems(text):
    with tempfile.TemporaryDirectory() as folder:
        path = FilePath(folder) / "round.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["score", str(path)])
    answer = json.loads(out.getvalue())
    assert code == (2 if "errors" in answer else 0)
    for problem in answer.get("errors", []):
        assert problem["where"] and problem["message"]
