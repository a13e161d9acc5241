"""JSON text read so that nothing in it can crash the tracker or be stored broken.

Python's own parser turns `1e999` into infinity, refuses an integer of thousands of digits
with a bare ValueError, takes NaN, and recurses once per level of nesting; and a string may
hold a lone surrogate (which no database stores) or a control character. `loads` parses with
hooks for the numbers; `problems_in` then walks the value once and names each of these at its
place. The API's bodies, imported files, backups and the engine's CLI all read JSON this way.
"""

from __future__ import annotations

import json
import math
import re

from .messages import N_
from .problems import Path, Problem

MAX_DEPTH = 32  # a round is 5 deep (hands[1].melds[0].cards[2]); an export 7; a backup 9
MAX_DIGITS = 30  # no seat, count, version or amount comes near
# control characters but tab, newline and return (white space, folded where it matters)
_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')  # what nesting and strings are made of
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class _Unreadable:
    """A value the parser met that nothing in the tracker can hold: refused where it stands."""

    def __init__(self, message: str):
        self.message = message


def loads(text: str | bytes):
    """json.loads that never crashes on what JSON may hold: a number no session can hold
    becomes a placeholder that `problems_in` names at its place, and JSON nested deeper than
    Python can recurse becomes one such placeholder for the whole. Not JSON: ValueError.
    Bytes are UTF-8 or nothing (json.loads would guess UTF-16 or UTF-32 from them)."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8-sig")  # a UnicodeDecodeError is a ValueError
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except RecursionError:
        return _Unreadable(too_deep())


def problems_in(data, root: str, limit: int = 50) -> list[Problem]:
    """A problem at each place of `data` (from `loads`) that no session can hold: nesting
    deeper than MAX_DEPTH, a number too long or not finite, text with a lone surrogate or a
    control character. `root` names the whole ("body", "file") in a problem about it."""
    problems: list[Problem] = []
    stack = [(Path(), data)]
    while stack and len(problems) < limit:
        path, value = stack.pop()
        message = _problem(value)
        if message is None and len(path) >= MAX_DEPTH and isinstance(value, (dict, list)):
            message = too_deep()
        if message is not None:
            problems.append(Problem(path or root, message))
        else:
            stack += reversed(list(_inside(path, value, problems, root)))
    return problems


def nested_deeper(text: str, depth: int) -> bool:
    """Is JSON `text` nested more than `depth` levels (brackets in strings aside)? Asked
    before parsing where the parser must not go that deep: under Pyodide a few thousand levels
    end the interpreter itself instead of raising RecursionError."""
    if text.count("[") + text.count("{") <= depth:
        return False
    level, in_string, escaped = 0, False, -1
    for found in _SIGNIFICANT.finditer(text):
        char, at = found.group(), found.start()
        if at == escaped:
            continue
        if in_string:
            escaped = at + 1 if char == "\\" else escaped
            in_string = char != '"'
        elif char in "[{":
            level += 1
            if level > depth:
                return True
        elif char in "]}":
            level -= 1
        else:
            in_string = char == '"'
    return False


def text_problem(text: str) -> str | None:
    """What is wrong with `text` as something to show or store, or None."""
    found = _BAD_CHAR.search(text)
    if found is None:
        return None
    code = f"U+{ord(found.group()):04X}"
    if found.group() >= "\ud800":
        return N_("the text holds a broken character (a lone surrogate, %(code)s)", code=code)
    return N_("the text holds a control character (%(code)s)", code=code)


def _inside(path: Path, value, problems: list[Problem], root: str):
    """(path, item) of each item of a list or an object (whose keys are checked as text)."""
    if isinstance(value, list):
        yield from ((Path((*path, index)), item) for index, item in enumerate(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            if (message := text_problem(str(key))) is not None:
                problems.append(Problem(path or root, N_("a key: %(error)s", error=message)))
            else:
                yield Path((*path, key)), item


def _problem(value) -> str | None:
    if isinstance(value, _Unreadable):
        return value.message
    if isinstance(value, float) and not math.isfinite(value):
        if math.isinf(value):
            return N_("a number too large to be read")
        return N_("NaN is not a number")
    if isinstance(value, str):
        return text_problem(value)
    return None


def _int(text: str):
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Unreadable(
            N_("a number of %(digits)s digits is too long", digits=format(digits, ","))
        )
    return int(text)


def _constant(text: str):
    return _Unreadable(N_("%(text)s is not a number", text=text))


def too_deep() -> str:
    return N_("the JSON is nested more than %(depth)s levels deep", depth=MAX_DEPTH)
