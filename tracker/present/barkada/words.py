"""The words of a barkada's pages, in one place so that they can be translated
(lazy, so each is read in the language of the request that shows it)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

NO_GROUP = _l("There is no group at this link. Check the link or start a new group.")
NO_MEMBER = _l("This group has no such member.")
EXPIRED = _l("The form had expired. Please try again.")
MEMBER_SAVED = _l("Saved.")
UNLOCKED = _l("Unlocked on this device: you can change the group.")
UNDONE = _l("Payment undone.")
PIN_SET = _l("Group PIN set: other phones need it once to change the group.")
PIN_REMOVED = _l("Group PIN removed: anyone with the link can change the group.")
PAID_BUTTON = "Bayad na"  # the button's name in every language (docs/GLOSSARY.md)


def added(name: str) -> str:
    return _("%(name)s joined the group.", name=name)


def paid(payer: str, payee: str, amount: str) -> str:
    return _(
        "Bayad na: %(payer)s paid %(payee)s %(amount)s.", payer=payer, payee=payee, amount=amount
    )


def owes(payer: str, payee: str) -> str:
    return _("%(payer)s pays %(payee)s", payer=payer, payee=payee)


NOTHING_NEW = _l("Nothing new was stored. What is still owed is below.")


def paid_on(payer: str, payee: str, amount: str, day: str) -> str:
    """The landing page of Bayad na: the payment just recorded, as its row stores it."""
    return _(
        "Bayad na: %(payer)s paid %(payee)s %(amount)s on %(day)s.",
        payer=payer,
        payee=payee,
        amount=amount,
        day=day,
    )


def paid_before(payer: str, payee: str, amount: str, day: str) -> str:
    """A suggested transfer tapped again (an old page, another phone): the payment that had
    paid it, as its row stores it."""
    return _(
        "Not recorded: %(payer)s already paid %(payee)s %(amount)s on %(day)s.",
        payer=payer,
        payee=payee,
        amount=amount,
        day=day,
    )


def joined(group: str) -> str:
    """The session page after the session was added to a group."""
    return _("This session is now in %(group)s.", group=group)
