"""Reading an uploaded file (an export or a backup) as JSON, safely: whatever the file holds,
the answer is its parsed value or an ExportError that says where and what, never a crash.

Python's own parser turns `1e999` into infinity, refuses an integer of thousands of digits
with a bare ValueError, takes NaN, and recurses once per level of nesting; and a string may
hold a lone surrogate, which no database stores. `load_json_file` parses with hooks for the
numbers and then walks the value once, refusing each of these at its place.
"""

from __future__ import annotations

import json

from ..engine import Problem, json_text
from ..engine.messages import N_

MAX_PROBLEMS = 50


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


def load_json_file(data):
    """The parsed JSON of an uploaded file (bytes, text, or already parsed), checked by
    `check_values`; ExportError if it is not UTF-8 JSON or holds something no session can."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise refuse("file", N_("the file is not UTF-8 text")) from None
    if isinstance(data, str):
        try:
            data = json_text.loads(data)
        except json.JSONDecodeError as error:
            message = N_(
                "the file is not valid JSON (%(error)s, line %(line)s)",
                error=error.msg,
                line=error.lineno,
            )
            raise refuse("file", message) from None
    problems = json_text.problems_in(data, "file", MAX_PROBLEMS)
    if problems:
        raise ExportError(problems)
    return data
