"""The words of a seat phone's scripts (static/entry/seat.js, draft_sync.js), for js_words.py."""

from __future__ import annotations

from flask_babel import gettext as _


def seat_words(counted) -> dict:
    """seat.js and draft_sync.js; `counted` is js_words' words of a count."""
    return {
        "By whom?": _("By whom?"),
        "Last card drawn by": _("Last card drawn by"),
        **counted("{n} cards", "%(count)s card", "%(count)s cards"),
        "no cards yet": _("no cards yet"),
        "\u2713 Done": _("\u2713 Done"),
        "\u2713 Agreed": _("\u2713 Agreed"),
        "Pot {amount}": _("Pot %(amount)s", amount="{amount}"),
        "Tap your cards \u00b7 Meld \u2713 each meld \u00b7 Done \u2713 at the end": _(
            "Tap your cards \u00b7 Meld \u2713 each meld \u00b7 Done \u2713 at the end"
        ),
        "Everyone else is done: Done \u2713 when your cards are in.": _(
            "Everyone else is done: Done \u2713 when your cards are in."
        ),
        **_seat_messages(),
    }


def _seat_messages() -> dict:
    return {
        "A hand or the header changed after you looked: here is the new verdict. Check it, "
        "then Agree again.": _(
            "A hand or the header changed after you looked: here is the new verdict. Check it, "
            "then Agree again."
        ),
        "A round was saved or changed meanwhile: here is the new verdict. Check it, then Agree "
        "again.": _(
            "A round was saved or changed meanwhile: here is the new verdict. Check it, then "
            "Agree again."
        ),
        "Your cards are in. Waiting for {name} to tap Done.": _(
            "Your cards are in. Waiting for %(name)s to tap Done.", name="{name}"
        ),
        "Your cards are in. Waiting for {names} to tap Done.": _(
            "Your cards are in. Waiting for %(names)s to tap Done.", names="{names}"
        ),
        "Before anyone can agree: {message}": _(
            "Before anyone can agree: %(message)s", message="{message}"
        ),
        "Check the verdict, then Agree.": _("Check the verdict, then Agree."),
        "You agreed. Waiting for {name}.": _("You agreed. Waiting for %(name)s.", name="{name}"),
        "You agreed. Waiting for {names}.": _(
            "You agreed. Waiting for %(names)s.", names="{names}"
        ),
        "One Agree saves the round for everyone.": _("One Agree saves the round for everyone."),
        "Saving\u2026": _("Saving\u2026"),
        "Offline \u00b7 your taps will be sent": _("Offline \u00b7 your taps will be sent"),
        "Sending\u2026": _("Sending\u2026"),
        "This phone is offline: what the others did is not known here until it is back.": _(
            "This phone is offline: what the others did is not known here until it is back."
        ),
        "Offline: your Agree is kept and will be sent when the network is back.": _(
            "Offline: your Agree is kept and will be sent when the network is back."
        ),
        "{name}'s cards changed: {before} \u2192 {after}": _(
            "%(name)s's cards changed: %(before)s \u2192 %(after)s",
            name="{name}",
            before="{before}",
            after="{after}",
        ),
        "{name} changed their hand": _("%(name)s changed their hand", name="{name}"),
        "{name} changed how the round ended": _(
            "%(name)s changed how the round ended", name="{name}"
        ),
        "turned on by {name}, for this round": _(
            "turned on by %(name)s, for this round", name="{name}"
        ),
        "{payer} pays {payee} {amount}, was {was}": _(
            "%(payer)s pays %(payee)s %(amount)s, was %(was)s",
            payer="{payer}",
            payee="{payee}",
            amount="{amount}",
            was="{was}",
        ),
        "Agree \u2713": _("Agree \u2713"),
        "Agree \u2713 \u00b7 waiting for the network": _(
            "Agree \u2713 \u00b7 waiting for the network"
        ),
        " and ": " " + _("and") + " ",
    }
