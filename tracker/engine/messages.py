"""The engine's sentences as message codes with their parameters.

A `Message` IS its English text (a str: the CLI, the JSON and every caller comparing words see
exactly what the engine always said) and also carries what a translation needs: its template,
a gettext msgid with named placeholders ("%(name)s wins."), the plural pair when it counts
something, and the parameters (names and cards as text, ints, `Amount`s, nested Messages,
`Joined` lists). The presentation layer (tracker/present/messages.py) renders it in the reader's
language; the engine itself never translates (no Flask, no Babel here).

The code of a message is its English template: one thing to keep in step, the catalogue finds
it by it (pybabel extracts `N_` and `ngettext`, both defined here), and a changed English
sentence is rightly a new message for the translators.
"""

from __future__ import annotations


class Message(str):
    """English text plus its template and parameters; immutable like the str it is."""

    template: str
    plural: str | None
    count: str | None
    params: dict

    def __new__(
        cls, template: str, plural: str | None = None, count: str | None = None, /, **params
    ):
        chosen = template if plural is None or params[count] == 1 else plural
        self = super().__new__(cls, chosen % params if params else chosen)
        self.__dict__.update(template=template, plural=plural, count=count, params=params)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("a Message is immutable")

    def __reduce__(self):
        return (_rebuilt, (self.template, self.plural, self.count, self.params))

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"


def _rebuilt(template, plural, count, params):
    return Message(template, plural, count, **params)


class Later:
    """A Message not made yet: the label of every hand and meld of a round is said only in a
    refusal, so it is made (`said`) only then, not for each hand read."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, **params):
        self.template, self.params = template, params

    def __str__(self) -> str:
        return str(said(self))


def said(label):
    """A label as text: a `Later` made into its Message, anything else as it is."""
    return Message(label.template, **label.params) if isinstance(label, Later) else label


def N_(template: str, **params) -> Message:
    """A sentence of the engine (its msgid marked for pybabel), with its parameters."""
    return Message(template, **params)


def ngettext(singular: str, plural: str, num: int, **params) -> Message:
    """A sentence that counts: like Flask-Babel's ngettext, `num` is a parameter too. Nothing
    is translated here: the presentation layer picks the form of the reader's language."""
    return Message(singular, plural, "num", num=num, **params)


class Joined(str):
    """Parts put side by side with a separator that is no word (" + ", ", "): each part a
    Message or plain text, the separator kept as is in every language."""

    separator: str
    parts: tuple

    def __new__(cls, separator: str, parts):
        parts = tuple(parts)
        self = super().__new__(cls, separator.join(str(part) for part in parts))
        object.__setattr__(self, "separator", separator)
        object.__setattr__(self, "parts", parts)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("Joined text is immutable")

    def __reduce__(self):
        return (Joined, (self.separator, self.parts))


def names_of(names: list[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cris' (names of a verdict or a refusal)."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return N_("%(first)s and %(last)s", first=names[0], last=names[1])
    return (
        N_("%(first)s, %(second)s and %(last)s", first=names[0], second=names[1], last=names[2])
        if len(names) == 3
        else Joined(", ", names)
    )


def message_of(error: Exception) -> str:
    """What an error of the engine says: its Message when it was raised with one."""
    said = error.args[0] if error.args else None
    return said if isinstance(said, str) else str(error)


def these_or(items: list[str]) -> str:
    """'a, b or c': choices, each as written (option values, JSON keys)."""
    return N_("%(some)s or %(last)s", some=", ".join(items[:-1]), last=items[-1])


def these_and(items: list[str]) -> str:
    """'a, b and c': keys or names, each as written."""
    return N_("%(first)s and %(last)s", first=", ".join(items[:-1]), last=items[-1])
