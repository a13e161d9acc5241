"""One new round judged against a session's rounds so far, JSON text in and JSON text out.

This is what a phone asks when it must judge offline: its worker runs these very files under
Pyodide (static/engine_worker.js) and calls `judge`; the server gives the same text for the
same state, byte for byte (tests/web/pages/test_browser_offline_engine.py holds them to it).

    judge(session_text, record_text, say=None) -> text
      session_text: {"players": [3 names], "rules": {options}, "first_dealer": 0-2,
                     "records": [round records so far, in order]}
      record_text:  the new round's record, as the API takes it
      answer: {"number": n, "result": {...}, "ledger": {...}} (RoundResult.to_dict and
              Ledger.to_dict, the rounds' and the ledger's answers of the API), or
              {"problems": [{"where": ..., "message": ...}, ...]}
      say: how its sentences are said (each Message and Joined of the answer, before JSON):
           by default their English text; the phone's worker passes its page's language
           (present/speech.py's, with the server's catalogue), and the engine stays English

    preview(session_text, record_text, say=None) -> text
      what the one-phone page's live preview shows while the round is entered: {"views":
      [three seat views], **judge's answer} (seat_views.py: each seat's melds, deadwood and
      flags, as the server's preview gives them for the same form); "views" is [] when the
      session or the record cannot be read at all. Both share the replayed session.

    preview_form(session_text, fields_text, say=None) -> text
      `preview` of the round the one-phone form's fields make (fields.record_from_fields, as
      the server reads the posted form), with that "record" in the answer: what the phone
      keeps in its outbox when the round is confirmed offline. fields_text: {"name": "value"}
      of the form's fields, a ticked box's name with any value, an unticked one left out.
"""

from __future__ import annotations

import json
from functools import lru_cache

from . import json_text
from .fields import record_from_fields
from .ledger import Ledger, add_round, replay
from .messages import N_, Joined, Message
from .problems import Problem, RoundError
from .record import check_players
from .rules import read_rules
from .seat_views import seat_views
from .values import read_seat

# Nesting refused before parsing: far past what problems_in takes (MAX_DEPTH), far short of
# what ends Pyodide's interpreter (a few thousand levels) or CPython's parser (about 1,000)
TOO_DEEP = 100


def judge(session_text: str, record_text: str, say=None) -> str:
    try:
        ledger, record = _ledger_and_record(session_text, record_text)
    except RoundError as error:
        return _text(_problems(error), say)
    return _text(_judged(ledger, record), say)


def preview(session_text: str, record_text: str, say=None) -> str:
    """The seats' views of the round (their melds, deadwood, flags) with `judge`'s answer."""
    try:
        ledger, record = _ledger_and_record(session_text, record_text)
    except RoundError as error:
        return _text({"views": [], **_problems(error)}, say)
    return _text(_previewed(ledger, record), say)


def preview_form(session_text: str, fields_text: str, say=None) -> str:
    try:
        ledger, fields = _ledger_and_record(session_text, fields_text, "form")
    except RoundError as error:
        return _text({"views": [], **_problems(error)}, say)
    record = record_from_fields({k: v for k, v in fields.items() if isinstance(v, str)})
    return _text({**_previewed(ledger, record), "record": record}, say)


def _ledger_and_record(session_text: str, text: str, where="round") -> tuple[Ledger, dict]:
    """The session replayed (shared, not to be changed) and the new round's record (or the
    form's fields: `where`)."""
    return _replayed(session_text), _read(text, where)


def _previewed(ledger: Ledger, record: dict) -> dict:
    views = seat_views(ledger.rules, record, _three(record.get("hands")))
    return {"views": views, **_judged(ledger, record)}


def _judged(replayed: Ledger, record: dict) -> dict:
    ledger = replayed.copy()
    try:
        result = add_round(ledger, record)
    except RoundError as error:
        return _problems(error)
    answer = {"number": len(ledger.results), "result": result.to_dict()}
    return {**answer, "ledger": ledger.to_dict()}


def _problems(error: RoundError) -> dict:
    return {"problems": [problem.to_dict() for problem in error.problems]}


def _three(hands) -> list:
    """A seat's part for each of the three seats: what the record holds, None for a missing one
    (its view is an empty hand), nothing past the third."""
    hands = hands if isinstance(hands, list) else []
    return [*hands[:3], *[None] * (3 - len(hands[:3]))]


@lru_cache(maxsize=4)
def _replayed(session_text: str) -> Ledger:
    """The ledger after the session's rounds: kept for the next taps of the same round, which
    send the same session (a phone judges one round at a time)."""
    session = _read(session_text, "session")
    return replay(*_session(session), session.get("records", []))


def _read(text: str, where: str) -> dict:
    not_object = Problem(where, N_("the %(name)s must be a JSON object", name=where))
    if json_text.nested_deeper(text, TOO_DEEP):
        raise RoundError([Problem(where, json_text.too_deep())])
    try:
        value = json_text.loads(text)
    except ValueError:
        raise RoundError([not_object]) from None
    problems = json_text.problems_in(value, where)
    if problems or not isinstance(value, dict):
        raise RoundError(problems or [not_object])
    return value


def _session(session: dict) -> tuple:
    players, problems = check_players(session.get("players"))
    rules = read_rules(session.get("rules", {}), problems)
    first_dealer = read_seat(session.get("first_dealer", 0), "first_dealer", problems)
    if not isinstance(session.get("records", []), list):
        said = N_("the %(name)s must be a JSON object", name="session")
        problems.append(Problem("records", said))
    if problems:
        raise RoundError(problems)
    return players, rules, first_dealer


def _text(answer: dict, say=None) -> str:
    answer = answer if say is None else _said(answer, say)
    return json.dumps(answer, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _said(value, say):
    """`value` (an answer: dicts, lists, text, numbers) with each of its sentences said."""
    if isinstance(value, dict):
        return {key: _said(item, say) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_said(item, say) for item in value]
    return say(value) if isinstance(value, (Message, Joined)) else value
