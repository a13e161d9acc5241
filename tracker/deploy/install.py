"""Writing a plan's files under a root folder (`/` on the server, a temporary one in tests):
each only when its text or mode differs, so a second run writes nothing, and the paths
written are what the caller restarts for. The secrets are made once and kept.

A file is made with its mode from its first byte, whatever the umask: created owner-only,
given its mode while still empty, then written (never written, then narrowed by a chmod,
which would leave the secrets readable by anyone for a moment)."""

from __future__ import annotations

import os
import secrets as random
from pathlib import Path

from . import files
from .files import Plan

SECRETS = ("SECRET_KEY", "TRACKER_ADMIN_TOKEN", "TRACKER_PUSH_KEY")
SECRET = 0o640  # root and the service's group
UNITS = Path("etc/systemd/system")
CADDYFILE = Path("etc/caddy/Caddyfile")


def kept_secrets(path: Path) -> dict[str, str]:
    """The secrets of the settings file at `path`, those missing made now."""
    kept = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, _, value = line.partition("=")
            if name in SECRETS and value:
                kept[name] = value
    return {name: kept.get(name) or random.token_urlsafe(32) for name in SECRETS}


def plan_files(plan: Plan, root: Path, release: str) -> dict[Path, tuple[str, int]]:
    """Every file of `plan` under `root`: path, (text, mode)."""
    inside = root / str(plan.etc).lstrip("/")
    environment = inside / plan.environment.name
    secrets = kept_secrets(environment)
    wanted = {environment: (files.settings(plan, secrets, release), SECRET)}
    folder = root / str(plan.pushpin_folder).lstrip("/")
    for name, text in files.pushpin_config(plan, secrets["TRACKER_PUSH_KEY"]).items():
        wanted[folder / name] = (text, SECRET)  # pushpin.conf holds the signing key
    for name, text in files.units(plan).items():
        wanted[root / UNITS / name] = (text, 0o644)
    wanted[root / CADDYFILE] = (files.caddyfile(plan), 0o644)
    return wanted


def install(wanted: dict[Path, tuple[str, int]]) -> list[Path]:
    """Write each file whose text or mode differs (whole, through a temporary file renamed
    into place); the paths written."""
    written = []
    for path, (text, mode) in wanted.items():
        if path.exists() and path.read_text() == text and path.stat().st_mode & 0o777 == mode:
            continue
        path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)  # (not the umask's)
        temporary = path.with_name(f".{path.name}.new")
        write_new(temporary, text, mode)
        os.replace(temporary, path)
        written.append(path)
    return written


def write_new(path: Path, text: str, mode: int) -> None:
    """`path` made anew (one an earlier run left is removed: its mode may be anyone's) with
    `mode` before its first byte is written."""
    path.unlink(missing_ok=True)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(handle, mode)  # (0o600 narrowed by the umask, or widened to 0o644: empty still)
        with os.fdopen(handle, "w", closefd=False) as file:
            file.write(text)
    finally:
        os.close(handle)
