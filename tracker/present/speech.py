"""The engine's sentences said in one language: the pure part of present/messages.py, with no
Flask and no Babel, so that the server and the phone's worker (static/engine_worker.js, under
Pyodide) say them with the very same code and the same catalogue.

A `Voice` is a language's catalogue (anything with the stdlib gettext API: `gettext`,
`ngettext`, `pgettext`; Babel's Translations on the server, gettext.GNUTranslations of the same
.mo in the phone) and its number signs (group, decimal, grouping sizes; from Babel's locale
data, which the server hands the phone in /offline/engine.json).

    Voice(translations, group=",", decimal=".", grouping=(3, 3))
    voice.say(value) -> str        a Message (or Joined, Amount) in the voice's language: the
                                   template translated (its plural form for a count), each
                                   parameter said too; anything else unchanged
    voice.amount(Amount) -> str    "₱1,234.50", "−1234.5 puntos"
    phone_voice(mo_path, signs_json) -> say   the phone's: a .mo file and its signs as JSON
"""

from __future__ import annotations

import gettext
import json

from ..engine.messages import Joined, Message
from ..engine.money import Amount


def pgettext_marked(context: str, text: str) -> tuple[str, str]:
    """Marks a message with its context for the catalogue (catalog.sh extracts it) and keeps
    both, for `pgettext` where it is shown."""
    return context, text


# an amount in progressive mode (the engine's money_text): its own context, because "pts" also
# counts deadwood, and a language may have two words where English has one
POINTS = pgettext_marked("points in progressive mode", "%(points)s pts")


class Voice:
    """How one language says the engine's values: its catalogue and its number signs."""

    __slots__ = ("translations", "group", "decimal", "grouping")

    def __init__(self, translations, group: str = ",", decimal: str = ".", grouping=(3, 3)):
        self.translations, self.group, self.decimal = translations, group, decimal
        self.grouping = tuple(grouping)

    def say(self, value):
        if isinstance(value, Message):
            return self._message(value)
        if isinstance(value, Joined):
            return value.separator.join(str(self.say(part)) for part in value.parts)
        if isinstance(value, Amount):
            return self.amount(value)
        return value

    def _message(self, message: Message) -> str:
        if message.plural is None:
            text = self.translations.gettext(message.template)
        else:
            count = message.params[message.count]
            text = self.translations.ngettext(message.template, message.plural, count)
        if not message.params:
            return text
        params = {name: self.say(value) for name, value in message.params.items()}
        try:
            return text % params
        except (KeyError, ValueError, TypeError):  # a translation that lost a placeholder
            return str(message)

    def amount(self, amount: Amount) -> str:
        """An amount as money_text writes it, its number with the voice's signs (₱1,234.50 in
        English and Filipino); points, as money_text writes them, not grouped and without
        trailing zeros ("1234.5 puntos")."""
        sign = "−" if amount.value < 0 else ""
        value = abs(amount.value)
        if amount.symbol == "pts":
            number = format(value.normalize(), "f").replace(".", self.decimal)
            return sign + self.translations.pgettext(*POINTS) % {"points": number}
        whole, _, cents = format(value, ".2f").partition(".")
        return sign + amount.symbol + self._grouped(whole) + self.decimal + cents

    def _grouped(self, digits: str) -> str:
        """Whole digits grouped from the right: the first group of grouping[0] digits, the
        others of grouping[1] (3, 3 in most languages; 3, 2 in Hindi's 12,34,567)."""
        size, groups = self.grouping[0], []
        while len(digits) > size:
            digits, last = digits[:-size], digits[-size:]
            groups.insert(0, last)
            size = self.grouping[1]
        return self.group.join([digits, *groups])


def phone_voice(mo_path: str, signs_json: str):
    """The phone's `say` (judge's way to say its answers): the language's .mo file, as the
    server compiled it, and its signs ({"group", "decimal", "grouping"}) from the manifest."""
    with open(mo_path, "rb") as file:
        translations = gettext.GNUTranslations(file)
    signs = json.loads(signs_json)
    return Voice(translations, signs["group"], signs["decimal"], signs["grouping"]).say
