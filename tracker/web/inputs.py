"""What a request sends, read so that nothing in it can crash the tracker or be stored broken.

Python's JSON parser turns `1e999` into infinity, refuses an integer of thousands of digits
with a bare ValueError, takes NaN, and recurses once per level of nesting; a JSON string may
hold a lone surrogate (which PostgreSQL will not store) and any text may hold control
characters. Each is refused here at its place (`where`), before a core function sees it.
"""

from __future__ import annotations

import json
import math
import re

from ..engine import Path, Problem
from ..sessions import InputError

MAX_DEPTH = 32  # a round is 5 deep (hands[1].melds[0].cards[2]); an export 7
MAX_DIGITS = 30  # no seat, count, version or amount comes near
MAX_PROBLEMS = 20
# control characters but tab, newline and return (white space, folded where it matters)
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class _Unreadable:
    """A value the parser met that nothing in the tracker can hold: refused where it stands."""

    def __init__(self, message: str):
        self.message = message


def read_json(request):
    """The JSON body of `request`: 415 unless it says JSON, 400 unless it is JSON, 422 for a
    value no session can hold (see `checked`)."""
    if not request.is_json:
        raise InputError([Problem("body", "send JSON with Content-Type: application/json")], 415)
    try:
        data = json.loads(request.get_data(cache=True), parse_int=_int, parse_constant=_constant)
    except RecursionError:
        data = _Unreadable(_too_deep())
    except ValueError:  # not JSON, or not UTF-8
        raise InputError([Problem("body", "the body is not valid JSON")], 400) from None
    return checked(data)


def checked(data):
    """`data` itself, unless it holds something no session can: nesting deeper than MAX_DEPTH,
    a number too long or not finite, text with a lone surrogate or a control character. Then
    InputError (422), one problem at each such place."""
    problems: list[Problem] = []
    stack = [(Path(), data)]
    while stack and len(problems) < MAX_PROBLEMS:
        path, value = stack.pop()
        message = _problem(value)
        if message is None and len(path) >= MAX_DEPTH and isinstance(value, (dict, list)):
            message = _too_deep()
        if message is not None:
            problems.append(Problem(path or "body", message))
        else:
            stack += reversed(list(_inside(path, value, problems)))
    if problems:
        raise InputError(problems)
    return data


def _inside(path: Path, value, problems: list[Problem]):
    """(path, item) of each item of a list or an object (whose keys are checked as text)."""
    if isinstance(value, list):
        yield from ((Path((*path, index)), item) for index, item in enumerate(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            if (message := _text_problem(str(key))) is not None:
                problems.append(Problem(path or "body", f"a key: {message}"))
            else:
                yield Path((*path, key)), item


def _problem(value) -> str | None:
    if isinstance(value, _Unreadable):
        return value.message
    if isinstance(value, float) and not math.isfinite(value):
        return "a number too large to be read" if math.isinf(value) else "NaN is not a number"
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


def _int(text: str):
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Unreadable(f"a number of {digits:,} digits is too long")
    return int(text)


def _constant(text: str):
    return _Unreadable(f"{text} is not a number")


def _too_deep() -> str:
    return f"the JSON is nested more than {MAX_DEPTH} levels deep"
