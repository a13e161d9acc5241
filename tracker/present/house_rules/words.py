"""What every house-rule declaration is made of: an Option, and the few phrases its sentences
share (an amount, a number of stakes, a multiplier)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...engine import Rules
from ..display import money as _money


def N_(text: str) -> str:
    """Marks an English text for the catalogue (bash scripts/catalog.sh extract) and keeps it
    English: an option's label, help and choices are translated where they are shown, with
    `_(text)` (templates, rule_form.py), so that the declarations stay plain strings."""
    return text


_TIMES = {1: _l("single"), 2: _l("double"), 3: _l("triple"), 4: _l("four times")}


def money(amount, rules: Rules) -> str:
    """An amount in the table's unit: ₱10.00, or 10 pts in the progressive variant."""
    return _money(amount, rules.unit)


def stakes(units: int, rules: Rules) -> str:
    """'one stake (₱10.00)', '3 stakes (₱30.00)'."""
    amount = money(units * rules.stake, rules)
    if units == 1:
        return _("one stake (%(amount)s)", amount=amount)
    return ngettext(
        "%(num)s stake (%(amount)s)", "%(num)s stakes (%(amount)s)", units, amount=amount
    )


def factor(times: int) -> str:
    """'double (×2)'."""
    if times in _TIMES:
        return f"{_TIMES[times]} (×{times})"
    return _("%(count)s times (×%(count)s)", count=times)


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
