"""Telling members' names apart: two names that a reader cannot tell apart are one name. A name
is compared by its skeleton: NFKC (engine.name_text has done that), case folded, each letter of
another alphabet that looks like a Latin one (Cyrillic "А", Greek "Ο") read as that Latin letter
(the Unicode confusables data, by the confusable_homoglyphs package), the emoji joiner and the
variation selectors left out.
"""

from __future__ import annotations

from functools import lru_cache

from confusable_homoglyphs import confusables

from ..engine import Problem
from ..engine.messages import N_
from ..engine.problems import Path
from ..engine.values import JOINER


def look_alike(name: str, taken: list[str]) -> str | None:
    """The name in `taken` that `name` cannot be told from (the same one in other letters or
    case), or None."""
    mine = skeleton(name)
    return next((other for other in taken if skeleton(other) == mine), None)


def skeleton(name: str) -> str:
    return "".join(_latin(char) for char in name if not _unseen(char)).casefold()


def seated_twins(players: list[str]) -> list[Problem]:
    """A problem at each player of a new session who cannot be told from one seated before."""
    problems = []
    for seat, name in enumerate(players):
        other = look_alike(name, players[:seat])
        if other is not None and other.casefold() != name.casefold():  # the engine says that
            said = N_(
                "%(name)s looks just like %(other)s, another player (letters of another "
                "alphabet or invisible marks): give each their own name",
                name=name,
                other=other,
            )
            problems.append(Problem(Path.of("players", seat), said))
    return problems


def _unseen(char: str) -> bool:
    """The emoji joiner and the variation selectors: they change how a name is drawn at most."""
    code = ord(char)
    return char == JOINER or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


@lru_cache(maxsize=4096)
def _latin(char: str) -> str:
    """`char`, or the Latin letter it is confusable with when it is of another alphabet."""
    if char.isascii():
        return char
    found = confusables.is_confusable(char, preferred_aliases=["latin", "common"], greedy=True)
    for entry in found or []:
        for glyph in entry["homoglyphs"]:
            if glyph["c"].isascii() and glyph["c"].isalpha():
                return glyph["c"]
    return char
