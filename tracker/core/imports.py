"""A session from its JSON export: imported as a new session, or restored in place
from a backup. The export format itself is read and checked by tracker/exchange/export.py."""

from __future__ import annotations

from ..engine import Rules, canonical_record
from ..exchange.export import read_export
from ..exchange.json_file import ExportError
from ..extensions import db
from ..models import GameSession, Round, from_iso, utcnow
from . import history, owners
from .errors import InputError
from .heavy import one_import


def read_import(data) -> dict:
    """The clean export dict of an import (JSON text, bytes or an already parsed dict), checked
    by tracker/exchange/export.py: every round booked by the engine, the `check` balances matched.
    Anything wrong raises InputError (422) listing each problem with where it is."""
    try:
        return read_export(data)
    except ExportError as error:
        raise InputError(error.problems) from None


def import_session(data, seed: bytes | None = None) -> GameSession:
    """A NEW session (its own new link) from a JSON export: players, rules snapshot, first
    dealer, page size, settled state and every round, in one transaction. The form and the API
    both call this; bad input raises InputError and stores nothing. Whoever imports it owns it:
    its owner key and recovery code are `owners.derive(seed, game.token)`."""
    with one_import():
        clean = read_import(data)
        try:
            game = add_imported(clean)
            owners.issue(game, seed or owners.new_seed())
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
    return game


def add_imported(
    clean: dict,
    token: str | None = None,
    game: GameSession | None = None,
    updated: str | None = None,
    by: str = "import",
) -> GameSession:
    """Add a session made from a clean export dict (`read_import`) to the transaction, without
    committing. `token`: keep this link (a restore); `game`: replace that session's players,
    rules, rounds and history in place (its revision moves on, so no cached ledger of it is
    reused). The export's history comes with it, then one "imported" event `by` ("import",
    "restore") holding the rounds it made."""
    now = utcnow()
    rules = Rules.from_dict(clean["rules"])
    records = [canonical_record(record, rules) for record in clean["rounds"]]
    created = from_iso(clean.get("created")) or now
    if game is None:
        game = GameSession(token=token) if token else GameSession()
        db.session.add(game)
        version = 1  # the revision the new row gets
    else:
        version = game.revision + 1  # the revision the UPDATE below gives it
        game.rounds = []  # delete-orphan: the old rounds go
        history.forget(game)
        db.session.flush()
    game.players = list(clean["players"])
    game.first_dealer = clean["first_dealer"]
    game.rules = rules.to_dict()
    game.page_size = clean["page_size"]
    game.created_at = created
    game.updated_at = from_iso(updated) or now
    game.settled_at = now if clean["settled"] else None
    game.rounds = [
        Round(number=number, record=record, version=version, created_at=now, updated_at=now)
        for number, record in enumerate(records, 1)
    ]
    db.session.flush()
    history.copy_in(game, clean.get("history") or [], by, {"rounds": records})
    return game
