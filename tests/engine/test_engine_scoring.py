"""docs/rules.md §4-§6: sunog, who wins a round and why, and what each loser pays."""

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
from tracker.engine import RoundError, score_round

D = Decimal


# --- §4 sunog ---------------------------------------------------------------------------------


def test_player_without_a_meld_is_sunog():
    result = score_round(record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0))
    assert [p.sunog for p in result.players] == [False, False, True]


def test_secret_meld_counts_as_exposed():
    secret = {"melds": [{"cards": ["4S", "4H", "4D", "4C"], "secret": True}], "hand": ["2S"]}
    result = score_round(record("draw", [secret, OPEN_TEN, SUNOG], declarer=0))
    assert not result.players[0].sunog
    assert result.winner == 0


def test_sunog_player_cannot_win_a_draw_even_with_zero_deadwood():
    melded_in_hand = hand("", "4C 5C 6C")  # deadwood 0, but nothing on the table
    result = score_round(record("draw", [OPEN_LOW, OPEN_TEN, melded_in_hand], declarer=1))
    assert result.winner == 0


def test_sunog_player_cannot_win_at_talon_out():
    result = score_round(record("talon", [OPEN_TEN, hand("", "AH"), OPEN_LOW]))
    assert result.winner == 2


# --- §5.1 Tongits ------------------------------------------------------------------------------


def test_tongits_declarer_wins_whatever_the_others_hold():
    result = score_round(
        record("tongits", [hand("KS KH KC", ""), hand("2S 3S 4S", ""), SUNOG], declarer=0)
    )
    assert result.winner == 0
    assert "went Tongits" in result.verdict[0]


def test_tongits_payments_are_stake_plus_points():
    result = score_round(
        record(
            "tongits",
            [hand("KS KH KC", ""), OPEN_TEN, SUNOG],
            declarer=0,
            rules={"stake": "10", "point_rate": "1"},
        )
    )
    assert paid(result, 1) == D("20.00")  # ₱10 stake + 10 pts
    assert paid(result, 2) == D("21.00")  # ₱10 stake + 11 pts
    assert result.players[0].net == D("41.00")


def test_kang_doubles_a_tongits_win_when_the_variant_is_on():
    hands = [hand("QS QH QD QC", "", kang=True), OPEN_TEN, SUNOG]
    plain = score_round(record("tongits", hands, declarer=0))
    kang = score_round(record("tongits", hands, declarer=0, rules={"kang_multiplier": 2}))
    assert paid(plain, 1) == D("20.00")
    assert paid(kang, 1) == D("40.00")
    assert "×2 kang" in kang.payments[0].explain


def test_pagat_tongits_is_worth_three_units():
    result = score_round(
        record(
            "tongits",
            [hand("KS KH KC", ""), OPEN_TEN, hand("6S 6C 6D", "QH")],
            declarer=0,
            rules={"preset": "pagat", "stake": "10"},
        )
    )
    assert paid(result, 1) == D("30.00")  # 3 units, no point rate in pagat


# --- §5.2 Draw -------------------------------------------------------------------------------


def test_draw_caller_with_lowest_deadwood_wins():
    result = score_round(record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0))
    assert result.winner == 0
    assert paid(result, 1) == D("20.00")
    assert paid(result, 2) == D("21.00")


def test_failed_call_pays_double():
    result = score_round(record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=1))
    assert result.winner == 0
    assert paid(result, 1) == D("40.00")  # (₱10 + 10 pts) × 2 failed call
    assert (
        result.payments[0].explain
        == "₱10.00 stake + 10 pts × ₱1.00 = ₱20.00, ×2 failed call = ₱40.00"
    )
    assert paid(result, 2) == D("21.00")


def test_lost_challenge_pays_double():
    result = score_round(
        record("draw", [OPEN_LOW, hand("5H 6H 7H 8H", "KD", challenged=True), SUNOG], declarer=0)
    )
    assert result.winner == 0
    assert paid(result, 1) == D("40.00")


def test_failed_call_multiplier_is_a_house_rule():
    result = score_round(
        record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=1, rules={"failed_call_multiplier": 3})
    )
    assert paid(result, 1) == D("60.00")


@pytest.mark.parametrize("draw_tie, winner", [("caller", 1), ("challenger", 0)])
def test_tie_with_the_caller(draw_tie, winner):
    result = score_round(
        record("draw", [OPEN_LOW, FIVE, SUNOG], declarer=1, rules={"draw_tie": draw_tie})
    )
    assert result.winner == winner


def test_tie_without_the_caller_goes_to_the_first_in_turn_after_the_caller():
    # Cris (seat 2) calls with 10; Ana (0) and Ben (1) tie with 5: after seat 2 comes seat 0
    result = score_round(record("draw", [FIVE, FIVE_B, TEN], declarer=2))
    assert result.winner == 0
    # Ana calls with 10; Ben and Cris tie: after seat 0 comes seat 1
    result = score_round(record("draw", [TEN, FIVE, FIVE_B], declarer=0))
    assert result.winner == 1


def test_challengers_showdown_compares_only_challengers():
    low = hand("5H 6H 7H", "AC")  # deadwood 1, did not challenge: folds
    result = score_round(
        record("draw", [OPEN_LOW, low, SUNOG], declarer=0, rules={"draw_showdown": "challengers"})
    )
    assert result.winner == 0
    assert any("fold" in line for line in result.verdict)


def test_challengers_showdown_challenger_can_win():
    low = hand("5H 6H 7H", "AC", challenged=True)
    result = score_round(
        record("draw", [OPEN_LOW, low, SUNOG], declarer=0, rules={"draw_showdown": "challengers"})
    )
    assert result.winner == 1


def test_all_showdown_compares_players_who_did_not_challenge():
    low = hand("5H 6H 7H", "AC")
    result = score_round(record("draw", [OPEN_LOW, low, SUNOG], declarer=0))
    assert result.winner == 1


def test_pagat_challenged_draw_units_for_caller_and_challenger():
    rules = {"preset": "pagat", "stake": "10"}
    challenger = hand("5H 6H 7H", "2H", challenged=True)  # 2, and no ace (pagat pays an ace bonus)
    other = hand("9S 9H 9D", "KC", challenged=True)  # 10
    result = score_round(record("draw", [OPEN_LOW, challenger, other], declarer=0, rules=rules))
    assert result.winner == 1
    assert paid(result, 0) == D("30.00")  # caller lost a challenged draw: 3 units, no multiplier
    assert paid(result, 2) == D("30.00")  # challenger who lost: 3 units


def test_pagat_unchallenged_draw_units():
    result = score_round(
        record(
            "draw",
            [OPEN_LOW, OPEN_TEN, hand("9S 9H 9D", "KC")],
            declarer=0,
            rules={"preset": "pagat", "stake": "10"},
        )
    )
    assert result.winner == 0
    assert paid(result, 1) == D("10.00")


# --- §5.3 Talon out ---------------------------------------------------------------------------


def test_talon_lowest_non_sunog_wins():
    result = score_round(record("talon", [OPEN_TEN, OPEN_LOW, SUNOG]))
    assert result.winner == 1
    assert result.declarer is None


@pytest.mark.parametrize("last_drawer, winner", [(1, 1), (0, 0), (2, 0)])
def test_talon_tie_break(last_drawer, winner):
    result = score_round(record("talon", [OPEN_LOW, FIVE, OPEN_TEN], last_drawer=last_drawer))
    assert result.winner == winner


def test_talon_tie_break_first_in_turn_after_the_last_drawer():
    # Ana (0) drew last but has 10; Ben (1) and Cris (2) tie: after seat 0 comes seat 1
    result = score_round(record("talon", [OPEN_TEN, OPEN_LOW, FIVE], last_drawer=0))
    assert result.winner == 1


def test_all_sunog_at_talon_is_a_void_round():
    result = score_round(
        record("talon", [hand("", "AS"), hand("", "2S"), hand("", "3S")], rules={"stake": "10"})
    )
    assert result.void and result.winner is None
    assert result.payments == []
    assert result.pot == D("30.00")
    assert [p.net for p in result.players] == [D("-10.00")] * 3


# --- §6 payments ------------------------------------------------------------------------------


def test_sunog_loser_pays_at_least_the_stake():
    result = score_round(record("draw", [OPEN_LOW, OPEN_TEN, hand("", "")], declarer=0))
    assert paid(result, 2) == D("10.00")


def test_sunog_extra_units():
    result = score_round(
        record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0, rules={"sunog_extra_units": 1})
    )
    assert paid(result, 2) == D("31.00")  # ₱10 stake + 11 pts + ₱10 sunog


def test_ace_bonus_counts_aces_in_winners_hand_and_melds():
    winner = hand("AS 2S 3S", "AH AD AC 5C")  # aces: AS in meld, AH AD AC in a hand set
    result = score_round(
        record(
            "draw",
            [winner, OPEN_TEN, hand("", "KC QD")],
            declarer=0,
            rules={"ace_bonus_units": 1, "point_rate": "0"},
        )
    )
    assert paid(result, 1) == D("50.00")  # ₱10 stake + 4 aces × ₱10


def test_secret_bonus():
    secret = {"melds": [{"cards": ["4S", "4H", "4D", "4C"], "secret": True}], "hand": []}
    result = score_round(
        record(
            "tongits",
            [secret, OPEN_TEN, SUNOG],
            declarer=0,
            rules={"secret_bonus_units": 3, "point_rate": "0"},
        )
    )
    assert paid(result, 1) == D("40.00")  # ₱10 stake + 1 secret × ₱30


def test_point_rate_and_stake_in_centavos():
    result = score_round(
        record(
            "draw",
            [OPEN_LOW, OPEN_TEN, SUNOG],
            declarer=0,
            rules={"stake": "2.50", "point_rate": "0.25"},
        )
    )
    assert paid(result, 1) == D("5.00")  # 2.50 + 10 × 0.25
    assert paid(result, 2) == D("5.25")


def test_pot_ante_goes_to_the_round_winner():
    result = score_round(
        record(
            "draw",
            [OPEN_LOW, OPEN_TEN, SUNOG],
            declarer=0,
            pot="30",
            rules={"pot_ante_units": 2, "stake": "10"},
        )
    )
    assert result.pot_out == D("90.00")  # 30 carried in + 3 × ₱20 ante
    assert result.pot == D("0.00")
    assert result.players[0].net == D("-20") + D("20") + D("21") + D("90")


def test_pot_streak_needs_two_wins_in_a_row():
    rules = {"pot_won_by": "streak", "stake": "10"}
    hands = [OPEN_LOW, OPEN_TEN, SUNOG]
    first = score_round(record("draw", hands, declarer=0, pot="30", rules=rules))
    assert first.pot_out == 0 and first.pot == D("30.00") and first.streak == (0, 1)
    second = score_round(
        record("draw", hands, declarer=0, pot="30", rules=rules, streak={"seat": 0, "wins": 1})
    )
    assert second.pot_out == D("30.00")
    other = score_round(
        record("draw", hands, declarer=0, pot="30", rules=rules, streak={"seat": 1, "wins": 1})
    )
    assert other.pot_out == 0


def test_progressive_amounts_are_points():
    result = score_round(
        record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=1, rules={"progressive": True})
    )
    assert (
        result.payments[0].explain
        == "10 pts stake + 10 pts × 1 pts = 20 pts, ×2 failed call = 40 pts"
    )


def test_payments_and_pot_sum_to_zero():
    result = score_round(
        record(
            "draw",
            [OPEN_LOW, OPEN_TEN, SUNOG],
            declarer=1,
            pot="40",
            rules={"pot_ante_units": 1, "sunog_extra_units": 2},
        )
    )
    assert sum(p.net for p in result.players) + (result.pot - result.pot_before) == 0


def test_result_json_shape():
    data = score_round(record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0)).to_dict()
    assert data["winner"] == 0 and data["void"] is False and data["pot"] == "0.00"
    assert {"seat", "name", "deadwood", "sunog", "net"} <= set(data["players"][0])
    assert data["payments"][0]["from"] == 1 and data["payments"][0]["to"] == 0
    assert data["payments"][0]["amount"] == "20.00"
    assert data["players"][1]["net"] == "-20.00"


# --- §8 bad input -----------------------------------------------------------------------------


def problems_of(rec):
    with pytest.raises(RoundError) as caught:
        score_round(rec)
    return {str(p.where): p.message for p in caught.value.problems}


def test_unknown_card():
    problems = problems_of(record("draw", [hand("7S 7D 7X", ""), OPEN_TEN, SUNOG], declarer=0))
    assert "'7X' is not a card" in problems["hands[0].melds[0]"]
    assert problems["hands[0].melds[0]"].startswith("Ana's meld 1")


def test_same_card_twice_anywhere_at_the_table():
    problems = problems_of(record("draw", [OPEN_LOW, hand("5H 6H 7H 8H", "7S"), SUNOG], declarer=0))
    assert problems["hands[1].hand"] == "Ben's hand: 7S is entered twice (also in Ana's meld 1)"


def test_more_jokers_than_the_rules_allow():
    problems = problems_of(
        record("draw", [OPEN_LOW, hand("5H 6H JK", "JK"), SUNOG], declarer=0, rules={"jokers": 1})
    )
    assert "a joker too many, the rules allow only 1 joker" in problems["hands[1].hand"]


def test_more_cards_than_the_deck():
    from tracker.engine.cards import DECK

    cards = [str(card) for card in DECK] + ["JK"]
    problems = problems_of(
        record(
            "talon",
            [
                hand("", " ".join(cards[:13])),
                hand("", " ".join(cards[13:26])),
                hand("", " ".join(cards[26:])),
            ],
            last_drawer=0,
        )
    )
    assert "more than the deck holds" in problems["hands"]


def test_hand_of_more_than_13_cards():
    cards = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH"
    problems = problems_of(record("talon", [hand("JS QS KS", ""), hand("", cards), hand("", "")]))
    assert problems["hands[1].hand"] == "Ben has 14 cards in hand; a hand holds at most 13"


def test_invalid_meld():
    problems = problems_of(record("draw", [hand("7S 8H 9S", "2C"), OPEN_TEN, SUNOG], declarer=0))
    assert (
        problems["hands[0].melds[0]"]
        == "Ana's meld 7S 8H 9S is not a set or a run: a run must be one suit"
    )


def test_tongits_declarer_with_cards_in_hand():
    problems = problems_of(record("tongits", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0))
    assert problems["hands[0].hand"] == "Ana declared Tongits but still has 2 cards in hand"


def test_sunog_draw_caller():
    problems = problems_of(record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=2))
    assert problems["declarer"] == "Cris is sunog (no meld on the table) and cannot call a draw"


def test_sunog_challenger():
    problems = problems_of(
        record("draw", [OPEN_LOW, OPEN_TEN, hand("", "AS", challenged=True)], declarer=0)
    )
    assert (
        problems["hands[2].challenged"]
        == "Cris is sunog (no meld on the table) and cannot challenge"
    )


def test_tie_at_talon_without_last_drawer():
    problems = problems_of(record("talon", [OPEN_LOW, FIVE, OPEN_TEN]))
    assert (
        problems["last_drawer"] == "Ana and Ben tie with 5 at talon out: say who drew the last card"
    )


@pytest.mark.parametrize(
    "changes, where, text",
    [
        ({"ending": "fold"}, "ending", "tongits, draw or talon"),
        ({"declarer": None}, "declarer", "say who called the draw"),
        ({"declarer": 3}, "declarer", "0, 1 or 2"),
        ({"players": ["Ana", "Ben"]}, "players", "exactly three players"),
        ({"players": ["Ana", "ana", "Cris"]}, "players[1]", "two players are called ana"),
        ({"pot": "1.234"}, "pot", "more than two decimal places"),
        ({"rules": {"stake": "-5"}}, "rules.stake", "cannot be negative"),
        ({"rules": {"draw_tie": "coin"}}, "rules.draw_tie", "caller, challenger or push"),
        ({"hands": []}, "hands", "all three players"),
    ],
)
def test_structural_problems(changes, where, text):
    rec = {**record("draw", [OPEN_LOW, OPEN_TEN, SUNOG], declarer=0), **changes}
    problems = problems_of(rec)
    assert text in problems[where]


def test_every_problem_is_reported_at_once():
    problems = problems_of(
        record("draw", [hand("7S 8C 9S", "ZZ"), OPEN_TEN, hand("", "7S")], declarer=0)
    )
    assert set(problems) == {"hands[0].melds[0]", "hands[0].hand", "hands[2].hand"}


def test_challenge_only_in_a_draw_and_not_by_the_caller():
    problems = problems_of(
        record("talon", [OPEN_LOW, hand("5H 6H 7H 8H", "KD", challenged=True), SUNOG])
    )
    assert "only a called draw can be challenged" in problems["hands[1].challenged"]
    problems = problems_of(
        record("draw", [hand("7S 7D 7C", "2C", challenged=True), OPEN_TEN, SUNOG], declarer=0)
    )
    assert "cannot also challenge" in problems["hands[0].challenged"]


def test_kang_only_for_the_tongits_winner():
    problems = problems_of(
        record("draw", [OPEN_LOW, hand("5H 6H 7H 8H", "KD", kang=True), SUNOG], declarer=0)
    )
    assert "kang counts only for the player who won by Tongits" in problems["hands[1].kang"]


# --- options that change deadwood, seen through a whole round -----------------------------------


def test_qka_run_option_decides_the_draw():
    qka_in_hand = hand("2C 3C 4C", "QS KS AS")  # deadwood 0 with Q-K-A, 21 without
    rec = record("draw", [qka_in_hand, OPEN_TEN, hand("", "9C")], declarer=0)
    assert score_round(rec).winner == 0
    assert score_round({**rec, "rules": {"qka_run": False}}).winner == 1


def test_concealed_melds_count_option():
    held_set = hand("2C 3C 4C", "8S 8C 8D")  # 0, or 24 when concealed melds count
    rec = record("draw", [held_set, OPEN_TEN, SUNOG], declarer=0)
    assert score_round(rec).players[0].deadwood == 0
    result = score_round({**rec, "rules": {"concealed_melds_count": True}})
    assert result.players[0].deadwood == 24 and result.winner == 1


@pytest.mark.parametrize("joker_points, owed", [(25, "35.00"), (30, "40.00")])
def test_joker_left_in_hand_costs_joker_points(joker_points, owed):
    rec = record(
        "draw",
        [OPEN_LOW, hand("5H 6H 7H 8H", "JK"), SUNOG],
        declarer=0,
        rules={"jokers": 1, "joker_points": joker_points},
    )
    assert paid(score_round(rec), 1) == D(owed)  # ₱10 stake + the joker's points


def test_joker_in_a_meld_on_the_table():
    rec = record(
        "tongits",
        [hand("7S 7D JK | 2C 3C 4C", ""), OPEN_TEN, SUNOG],
        declarer=0,
        rules={"jokers": 1},
    )
    assert score_round(rec).winner == 0


def test_one_point_is_singular():
    result = score_round(
        record("draw", [hand("7S 7D 7C", ""), hand("5H 6H 7H", "AC"), SUNOG], declarer=0)
    )
    assert result.payments[0].explain == "₱10.00 stake + 1 pt × ₱1.00 = ₱11.00"


def test_declarer_at_talon_out_is_ignored_if_a_seat_and_refused_if_not():
    assert score_round(record("talon", [OPEN_TEN, OPEN_LOW, SUNOG], declarer=0)).winner == 1
    problems = problems_of(record("talon", [OPEN_TEN, OPEN_LOW, SUNOG], declarer="x"))
    assert problems["declarer"] == "declarer must be a seat: 0, 1 or 2"
