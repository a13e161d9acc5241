"""What a request sends, read so that nothing in it can crash the tracker or be stored broken:
the engine's `json_text` reader names each value no session can hold at its place (`where`),
before a core function sees it."""

from __future__ import annotations

from flask_babel import gettext as _

from ..core import InputError
from ..engine import Problem, json_text

MAX_PROBLEMS = 20


def read_json(request, root: str = "body", limit: int = MAX_PROBLEMS):
    """The JSON body of `request`: 415 unless it says JSON, 400 unless it is JSON, 422 for a
    value no session can hold (see `checked`)."""
    if not request.is_json:
        raise InputError([Problem("body", _("send JSON with Content-Type: application/json"))], 415)
    try:
        data = json_text.loads(request.get_data(cache=True))
    except ValueError:  # not JSON, or not UTF-8
        raise InputError([Problem("body", _("the body is not valid JSON"))], 400) from None
    return checked(data, root, limit)


def read_empty_or_json(request):
    """The body of a POST that needs none (settle, reopen): none at all (no Content-Type, no
    bytes), or JSON as `read_json` reads it. Anything else, a form post above all, is a 415:
    no page of another site can send it."""
    if request.content_type is None and not request.get_data(cache=True):
        return None
    return read_json(request)


def checked(data, root: str = "body", limit: int = MAX_PROBLEMS):
    """`data` itself, unless it holds something no session can (json_text.problems_in): then
    InputError (422), one problem at each such place."""
    problems = json_text.problems_in(data, root, limit)
    if problems:
        raise InputError(problems)
    return data
