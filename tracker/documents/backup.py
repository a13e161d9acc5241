"""Backups of the whole server: every session as its JSON export, plus its link.

    flask --app tracker backup FILE              # FILE "-" writes to standard output
    flask --app tracker restore FILE [--replace] # FILE "-" reads standard input
    (the commands: tracker/commands.py)

A backup is {"format": "tongits-tracker-backup/2", "created": ..., "groups": [...],
"sessions": [...]} (groups: barkada/group_backup.py; a /1 backup has none and still restores), each
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
from functools import partial
from pathlib import Path as FilePath

from sqlalchemy import select

from ..core import InputError, add_imported, read_import
from ..engine import Path, Problem
from ..engine.messages import N_
from ..exchange.export import FORMAT as EXPORT_FORMAT
from ..exchange.export import export_document
from ..exchange.json_file import ExportError, load_json_file
from ..extensions import db
from ..models import GameSession, iso, utcnow
from .barkada.group_backup import (
    check_seats,
    groups_dict,
    read_groups,
    restore_groups,
    seat,
    session_link,
)

FORMAT = "tongits-tracker-backup/2"  # /2 added the groups; a /1 backup (no groups) still restores
READABLE = (FORMAT, "tongits-tracker-backup/1")
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
HASHES = ("pin_hash", "owner_key_hash", "recovery_hash")  # kept as they are, never the secrets


class BackupError(ExportError):
    """A backup the tracker will not restore; `problems` says where and what (engine Problems)."""


# -- writing --------------------------------------------------------------------------------


def backup_dict() -> dict:
    """Every group and session on this server, oldest first."""
    groups, known = groups_dict()
    games = db.session.execute(select(GameSession).order_by(GameSession.id)).scalars().all()
    sessions = []
    for game in games:
        entry = export_document(game.export(history=True))
        entry["token"] = game.token
        entry["updated"] = iso(game.updated_at)
        for name in HASHES:
            if getattr(game, name, None):
                entry[name] = getattr(game, name)
        sessions.append(entry | session_link(game, known))
    return {"format": FORMAT, "created": iso(utcnow()), "groups": groups, "sessions": sessions}


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
    group: str | None = None  # the token of its group in the backup, and who sat at each seat
    seats: list | None = None


@dataclass
class Backup:
    groups: dict  # token: backup_groups.GroupEntry
    sessions: list[Entry]
    grouped: bool  # a backup of format /2: a session without a group is on its own


def read_backup(data) -> Backup:
    """Check a whole backup (text, bytes or parsed); BackupError lists every problem."""
    try:
        data = load_json_file(data)
    except ExportError as error:
        raise BackupError(error.problems) from None
    sessions = _sessions_of(data)
    problems: list[Problem] = []
    groups = read_groups(data, problems, partial(_read_token, problems=problems), _read_hashes)
    entries: list[Entry] = []
    seen: dict[str, int] = {}  # token: the index of the session that has it
    for index, raw in enumerate(sessions):
        entry = _read_entry(raw, index, seen, problems)
        if entry is not None:
            entry.group, entry.seats = check_seats(
                raw, Path.of("sessions", index), groups, problems
            )
            entries.append(entry)
    if problems:
        raise BackupError(problems)
    return Backup(groups, entries, data.get("format") == FORMAT)


def _sessions_of(data) -> list:
    """The backup's list of sessions, or BackupError when the file is not a backup."""
    found = data.get("format") if isinstance(data, dict) else None
    if found not in READABLE:
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
    token = _read_token(raw.get("token"), where, seen, index, "session", problems)
    hashes = _read_hashes(raw, where, problems)
    updated = raw.get("updated") if isinstance(raw.get("updated"), str) else None
    try:
        clean = read_import(raw)
    except InputError as error:
        problems += [problem.under(*where) for problem in error.problems]
        return None
    return None if token is None else Entry(token, clean, updated, hashes)


def _read_hashes(raw: dict, where: Path, problems: list[Problem]) -> dict:
    """The HASHES a session or group of the backup has, each checked to be hash text."""
    hashes = {name: raw.get(name) for name in HASHES if raw.get(name) is not None}
    for name, value in hashes.items():
        if not (isinstance(value, str) and 0 < len(value) <= 255):
            message = N_("%(name)s must be the stored hash text", name=name)
            problems.append(Problem(Path.of(*where, name), message))
    return hashes


_NO_TOKEN = {
    "session": N_(
        "each session needs its token (16 to 64 letters, digits, - or _): the link it had"
    ),
    "group": N_("each group needs its token (16 to 64 letters, digits, - or _): the link it had"),
}


def _read_token(token, at: Path, seen: dict[str, int], index: int, kind: str, problems: list):
    """The session's (or group's) link, if it is one and no other of the backup has it."""
    where = Path.of(*at, "token")
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        problems.append(Problem(where, _NO_TOKEN[kind]))
        return None
    if token in seen:
        other = str(Path.of(at[0], seen[token]))
        problems.append(Problem(where, N_("the same token as %(other)s", other=other)))
        return None
    seen[token] = index
    return token


@dataclass
class Report:
    restored: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def restore(data, replace: bool = False) -> Report:
    """Restore every group and session of a backup in one transaction (nothing at all if any is
    bad)."""
    backup = read_backup(data)
    report = Report()
    try:
        groups = _restore_groups(backup, replace, report)
        for entry in backup.sessions:
            existing = db.session.execute(
                select(GameSession).where(GameSession.token == entry.token)
            ).scalar_one_or_none()
            label = _label(entry)
            if existing is not None and not replace:
                report.skipped.append(label)
                continue
            game = add_imported(
                entry.clean, token=entry.token, game=existing, updated=entry.updated, by="restore"
            )
            for name in HASHES:
                setattr(game, name, entry.hashes.get(name))
            if entry.group is not None:
                seat(game, groups[entry.group], entry.seats)
            elif backup.grouped:
                game.group_id, game.seat_members = None, None
            (report.replaced if existing is not None else report.restored).append(label)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return report


def _restore_groups(backup: Backup, replace: bool, report: Report) -> dict:
    try:
        return restore_groups(backup.groups, replace, report)
    except InputError as error:
        raise BackupError(error.problems) from None


def _label(entry: Entry) -> str:
    """How the restore command names a session: its link's start, players and rounds."""
    players = ", ".join(entry.clean["players"])
    return f"{entry.token[:8]}… ({players}, {len(entry.clean['rounds'])} rounds)"
