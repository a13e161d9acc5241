"""The server owner's commands on sessions and backups (documents/backup.py):

    flask --app tracker sessions list                          # newest change first
    flask --app tracker sessions prune --idle-days N [--dry-run]
    flask --app tracker sessions owner TOKEN                   # a new owner key and recovery code
    flask --app tracker backup FILE                            # FILE "-": standard output
    flask --app tracker backup --keep N FOLDER                 # a new file; the newest N kept
    flask --app tracker restore FILE [--replace]               # FILE "-": standard input
    flask --app tracker pushpin-config FOLDER --port P --backend HOST:PORT
                                       # Pushpin's config in FOLDER; prints its signing key
    flask --app tracker pushpin-wait --port P  # until requests get through Pushpin on P

`prune` deletes the sessions with no change for N days, with their rounds, round drafts, PIN
tries, idempotency answers and kept summary PDFs, and prints each one it deleted.
"""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup, with_appcontext

from .core import NotFound
from .core.upkeep import Row, delete_sessions, give_owner, idle_rows, session_rows
from .documents.backup import BackupError, restore, write_backup
from .documents.nightly import backup_into
from .documents.pdf_cache import cache_folder, forget
from .push import pushpin

group = AppGroup("sessions", help="List, prune, and give an owner to the sessions of this server.")


def _line(row: Row) -> str:
    return (
        f"{row.token}  created {row.created:%Y-%m-%d %H:%M}  changed {row.changed:%Y-%m-%d %H:%M}"
        f"  {row.rounds} round{'' if row.rounds == 1 else 's'}  {' · '.join(row.players)}"
    )


@group.command("list")
def list_command() -> None:
    """Every session: link token, created, last change (UTC), rounds, players; newest first."""
    rows = session_rows()
    for row in rows:
        click.echo(_line(row))
    click.echo(f"{len(rows)} session{'' if len(rows) == 1 else 's'}.")


@group.command("prune")
@click.option("--idle-days", type=click.IntRange(min=1), required=True, help="Days with no change.")
@click.option("--dry-run", is_flag=True, help="Only print what would be deleted.")
def prune_command(idle_days: int, dry_run: bool) -> None:
    """Delete the sessions with no change for IDLE_DAYS days, and everything kept for them."""
    rows = idle_rows(idle_days)
    verb = "would delete" if dry_run else "deleted"
    if not dry_run:
        delete_sessions([row.token for row in rows])
        folder = cache_folder(current_app.instance_path)
        for row in rows:
            forget(folder, row.token)
    for row in rows:
        click.echo(f"{verb} {_line(row)}")
    count = f"{len(rows)} session{'' if len(rows) == 1 else 's'}"
    click.echo(
        f"{'Would delete' if dry_run else 'Deleted'} {count} with no change for {idle_days} days."
    )


# a token may begin with "-" (base64url): taken as the argument, not as an unknown option
@group.command("owner", context_settings={"ignore_unknown_options": True})
@click.argument("token")
def owner_command(token: str) -> None:
    """Give the session TOKEN a new owner key and recovery code (printed once; the old ones,
    if it had any, stop working)."""
    try:
        made = give_owner(token)
    except NotFound:
        click.echo(f"No session has the token {token!r}.", err=True)
        raise SystemExit(2) from None
    click.echo(f"owner key:     {made.owner_key}")
    click.echo(f"recovery code: {made.recovery_code}")
    click.echo("Shown only this once: give them to the session's owner.")


# -- the backups (documents/backup.py) -------------------------------------------------------


@click.command("backup")
@click.argument("file", type=click.Path(allow_dash=True))
@click.option(
    "--keep",
    type=click.IntRange(min=1),
    help="FILE is a folder: write a new backup there, named by the time, keep the newest KEEP.",
)
@with_appcontext
def backup_command(file: str, keep: int | None) -> None:
    """Write every group and session (rounds, links, payments) to FILE as JSON ("-": stdout)."""
    if keep:
        path, count, old = backup_into(Path(file), keep)
        click.echo(f"Backed up {count} session{'' if count == 1 else 's'} to {path}.")
        for gone in old:
            click.echo(f"deleted {gone}")
        return
    if Path(file).is_dir():
        raise click.BadParameter(f"{file} is a folder (with --keep, a folder is meant)")
    count = write_backup(file)
    if file != "-":
        click.echo(f"Backed up {count} session{'' if count == 1 else 's'} to {file}.")


@click.command("restore")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--replace",
    is_flag=True,
    help="Replace a session or group whose link exists here (by default it is skipped).",
)
@with_appcontext
def restore_command(file, replace: bool) -> None:
    """Restore the groups and sessions of a backup FILE in one transaction ("-": stdin)."""
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
        click.echo(f"skipped {label}: its link exists here (use --replace to overwrite it)")
    click.echo(
        f"Restored {len(report.restored)}, replaced {len(report.replaced)}, "
        f"skipped {len(report.skipped)}."
    )


@click.command("pushpin-config")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--port", type=click.IntRange(1, 65535), required=True, help="Where phones connect.")
@click.option("--backend", required=True, help="HOST:PORT of gunicorn, on the loopback.")
def pushpin_config_command(folder: str, port: int, backend: str) -> None:
    """Write Pushpin's config for this server in FOLDER (tracker/push/pushpin.py) and print
    the key it signs with (made once, kept in FOLDER/sig_key), for TRACKER_PUSH_KEY. Its inner
    ports are moved by an offset free on this machine, kept in FOLDER/port_offset: Pushpin
    then takes publishes on 127.0.0.1:5561 + that offset (TRACKER_PUSH_URL)."""
    where = Path(folder).resolve()
    key = pushpin.kept_key(where)
    try:
        offset = pushpin.free_offset(where)
    except OSError as error:
        raise click.ClickException(str(error)) from error
    pushpin.write_config(where, port, backend, key, offset)
    click.echo(key)


@click.command("pushpin-wait")
@click.option("--port", type=click.IntRange(1, 65535), required=True, help="Pushpin's port.")
@click.option("--offset", type=click.IntRange(0, 990), default=0, help="Its ports' offset.")
@click.option("--seconds", type=click.IntRange(1, 600), default=60, show_default=True)
def pushpin_wait_command(port: int, offset: int, seconds: int) -> None:
    """Wait until requests get through Pushpin on PORT to the app (a Pushpin just started
    answers 502 at first); exit 1 when they do not within SECONDS."""
    if not pushpin.up(port, pushpin.PUBLISH_PORT + offset, seconds):
        raise click.ClickException(f"nothing gets through Pushpin on port {port}")


def register(app) -> None:
    app.cli.add_command(pushpin_config_command)
    app.cli.add_command(pushpin_wait_command)
    app.cli.add_command(group)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
