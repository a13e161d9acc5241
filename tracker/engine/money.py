"""Exact money: Decimal with two places, never float."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

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
        try:
            amount = Decimal(str(value).strip().replace(",", "").lstrip("₱"))
        except InvalidOperation:
            raise MoneyError(N_("'%(value)s' is not an amount", value=shown(value))) from None
    if not amount.is_finite():
        raise MoneyError(N_("'%(value)s' is not an amount", value=shown(value)))
    if amount.adjusted() >= 9:  # 1e9 or more; checked first, and so: abs(1e9999999) overflows
        raise MoneyError(N_("'%(value)s' is too large", value=shown(value)))
    if amount != amount.quantize(CENT):
        raise MoneyError(N_("'%(value)s' has more than two decimal places", value=shown(value)))
    return amount.quantize(CENT)


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
