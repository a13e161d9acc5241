"""Settle-up: who pays whom, in the fewest transfers."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracker.engine import settle

D = Decimal


def test_three_players_two_transfers():
    transfers = settle({"Ana": D("47.00"), "Ben": D("-20.00"), "Cris": D("-27.00")})
    assert {(t.payer, t.payee, t.amount) for t in transfers} == {
        ("Ben", "Ana", D("20.00")),
        ("Cris", "Ana", D("27.00")),
    }


def test_one_transfer_when_one_player_is_even():
    transfers = settle({"Ana": D("12.50"), "Ben": D("0"), "Cris": D("-12.50")})
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [("Cris", "Ana", D("12.50"))]


def test_nothing_to_settle():
    assert settle({"Ana": D(0), "Ben": D(0), "Cris": D(0)}) == []


def test_zero_sum_pairs_are_settled_apart():
    # greedy largest-to-largest would need 3 transfers here; pairing needs 2
    transfers = settle({"A": D(5), "B": D(-5), "C": D(7), "D": D(-7)})
    assert len(transfers) == 2


def test_balances_must_sum_to_zero():
    with pytest.raises(ValueError, match="do not sum to zero"):
        settle({"Ana": D(1), "Ben": D(0), "Cris": D(0)})


amounts = st.lists(st.integers(-50_000, 50_000), min_size=2, max_size=7)


@given(amounts)
def test_transfers_bring_every_balance_to_zero(cents):
    cents.append(-sum(cents))
    balances = {f"P{i}": D(c) / 100 for i, c in enumerate(cents)}
    left = dict(balances)
    transfers = settle(balances)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(value == 0 for value in left.values())
    assert len(transfers) <= sum(1 for v in balances.values() if v) - 1 or not transfers
