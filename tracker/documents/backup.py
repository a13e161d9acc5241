"""Backups of the whole server: every session as its JSON export (issue 3), plus its link.

    flask --app tracker backup FILE              # FILE "-" writes to standard output
    flask --app tracker restore FILE [--replace] # FILE "-" reads standard input

A backup is {"format": "tongits-tracker-backup/1", "created": ..., "sessions": [...]}, each
session the export dict of exchange/export.py (with its `check` balances) carrying also its
`token` (so the links keep working after a restore), `updated`, and the salted hashes of its edit
PIN, owner key and recovery code when it has them (`pin_hash`, `owner_key_hash`,
`recovery_hash`). A restore checks the whole file first (every round of every
session booked by the engine, the balances matched) and then writes every session in ONE
transaction: an invalid file changes nothing. A session whose link already exists here is
skipped (and said so), or replaced in place with `--replace`.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path as FilePath

import click
from flask.cli import with_appcontext
from sqlalchemy import select

from ..engine import Path, Problem
from ..engine.messages import N_
from ..exchange.export import FORMAT as EXPORT_FORMAT
from ..exchange.export import export_document
from ..exchange.json_file import ExportError, load_json_file
from ..extensions import db
from ..models import GameSession, iso, utcnow
from ..sessions import InputError, add_imported, read_import

FORMAT = "tongits-tracker-backup/1"
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
HASHES = ("pin_hash", "owner_key_hash", "recovery_hash")  # kept as they are, never the secrets


class BackupError(ExportError):
    """A backup the tracker will not restore; `problems` says where and what (engine Problems)."""


# -- writing --------------------------------------------------------------------------------


def backup_dict() -> dict:
    """Every session on this server, oldest first."""
    games = db.session.execute(select(GameSession).order_by(GameSession.id)).scalars().all()
    sessions = []
    for game in games:
        entry = export_document(game.export())
        entry["token"] = game.token
        entry["updated"] = iso(game.updated_at)
        for name in HASHES:
            if getattr(game, name, None):
                entry[name] = getattr(game, name)
        sessions.append(entry)
    return {"format": FORMAT, "created": iso(utcnow()), "sessions": sessions}


def write_backup(path: str) -> int:
    """Write the backup to `path` ("-": standard output); answers the number of sessions.
    A file is written whole or not at all (a temporary file renamed into place)."""
    data = backup_dict()
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if path == "-":
        sys.stdout.write(text)
        return len(data["sessions"])
    target = FilePath(path)
    handle, temp = tempfile.mkstemp(
        dir=target.parent if str(target.parent) else ".", prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temp, 0o600)  # the links in it are the keys to every session
        os.replace(temp, target)
    except BaseException:
        FilePath(temp).unlink(missing_ok=True)
        raise
    return len(data["sessions"])


# -- reading --------------------------------------------------------------------------------


@dataclass
class Entry:
    token: str
    clean: dict  # the checked export dict (read_import)
    updated: str | None = None
    hashes: dict = field(default_factory=dict)  # HASHES present in the backup


def read_backup(data) -> list[Entry]:
    """Check a whole backup (text, bytes or parsed); BackupError lists every problem."""
    try:
        data = load_json_file(data)
    except ExportError as error:
        raise BackupError(error.problems) from None
    sessions = _sessions_of(data)
    problems: list[Problem] = []
    entries: list[Entry] = []
    seen: dict[str, int] = {}  # token: the index of the session that has it
    for index, raw in enumerate(sessions):
        entry = _read_entry(raw, index, seen, problems)
        if entry is not None:
            entries.append(entry)
    if problems:
        raise BackupError(problems)
    return entries


def _sessions_of(data) -> list:
    """The backup's list of sessions, or BackupError when the file is not a backup."""
    found = data.get("format") if isinstance(data, dict) else None
    if found != FORMAT:
        message = N_(
            "this is not a tracker backup: expected format '%(format)s', found %(found)s",
            format=FORMAT,
            found=repr(found),
        )
        if found == EXPORT_FORMAT:
            message = N_(
                "this is not a tracker backup: expected format '%(format)s', found %(found)s "
                "(this is the export of one session: import it on the web page /import, "
                "or with POST /api/sessions/import)",
                format=FORMAT,
                found=repr(found),
            )
        raise BackupError([Problem("format", message)])
    sessions = data.get("sessions")
    if not isinstance(sessions, list):
        message = N_("sessions must be a list of session exports")
        raise BackupError([Problem("sessions", message)])
    return sessions


def _read_entry(raw, index: int, seen: dict[str, int], problems: list[Problem]) -> Entry | None:
    """One session of the backup, checked; None (with its problems noted) if it is refused."""
    where = Path.of("sessions", index)
    if not isinstance(raw, dict):
        problems.append(Problem(where, N_("a session must be an object")))
        return None
    token = _read_token(raw.get("token"), index, seen, problems)
    hashes = {name: raw.get(name) for name in HASHES if raw.get(name) is not None}
    for name, value in hashes.items():
        if not (isinstance(value, str) and 0 < len(value) <= 255):
            problems.append(
                Problem(
                    Path.of(*where, name), N_("%(name)s must be the stored hash text", name=name)
                )
            )
    updated = raw.get("updated") if isinstance(raw.get("updated"), str) else None
    try:
        clean = read_import(raw)
    except InputError as error:
        problems += [problem.under(*where) for problem in error.problems]
        return None
    return None if token is None else Entry(token, clean, updated, hashes)


def _read_token(token, index: int, seen: dict[str, int], problems: list[Problem]) -> str | None:
    """The session's link, if it is one and no other session of the backup has it."""
    where = Path.of("sessions", index, "token")
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        message = N_(
            "each session needs its token (16 to 64 letters, digits, - or _): the link it had"
        )
        problems.append(Problem(where, message))
        return None
    if token in seen:
        problems.append(
            Problem(
                where,
                N_("the same token as %(other)s", other=str(Path.of("sessions", seen[token]))),
            )
        )
        return None
    seen[token] = index
    return token


@dataclass
class Report:
    restored: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def restore(data, replace: bool = False) -> Report:
    """Restore every session of a backup in one transaction (nothing at all if any is bad)."""
    entries = read_backup(data)
    report = Report()
    try:
        for entry in entries:
            existing = db.session.execute(
                select(GameSession).where(GameSession.token == entry.token)
            ).scalar_one_or_none()
            label = _label(entry)
            if existing is not None and not replace:
                report.skipped.append(label)
                continue
            game = add_imported(
                entry.clean, token=entry.token, game=existing, updated=entry.updated
            )
            for name in HASHES:
                setattr(game, name, entry.hashes.get(name))
            (report.replaced if existing is not None else report.restored).append(label)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return report


def _label(entry: Entry) -> str:
    """How the restore command names a session: its link's start, players and rounds."""
    players = ", ".join(entry.clean["players"])
    return f"{entry.token[:8]}… ({players}, {len(entry.clean['rounds'])} rounds)"


# -- the commands ---------------------------------------------------------------------------


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def backup_command(file: str) -> None:
    """Write every session (players, rules, rounds, links) to FILE as JSON ("-": stdout)."""
    count = write_backup(file)
    if file != "-":
        click.echo(f"Backed up {count} session{'' if count == 1 else 's'} to {file}.")


@click.command("restore")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--replace",
    is_flag=True,
    help="Replace a session whose link already exists here (by default it is skipped).",
)
@with_appcontext
def restore_command(file, replace: bool) -> None:
    """Restore the sessions of a backup FILE, all in one transaction ("-": stdin)."""
    try:
        report = restore(file.read(), replace=replace)
    except BackupError as error:
        click.echo(f"Refused: {file.name} cannot be restored; nothing was changed.", err=True)
        for problem in error.problems[:100]:
            click.echo(f"  {problem.where}: {problem.message}", err=True)
        if len(error.problems) > 100:
            click.echo(f"  … and {len(error.problems) - 100} more", err=True)
        raise SystemExit(2) from None
    for label in report.restored:
        click.echo(f"restored {label}")
    for label in report.replaced:
        click.echo(f"replaced {label}")
    for label in report.skipped:
        click.echo(
            f"skipped {label}: a session with this link exists here (use --replace to overwrite it)"
        )
    click.echo(
        f"Restored {len(report.restored)}, replaced {len(report.replaced)}, "
        f"skipped {len(report.skipped)}."
    )


def register(app) -> None:
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
