"""Pushpin's configuration for one machine: Debian's /etc/pushpin/pushpin.conf with this
server's ports, folders, routes and signing key (`flask --app tracker pushpin-config`, which
scripts/serve.sh runs with PUSH=1, and the push tests).

Pushpin listens for the phones on `port` and sends every request on to `backend` (gunicorn on
the loopback), through zurl, which its runner starts too (its sockets in the run folder);
its publish endpoint is 127.0.0.1:5561 + `offset`. `key` signs the requests it sends on, which
is how the app tells them from others (PUSH_KEY). Its inner ports (5560–5563 + `offset`) are
the machine's: two servers on one machine need two offsets, so `free_offset` picks one whose
four ports are free, kept in FOLDER/port_offset for the next start."""

from __future__ import annotations

import hashlib
import secrets
import socket
import tempfile
import time
import urllib.request
from pathlib import Path

DEBIAN_CONFIG = Path("/etc/pushpin/pushpin.conf")
PUBLISH_PORT = 5561  # before the offset
INNER_PORTS = (5560, 5561, 5562, 5563)  # Pushpin's handler's ports, before the offset
OFFSETS = range(0, 1000, 10)  # tried in turn: 5560–5563 first, then 5570–5573…
# the phones connect to Pushpin itself: what a phone says it was forwarded for is dropped, and
# the address it connected from is put in its place (push/address.py believes it, signed)
PHONES_FIRST = "truncate:0,append"


def run_folder(folder: Path) -> Path:
    """Where Pushpin's sockets go: `folder`/run, or a folder under /tmp named after `folder`
    when that path is too long for a socket's name (108 bytes, the longest name added to it
    about 35)."""
    run = folder / "run"
    if len(str(run)) <= 64:
        return run
    return Path(tempfile.gettempdir()) / f"pushpin-{hashlib.sha1(bytes(run)).hexdigest()[:12]}"


def config_text(
    folder: Path,
    port: int | str,
    key: str,
    offset: int = 0,
    run: Path | None = None,
    log: Path | None = None,
    forwarded_for: str = PHONES_FIRST,
) -> str:
    """Debian's pushpin.conf with these: `port` may name an address too (127.0.0.1:7999); the
    run and log folders are `run` and `log`, or in `folder`; `forwarded_for`, what Pushpin
    does with X-Forwarded-For (PHONES_FIRST, or "" to pass a proxy's in front on)."""
    run = run or run_folder(folder)
    settings = {
        "x_forwarded_for": forwarded_for,
        "rundir": run,
        "logdir": log or folder / "log",
        "port_offset": offset,
        "http_port": port,
        "routesfile": folder / "routes",
        "sig_key": key,
        "services": "condure,zurl,pushpin-proxy,pushpin-handler",
    }
    lines = []
    for line in DEBIAN_CONFIG.read_text().splitlines():
        name = line.split("=", 1)[0].strip()
        lines.append(f"{name}={settings[name]}" if name in settings else line)
        if line.strip() == "[proxy]":  # zurl's sockets where the runner puts them
            lines += [
                f"zurl_out_specs=ipc://{run}/pushpin-zurl-in",
                f"zurl_out_stream_specs=ipc://{run}/pushpin-zurl-in-stream",
                f"zurl_in_specs=ipc://{run}/pushpin-zurl-out",
            ]
    return "\n".join(lines) + "\n"


def write_config(folder: Path, port: int, backend: str, key: str, offset: int = 0) -> Path:
    """pushpin.conf and routes in `folder` (with its run and log folders); the config's path."""
    for part in (run_folder(folder), folder / "log"):
        part.mkdir(parents=True, exist_ok=True)
    (folder / "routes").write_text(f"* {backend}\n")
    config = folder / "pushpin.conf"
    config.write_text(config_text(folder, port, key, offset))
    return config


def kept_key(folder: Path) -> str:
    """The signing key kept in `folder`/sig_key, made once (only its owner reads it)."""
    path = folder / "sig_key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(32))
    return path.read_text().strip()


def free(port: int) -> bool:
    """Whether `port` can be bound on the loopback now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_offset(folder: Path) -> int:
    """The offset kept in `folder`/port_offset when its ports are free (this server started
    again), else the first of OFFSETS whose inner ports are all free (kept there)."""
    kept = folder / "port_offset"
    said = kept.read_text().strip() if kept.exists() else ""
    tries = [int(said), *OFFSETS] if said.isascii() and said.isdigit() else list(OFFSETS)
    for offset in tries:
        if all(free(port + offset) for port in INNER_PORTS):
            folder.mkdir(parents=True, exist_ok=True)
            kept.write_text(f"{offset}\n")
            return offset
    raise OSError("no free ports for Pushpin between 5560 and 6553")


def publish_url(offset: int = 0) -> str:
    return f"http://127.0.0.1:{PUBLISH_PORT + offset}"


def answers(port: int) -> bool:
    """Whether something takes connections on 127.0.0.1:`port`."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def proxies(port: int) -> bool:
    """Whether a request through Pushpin (on `port`) reaches the app."""
    try:
        url = f"http://127.0.0.1:{port}/manifest.webmanifest"
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def up(port: int, publish_port: int, seconds: float = 30.0, in_a_row: int = 5) -> bool:
    """Whether a Pushpin just started came up: its publish port answers and `in_a_row`
    requests in a row reach the app through it. Its ports answer a moment before it works:
    the first requests may then fail ("received message out of sequence") or hang."""
    end, through = time.monotonic() + seconds, 0
    while time.monotonic() < end and through < in_a_row:
        through = through + 1 if answers(publish_port) and proxies(port) else 0
        time.sleep(0.2)
    return through >= in_a_row
