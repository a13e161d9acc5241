"""The words of a barkada's pages (issue 11), in one place so that they can be translated."""

from __future__ import annotations

NO_GROUP = "There is no group at this link. Check the link or start a new group."
NO_MEMBER = "This group has no such member."
EXPIRED = "The form had expired. Please try again."
MEMBER_SAVED = "Saved."
UNLOCKED = "Unlocked on this device: you can change the group."
UNDONE = "Payment undone."
PIN_SET = "Group PIN set: other phones need it once to change the group."
PIN_REMOVED = "Group PIN removed: anyone with the link can change the group."
PAID_BUTTON = "Bayad na"


def added(name: str) -> str:
    return f"{name} joined the group."


def paid(payer: str, payee: str, amount: str) -> str:
    return f"Bayad na: {payer} paid {payee} {amount}."


def owes(payer: str, payee: str) -> str:
    return f"{payer} pays {payee}"
