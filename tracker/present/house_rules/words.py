"""What every house-rule declaration is made of: an Option, and the few phrases its sentences
share (an amount, a number of stakes, a multiplier)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import Rules, money_text

_TIMES = {1: "single", 2: "double", 3: "triple", 4: "four times"}


def money(amount, rules: Rules) -> str:
    """An amount in the table's unit: ₱10.00, or 10 pts in the progressive variant."""
    return money_text(amount, rules.unit)


def stakes(units: int, rules: Rules) -> str:
    """'one stake (₱10.00)', '3 stakes (₱30.00)'."""
    amount = money(units * rules.stake, rules)
    return f"one stake ({amount})" if units == 1 else f"{units} stakes ({amount})"


def factor(times: int) -> str:
    """'double (×2)'."""
    return f"{_TIMES.get(times, f'{times} times')} (×{times})"


def either(flag, yes: str, no: str) -> tuple[str, ...]:
    """One sentence or the other."""
    return (yes if flag else no,)


def when(flag, sentence: str) -> tuple[str, ...]:
    """The sentence, or nothing to say."""
    return (sentence,) if flag else ()


def nothing(rules: Rules) -> tuple[str, ...]:
    """An option the sentence of another option already tells (or that shows in every amount)."""
    return ()


@dataclass(frozen=True)
class Option:
    name: str
    label: str
    help: str
    kind: str  # "flag", "choice", "number", "money", "text"
    choices: tuple[tuple[str, str], ...] = ()
    group: str = "more"
    says: Callable[[Rules], tuple[str, ...]] = nothing  # the summary's sentences for a table
    lead: bool = False  # said first: it changes what every amount means
    upfront: bool = False  # asked before the other options, outside "Every house rule"
