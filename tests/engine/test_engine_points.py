"""Points-only rounds (docs/rules.md §7, "Points-only rounds"): each player's deadwood points
instead of the cards, checked at their place, stored, replayed, and paid exactly as a card
round with the same deadwood and facts."""

import json
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tracker.engine import (
    RoundError,
    Rules,
    canonical_record,
    json_text,
    may_be_secret,
    replay,
    replay_stored,
    score_round,
)
from tracker.engine.cards import DECK
from tracker.engine.deadwood import best_melds
from tracker.engine.judge import judge
from tracker.engine.points import most_deadwood

PLAYERS = ["Ana", "Ben", "Cris"]
ON = {"points_rounds": True}


def points_record(ending, points, declarer=None, last_drawer=None, rules=ON, **extra):
    return {
        "players": PLAYERS,
        "rules": rules,
        "dealer": 0,
        "ending": ending,
        "declarer": declarer,
        "last_drawer": last_drawer,
        "points": points,
        **extra,
    }


def problems_of(record) -> dict[str, str]:
    with pytest.raises(RoundError) as caught:
        score_round(record)
    return {str(p.where): str(p.message) for p in caught.value.problems}


def test_a_draw_in_points_pays_as_the_rules_say():
    seats = [{"deadwood": 5}, {"deadwood": 12, "challenged": True}, {"deadwood": 30, "sunog": True}]
    result = score_round(points_record("draw", seats, declarer=0))
    assert result.winner == 0 and result.points_only
    assert [p.amount for p in result.payments] == [Decimal("44.00"), Decimal("40.00")]
    assert result.payments[0].explain == (
        "₱10.00 stake + 12 pts × ₱1.00 = ₱22.00, ×2 lost challenge = ₱44.00"
    )
    assert "Cris is sunog." in [str(sentence) for sentence in result.verdict]
    answer = result.to_dict()
    assert answer["points_only"] is True
    assert answer["players"][2]["sunog"] is True and answer["players"][2]["deadwood"] == 30
    assert answer["players"][2]["deadwood_cards"] == []


def test_a_card_round_says_nothing_of_points():
    record = {**points_record("talon", None, last_drawer=0), "rules": {}}
    del record["points"]
    record["hands"] = [
        {"melds": [["7S", "7D", "7C"]], "hand": ["2C"]},
        {"melds": [["8S", "8D", "8C"]], "hand": ["3C"]},
        {"melds": [], "hand": ["4C"]},
    ]
    answer = score_round(record).to_dict()
    assert "points_only" not in answer and "aces" not in answer["players"][0]


def test_points_are_refused_while_the_house_option_is_off():
    record = points_record("talon", [{"deadwood": 1}, {"deadwood": 2}, {"deadwood": 3}], rules={})
    assert problems_of(record) == {
        "points": "points-only rounds are off at this table: enter the cards, or turn on "
        "points_rounds in the house rules"
    }


@pytest.mark.parametrize(
    "seat, where, text",
    [
        ({"deadwood": -1}, "points[1].deadwood", "Ben's deadwood cannot be negative"),
        ({"deadwood": 2.5}, "points[1].deadwood", "Ben's deadwood must be a whole number"),
        ({"deadwood": "five"}, "points[1].deadwood", "Ben's deadwood must be a whole number"),
        ({"deadwood": True}, "points[1].deadwood", "Ben's deadwood must be a whole number"),
        ({"deadwood": 131}, "points[1].deadwood", "more than 13 cards can hold (130)"),
        ({}, "points[1].deadwood", "enter Ben's deadwood points"),
        ({"deadwood": ""}, "points[1].deadwood", "enter Ben's deadwood points"),
        ({"deadwood": 3, "sunog": "yes"}, "points[1].sunog", "sunog must be true or false"),
        ({"deadwood": 3, "aces": 5}, "points[1].aces", "Ben's aces must be a whole number"),
        ({"deadwood": 3, "secret_melds": -1}, "points[1].secret_melds", "Ben's secret melds"),
        ({"deadwood": 3, "cards": "7S"}, "points[1].cards", "unknown key 'cards' in Ben's points"),
        ({"deadwood": 3, "sunog": True, "secret_melds": 1}, "points[1].sunog", "not sunog"),
        ([3], "points[1]", "Ben's points must be an object with deadwood"),
    ],
)
def test_a_bad_seat_is_refused_at_its_place(seat, where, text):
    record = points_record("talon", [{"deadwood": 1}, seat, {"deadwood": 3}], last_drawer=0)
    problems = problems_of(record)
    assert text in problems.get(where, ""), problems


def test_points_as_text_are_read_as_a_form_sends_them():
    seats = [{"deadwood": " 4 "}, {"deadwood": "0"}, {"deadwood": "12", "aces": "1"}]
    result = score_round(points_record("talon", seats, last_drawer=0))
    assert [p.deadwood for p in result.players] == [4, 0, 12]
    assert result.winner == 1


def test_the_most_points_grow_with_the_jokers():
    assert most_deadwood(Rules()) == 130
    assert most_deadwood(Rules(jokers=2, joker_points=30)) == 170
    rules = {**ON, "jokers": 2, "joker_points": 30}
    seats = [{"deadwood": 170}, {"deadwood": 171}, {"deadwood": 0}]
    problems = problems_of(points_record("talon", seats, last_drawer=0, rules=rules))
    assert list(problems) == ["points[1].deadwood"]


def test_the_round_shape_is_checked():
    three = [{"deadwood": 1}, {"deadwood": 2}, {"deadwood": 3}]
    both = points_record("talon", three, hands=[])
    assert "either the cards (hands) or the points" in problems_of(both)["points"]
    two = points_record("talon", three[:2])
    assert problems_of(two) == {"points": "enter the points of all three players, in seat order"}


def test_the_rules_of_a_card_round_hold_for_points():
    tongits = points_record("tongits", [{"deadwood": 2}, {"deadwood": 5}, {"deadwood": 9}], 0)
    assert problems_of(tongits) == {
        "points[0].deadwood": "Ana declared Tongits but still has 2 points in hand"
    }
    sunog_challenger = points_record(
        "draw",
        [{"deadwood": 3}, {"deadwood": 5, "sunog": True, "challenged": True}, {"deadwood": 9}],
        0,
    )
    assert "cannot challenge" in problems_of(sunog_challenger)["points[1].challenged"]
    kang = points_record(
        "draw", [{"deadwood": 3}, {"deadwood": 5, "kang": True}, {"deadwood": 9}], 0
    )
    assert "points[1].kang" in problems_of(kang)
    sunog_caller = points_record("draw", [{"deadwood": 3, "sunog": True}, {"deadwood": 5}, {}], 0)
    assert "declarer" in problems_of(
        {**sunog_caller, "points": sunog_caller["points"][:2] + [{"deadwood": 1}]}
    )


def test_stored_replayed_and_judged_like_any_round():
    rules = Rules(points_rounds=True, ace_bonus_units=1, sunog_extra_units=1)
    given = points_record(
        "tongits",
        [
            {"deadwood": "0", "aces": "2", "kang": True},
            {"deadwood": 7},
            {"deadwood": 20, "sunog": True},
        ],
        declarer=0,
    )
    stored = canonical_record(given, rules)
    assert stored["points"] == [
        {"deadwood": 0, "kang": True, "aces": 2},
        {"deadwood": 7},
        {"deadwood": 20, "sunog": True},
    ]
    assert "hands" not in stored
    stored = json_text.loads(json.dumps(stored))
    checked = replay(PLAYERS, rules, 0, [stored, stored])
    fast = replay_stored(PLAYERS, rules, 0, [stored, stored])
    assert checked.balances == fast.balances and checked.history == fast.history
    # 10 stake + 2 aces × 10, then + 20 pts and 10 sunog for Cris
    assert checked.results[0].payments[1].amount == Decimal("60.00")
    session = {"players": PLAYERS, "rules": rules.to_dict(), "records": [stored]}
    answer = json.loads(judge(json.dumps(session), json.dumps(stored)))
    assert answer["number"] == 2 and answer["result"]["points_only"] is True


# The equivalence: a card round, and the points round made of the engine's own reading of it.

rules_strategy = st.builds(
    lambda preset, **options: Rules.preset(preset, points_rounds=True, **options),
    st.sampled_from(["classic", "pagat"]),
    draw_showdown=st.sampled_from(["all", "challengers"]),
    draw_tie=st.sampled_from(["caller", "challenger", "push"]),
    talon_tie=st.sampled_from(["after_last_drawer", "before_last_drawer", "push"]),
    all_sunog=st.sampled_from(["void", "lowest_wins"]),
    secret_runs=st.booleans(),
    qka_run=st.booleans(),
    challenged_draw_pays=st.sampled_from(["showdown_losers", "all_losers"]),
    no_discard_multiplier=st.integers(1, 3),
    kang_multiplier=st.integers(1, 2),
    sunog_extra_units=st.integers(0, 2),
    ace_bonus_units=st.integers(0, 2),
    secret_bonus_units=st.integers(0, 2),
    pot_ante_units=st.integers(0, 2),
    pot_won_by=st.sampled_from(["next_winner", "streak"]),
    point_rate=st.sampled_from(["0", "1", "2.50"]),
)


@st.composite
def card_rounds(draw, rules: Rules):
    """A card round dealt from a shuffled deck: each seat lays some of its best melds (a four
    of a kind or, where allowed, a long run sometimes face down), the rest stays in hand."""
    deck = list(draw(st.permutations(DECK)))
    ending = draw(st.sampled_from(["tongits", "draw", "talon"]))
    declarer = None if ending == "talon" else draw(st.integers(0, 2))
    hands = []
    for seat in range(3):
        cards = [deck.pop() for _ in range(draw(st.integers(0, 13)))]
        found = list(best_melds(cards, rules).melds)
        laid = draw(st.integers(0, len(found)))
        if seat == declarer:
            assume(found)
            laid = len(found) if ending == "tongits" else max(laid, 1)
        melds = []
        for meld in found[:laid]:
            names = [str(card) for card in meld.cards]
            secret = may_be_secret(meld.cards, rules) and draw(st.booleans())
            melds.append({"cards": names, "secret": True} if secret else names)
        used = {card for meld in found[:laid] for card in meld.cards}
        rest = (
            [] if seat == declarer and ending == "tongits" else [c for c in cards if c not in used]
        )
        hands.append({"melds": melds, "hand": [str(card) for card in rest]})
    if ending == "draw":
        for seat, entry in enumerate(hands):
            entry["challenged"] = seat != declarer and bool(entry["melds"]) and draw(st.booleans())
    if ending == "tongits":
        hands[declarer]["kang"] = draw(st.booleans())
        hands[declarer]["no_discard"] = draw(st.booleans())
    return {
        "players": PLAYERS,
        "dealer": draw(st.integers(0, 2)),
        "ending": ending,
        "declarer": declarer,
        "last_drawer": draw(st.integers(0, 2)),
        "pot": draw(st.sampled_from(["0", "30", "12.50"])),
        "streak": draw(st.sampled_from([None, {"seat": 1, "wins": 1}])),
        "hands": hands,
    }


def as_points(record: dict, result) -> dict:
    """The points round the table would enter for this card round: the engine's facts."""
    seats = []
    for player in result.players:
        seat = {"deadwood": player.deadwood, "sunog": player.sunog}
        seat.update({flag: getattr(player, flag) for flag in ("challenged", "kang", "no_discard")})
        seat.update(aces=player.aces(), secret_melds=player.secret_melds())
        seats.append(seat)
    points = {key: value for key, value in record.items() if key != "hands"}
    return {**points, "points": seats}


def money_of(result) -> dict:
    return {
        "winner": result.winner,
        "void": result.void,
        "push": result.push,
        "verdict": [str(sentence) for sentence in result.verdict],
        "payments": [payment.to_dict(PLAYERS) for payment in result.payments],
        "net": [player.net for player in result.players],
        "pot": (result.pot_in, result.pot_out, result.pot, result.streak),
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_points_round_of_a_card_rounds_facts_pays_the_same(data):
    rules = data.draw(rules_strategy)
    record = data.draw(card_rounds(rules))
    try:
        cards = score_round(record, rules)
    except RoundError:
        assume(False)
        return
    points = score_round(as_points(record, cards), rules)
    assert points.points_only and not cards.points_only
    assert money_of(points) == money_of(cards)
