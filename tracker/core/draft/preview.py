"""What a round draft (writes.py) would score: the draft made into a round record and run
through `rounds.check_round`, the very check a saved round gets, plus the cards two seats
both entered (each such card flagged for every seat that holds it); and what a draft takes
(a seat, a header, a hand, a version), refused with where and why before anything is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import HAND_KEYS, HEADER, Problem, RoundResult
from ...engine.cards import CardError, parse_card
from ...engine.hands import hand_tokens, too_big
from ...engine.messages import N_, names_of
from ...models import GameSession, RoundDraft
from ..errors import InputError, RoundGone
from ..rounds import check_round

SEATS = 3
HEADER_KEYS = HEADER  # the round's header, as the engine describes it (engine/shape.py)


@dataclass(frozen=True)
class Preview:
    """The draft's round `record`; the engine's `result` when it checks clean, else the
    `problems`; `clashes`: card -> the seats that entered it, for cards entered by two seats."""

    record: dict
    result: RoundResult | None = None
    problems: list[Problem] = field(default_factory=list)
    clashes: dict[str, list[int]] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return self.result is not None and not self.problems and not self.clashes

    def clashes_of(self, seat: int) -> list[str]:
        return [card for card, seats in self.clashes.items() if seat in seats]


def blank_seats() -> list[dict]:
    return [{"hand": None, "done": False, "agreed": False} for _ in range(SEATS)]


def record_of(draft: RoundDraft) -> dict:
    """The round record the draft stands for; a seat with no hand yet counts as an empty one."""
    record = {key: value for key, value in (draft.header or {}).items() if value is not None}
    record["hands"] = [
        seat["hand"] if seat["hand"] is not None else {"melds": [], "hand": []}
        for seat in draft.seats
    ]
    return record


def preview(game: GameSession, draft: RoundDraft) -> Preview:
    """The draft checked as the next round of `game` (nothing stored)."""
    record = record_of(draft)
    missing = [
        Problem(("hands", seat), N_("%(name)s has not entered a hand yet", name=game.players[seat]))
        for seat, state in enumerate(draft.seats)
        if state["hand"] is None
    ]
    clashes = clashes_in(draft.seats)
    try:
        checked = check_round(game, record)
    except InputError as error:
        return Preview(record, None, missing + error.problems, clashes)
    if missing:
        return Preview(record, None, missing, clashes)
    return Preview(checked.record, checked.result, [], clashes)


def check_agreeable(game: GameSession, draft: RoundDraft, version: int, revision) -> None:
    if revision is not None and revision != game.revision:
        raise InputError(
            [
                Problem(
                    "revision",
                    N_(
                        "a round was saved, changed or deleted since this phone showed the "
                        "verdict (revision %(seen)s is now %(now)s): review it again, then agree",
                        seen=revision,
                        now=game.revision,
                    ),
                )
            ],
            409,
        )
    if not draft.changed <= version <= draft.version:
        raise content_moved(version, draft.version)
    waiting = [game.players[s] for s, state in enumerate(draft.seats) if not state["done"]]
    if waiting and not draft.confirm_alone:
        if len(waiting) == 1:
            said = N_("%(name)s must tap Done before anyone can agree", name=waiting[0])
        else:
            said = N_("%(names)s must tap Done before anyone can agree", names=names_of(waiting))
        raise InputError([Problem("done", said)], 409)


def content_moved(seen: int, now: int) -> InputError:
    """409: a hand or the header changed after the version this phone agreed to."""
    return InputError(
        [
            Problem(
                "version",
                N_(
                    "the round changed since this phone saw it (version %(seen)s is now "
                    "%(now)s): a hand or how the round ended was changed; review the "
                    "round again, then agree",
                    seen=seen,
                    now=now,
                ),
            )
        ],
        409,
    )


def began_seat(draft: RoundDraft) -> int | None:
    """The seat whose phone cleared or saved the round before this one on the draft (None:
    another phone, or not known)."""
    by = str((draft.began or {}).get("by") or "").partition("@")[0]
    kind, _sep, seat = by.partition(":")
    return int(seat) if kind == "seat" and seat in ("0", "1", "2") else None


def round_gone(game: GameSession, draft: RoundDraft) -> RoundGone:
    """409: a change made on the round as it was before the table cleared or saved it."""
    began = draft.began or {}
    number = began.get("number") or len(game.rounds)
    seat = began_seat(draft)
    name = None if seat is None else game.players[seat]
    saved = began.get("how") == "saved"
    if name is None:
        said = (
            N_(
                "Round %(number)s was saved on another phone: this change was not kept",
                number=number,
            )
            if saved
            else N_(
                "Round %(number)s was cleared on another phone: this change was not kept",
                number=number,
            )
        )
    elif saved:
        said = N_(
            "Round %(number)s was saved on %(name)s's phone: this change was not kept",
            number=number,
            name=name,
        )
    else:
        said = N_(
            "Round %(number)s was cleared on %(name)s's phone: this change was not kept",
            number=number,
            name=name,
        )
    return RoundGone([Problem("began", said)], 409)


def if_match_moved(seen: int, now: int) -> InputError:
    """409: a write guarded by If-Match found the draft at another version."""
    return InputError(
        [
            Problem(
                "If-Match",
                N_(
                    "the round draft changed on another phone (version %(seen)s is now "
                    "%(now)s): load it again, then make your change",
                    seen=seen,
                    now=now,
                ),
            )
        ],
        409,
    )


def check_clean(seen: Preview) -> None:
    if seen.result is None or seen.problems:
        problems = seen.problems or [Problem("round", N_("the round does not check clean"))]
        raise InputError(problems, 422)


def clashes_in(seats: list[dict]) -> dict[str, list[int]]:
    """Each card (not a joker: the rules may allow several) that two or more seats entered."""
    holders: dict[str, set[int]] = {}
    for seat, state in enumerate(seats):
        for card in _cards(state["hand"]):
            holders.setdefault(card, set()).add(seat)
    return {card: sorted(seats) for card, seats in sorted(holders.items()) if len(seats) > 1}


def _cards(hand) -> set[str]:
    """The cards of one seat's hand in their notation; what is no card is the check's business."""
    cards = set()
    for token in hand_tokens(hand):
        try:
            card = parse_card(token)
        except CardError:
            continue
        if not card.is_joker:
            cards.add(str(card))
    return cards


def read_seat(seat) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise InputError([Problem("seat", N_("a seat is 0, 1 or 2"))], 404)
    return seat


def read_header(header) -> dict:
    """The round header as a seat sends it: its values are the check's business."""
    return _read_object(header, "header", HEADER_KEYS)


def read_hand(hand) -> dict:
    """One seat's part of the round: melds, hand and flags; refused at once when it
    holds more melds or cards than a deck makes (so no draft keeps what no read can afford)."""
    if (big := too_big(hand)) is not None:
        raise InputError([Problem("hand", N_("the hand has %(what)s", what=big))])
    return _read_object(hand, "hand", HAND_KEYS)


def _read_object(value, name: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise InputError([Problem(name, N_("the %(name)s must be a JSON object", name=name))])
    known = ", ".join(keys)
    problems = [
        Problem((name, key), N_("unknown key: the %(name)s takes %(keys)s", name=name, keys=known))
        for key in value
        if key not in keys
    ]
    if problems:
        raise InputError(problems)
    return dict(value)


def read_version(value, name: str = "version") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise InputError(
            [
                Problem(
                    name,
                    N_(
                        "agree with the draft's %(name)s as this phone showed it, e.g. 7", name=name
                    ),
                )
            ]
        )
    return value
