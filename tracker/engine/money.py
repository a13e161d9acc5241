"""Exact money: Decimal with two places, never float."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .messages import N_
from .values import shown

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


class MoneyError(ValueError):
    """An amount that cannot be read; `message` says why (a Message, str() of it in English)."""

    def __init__(self, message):
        self.message = message
        super().__init__(message)


def parse_money(value) -> Decimal:
    """An amount from a string, int or Decimal, in whole centavos. Floats are refused."""
    if isinstance(value, (float, bool, list, tuple, dict)):
        raise MoneyError(N_('write the amount as text, e.g. "10.50"'))
    if isinstance(value, (int, Decimal)):
        amount = Decimal(value)  # not through str(): an int of thousands of digits has none
    else:
        amount = _written(str(value))
    if not amount.is_finite():
        raise MoneyError(N_("'%(value)s' is not an amount", value=shown(value)))
    if amount.adjusted() >= 9:  # 1e9 or more; checked first, and so: abs(1e9999999) overflows
        raise MoneyError(N_("'%(value)s' is too large", value=shown(value)))
    if amount != amount.quantize(CENT):
        raise MoneyError(N_("'%(value)s' has more than two decimal places", value=shown(value)))
    return amount.quantize(CENT)


# An amount as people write it: a sign, the peso sign, digits (a comma only between groups of
# three, as in 1,000), then the centavos after a point. Nothing else: "5,00" could be five or
# five hundred, and "1e3", "1_000", "Infinity" are what Decimal reads but nobody writes.
_WRITTEN = re.compile(r"([+-]?)₱?(\d{1,3}(?:,\d{3})+|\d*)(\.\d*)?")


def _written(text: str) -> Decimal:
    text = text.strip().replace("\u2212", "-", 1)  # the minus sign the pages write
    found = _WRITTEN.fullmatch(text)
    if found is None or not any(ch.isdigit() for ch in text):
        if "," in text and _WRITTEN.fullmatch(text.replace(",", "")):
            said = N_(
                "'%(value)s': a comma only groups thousands, as in 1,000; write centavos after"
                " a point, as in 5.00",
                value=shown(text),
            )
            raise MoneyError(said)
        raise MoneyError(N_("'%(value)s' is not an amount", value=shown(text)))
    sign, whole, cents = found.groups()
    return Decimal(sign + (whole.replace(",", "") or "0") + (cents or ""))


def money_str(amount: Decimal) -> str:
    """Two places, no symbol: the form of amounts in JSON."""
    return str(amount.quantize(CENT))


def money_text(amount: Decimal, symbol: str = "₱") -> str:
    """For people: ₱1,234.50, −₱3.00, or '12 pts' in progressive mode."""
    if symbol == "pts":
        return f"{'−' if amount < 0 else ''}{abs(amount).normalize():f} pts"
    sign = "−" if amount < 0 else ""
    return f"{sign}{symbol}{abs(amount):,.2f}"


@dataclass(frozen=True)
class Amount:
    """An amount as a parameter of a Message: English shows it as `money_text` does, the
    presentation layer formats it for the reader's locale."""

    value: Decimal
    symbol: str = "₱"

    def __str__(self) -> str:
        return money_text(self.value, self.symbol)
