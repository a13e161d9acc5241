"""A points-only round's numbers held to what cards could make of them (engine/points_fit.py,
docs/rules.md §7): more aces than a deck holds, secret melds and deadwood no hand of 13 cards
holds, more deadwood at the table than the deck's highest cards hold — each refused at its
place, on the one path the API, the round form, imports and the phone's engine share. A round
saved before these checks still replays and pays what it paid. And a points round's own id
(`id`, engine/shape.py): read, stored, refused where it does not belong."""

import json

import pytest

from tracker.engine import (
    RoundError,
    Rules,
    add_round,
    canonical_record,
    fields_of_record,
    record_from_fields,
    replay,
    replay_stored,
    score_round,
    start_ledger,
)
from tracker.engine.judge import judge
from tracker.engine.points_fit import fewest_cards, highest

PLAYERS = ["Ana", "Ben", "Cris"]
ON = {"points_rounds": True, "ace_bonus_units": 1, "secret_bonus_units": 3}


def points_record(points, ending="talon", declarer=None, rules=None, **extra):
    return {
        "players": PLAYERS,
        "rules": {**ON, **(rules or {})},
        "dealer": 0,
        "ending": ending,
        "declarer": declarer,
        "last_drawer": 0 if ending == "talon" else None,
        "points": points,
        **extra,
    }


def problems_of(record) -> dict[str, str]:
    with pytest.raises(RoundError) as caught:
        score_round(record)
    return {str(p.where): str(p.message) for p in caught.value.problems}


def test_more_aces_than_the_deck_holds_are_refused_at_each_seat_past_four():
    """Four aces on each seat paid the winner 8 aces' bonus more than any deal can."""
    seats = [{"deadwood": 3, "aces": 4}, {"deadwood": 9, "aces": 4}, {"deadwood": 12, "aces": 4}]
    assert problems_of(points_record(seats)) == {
        "points[1].aces": "Ben's aces make 8 at the table, but a deck holds 4 aces (a joker "
        "is no ace)",
        "points[2].aces": "Cris's aces make 12 at the table, but a deck holds 4 aces (a joker "
        "is no ace)",
    }


def test_a_joker_is_no_ace():
    """A card round counts only the aces themselves (a joker standing for one is none), so
    the points round does too: 4 at the table, whatever the jokers."""
    seats = [{"deadwood": 3, "aces": 3}, {"deadwood": 9, "aces": 2}, {"deadwood": 12}]
    record = points_record(seats, rules={"jokers": 2})
    assert list(problems_of(record)) == ["points[1].aces"]
    card_round = {
        "players": PLAYERS,
        "rules": {"jokers": 2, "ace_bonus_units": 1},
        "ending": "talon",
        "last_drawer": 0,
        "hands": [
            {"melds": [["AS", "AH", "JK"]], "hand": []},
            {"melds": [["2S", "3S", "JK"]], "hand": ["5D"]},
            {"melds": [], "hand": ["9C"]},
        ],
    }
    assert score_round(card_round).players[0].aces() == 2


@pytest.mark.parametrize(
    "aces", [[4, 0, 0], [1, 1, 2], [0, 2, 2], [0, 0, 4]], ids=lambda a: "-".join(map(str, a))
)
def test_four_aces_at_the_table_in_any_share_are_taken(aces):
    seats = [{"deadwood": 3 + seat, "aces": count} for seat, count in enumerate(aces)]
    assert score_round(points_record(seats)).winner == 0


def test_four_secret_melds_are_refused_they_take_sixteen_cards():
    """Four secret melds and 130 deadwood on one seat paid 12 units of bonus a hand of 13
    cannot hold."""
    seats = [{"deadwood": 3}, {"deadwood": 130, "secret_melds": 4}, {"deadwood": 12}]
    assert problems_of(points_record(seats)) == {
        "points[1].secret_melds": "Ben's 4 secret melds take 16 cards at least, more than a "
        "hand of 13 cards holds"
    }


def test_secret_melds_leave_room_for_so_much_deadwood():
    three = [{"deadwood": 3}, {"deadwood": 10, "secret_melds": 3}, {"deadwood": 12}]
    assert score_round(points_record(three)).players[1].secret_melds() == 3
    three[1]["deadwood"] = 11
    assert problems_of(points_record(three)) == {
        "points[1].deadwood": "Ben's 3 secret melds and 11 deadwood cannot fit in a hand of "
        "13 cards: the melds take 12, and the 1 card left holds 10 points at most"
    }
    jokers = {"jokers": 1, "joker_points": 25}
    three[1]["deadwood"] = 25  # the one card left may be the joker
    assert score_round(points_record(three, rules=jokers)).players[1].deadwood == 25
    two = [{"deadwood": 3}, {"deadwood": 50, "secret_melds": 2}, {"deadwood": 12}]
    assert score_round(points_record(two)).players[1].deadwood == 50
    two[1]["deadwood"] = 51
    assert (
        "the 5 cards left hold 50 points at most"
        in problems_of(points_record(two))["points[1].deadwood"]
    )
    one = [{"deadwood": 3}, {"deadwood": 101, "secret_melds": 1}, {"deadwood": 12}]
    assert problems_of(points_record(one)) == {
        "points[1].deadwood": "Ben's secret meld and 101 deadwood cannot fit in a hand of 13 "
        "cards: the meld takes 4, and the 9 cards left hold 90 points at most"
    }


def test_a_player_not_sunog_has_a_meld_of_three_on_the_table():
    seats = [{"deadwood": 3}, {"deadwood": 101}, {"deadwood": 12}]
    assert problems_of(points_record(seats)) == {
        "points[1].deadwood": "Ben is not sunog, so has a meld on the table (3 cards at "
        "least): 101 deadwood cannot fit in the 10 cards left of a hand of 13, which hold 100 "
        "points at most"
    }
    seats[1]["deadwood"] = 100
    assert score_round(points_record(seats)).players[1].deadwood == 100
    seats[1].update(deadwood=130, sunog=True)  # no meld: 13 cards of 10 in hand
    assert score_round(points_record(seats)).players[1].deadwood == 130


def test_the_three_players_deadwood_fits_the_decks_highest_cards():
    """The deck has 16 cards worth 10: three hands of 130 cannot be dealt."""
    all_sunog = {"all_sunog": "lowest_wins"}
    seats = [{"deadwood": 130, "sunog": True} for _ in range(3)]
    assert problems_of(points_record(seats, rules=all_sunog)) == {
        "points": "the three players' deadwood adds up to 390, more than the 39 highest cards "
        "of the deck hold (312)"
    }
    seats[2]["deadwood"] = 52
    assert score_round(points_record(seats, rules=all_sunog)).winner == 2
    seats[2]["deadwood"] = 53
    assert list(problems_of(points_record(seats, rules=all_sunog))) == ["points"]


def test_the_decks_highest_cards():
    assert highest(13, Rules()) == 130 and highest(16, Rules()) == 160
    assert highest(17, Rules()) == 169 and highest(52, Rules()) == 340
    assert highest(3, Rules(jokers=2, joker_points=30)) == 70
    assert [fewest_cards(points, Rules()) for points in (0, 1, 10, 11, 130, 131)] == [
        0,
        1,
        1,
        2,
        13,
        14,
    ]


def test_a_round_saved_before_these_checks_still_replays_but_is_not_taken_again():
    """Stored rounds are read as saved (a session with one stays readable and pays what it
    paid); an edit of that round, an import or a new round are checked as new."""
    rules = Rules(**ON)
    impossible = points_record(
        [{"deadwood": 0, "aces": 4}, {"deadwood": 9, "aces": 4}, {"deadwood": 12, "aces": 4}]
    )
    stored = canonical_record(impossible, rules)
    ledger = replay(PLAYERS, rules, 0, [stored])
    assert ledger.results[0].winner == 0
    fast = replay_stored(PLAYERS, rules, 0, [stored])
    assert fast.balances == ledger.balances
    with pytest.raises(RoundError) as caught:
        replay(PLAYERS, rules, 0, [stored], new=0)
    assert [str(p.where) for p in caught.value.problems] == [
        "rounds[0].points[1].aces",
        "rounds[0].points[2].aces",
    ]
    with pytest.raises(RoundError):
        add_round(start_ledger(PLAYERS, rules), stored)


def test_the_phones_engine_refuses_the_same():
    rules = Rules(**ON)
    session = {"players": PLAYERS, "rules": rules.to_dict(), "records": []}
    record = {"ending": "talon", "last_drawer": 0, "points": [{"deadwood": 1, "aces": 4}] * 3}
    answer = json.loads(judge(json.dumps(session), json.dumps(record)))
    assert [problem["where"] for problem in answer["problems"]] == [
        "points[1].aces",
        "points[2].aces",
    ]


SEATS = [{"deadwood": 3}, {"deadwood": 9}, {"deadwood": 12}]


def test_a_points_round_carries_its_own_id_into_the_stored_record():
    record = points_record(SEATS, id="3f9a0c2e-1b7d-4c1e-9a55-0d7d1c2b9e11")
    score_round(record)
    stored = canonical_record(record, Rules(**ON))
    assert stored["id"] == "3f9a0c2e-1b7d-4c1e-9a55-0d7d1c2b9e11"
    assert "id" not in canonical_record(points_record(SEATS), Rules(**ON))
    for none in (None, ""):  # no id: as before
        score_round(points_record(SEATS, id=none))
        assert "id" not in canonical_record(points_record(SEATS, id=none), Rules(**ON))


@pytest.mark.parametrize("bad", ["a b", "x" * 65, 12, ["k"], "ñ", "k\n"])
def test_an_id_that_is_no_id_is_refused_at_its_place(bad):
    assert problems_of(points_record(SEATS, id=bad)) == {
        "id": "a round's id is 1 to 64 letters, digits, dashes, underscores, dots or colons, "
        "e.g. a random UUID"
    }


def test_a_card_round_carries_no_id():
    record = {
        "players": PLAYERS,
        "ending": "talon",
        "last_drawer": 0,
        "id": "k1",
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": ["2C"]},
            {"melds": [["8S", "8D", "8C"]], "hand": ["3C"]},
            {"melds": [], "hand": ["4C"]},
        ],
    }
    assert problems_of(record) == {
        "id": "only a points-only round carries an id: a card round is known by its cards"
    }


def test_the_round_form_carries_the_id_of_a_points_round_only():
    fields = {"mode": "points", "round_id": " r-1 ", "ending": "talon", "last_drawer": "0"}
    fields.update(points_0="3", points_1="9", points_2="12")
    record = record_from_fields(fields, 0)
    assert record["id"] == "r-1"
    assert fields_of_record(canonical_record(record, Rules(**ON)))["round_id"] == "r-1"
    cards = record_from_fields({**fields, "mode": "", "hand_0": "2C"}, 0)
    assert "id" not in cards
    assert "id" not in record_from_fields({**fields, "round_id": ""}, 0)
