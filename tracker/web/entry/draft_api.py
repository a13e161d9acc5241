"""The JSON API of the round draft, one phone per seat (docs/API.md, "Round draft"): routes of
the api blueprint, each reading its request and calling one function of core/draft/writes.py.

Every answer carries "<draft version>.<session revision>" as its ETag (the verdict depends on
both). A GET is mostly answered before it reaches these views (fast_polls/polls.py): 304 from
one small query, or the answer stored with the draft row by the change it answers
(core/draft/answer.py: any worker serves it), or this worker's last answer for the same
ETag, which these views keep. Their answers are the stored bytes, so all are byte for byte
the same; a GET whose session moved on since the draft's last change stores the answer it made.
"""

from __future__ import annotations

from decimal import Decimal

from flask import Response, current_app, request
from flask_babel import get_locale
from flask_babel import gettext as _

from ... import core
from ...core import Saved
from ...core.draft import answer as draft_answer
from ...core.draft import rows as draft_rows
from ...core.draft import writes as drafts
from ...core.errors import InputError
from ...engine import Problem
from ...engine.money import Amount
from ...models import RoundDraft
from ...present.messages import english, say
from .. import devices
from ..json_answers import access_of, draft_began, if_match, not_saved, read_body
from ..lookups import game_of
from .blueprint import api_bp


def _draft_answer(game, draft: RoundDraft, status: int = 200, saved: Saved | None = None):
    if not english():  # the stored and cached answers are English: this one is made anew
        return _answer_in_language(game, draft, status, saved)
    made = None if saved is not None else draft_answer.made(draft)
    tag, body = made or (draft_rows.tag_of(game, draft), None)
    if made is None and saved is None:
        body = draft_answer.stored(game, draft, tag)
    if body is None:  # an Agree that saved, or a draft whose session moved on since its change
        text = draft_answer.encode(draft_answer.body_of(game, draft, draft.version, saved))
        body = text.encode()
        if saved is None:
            draft_answer.remember(draft, draft.version, game.revision, text)
    if saved is None:  # what a GET of this draft answers too (fast_polls/polls.py)
        token = request.view_args["token"]  # not game.token: the commit expired it
        _kept_put(token, tag, body)
    return Response(body, status, {"ETag": f'"{tag}"'}, mimetype="application/json")


def _answer_in_language(game, draft: RoundDraft, status: int, saved: Saved | None):
    """The draft's answer with its texts in the reader's language: not stored (the stored
    answer, and a phone's ETag, stay the English one), but kept by this worker under the
    language, as the English one is, so that a poll of a Filipino phone costs no more."""
    tag = draft_rows.tag_of(game, draft)
    key = f"{request.view_args['token']} {get_locale()}"
    body = _kept_get(key, tag) if saved is None else None
    if body is None:
        answer = draft_answer.body_of(game, draft, draft.version, saved)
        answer["preview"]["errors"] = [
            {**error, "message": say(error["message"])} for error in answer["preview"]["errors"]
        ]
        _amounts_in_language(answer, core.rules_of(game).unit)
        body = draft_answer.encode(answer).encode()
        if saved is None:
            _kept_put(key, tag, body)
    return Response(body, status, {"ETag": f'"{tag}"'}, mimetype="application/json")


def _kept_get(key: str, tag: str) -> bytes | None:
    """This worker's last answer under `key` for `tag` (the fast path; off it: none)."""
    kept = current_app.extensions.get("draft_answers")
    return None if kept is None else kept.get(key, tag)


def _kept_put(key: str, tag: str, body: bytes) -> None:
    kept = current_app.extensions.get("draft_answers")
    if kept is not None:
        kept.put(key, tag, body)


def _amounts_in_language(body: dict, unit: str) -> None:
    """The answer's texts of amounts (the pot, the money a change moved) for the reader."""
    preview = body["preview"]
    preview["pot_text"] = say(Amount(Decimal(preview["pot"]), unit))
    change = body["last_change"]
    for moved in (change or {}).get("money") or []:
        moved["amount_text"] = say(Amount(Decimal(moved["amount"]), unit))
        moved["was_text"] = say(Amount(Decimal(moved["was"]), unit))


@api_bp.get("/sessions/<token>/draft")
def get_draft(token: str):
    try:
        tag = draft_rows.draft_tag(token)
    except core.NotFound:
        raise InputError([Problem("id", _("no session with this id"))], 404) from None
    if request.if_none_match.contains_weak(tag):
        return "", 304, {"ETag": f'"{tag}"'}
    game = game_of(token)
    return _draft_answer(game, draft_rows.get_draft(game))


@api_bp.put("/sessions/<token>/draft/header")
def put_header(token: str):
    game = game_of(token)
    body, access, expected, seen = read_body(), access_of(game), if_match(), draft_began()
    draft = drafts.set_header(game, body, access, expected, _by(), seen)
    return _draft_answer(game, draft)


@api_bp.put("/sessions/<token>/draft/seats/<int:seat>")
def put_hand(token: str, seat: int):
    game = game_of(token)
    body, access, expected, seen = read_body(), access_of(game), if_match(), draft_began()
    draft = drafts.set_hand(game, seat, body, access, expected, seen)
    return _draft_answer(game, draft)


@api_bp.post("/sessions/<token>/draft/seats/<int:seat>/done")
def done(token: str, seat: int):
    game = game_of(token)
    done, access, expected, seen = _flag("done"), access_of(game), if_match(), draft_began()
    draft = drafts.set_done(game, seat, done, access, expected, seen)
    return _draft_answer(game, draft)


@api_bp.put("/sessions/<token>/draft/options")
def options(token: str):
    game = game_of(token)
    return _draft_answer(
        game, drafts.set_confirm_alone(game, _flag("confirm_alone"), access_of(game), _by())
    )


@api_bp.post("/sessions/<token>/draft/seats/<int:seat>/agree")
def agree(token: str, seat: int):
    game = game_of(token)
    body = read_body()
    body = body if isinstance(body, dict) else {}
    version, revision = body.get("version"), body.get("revision")
    phone = devices.phone_id()  # each phone that agrees is offered the Undo once it is saved
    outcome = drafts.agree(game, seat, version, access_of(game), revision, phone)
    if not isinstance(outcome, drafts.Agreement):
        return not_saved(outcome)
    if outcome.saved is None:
        return _draft_answer(game, outcome.draft)
    devices.note_saved(game, outcome.saved.number)  # this phone's last Agree: it may undo
    return _draft_answer(game, outcome.draft, 201, outcome.saved)


@api_bp.delete("/sessions/<token>/draft")
def delete_draft(token: str):
    game = game_of(token)
    return _draft_answer(game, drafts.clear(game, access_of(game), if_match()))


def _by() -> int | None:
    """`?seat=N`: the seat whose phone made this change, for the other phones to be told."""
    value = request.args.get("seat")
    if value is None:
        return None
    if value not in ("0", "1", "2"):
        raise InputError([Problem("seat", _("a seat is 0, 1 or 2"))])
    return int(value)


def _flag(name: str) -> bool:
    """`{"<name>": true|false}`; an empty body (POST .../done) means true."""
    if not request.get_data(cache=True):
        return True
    body = read_body()
    value = body.get(name, True) if isinstance(body, dict) else None
    if not isinstance(value, bool):
        raise InputError([Problem(name, _("%(name)s is true or false", name=name))])
    return value
