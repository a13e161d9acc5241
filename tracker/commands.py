"""The server owner's commands on sessions (issue 10):

    flask --app tracker sessions list                          # newest change first
    flask --app tracker sessions prune --idle-days N [--dry-run]
    flask --app tracker sessions owner TOKEN                   # a new owner key and recovery code

`prune` deletes the sessions with no change for N days, with their rounds, round drafts, PIN
tries, idempotency answers and kept summary PDFs, and prints each one it deleted.
"""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import AppGroup

from .documents.pdf_cache import cache_folder, forget
from .sessions import NotFound
from .sessions.upkeep import Row, delete_sessions, give_owner, idle_rows, session_rows

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


def register(app) -> None:
    app.cli.add_command(group)
