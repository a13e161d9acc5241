"""Reading an uploaded file (an export or a backup) as JSON, safely: whatever the file holds,
the answer is its parsed value or an ExportError that says where and what, never a crash.

Python's own parser turns `1e999` into infinity, refuses an integer of thousands of digits
with a bare ValueError, takes NaN, and recurses once per level of nesting; and a string may
hold a lone surrogate, which no database stores. `load_json_file` parses with hooks for the
numbers and then walks the value once, refusing each of these at its place.
"""

from __future__ import annotations

import json
import math
import re

from ..engine import Path, Problem

MAX_DEPTH = 32  # an export is 6 deep (rounds[0].hands[1].melds[0].cards[2]); a backup 8
MAX_DIGITS = 30  # no seat, count or amount of a session comes near
MAX_PROBLEMS = 50
# control characters but tab, newline and return (white space, folded where it matters)
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class ExportError(ValueError):
    """An export the tracker will not import (or cannot export); `problems` lists each one,
    the engine's Problem with where it is (rounds[3].hands[1].melds[0])."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("; ".join(f"{p.where}: {p.message}" for p in problems))

    def to_dict(self) -> dict:
        return {"errors": [problem.to_dict() for problem in self.problems]}


def refuse(where, message: str) -> ExportError:
    return ExportError([Problem(where, message)])


class _Unreadable:
    """A number the parser met that no session could hold: reported where it stands."""

    def __init__(self, text: str, message: str):
        self.text = text
        self.message = message


def _parse_int(text: str):
    if len(text.lstrip("-")) > MAX_DIGITS:
        return _Unreadable(text, f"a number of {len(text.lstrip('-')):,} digits is too long")
    return int(text)


def _parse_constant(text: str):
    return _Unreadable(text, f"{text} is not a number a session can hold")


def load_json_file(data):
    """The parsed JSON of an uploaded file (bytes, text, or already parsed), checked by
    `check_values`; ExportError if it is not UTF-8 JSON or holds something no session can."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise refuse("file", "the file is not UTF-8 text") from None
    if isinstance(data, str):
        try:
            data = loads(data)
        except json.JSONDecodeError as error:
            message = f"the file is not valid JSON ({error.msg}, line {error.lineno})"
            raise refuse("file", message) from None
    check_values(data)
    return data


def loads(text):
    """json.loads that never crashes on what a file holds: a number no session can hold is
    parsed into a placeholder that `check_values` refuses at its place, and JSON nested deeper
    than Python can recurse becomes one such placeholder for the whole. Not JSON: ValueError.
    (The import routes of the API parse their body with this too.)"""
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        return _Unreadable("", _too_deep())


def _too_deep() -> str:
    return f"the JSON is nested more than {MAX_DEPTH} levels deep: no export is"


def check_values(data) -> None:
    """Refuse, at its place, every value no session can hold: nesting deeper than MAX_DEPTH,
    a number too long or not finite, text with a lone surrogate or a control character."""
    problems: list[Problem] = []
    stack = [(Path(), data)]
    while stack and len(problems) < MAX_PROBLEMS:
        path, value = stack.pop()
        message = _value_problem(value)
        if message is None and len(path) > MAX_DEPTH and isinstance(value, (dict, list)):
            message = _too_deep()
        if message is not None:
            problems.append(Problem(path or "file", message))
        else:
            stack += reversed(list(_inside(path, value, problems)))
    if problems:
        raise ExportError(problems)


def _inside(path: Path, value, problems: list[Problem]):
    """(path, item) of each item of a list or an object (whose keys are checked as text)."""
    if isinstance(value, list):
        yield from ((Path((*path, index)), item) for index, item in enumerate(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            if (message := _text_problem(str(key))) is not None:
                problems.append(Problem(path or "file", f"a key: {message}"))
            else:
                yield Path((*path, key)), item


def _value_problem(value) -> str | None:
    if isinstance(value, _Unreadable):
        return value.message
    if isinstance(value, float) and math.isnan(value):
        return "NaN is not a number a session can hold"
    if isinstance(value, float) and math.isinf(value):
        return "a number too large to be read"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return "a number of more than 30 digits is too long"
    if isinstance(value, str):
        return _text_problem(value)
    return None


def _text_problem(text: str) -> str | None:
    found = _BAD_CHAR.search(text)
    if found is None:
        return None
    code = f"U+{ord(found.group()):04X}"
    if found.group() >= "\ud800":
        return f"the text holds a broken character (a lone surrogate, {code})"
    return f"the text holds a control character ({code})"
