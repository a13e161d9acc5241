"""Backups kept in a folder (the nightly timer's): each a file named by its UTC time, the
newest `keep` kept and older ones deleted once the new one is written whole."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from .backup import write_backup

PATTERN = "tongits-*.json"


def backup_into(folder: Path, keep: int) -> tuple[Path, int, list[Path]]:
    """A new backup in `folder`: (its path, the sessions in it, the old backups deleted)."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / f"tongits-{datetime.now(UTC):%Y-%m-%dT%H%M%S.%fZ}.json"
    count = write_backup(str(path))
    backups = sorted(folder.glob(PATTERN))  # the names sort as their times
    old = backups[: max(len(backups) - keep, 0)]
    for file in old:
        file.unlink()
    return path, count, old
