"""Who pays whom at the end of a session, in the fewest transfers."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .money import ZERO, money_str


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: Decimal

    def to_dict(self) -> dict:
        return {"from": self.payer, "to": self.payee, "amount": money_str(self.amount)}


def settle(balances: dict[str, Decimal]) -> list[Transfer]:
    """Transfers that bring every balance to zero, as few as possible.

    n people whose balances split into k groups that each sum to zero need exactly n - k
    transfers, so we find the most such groups (a subset search; a table has few players),
    then settle inside each group largest debtor to largest creditor.
    """
    open_ = {name: Decimal(amount) for name, amount in balances.items() if amount}
    if sum(open_.values(), ZERO) != 0:
        raise ValueError("balances do not sum to zero")
    names = sorted(open_)
    if len(names) > 12:  # the subset search grows as 3^n
        return _settle_group(names, open_)
    transfers = []
    for group in _zero_sum_groups([open_[name] for name in names]):
        transfers += _settle_group([names[i] for i in group], open_)
    return sorted(transfers, key=lambda t: (t.payer, t.payee))


def _zero_sum_groups(amounts: list[Decimal]) -> list[list[int]]:
    """The most groups (lists of positions) that `amounts`, summing to zero, split into, each
    summing to zero. Sets of positions are bitmasks."""
    size = len(amounts)
    totals = [ZERO] * (1 << size)
    for subset in range(1, 1 << size):
        low = (subset & -subset).bit_length() - 1
        totals[subset] = totals[subset & (subset - 1)] + amounts[low]
    choice = _best_splits(totals, size)
    groups = []
    stack = [(1 << size) - 1] if size else []
    while stack:
        subset = stack.pop()
        part = choice[subset]
        groups.append([i for i in range(size) if part >> i & 1])
        if part != subset:
            stack.append(subset ^ part)
    return groups


def _best_splits(totals: list[Decimal], size: int) -> list[int]:
    """choice[s], for each zero-sum set s: the group holding s's first person in a split of s
    into the most zero-sum groups (s itself when s does not split further)."""
    most = [0] * (1 << size)  # most[s]: how many groups that split has
    choice = [0] * (1 << size)
    for subset in range(1, 1 << size):
        if totals[subset] != 0:
            continue
        first = subset & -subset
        most[subset], choice[subset] = 1, subset
        part = (subset - 1) & subset
        while part:
            if part & first and totals[part] == 0 and 1 + most[subset ^ part] > most[subset]:
                most[subset], choice[subset] = 1 + most[subset ^ part], part
            part = (part - 1) & subset
    return choice


def _settle_group(names: list[str], balances: dict[str, Decimal]) -> list[Transfer]:
    left = {name: balances[name] for name in names}
    transfers = []
    while True:
        debtor = min(left, key=lambda name: (left[name], name))
        creditor = max(left, key=lambda name: (left[name], name))
        if left[debtor] >= 0:
            return transfers
        amount = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount
