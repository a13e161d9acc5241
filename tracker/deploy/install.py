"""Writing a plan's files under a root folder (`/` on the server, a temporary one in tests):
each only when its text or mode differs, so a second run writes nothing, and the paths
written are what the caller restarts for. The secrets are made once and kept."""

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
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.new")
        temporary.write_text(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
        written.append(path)
    return written
