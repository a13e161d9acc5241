"""Properties of the other tables' house rules (docs/rules.md §7) over many rounds and sessions:
payments plus pot movements sum to zero, and a push moves nothing.

The rounds are dealt so that ties are common: each seat holds cards of its own ranks only
(Ana A-4, Ben 5-8, Cris 9-K), so that no card is ever dealt twice, and the loose cards give
deadwood 0, 5 or 10 to more than one seat.
"""

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.engine import Rules, add_round, score_round, start_ledger

PLAYERS = ["Ana", "Ben", "Cris"]
# per seat: melds it may lay (the last one only as a secret run) and loose cards (deadwood)
MELDS = [
    (["AS", "2S", "3S"], ["4H", "4D", "4C"], ["AS", "2S", "3S", "4S"]),
    (["5S", "6S", "7S"], ["8H", "8D", "8C"], ["5S", "6S", "7S", "8S"]),
    (["9S", "10S", "JS"], ["KH", "KD", "KC"], ["9S", "10S", "JS", "QS"]),
]
LOOSE = [
    ["", "2H 3D", "AH 2C 2D", "3H 3D 2C 2H", "AC"],  # 0, 5, 5, 10, 1
    ["", "5H", "5D 5C", "6H", "7D"],  # 0, 5, 10, 6, 7
    ["", "10H", "QD", "9H", "10D 9D"],  # 0, 10, 10, 9, 19
]

rules_strategy = st.builds(
    lambda preset, **options: Rules.preset(preset, **options),
    st.sampled_from(["classic", "pagat"]),
    draw_showdown=st.sampled_from(["all", "challengers"]),
    draw_tie=st.sampled_from(["caller", "challenger", "push"]),
    talon_tie=st.sampled_from(["after_last_drawer", "before_last_drawer", "push"]),
    all_sunog=st.sampled_from(["void", "lowest_wins"]),
    secret_runs=st.booleans(),
    challenged_draw_pays=st.sampled_from(["showdown_losers", "all_losers"]),
    no_discard_multiplier=st.integers(1, 3),
    kang_multiplier=st.integers(1, 2),
    pot_ante_units=st.integers(0, 2),
    pot_won_by=st.sampled_from(["next_winner", "streak"]),
    next_dealer=st.sampled_from(["rotate", "winner"]),
    progressive=st.booleans(),
)


@st.composite
def rounds(draw, rules: Rules):
    """A round the engine accepts under `rules` (without players, rules, pot and streak)."""
    ending = draw(st.sampled_from(["tongits", "draw", "talon"]))
    declarer = None if ending == "talon" else draw(st.integers(0, 2))
    hands = []
    for seat in range(3):
        laid = draw(st.sampled_from([0, 0, 1, 2, 3] if rules.secret_runs else [0, 0, 1, 2]))
        if seat == declarer and not laid:
            laid = 1  # a Tongits or a draw call needs a meld of one's own
        melds = [MELDS[seat][0]] if laid else []
        if laid == 2:
            melds.append(MELDS[seat][1])
        if laid == 3:
            melds = [{"cards": MELDS[seat][2], "secret": True}]
        loose = (
            "" if ending == "tongits" and seat == declarer else draw(st.sampled_from(LOOSE[seat]))
        )
        hands.append({"melds": melds, "hand": loose.split()})
    if ending == "draw":
        for seat, entry in enumerate(hands):
            entry["challenged"] = seat != declarer and bool(entry["melds"]) and draw(st.booleans())
    if ending == "tongits":
        hands[declarer]["kang"] = draw(st.booleans())
        hands[declarer]["no_discard"] = draw(st.booleans())
    return {
        "dealer": draw(st.integers(0, 2)),
        "ending": ending,
        "declarer": declarer,
        "last_drawer": draw(st.integers(0, 2)),
        "hands": hands,
    }


@st.composite
def scored(draw):
    rules = draw(rules_strategy)
    record = draw(rounds(rules))
    record["pot"] = draw(st.sampled_from(["0", "30", "12.50"]))
    seat = draw(st.integers(0, 2))
    record["streak"] = draw(st.sampled_from([None, {"seat": seat, "wins": 1}]))
    return score_round({**record, "players": PLAYERS}, rules)


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scored())
def test_payments_plus_pot_sum_to_zero_and_a_push_moves_nothing(result):
    assert sum(p.net for p in result.players) + (result.pot - result.pot_before) == 0
    assert (result.winner is None) == (result.void or result.push)
    assert not (result.void and result.push)
    for payment in result.payments:
        assert payment.amount >= 0 and payment.payee == result.winner
    if result.push:
        assert result.payments == [] and result.pot_in == [] and result.pot_out == 0
        assert result.pot == result.pot_before and result.streak is None
        assert all(p.net == 0 for p in result.players)
        assert result.verdict[-1].endswith(": a push, nobody pays.")
    if result.void:
        assert all(p.sunog for p in result.players) and result.rules.all_sunog == "void"


@st.composite
def sessions(draw):
    rules = draw(rules_strategy)
    records = draw(st.lists(rounds(rules), min_size=1, max_size=8))
    return rules, records


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_a_session_balances_and_pot_sum_to_zero_and_pushes_leave_the_ledger(session):
    rules, records = session
    ledger = start_ledger(PLAYERS, rules)
    for record in records:
        if ledger.ended:
            break
        before = (list(ledger.balances), ledger.pot, list(ledger.pot_shares))
        result = add_round(ledger, record)
        assert sum(ledger.balances) + ledger.pot == 0
        assert sum(ledger.final_balances()) == 0
        if result.push:
            assert (ledger.balances, ledger.pot, ledger.pot_shares) == (
                before[0],
                before[1],
                before[2],
            )
    assert sum((t.amount for t in ledger.settlement()), Decimal(0)) >= 0


@st.composite
def pushes(draw):
    """A round that must be a push: Ana and Ben tie at 5 (a draw with draw_tie push, or talon
    out with talon_tie push and Cris drawing the last card), under any other options."""
    rules = draw(rules_strategy).with_options(draw_tie="push", talon_tie="push")
    ending = draw(st.sampled_from(["draw", "talon"]))
    cris = draw(st.sampled_from(["10H", "QD", "10D 9D"]))  # 10 or 19: never the lowest
    hands = [
        {"melds": [MELDS[0][0]], "hand": ["2H", "3D"]},
        {"melds": [MELDS[1][0]], "hand": ["5H"], "challenged": ending == "draw"},
        {"melds": draw(st.sampled_from([[], [MELDS[2][0]]])), "hand": cris.split()},
    ]
    record = {
        "players": PLAYERS,
        "ending": ending,
        "declarer": 0 if ending == "draw" else None,
        "last_drawer": 2,
        "hands": hands,
        "pot": draw(st.sampled_from(["0", "30", "12.50"])),
        "streak": draw(st.sampled_from([None, {"seat": 0, "wins": 1}, {"seat": 2, "wins": 1}])),
    }
    return score_round(record, rules)


@SETTINGS
@given(pushes())
def test_a_push_moves_nothing_under_any_options(result):
    assert result.push and result.winner is None and not result.void
    assert result.payments == [] and result.pot_in == [] and result.pot_out == 0
    assert result.pot == result.pot_before and result.streak is None
    assert all(p.net == 0 for p in result.players)
    assert result.verdict[-1].startswith("Ana and Ben tie at 5")
