"""What changed in the round draft after the phones saw it (docs/API.md, "Round draft":
`last_change`), so that a phone that had agreed shows who changed what and the money that moved
("Ben's cards changed: 2♦ → 3♦ · Ben pays Cris ₱62.00, was ₱60.00") before it agrees again.

A seat whose hand is replaced keeps, in its own state in the draft's `seats` JSON (no column of
its own), `change`: the draft's version just before (`at`; `last`: before its latest write),
its hand then (`before`) and what the verdict of that version paid (`paid`, read from the
answer stored for it: no second check).
Taps in a row by the same seat, with no other change and no agreement between, are one change
(from the hand before the first). The answer names the change when it is the draft's latest
change of content.
"""

from __future__ import annotations

import json
from collections import Counter

from ...engine.hands import hand_tokens
from ...models import GameSession, RoundDraft
from ..repeats import canonical
from .preview import Preview

ZERO = "0.00"


def note_change(game: GameSession, draft: RoundDraft, seat: int) -> None:
    """Before seat `seat`'s hand is replaced in `draft`: what it was, and what was paid then.
    (The caller copies the seats after this, so the note goes with the new hand.)"""
    state = draft.seats[seat]
    if state["hand"] is None:  # a hand entered the first time: nothing anybody saw changed
        return
    last, now = state.get("change"), draft.version or 0
    if last and last["last"] + 1 == draft.changed and not any(s["agreed"] for s in draft.seats):
        last["last"] = now  # still this seat's taps in a row, nobody agreed between: one change
        return
    paid = _paid(game, draft)
    state["change"] = {"at": now, "last": now, "before": state["hand"], "paid": paid}


def last_change(draft: RoundDraft, seen: Preview) -> dict | None:
    """The draft's latest change of content when it was a seat's hand: the seat, the version
    before it (`at`), the cards taken out and put in, and each payment that moved (`money`:
    from, to, amount now and `was`; None when either verdict is missing)."""
    for seat, state in enumerate(draft.seats):
        change = state.get("change")
        if not change or change["last"] + 1 != draft.changed:
            continue
        before, after = _cards(change["before"]), _cards(state["hand"])
        return {
            "seat": seat,
            "at": change["at"],
            "removed": sorted((before - after).elements()),
            "added": sorted((after - before).elements()),
            "money": _moved(change["paid"], seen),
        }
    return None


def marked(seats: list[dict], key: str, seat: int | None, value) -> list[dict]:
    """The seats with `key` set to `value` on seat `seat` only (None: on none): who last set
    the header (`header_at`, the version before), who turned on "one phone confirms for all"."""
    seats = [{k: v for k, v in state.items() if k != key} for state in seats]
    if seat is not None:
        seats[seat][key] = value
    return seats


def header_change(draft: RoundDraft) -> dict | None:
    """The draft's latest change of content when it was the header, set by a seat that said
    so: that seat and the version before it (`at`)."""
    for seat, state in enumerate(draft.seats):
        if "header_at" in state and state["header_at"] + 1 == draft.changed:
            return {"seat": seat, "at": state["header_at"]}
    return None


def turned_on_by(draft: RoundDraft) -> int | None:
    """The seat that turned on "one phone confirms for all" for this round, when it said so."""
    if not draft.confirm_alone:
        return None
    return next((seat for seat, state in enumerate(draft.seats) if state.get("alone")), None)


def _paid(game: GameSession, draft: RoundDraft) -> list[dict] | None:
    """The payments of the verdict the stored answer of this very version shows, if any."""
    tag = f"{draft.version}.{game.revision}"
    if draft.id is None or not draft.answer or draft.answer_tag != tag:
        return None
    try:
        preview = json.loads(draft.answer)["preview"]
    except (ValueError, KeyError, TypeError):
        return None
    if not preview.get("ready") or not preview.get("result"):
        return None
    payments = preview["result"]["payments"]
    return [{key: p[key] for key in ("from", "to", "amount")} for p in payments]


def _moved(paid: list[dict] | None, seen: Preview) -> list[dict] | None:
    if paid is None or seen.result is None or seen.problems:
        return None
    now = {(p["from"], p["to"]): p["amount"] for p in seen.result.to_dict()["payments"]}
    was = {(p["from"], p["to"]): p["amount"] for p in paid}
    return [
        {"from": payer, "to": payee, "amount": now.get(pair, ZERO), "was": was.get(pair, ZERO)}
        for pair in sorted(set(now) | set(was))
        for payer, payee in [pair]
        if now.get(pair) != was.get(pair)
    ]


def _cards(hand) -> Counter:
    """Every card of a seat's hand (melds and hand), in canonical notation, counted."""
    return Counter(canonical(token) for token in hand_tokens(hand))
