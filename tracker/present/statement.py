"""The words of a member's statement (issue 11), for its PDF."""

from __future__ import annotations

from ..engine import money_text
from .display import signed_money

UNIT = "₱"
EXPLAIN = (
    "A settled session adds your final balance of that night; a payment you made raises your "
    "balance, a payment you received lowers it. A session still being played is listed, and "
    "counts once it is settled."
)
NOTHING = "No sessions and no payments yet."


def line_words(line) -> str:
    if line.kind == "paid":
        return f"Paid {line.other}"
    if line.kind == "received":
        return f"Received from {line.other}"
    rounds = f"{line.rounds} round{'' if line.rounds == 1 else 's'}"
    if line.kind == "session in play":
        return f"Session with {line.other}, {rounds}, in play: {signed_money(line.net)} so far"
    return f"Session with {line.other}, {rounds}"


def standing(found) -> str:
    balance = found.balance
    if balance > 0:
        return f"{found.member} is owed {money_text(balance, UNIT)}."
    if balance < 0:
        return f"{found.member} owes {money_text(-balance, UNIT)}."
    return f"{found.member} is even: owes nothing and is owed nothing."


def statement_view(found) -> dict:
    lines = [
        {
            "day": f"{line.day:%d %b %Y}",
            "words": line_words(line),
            "amount": line.amount,
            "amount_text": signed_money(line.amount, UNIT) if line.amount else "—",
            "balance": line.balance,
        }
        for line in found.lines
    ]
    return {
        "group_name": found.group,
        "member": found.member,
        "left": found.left,
        "standing": standing(found),
        "explain": EXPLAIN,
        "nothing": NOTHING,
        "lines": lines,
        "unit": UNIT,
    }
