"""Path (where a problem is), Problem, the one seat reader and the stored form of a round."""

import json

import pytest

from tests.support.engine_rounds import hand, record
from tracker.engine import (
    Path,
    Problem,
    RoundError,
    Rules,
    canonical_record,
    read_seat,
    replay,
    score_round,
)


@pytest.mark.parametrize(
    "parts, text",
    [
        (("hands", 1, "melds", 0), "hands[1].melds[0]"),
        (("rules", "stake"), "rules.stake"),
        (("rounds", 3, "round"), "rounds[3].round"),
        (("players", 2), "players[2]"),
        (("declarer",), "declarer"),
        ((), ""),
        (("",), '[""]'),  # an empty key of a JSON object is still a place to name
        (("rules", ""), 'rules[""]'),
    ],
)
def test_path_text(parts, text):
    assert str(Path(parts)) == text == str(Path.of(*parts)) == f"{Path(parts)}"


def test_path_prefix_and_rest():
    where = Path.of("hands", 1, "melds", 0)
    assert where.under("rounds", 3) == Path.of("rounds", 3, "hands", 1, "melds", 0)
    assert str(where.under("rounds", 3)) == "rounds[3].hands[1].melds[0]"
    assert where.under("rounds", 3).after("rounds", 3) == where
    assert where.after("rounds", 3) is None
    assert where.after("hands") == Path.of(1, "melds", 0)
    assert where.after() == where
    assert isinstance(where.under("x"), Path) and isinstance(where.after("hands"), Path)


def test_a_plain_string_is_one_part_never_parsed():
    problem = Problem("rules.stake", "stake: too large")
    assert problem.where == Path.of("rules.stake") and len(problem.where) == 1
    assert problem.to_dict() == {"where": "rules.stake", "message": "stake: too large"}
    assert problem.under("sessions", 0).to_dict()["where"] == "sessions[0].rules.stake"


def test_problems_keep_their_json():
    with pytest.raises(RoundError) as caught:
        replay(
            ["Ana", "Ben", "Cris"],
            Rules(),
            0,
            [{"ending": "draw", "declarer": 0, "hands": [hand("7S 8H 9S"), hand(), hand()]}],
        )
    problem = caught.value.problems[0]
    assert problem.where == Path.of("rounds", 0, "hands", 0, "melds", 0)
    assert json.loads(json.dumps(caught.value.to_dict()))["errors"][0]["where"] == (
        "rounds[0].hands[0].melds[0]"
    )
    assert str(caught.value).startswith("rounds[0].hands[0].melds[0]: Ana's meld")


@pytest.mark.parametrize("value, seat", [(0, 0), (2, 2), ("1", 1), (" 2 ", 2)])
def test_read_seat_takes_a_seat(value, seat):
    problems = []
    assert read_seat(value, "dealer", problems) == seat and problems == []


NOT_SEATS = [True, False, 1.0, 1.5, 3, -1, "3", "1.0", "one", [1], {"seat": 1}, 10**5000]


@pytest.mark.parametrize("value", NOT_SEATS, ids=[repr(v)[:20] for v in NOT_SEATS[:-1]] + ["huge"])
def test_read_seat_refuses_anything_else(value):
    problems = []
    assert read_seat(value, "dealer", problems, wrong="say who deals: seat 0, 1 or 2") is None
    assert problems == [Problem("dealer", "say who deals: seat 0, 1 or 2")]
    problems = []
    read_seat(value, Path.of("rounds", 2, "dealer"), problems)
    assert problems[0].to_dict() == {
        "where": "rounds[2].dealer",
        "message": "rounds[2].dealer must be a seat: 0, 1 or 2",
    }


@pytest.mark.parametrize("value", [None, ""])
def test_read_seat_not_given(value):
    problems = []
    assert read_seat(value, "declarer", problems) is None and problems == []
    assert read_seat(value, "declarer", problems, missing="say who called the draw") is None
    assert problems == [Problem("declarer", "say who called the draw")]


def test_canonical_record_is_the_stored_form():
    given = record(
        "talon",
        [
            hand("7s 7d 7c", "2c 3d", challenged=False),
            {"melds": [{"cards": "9S 9H 9D 9C", "secret": True}], "hand": "kd", "kang": False},
            {"melds": [{"cards": ["5h", "6h", "7h"], "secret": False}], "hand": []},
        ],
        declarer=1,
        last_drawer="2",
    )
    score_round(given)  # accepted
    assert canonical_record(given, Rules()) == {
        "dealer": 0,
        "ending": "talon",
        "declarer": None,
        "last_drawer": 2,
        "hands": [
            {"melds": [["7S", "7D", "7C"]], "hand": ["2C", "3D"]},
            {"melds": [{"cards": ["9S", "9H", "9D", "9C"], "secret": True}], "hand": ["KD"]},
            {"melds": [["5H", "6H", "7H"]], "hand": []},
        ],
    }
