"""Which phones agreed to a round entered on the seat pages, and the Undo each of them is
offered once the round is saved.

An Agree names the device it came from (the web layer's random id of the phone, kept in its
signed cookie: the core only hears it). The seat it made agreed keeps that id in its own state
in the draft's `seats` JSON (`phone`; no column of its own) until the agreement goes (a hand or
the header changed, the seat not done any more). When the third Agree saves the round:

- its history event says, besides `agreed` (the seats), `phones`: the seats grouped by the
  phone that agreed for them, [[0], [1], [2]] for three phones, [[0, 1], [2]] when Ana's phone
  agreed for Ben too (a seat without a phone). Seats, not ids: an event's data is read through
  the API and exported, and a phone's id stays on the server. The history names every phone
  ("saved on Ana's, Ben's and Cris's phones"). With "one phone confirms for all" the event
  says `confirmed_by` only, as before: that one phone is the one named, and the one offered
  the Undo.
- the draft's `last_saved` keeps the ids (`phones`) and the session's revision the save gave
  (`revision`). The phones that agreed before the last Agree are other devices, with their own
  cookies: the session page of each asks `saved_with` whether this device agreed to the round
  the draft saved, and offers its Undo while that save is still the session's last change and
  recent (web/entry/undo_saved.py).
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from ...extensions import db
from ...models import GameSession, RoundDraft, utcnow
from .. import history

PHONE = "phone"  # the key of a seat's state: the id of the phone whose Agree made it agreed


def agree_seat(seats: list[dict], seat: int, phone: str | None, alone: bool) -> list[dict]:
    """The seats after seat `seat`'s Agree from `phone` (None: not said): that seat agreed by
    that phone (a seat agreed already keeps its phone); with `alone` ("one phone confirms for
    all") every seat agreed, the others by no phone."""
    seats = [dict(state) for state in seats]
    for other, state in enumerate(seats):
        if state["agreed"] or not (alone or other == seat):
            continue
        state["agreed"] = True
        state.pop(PHONE, None)
        if other == seat and phone:
            state[PHONE] = phone
    return seats


def kept(state: dict, keep: bool) -> dict:
    """A seat's state with its agreement kept only when `keep`; the phone goes with it."""
    state = dict(state, agreed=state["agreed"] and keep)
    if not state["agreed"]:
        state.pop(PHONE, None)
    return state


def phone_groups(seats: list[dict]) -> list[list[int]]:
    """The agreed seats grouped by the phone that agreed for them, in seat order (a seat whose
    phone is not known counts as a phone of its own): what the history event keeps."""
    groups: dict[object, list[int]] = {}
    for seat, state in enumerate(seats):
        if state["agreed"]:
            groups.setdefault(state.get(PHONE) or seat, []).append(seat)
    return list(groups.values())


def phone_ids(seats: list[dict], only: int | None = None) -> list[str]:
    """The ids of the phones that agreed, each once; `only`: that seat's (with "one phone
    confirms for all", the phone that confirmed is the one named and offered the Undo)."""
    chosen = seats if only is None else seats[only : only + 1]
    return list(dict.fromkeys(s[PHONE] for s in chosen if s["agreed"] and s.get(PHONE)))


def remember(draft: RoundDraft, phones: list[str], revision: int) -> None:
    """Inside the save's transaction, the draft made blank: which phones agreed to the round it
    saved, and the session's revision that save gives."""
    draft.last_saved = {**(draft.last_saved or {}), "phones": phones, "revision": revision}


def saved_with(game: GameSession, phone: str | None, within: timedelta) -> tuple[int, int] | None:
    """(round number, history event id) of the round the draft saved with `phone`'s agreement,
    while nothing changed in the session since (its revision is the one the save gave, and
    the save is its last change: what an Undo takes back) and for `within` after it; else
    None."""
    if not phone:
        return None
    query = select(RoundDraft.last_saved).where(RoundDraft.session_id == game.id)
    last = db.session.execute(query).scalar()
    if not isinstance(last, dict) or phone not in (last.get("phones") or []):
        return None
    if last.get("revision") != game.revision:
        return None
    event = history.latest_change(game)
    if event is None or event.kind != history.ROUND_SAVED or event.round != last.get("number"):
        return None
    if utcnow() - event.at > within:
        return None
    return event.round, event.id
