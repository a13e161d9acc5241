"""Telling members' names apart: two names that a reader cannot tell apart are one name. A name
is compared by its skeleton: NFKC (engine.name_text has done that), case folded, each letter of
another alphabet that looks like a Latin one (Cyrillic "А", Greek "Ο") read as that Latin letter
(the Unicode confusables data, by the confusable_homoglyphs package), the emoji joiner left out.
"""

from __future__ import annotations

from functools import lru_cache

from confusable_homoglyphs import confusables

from ..engine.values import JOINER


def look_alike(name: str, taken: list[str]) -> str | None:
    """The name in `taken` that `name` cannot be told from (the same one in other letters or
    case), or None."""
    mine = skeleton(name)
    return next((other for other in taken if skeleton(other) == mine), None)


def skeleton(name: str) -> str:
    return "".join(_latin(char) for char in name if char != JOINER).casefold()


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
