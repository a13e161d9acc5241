"""Input that never crashes the engine and is never silently misread (part 4): each
gets a clear message saying where it is. The same classes are fuzzed in test_engine_fuzz.py."""

import copy
import json

import pytest

from tests.support.engine_rounds import hand, record
from tracker.engine import RoundError, Rules, RulesError, check_players, score_round

HUGE = 10**5000  # an int of 5,001 digits: Python gives it no text


def deep(depth: int = 5000, as_dict: bool = False):
    value = []
    for _ in range(depth):
        value = {"x": value} if as_dict else [value]
    return value


def printable(message: str) -> bool:
    """Short and UTF-8 that encodes: no lone surrogate, no number of thousands of digits."""
    json.dumps(message, ensure_ascii=False).encode("utf-8")
    return len(message) < 300


RULES = [
    # numbers that overflow
    ({"stake": "1000000000"}, "stake", "'1000000000' is too large"),
    ({"stake": HUGE}, "stake", "'a number too long to show' is too large"),
    ({"stake": float("inf")}, "stake", "write the amount as text"),
    ({"point_rate": "9" * 5000}, "point_rate", "is too large"),
    ({"jokers": float("inf")}, "jokers", "jokers must be a whole number"),
    ({"jokers": HUGE}, "jokers", "jokers must be from 0 to 2"),
    ({"pot_streak": "9" * 5000}, "pot_streak", "pot_streak must be from 2 to 10"),
    ({"loss_limit": -HUGE}, "loss_limit", "loss_limit must be from 1 to 1000000"),
    ({"joker_points": HUGE}, "joker_points", "must be 25 or 30, not 'a number too long to show'"),
    # nested deep
    ({"stake": deep()}, "stake", "write the amount as text"),
    ({"jokers": deep(as_dict=True)}, "jokers", "jokers must be a whole number"),
    ({"draw_tie": deep()}, "draw_tie", "draw_tie must be caller, challenger or push, not 'a list'"),
    # fractions and flags where whole numbers are expected, and the other way round
    ({"jokers": 1.0}, "jokers", "jokers must be a whole number"),
    ({"jokers": "1.5"}, "jokers", "jokers must be a whole number"),
    ({"jokers": True}, "jokers", "jokers must be a whole number"),
    ({"qka_run": None}, "qka_run", "qka_run must be true or false"),
    ({"qka_run": 1}, "qka_run", "qka_run must be true or false"),
    # text no page should get
    ({"currency": "\ud800"}, "currency", "currency has a broken character (U+D800)"),
    ({"currency": "P\x07"}, "currency", "currency has a control character (U+0007)"),
    ({"preset": "cl\ud800"}, "preset", "unknown preset 'cl\\ud800'"),
    ({"preset": ["classic"]}, "preset", "unknown preset 'a list'"),
    ({"stake": "\ud800"}, "stake", "'\\ud800' is not an amount"),
    ({"next_dealer": "x\x00"}, "next_dealer", "not 'x\\x00'"),
    ({"colour\ud800": 1}, "colour\\ud800", "unknown rule option 'colour\\ud800'"),
    ({7: 1}, "7", "unknown rule option '7'"),
]


@pytest.mark.parametrize("data, option, text", RULES, ids=[r[1] for r in RULES])
def test_hostile_rules_are_named(data, option, text):
    with pytest.raises(RulesError) as caught:
        Rules.from_dict(data)
    assert caught.value.option == option
    assert text in str(caught.value) and printable(str(caught.value))


def test_whole_numbers_as_text_still_read():
    rules = Rules.from_dict({"jokers": " 2 ", "pot_streak": "3", "qka_run": "off"})
    assert (rules.jokers, rules.pot_streak, rules.qka_run) == (2, 3, False)


OPEN_LOW = hand("7S 7D 7C", "2C 3D")
OPEN_TEN = hand("5H 6H 7H 8H", "KD")
SUNOG = hand("", "AS AD 9C")
HANDS = [OPEN_LOW, OPEN_TEN, SUNOG]


def with_hand(seat: int, **changes) -> list:
    hands = copy.deepcopy(HANDS)
    hands[seat].update(changes)
    return hands


ROUND_KEYS = (
    "players, rules, dealer, ending, declarer, last_drawer, pot, streak, hands, points and id"
)
ROUNDS = [
    # numbers that overflow
    ("pot text", {"pot": "1000000000"}, "pot", "pot: '1000000000' is too large"),
    ("pot huge", {"pot": HUGE}, "pot", "is too large"),
    ("pot inf", {"pot": float("inf")}, "pot", "write the amount as text"),
    ("wins inf", {"streak": {"seat": 0, "wins": float("inf")}}, "streak.wins", "0 to 1000"),
    ("wins huge", {"streak": {"seat": 0, "wins": HUGE}}, "streak.wins", "0 to 1000"),
    ("wins digits", {"streak": {"seat": 0, "wins": "9" * 5000}}, "streak.wins", "0 to 1000"),
    ("seat huge", {"dealer": HUGE}, "dealer", "dealer must be a seat: 0, 1 or 2"),
    ("rules", {"rules": {"stake": "1000000000"}}, "rules.stake", "too large"),
    ("rules list", {"rules": [1]}, "rules", "rules must be an object of house-rule options"),
    # nested deep
    ("hands deep", {"hands": deep()}, "hands", "all three players"),
    ("hand deep", {"hands": with_hand(0, hand=deep())}, "hands[0].hand", "is not a card"),
    ("streak deep", {"streak": deep(as_dict=True)}, "streak", 'look like {"seat": 0'),
    ("players deep", {"players": deep()}, "players", "exactly three players"),
    # unknown keys
    ("round key", {"challange": True}, "challange", f"in the round: the keys are {ROUND_KEYS}"),
    (
        "hand key",
        {"hands": with_hand(1, challange=True)},
        "hands[1].challange",
        "unknown key 'challange' in Ben's hand: "
        "the keys are melds, hand, challenged, kang and no_discard",
    ),
    (
        "meld key",
        {"hands": with_hand(0, melds=[{"cards": "7S 7D 7C", "secrett": True}])},
        "hands[0].melds[0].secrett",
        "unknown key 'secrett' in Ana's meld 1: the keys are cards and secret",
    ),
    ("streak key", {"streak": {"seat": 0, "wins": 1, "x": 1}}, "streak", 'look like {"seat"'),
    ("surrogate key", {"\ud800": 1}, "\\ud800", "unknown key '\\ud800' in the round"),
    ("empty key", {"": 1}, "round", "unknown key '' in the round"),
    # strings, numbers and null where a flag is expected
    (
        "secret text",
        {"hands": with_hand(0, melds=[{"cards": "7S 7D 7C", "secret": "true"}])},
        "hands[0].melds[0].secret",
        "secret must be true or false",
    ),
    (
        "challenged 1",
        {"hands": with_hand(1, challenged=1)},
        "hands[1].challenged",
        "challenged must be true or false",
    ),
    ("kang null", {"hands": with_hand(0, kang=None)}, "hands[0].kang", "true or false"),
    ("kang text", {"hands": with_hand(0, kang="false")}, "hands[0].kang", "true or false"),
    ("hand false", {"hands": with_hand(0, hand=False)}, "hands[0].hand", "write the cards"),
    ("melds 0", {"hands": with_hand(0, melds=0)}, "hands[0].melds", "must be a list"),
    ("pot false", {"pot": False}, "pot", "write the amount as text"),
    # flags and fractions where a seat or a count is expected
    ("dealer true", {"dealer": True}, "dealer", "dealer must be a seat"),
    ("declarer 1.0", {"declarer": 1.0}, "declarer", "declarer must be a seat"),
    ("declarer 0.5", {"declarer": 0.5}, "declarer", "declarer must be a seat"),
    ("dealer text", {"dealer": "1.0"}, "dealer", "dealer must be a seat"),
    ("wins true", {"streak": {"seat": 0, "wins": True}}, "streak.wins", "whole number"),
    ("wins 2.5", {"streak": {"seat": 0, "wins": 2.5}}, "streak.wins", "whole number"),
    ("wins 2.0", {"streak": {"seat": 0, "wins": 2.0}}, "streak.wins", "whole number"),
    ("seat true", {"streak": {"seat": True, "wins": 1}}, "streak", 'look like {"seat"'),
    # a joker the rules do not allow
    (
        "joker in meld",
        {"hands": with_hand(0, melds=[["7S", "7D", "JK"]])},
        "hands[0].melds[0]",
        "a joker too many, the rules allow no jokers",
    ),
    (
        "joker in hand",
        {"hands": with_hand(1, hand=["KD", "JK"])},
        "hands[1].hand",
        "Ben's hand: a joker too many, the rules allow no jokers",
    ),
    # text no page should get
    (
        "name surrogate",
        {"players": ["Ana\ud800", "Ben", "Cris"]},
        "players[0]",
        "player 1's name has a broken character (U+D800): remove it",
    ),
    (
        "name control",
        {"players": ["Ana", "B\x00en", "Cris"]},
        "players[1]",
        "player 2's name has a control character (U+0000): remove it",
    ),
    ("card surrogate", {"hands": with_hand(2, hand="AS \ud800")}, "hands[2].hand", "'\\ud800'"),
    ("card control", {"hands": with_hand(2, hand=["\x07"])}, "hands[2].hand", "'\\x07' is not"),
]


@pytest.mark.parametrize("name, changes, where, text", ROUNDS, ids=[r[0] for r in ROUNDS])
def test_hostile_rounds_are_refused_where_they_are(name, changes, where, text):
    rec = {**record("draw", HANDS, declarer=0), **changes}
    with pytest.raises(RoundError) as caught:
        score_round(rec)
    problems = [(str(p.where), p.message) for p in caught.value.problems]
    assert any(at == where and text in message for at, message in problems), problems
    assert all(printable(message) for _, message in problems)
    assert printable(json.dumps(caught.value.to_dict(), ensure_ascii=False)[:200])


def test_a_refused_name_is_never_repeated_in_a_message():
    rec = record("draw", [hand("7S 8H 9S"), OPEN_TEN, SUNOG], declarer=0)
    rec["players"] = ["A\ud800", "Ben", "Cris"]
    with pytest.raises(RoundError) as caught:
        score_round(rec)
    assert "Seat 1's meld 7S 8H 9S is not a set or a run" in str(caught.value)


def test_the_keys_callers_send_today_are_all_known():
    stored = {
        "dealer": 1,
        "ending": "draw",
        "declarer": 0,
        "last_drawer": None,
        "hands": [
            {"melds": [{"cards": ["7S", "7D", "7C", "7H"], "secret": True}], "hand": ["2C"]},
            {"melds": [["4H", "5H", "6H"]], "hand": [], "challenged": True, "kang": False},
            {"melds": [], "hand": ["AS"], "challenged": False},
        ],
    }
    given = {**stored, "players": ["Ana", "Ben", "Cris"], "rules": {}, "pot": "0", "streak": None}
    assert score_round(given).winner is not None


@pytest.mark.parametrize(
    "names, where, text",
    [
        (["Ana", "\ud83d", "Cris"], "players[1]", "a broken character (U+D83D)"),
        (["Ana", "Ben", "Cr\x1bis"], "players[2]", "a control character (U+001B)"),
        (["Ana\u200d", "Ben", "Cris"], None, None),  # a joiner is text (emoji use it)
        (["Ana\tMaria", "Ben", "Cris"], None, None),  # white space is folded
    ],
)
def test_check_players_refuses_what_is_no_text(names, where, text):
    folded, problems = check_players(names)
    if where is None:
        assert problems == []
        return
    assert [str(p.where) for p in problems] == [where]
    assert text in problems[0].message
    assert folded[int(where[-2])] == f"Seat {int(where[-2]) + 1}"
