"""A new round sent to the API with `Seen-Revision: <n>` (docs/API.md): the session's revision
the phone judged it at (offline, with the engine's `judge`). When rounds were saved or changed
since, the round is not saved blindly: the very round saved by another phone answers 200 with
that round (`already_saved`), other rounds a 409 with them (`conflict`), so that the table looks
at both. The core decides (core/repeats.py); this module reads the headers and words the
answers. With `Draft-Changed: <n>` as well, the round draft the round came from is cleared in
the save's transaction (core/draft/clearing.py)."""

from __future__ import annotations

import re
from decimal import Decimal

from flask import jsonify, request
from flask_babel import gettext as _

from ...core import AlreadySaved, NeedsReview, Submission
from ...core.errors import InputError
from ...engine import Problem, money_str
from ...present.messages import errors_dict
from ...present.round_news import overtaken_message
from .answers import summary

HEADER, NUMBER, DRAFT = "Seen-Revision", "Round-Number", "Draft-Changed"
NETS = "Judged-Nets"
SINCE_SHOWN = 10  # a conflict names the last rounds saved or changed since, and how many in all
DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII digits only: "¹".isdigit() is True


def _digits(name: str, said) -> int | None:
    """The request's header `name` as a number, None without it; a 400 saying `said()` for
    anything but 1–9 ASCII digits."""
    value = request.headers.get(name)
    if value is None:
        return None
    if not DIGITS.fullmatch(value.strip()):
        raise InputError([Problem(name, said())], 400)
    return int(value)


def seen_revision() -> int | None:
    """The request's Seen-Revision, or None without one."""
    return _digits(
        HEADER,
        lambda: _(
            "Seen-Revision takes the session's revision the round was judged at "
            "(the revision of GET /s/<id>/offline.json), 1 to 9 digits, e.g. 12"
        ),
    )


def judged_number() -> int | None:
    """The request's Round-Number (the number the phone judged the round as), or None."""
    return _digits(
        NUMBER, lambda: _("Round-Number takes the number the round was judged as, e.g. 7")
    )


def draft_changed() -> int | None:
    """The request's Draft-Changed (the round draft's `changed` the phone last saw: the draft
    it came from is cleared with the save, core/draft/clearing.py), or None without one."""
    return _digits(
        DRAFT,
        lambda: _(
            "Draft-Changed takes the round draft's changed value this phone last saw "
            "(changed in GET /api/sessions/<id>/draft, or draft_changed in the round "
            "page's preview), 1 to 9 digits, e.g. 12"
        ),
    )


NET = re.compile(r"-?[0-9]{1,9}(\.[0-9]{1,2})?")  # one player's net, as the engine writes it


def judged_nets() -> list[str] | None:
    """The request's Judged-Nets (each player's net as the phone judged the round, in seat
    order, e.g. "26.00,-40.00,14.00"), written as the engine writes money; None without one."""
    value = request.headers.get(NETS)
    if value is None:
        return None
    nets = [part.strip() for part in value.split(",")]
    if len(nets) != 3 or not all(NET.fullmatch(net) for net in nets):
        said = _(
            "Judged-Nets takes each player's net as the round was judged, in seat order, "
            "e.g. 26.00,-40.00,14.00"
        )
        raise InputError([Problem(NETS, said)], 400)
    return [money_str(Decimal(net)) for net in nets]


def submission(body, idem, access) -> Submission:
    """A new round of the API, with what the phone judged it at (the headers optional)."""
    return Submission(
        body,
        idem=idem,
        access=access,
        seen_revision=seen_revision(),
        judged_number=judged_number(),
        judged_nets=judged_nets(),
    )


def answer(game, news: AlreadySaved | NeedsReview):
    """The JSON answer of a new round that was not saved because of what happened since."""
    if isinstance(news, AlreadySaved):  # another phone saved these cards: nothing saved again
        out = {"number": news.number, "result": news.result.to_dict(), "already_saved": True}
        return jsonify({**summary(game), **out}), 200
    problems = [Problem("round", overtaken_message(news))]
    since = news.saved_since
    conflict = {
        "since": [{"number": n, "result": r.to_dict()} for n, r in since[-SINCE_SHOWN:]],
        "since_count": len(since),
        "now": {"number": news.checked.number, "result": news.checked.result.to_dict()},
    }
    return jsonify({**errors_dict(problems), "conflict": conflict, "revision": game.revision}), 409
