"""The JSON answer about a round draft (docs/API.md, "Round draft"), built here so that, on the
fast path (tracker/fast_path), it can be stored with the draft row in the same transaction as
the change it answers: any worker's middleware (fast_polls/polls.py) then serves a GET of the
draft from the one query it already makes for the ETag, without Flask and without checking the
round again.

`encode` writes JSON exactly as Flask's `jsonify` does outside debug mode (sorted keys, no
spaces, ASCII only, a final newline), and the app's own answer is these very bytes: the stored
answer and the app's are the same byte for byte. The stored answer names the ETag it answers,
"<draft version>.<session revision>"; the middleware serves it only while the draft and the
session are still at that tag (a round saved, edited or deleted, a settle, a restore in place:
the revision moves on; a session deleted: its draft row goes with it).
"""

from __future__ import annotations

import json
from decimal import Decimal

from sqlalchemy import update
from sqlalchemy.exc import SQLAlchemyError

from ... import fast_path
from ...engine import money_str, money_text, seat_views
from ...extensions import db
from ...models import GameSession, RoundDraft
from ..ledger_memo import ledger_of, rules_of
from ..outcomes import Saved
from .changes import header_change, last_change, turned_on_by
from .preview import began_seat, preview
from .rows import began_at


def body_of(game: GameSession, draft: RoundDraft, version: int, saved: Saved | None = None):
    """The answer's JSON object for `draft` at `version` (what its ETag names)."""
    seen = preview(game, draft)
    rules = rules_of(game)
    seats = [
        {
            "seat": seat,
            "player": game.players[seat],
            "hand": state["hand"],
            "done": state["done"],
            "agreed": state["agreed"],
            "clashes": seen.clashes_of(seat),
        }
        for seat, state in enumerate(draft.seats)
    ]
    return {
        "version": version,
        "revision": game.revision,
        "changed": draft.changed,
        "confirm_alone": bool(draft.confirm_alone),
        "confirm_alone_by": turned_on_by(draft),
        "header_change": header_change(draft),
        "header": draft.header,
        "seats": seats,
        "all_done": all(state["done"] for state in draft.seats),
        "preview": _preview(game, draft, seen, rules),
        "last_saved": draft.last_saved and {"number": draft.last_saved["number"]},
        "began": _began(draft),
        "saved": None if saved is None else {"number": saved.number},
        "last_change": _with_texts(last_change(draft, seen), rules.unit),
    }


def _began(draft: RoundDraft) -> dict:
    """When the round in progress began (the draft's version, what a phone's writes name as
    Draft-Began), and how the round before ended on the draft: cleared or saved, the round's
    number and the seat whose phone did it (None: another phone, or not known)."""
    began = draft.began or {}
    return {
        "at": began_at(draft),
        "how": began.get("how"),
        "number": began.get("number"),
        "seat": began_seat(draft),
    }


def _preview(game: GameSession, draft: RoundDraft, seen, rules) -> dict:
    """The draft checked as a round (`seen`), each seat's view of its part, the pot."""
    pot = ledger_of(game).pot
    return {
        "ready": seen.result is not None and not seen.problems,
        "result": None if seen.result is None else seen.result.to_dict(),
        "errors": [problem.to_dict() for problem in seen.problems],
        "clashes": [{"card": card, "seats": s} for card, s in seen.clashes.items()],
        "seats": seat_views(rules, draft.header or {}, [state["hand"] for state in draft.seats]),
        "pot": money_str(pot),
        "pot_text": money_text(pot, rules.unit),
    }


def _with_texts(change: dict | None, unit: str) -> dict | None:
    """`last_change` with each moved payment's amounts also as text for people, in English
    (the presentation layer writes them anew for a reader of another language)."""
    if change is None or change["money"] is None:
        return change
    money = [
        {**m, "amount_text": _text(m["amount"], unit), "was_text": _text(m["was"], unit)}
        for m in change["money"]
    ]
    return {**change, "money": money}


def _text(amount: str, unit: str) -> str:
    return money_text(Decimal(amount), unit)


def encode(body: dict) -> str:
    """JSON text as Flask's jsonify writes it (app.json outside debug mode)."""
    return json.dumps(body, ensure_ascii=True, sort_keys=True, separators=(",", ":")) + "\n"


def keep(game: GameSession, draft: RoundDraft) -> tuple[str, bytes] | None:
    """Store the answer a GET of `draft` will get once this change commits (its version moves
    on by one: the mapper's version counter), under the ETag it answers; answers both, for the
    change's own answer (`made`). Off the fast path: nothing (None)."""
    if not fast_path.enabled():
        return None
    version = (draft.version or 0) + 1 if draft.id is not None else 1
    with db.session.no_autoflush:  # the check reads rounds: the change is flushed at commit,
        body = body_of(game, draft, version)  # where a race with another worker is retried
    draft.answer = encode(body)
    draft.answer_tag = f"{version}.{game.revision}"
    return draft.answer_tag, draft.answer.encode()


def made(draft: RoundDraft) -> tuple[str, bytes] | None:
    """The ETag and answer of the change `draft` just committed (set by core/draft/writes.py), so
    that the change's answer needs no second read of the rows the commit expired."""
    return draft.__dict__.get("made_answer")


def stored(game: GameSession, draft: RoundDraft, tag: str) -> bytes | None:
    """The answer stored with `draft`, when it answers `tag` (on the fast path)."""
    if (
        not fast_path.enabled()
        or draft.id is None
        or draft.answer_tag != tag
        or draft.answer is None
    ):
        return None
    return draft.answer.encode()


def remember(draft: RoundDraft, version: int, revision: int, text: str) -> None:
    """Store the answer the app made for a GET (the session's revision moved on since the
    draft's last change: a round saved or edited elsewhere), so that the other workers need not
    make it again; only while the draft is still at `version` (no version bump: the answer
    is not a change of the draft). Off the fast path: nothing."""
    if not fast_path.enabled() or draft.id is None:
        return
    table = RoundDraft.__table__
    try:
        db.session.execute(
            update(table)
            .where(table.c.id == draft.id, table.c.version == version)
            .values(answer=text, answer_tag=f"{version}.{revision}")
        )
        db.session.commit()
    except SQLAlchemyError:  # a busy database: the answer was made, the next GET makes it again
        db.session.rollback()
