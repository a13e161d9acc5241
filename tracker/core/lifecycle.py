"""A session's life: created, settled, reopened, its edit PIN set or removed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Ledger, Problem, Rules, check_players, money_str, read_rules, read_seat
from ..engine.messages import N_
from ..extensions import db
from ..models import Barkada, GameSession, new_token, utcnow
from . import history, idempotency, owners, pins
from .barkada.new_session import read_group_seats
from .errors import InputError
from .idempotency import Idempotent
from .ledger_memo import ledger_of
from .names import seated_twins
from .pins import OPEN, Access
from .store import commit

PAGE_SIZES = ("a4", "letter")
DEFAULT_PAGE_SIZE = "letter"  # short bond: common in the Philippines


@dataclass(frozen=True)
class NewSession:
    """A session request read and checked: what `create_session` stores."""

    players: list[str]
    dealer: int
    rules: Rules
    page_size: str
    pin: str | None
    group: Barkada | None = None  # the group it is started from
    seat_members: list[int] | None = None  # and the member at each seat


def read_new_session(data) -> NewSession:
    """{"players": [3 names], "dealer": seat, "rules": {...}, "page_size", "pin"}, checked;
    InputError lists every problem at once."""
    if not isinstance(data, dict):
        raise InputError(
            [Problem("session", N_("send a JSON object with players, dealer and rules"))]
        )
    problems: list[Problem] = []
    players, player_problems = check_players(data.get("players"))
    player_problems += seated_twins(players) if not player_problems else []
    problems += player_problems
    say = "say who deals first: seat 0, 1 or 2"
    dealer = read_seat(data.get("dealer", 0), "dealer", problems, missing=say, wrong=say) or 0
    rules = read_rules(data.get("rules") or {}, problems)
    page_size = str(data.get("page_size") or DEFAULT_PAGE_SIZE).lower()
    if page_size not in PAGE_SIZES:
        problems.append(Problem("page_size", N_("page size must be a4 or letter")))
    new_pin = pins.read_new_pin(data.get("pin"), "pin", problems)
    group, seats = None, None
    if not player_problems:
        group, seats, players = read_group_seats(data, players, problems)
    if problems:
        raise InputError(problems)
    return NewSession(players, dealer, rules, page_size, new_pin, group, seats)


def create_session(
    data,
    idem: Idempotent | None = None,
    seed: bytes | None = None,
    group_access: Callable[[Barkada], Access] | None = None,
):
    """A new session from the JSON of `read_new_session`. With `idem`, answers
    `idem.respond(game)` (the stored answer for a repeated key) instead of the session. Its
    owner key and recovery code are `owners.derive(seed, game.token)` (a random seed if none).
    Started from a group, `group_access(group)` must be allowed to change the group."""
    new = read_new_session(data)
    access = OPEN
    if new.group is not None:
        access = group_access(new.group) if group_access else OPEN
        pins.admit(new.group, access)

    def make() -> GameSession:
        game = GameSession(
            players=new.players,
            first_dealer=new.dealer,
            rules=new.rules.to_dict(),
            page_size=new.page_size,
            pin_hash=pins.hash_pin(new.pin) if new.pin else None,
            token=new_token(),
            group_id=new.group.id if new.group is not None else None,
            seat_members=new.seat_members,
        )
        owners.issue(game, seed or owners.new_seed())
        db.session.add(game)
        db.session.flush()
        started = {"players": new.players, "rules": new.rules.to_dict(), "pin": bool(new.pin)}
        history.note(game, history.CREATED, "owner", after=started)
        if new.group is not None:
            after = {"session": game.id, "players": new.players}
            history.note(new.group, history.SESSION_ADDED, access.by, after=after)
        return game

    return idempotency.created(idem, make)


def settle(game: GameSession, access: Access = OPEN) -> Ledger:
    """Close the session; its settlement (who pays whom) is then final until reopened."""
    pins.admit(game, access)

    def change():
        ledger = ledger_of(game)
        if game.settled_at is None:
            game.settled_at = utcnow()
            history.note(game, history.SETTLED, access.by, after=_totals(ledger))
        return ledger, ledger

    return commit(game, change)


def reopen(game: GameSession, access: Access = OPEN) -> Ledger:
    pins.admit(game, access)

    def change():
        ledger = ledger_of(game)
        if game.settled_at is not None:
            history.note(game, history.REOPENED, access.by, before=_totals(ledger))
        game.settled_at = None
        return ledger, ledger

    return commit(game, change)


def set_pin(game: GameSession, data, claim: owners.Claim) -> bool:
    """Set, change or remove the edit PIN from {"pin": "1234"} (None or "" removes it), for the
    owner, the recovery code or the current PIN (`claim`; PinError if none of them holds).
    Answers whether one is set now."""
    new_pin = owners.pin_change(game, data, claim)

    def change():
        history.note_pin(game, new_pin, claim.by)
        game.pin_hash = pins.hash_pin(new_pin) if new_pin else None
        return game.pin_hash is not None, ledger_of(game)

    return commit(game, change)


def _totals(ledger: Ledger) -> dict:
    """Each player's balance and who pays whom, as a settle or a reopen found them."""
    return {
        "amounts": [money_str(amount) for amount in ledger.final_balances()],
        "transfers": [transfer.to_dict() for transfer in ledger.settlement()],
    }
