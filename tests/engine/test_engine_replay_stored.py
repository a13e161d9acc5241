"""`replay_stored` (reading stored rounds without checking them again) gives exactly the ledger
and the stats `replay` gives, on many random sessions under many house rules; and a record
that is not in its stored form, or that the engine refuses, is checked in full as before.

The sessions are dealt by tests/support/rounds_factory.py (the group stats benchmark's dealer):
tongits, draws (called, challenged), talon outs, void rounds, kang, secret melds; the rules
below add jokers, antes and pots (won by the next winner or by a streak), the other tables'
tie rules (a draw tie or a talon tie pushed), bonuses and multipliers, and progressive mode
with a loss limit low enough that sessions end. The records are compared both as the dealer
wrote them and in their stored form (`canonical_record`), and with `words=False` (what the
group stats ask: the same figures, the payments' labels and explanations left empty).
"""

from functools import cache

import pytest

from tests.support.rounds_factory import random_session
from tracker.engine import (
    RoundError,
    Rules,
    canonical_record,
    replay,
    replay_stored,
    session_stats,
)

PLAYERS = ["Ana", "Ben", "Cris"]
RULES = [
    {},
    {"preset_name": "pagat"},
    {"jokers": 2, "pot_ante_units": 1},
    {"jokers": 1, "pot_ante_units": 2, "pot_won_by": "streak", "pot_streak": 2},
    {"pot_ante_units": 1, "pot_won_by": "streak", "pot_streak": 3, "next_dealer": "winner"},
    {"draw_tie": "push", "talon_tie": "push", "pot_ante_units": 1},
    {"draw_tie": "challenger", "draw_showdown": "challengers", "all_sunog": "lowest_wins"},
    {"talon_tie": "before_last_drawer", "challenged_draw_pays": "all_losers"},
    {"secret_runs": True, "secret_bonus_units": 2, "ace_bonus_units": 1, "sunog_extra_units": 1},
    {"kang_multiplier": 2, "no_discard_multiplier": 3, "failed_call_multiplier": 3},
    {"progressive": True, "loss_limit": 150},
    {"progressive": True, "loss_limit": 60, "jokers": 2, "draw_tie": "push"},
]


@cache
def sessions() -> tuple:
    """The sessions, dealt once by the first test asking (not at import: a run that collects
    this file and runs none of it, as the PostgreSQL pass does, deals nothing)."""
    dealt = []
    for at, options in enumerate(RULES):
        options = dict(options)
        rules = Rules.preset(options.pop("preset_name", "classic"), **options)
        for seed in range(6):
            dealt.append(
                random_session(
                    seed=100 * at + seed,
                    rounds=40,
                    players=PLAYERS,
                    rules=rules,
                    first_dealer=seed % 3,
                )
            )
    return tuple(dealt)


def both(session: dict, records: list, words: bool = True) -> tuple:
    rules = Rules.from_dict(session["rules"])
    full = replay(PLAYERS, rules, session["first_dealer"], records)
    fast = replay_stored(PLAYERS, rules, session["first_dealer"], records, words=words)
    return full, fast


def wordless(ledger) -> None:
    """`ledger` with its payments' words taken out, as `words=False` leaves them."""
    for result in ledger.results:
        for payment in result.payments:
            payment.parts = [("", amount) for _, amount in payment.parts]
            payment.explain = ""


def figures(ledger) -> dict:
    """Everything a ledger holds, each round's result field by field (payments with their
    explanations, verdict, pot moves; each hand's best arrangement as its melds, deadwood cards
    and points, since an Arrangement object compares by identity)."""
    rounds = []
    for result in ledger.results:
        row = {name: getattr(result, name) for name in result.__dataclass_fields__}
        row["players"] = [
            {
                **{name: getattr(player, name) for name in player.__dataclass_fields__},
                "arrangement": (
                    player.arrangement.melds,
                    player.arrangement.deadwood_cards,
                    player.arrangement.deadwood,
                ),
            }
            for player in result.players
        ]
        rounds.append(row)
    fields = {name: getattr(ledger, name) for name in ledger.__dataclass_fields__}
    return {**fields, "results": rounds}


@pytest.mark.parametrize("words", [True, False], ids=["words", "figures only"])
@pytest.mark.parametrize("stored", [False, True], ids=["as dealt", "as stored"])
def test_the_same_ledgers_and_stats_as_the_full_replay(stored, words):
    seen = {"pots won": 0, "pushes": 0, "voids": 0, "jokers": 0, "challenges": 0, "ended": 0}
    for session in sessions():
        rules = Rules.from_dict(session["rules"])
        records = session["rounds"]
        if stored:
            records = [canonical_record(record, rules) for record in records]
        full, fast = both(session, records, words)
        assert fast.to_dict() == full.to_dict()
        keys = [7, 3, 5]
        assert session_stats(keys, fast) == session_stats(keys, full)
        if not words:
            assert all(not p.explain for r in fast.results for p in r.payments)
            wordless(full)
        assert figures(fast) == figures(full)
        assert session_stats(keys, fast).to_dict({7: "A", 3: "B", 5: "C"}) == session_stats(
            keys, full
        ).to_dict({7: "A", 3: "B", 5: "C"})
        seen["pots won"] += sum(1 for r in full.results if r.pot_out)
        seen["pushes"] += sum(1 for r in full.results if r.push)
        seen["voids"] += sum(1 for r in full.results if r.void)
        seen["challenges"] += sum(p.challenged for r in full.results for p in r.players)
        seen["jokers"] += sum("JK" in str(record) for record in records)
        seen["ended"] += full.ended
    assert all(seen.values()), seen  # each kind of round was compared, not only plain ones


def test_a_record_not_in_its_stored_form_is_read_in_full():
    session = sessions()[0]
    records = [dict(record) for record in session["rounds"]]
    first = records[0]
    first["hands"] = [dict(hand) for hand in first["hands"]]
    # lower case cards, a hand as text, a seat as text: accepted by the full check
    hand = first["hands"][0]
    hand["hand"] = " ".join(card.lower() for card in hand["hand"])
    first["dealer"] = str(first["dealer"])
    full, fast = both(session, records)
    assert figures(fast) == figures(full) and len(fast.results) == len(records)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda r: r["hands"][1].update(hand=r["hands"][0]["melds"][0]),  # cards entered twice
        lambda r: r["hands"][0]["melds"].append(["2S", "9H", "KD"]),  # no meld
        lambda r: r.update(pot="5.00"),  # supplied by the session
        lambda r: r.update(ending="bunot"),
        lambda r: r["hands"][2].update(kang="yes"),
        lambda r: r["hands"][0].update(hand=["ZZ"]),
    ],
    ids=["twice", "no meld", "pot", "ending", "flag", "card"],
)
def test_a_bad_record_raises_the_same_problems(spoil):
    session = sessions()[0]
    records = [dict(record) for record in session["rounds"]]
    bad = records[5] = {**records[5], "hands": [dict(hand) for hand in records[5]["hands"]]}
    bad["hands"] = [{**hand, "melds": list(hand["melds"])} for hand in bad["hands"]]
    if not bad["hands"][0]["melds"]:
        bad["hands"][0]["melds"] = [["QS", "QH", "QD"]]
    spoil(bad)
    with pytest.raises(RoundError) as full:
        replay(PLAYERS, Rules.from_dict(session["rules"]), 0, records)
    with pytest.raises(RoundError) as fast:
        replay_stored(PLAYERS, Rules.from_dict(session["rules"]), 0, records)
    assert fast.value.problems == full.value.problems
    assert str(full.value.problems[0].where).startswith("rounds[5]")


def test_a_round_after_the_loss_limit_is_refused_as_before():
    session = next(s for s in sessions() if Rules.from_dict(s["rules"]).progressive)
    rules = Rules.from_dict(session["rules"])
    ended = replay(PLAYERS, rules, session["first_dealer"], session["rounds"])
    assert ended.ended
    records = session["rounds"] + [session["rounds"][-1]]
    with pytest.raises(RoundError) as full:
        replay(PLAYERS, rules, session["first_dealer"], records)
    with pytest.raises(RoundError) as fast:
        replay_stored(PLAYERS, rules, session["first_dealer"], records)
    assert fast.value.problems == full.value.problems
