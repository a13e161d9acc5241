"""A real Caddy for the deploy tests, run from the Caddyfile that scripts/deploy.sh installs
(tracker/deploy/files.py), in a folder of the test's own (its certificates and state there);
and a Chromium profile that trusts a certificate authority, as a phone trusts a public one."""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import urllib.request
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

from tests.support.pushpin import answers, free_port, waited
from tracker.deploy.files import Plan, caddyfile


def installed() -> bool:
    return shutil.which("caddy") is not None


class Caddy:
    """`start()`, `stop()`: Caddy serving `plan`; its admin API on a port of its own."""

    def __init__(self, folder: Path, plan: Plan, port: int):
        self.folder, self.port = folder, port  # the port the site listens on
        self.admin = f"127.0.0.1:{free_port()}"
        self.plan = replace(plan, admin=self.admin)
        folder.mkdir(parents=True, exist_ok=True)
        self.config = folder / "Caddyfile"
        self.config.write_text(caddyfile(self.plan))
        self.process: subprocess.Popen | None = None

    def start(self) -> Caddy:
        env = {
            **os.environ,
            "HOME": str(self.folder),
            "XDG_DATA_HOME": str(self.folder / "data"),
            "XDG_CONFIG_HOME": str(self.folder / "config"),
        }
        log = (self.folder / "caddy.log").open("ab")
        command = ["caddy", "run", "--config", str(self.config), "--adapter", "caddyfile"]
        self.process = subprocess.Popen(
            command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        waited(self.listening, 30, f"Caddy on port {self.port} ({self.folder / 'caddy.log'})")
        return self

    def listening(self) -> bool:
        assert self.process.poll() is None, (self.folder / "caddy.log").read_text()[-3000:]
        try:
            urllib.request.urlopen(f"http://{self.admin}/config/", timeout=1).close()
        except OSError:
            return False
        return answers(self.port)

    @property
    def root_certificate(self) -> Path:
        """The root of Caddy's internal certificate authority (made at its first start)."""
        path = self.folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        waited(path.exists, 30, "Caddy's root certificate")
        return path

    def upstreams(self) -> dict[str, int]:
        """Each node Caddy proxies to: the requests it has open now."""
        with urllib.request.urlopen(f"http://{self.admin}/reverse_proxy/upstreams") as answer:
            return {node["address"]: node["num_requests"] for node in json.load(answer)}

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def trust(home: Path, certificate: Path) -> None:
    """Chromium on Linux, with HOME at `home`, trusts the authority of `certificate` (its NSS
    database, `home`/.pki/nssdb)."""
    database = home / ".pki" / "nssdb"
    database.mkdir(parents=True, exist_ok=True)

    def run(*command):
        subprocess.run(command, check=True, capture_output=True, cwd=home, timeout=30)

    if not (database / "cert9.db").exists():
        run("certutil", "-d", f"sql:{database}", "-N", "--empty-password")
    name = certificate.stem
    run("certutil", "-d", f"sql:{database}", "-A", "-t", "C,,", "-n", name, "-i", str(certificate))


def status(url: str, authority: Path | None = None) -> int:
    """The status of a GET of `url`, its host reached at 127.0.0.1 (as Chromium is told to),
    over HTTPS checked against `authority`; 0 when nothing answers."""
    parts = urlsplit(url)
    request = (
        f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n\r\n"
    )
    try:
        with socket.create_connection(("127.0.0.1", parts.port), timeout=2) as raw:
            if parts.scheme == "https":
                context = ssl.create_default_context(cafile=str(authority))
                raw = context.wrap_socket(raw, server_hostname=parts.hostname)
            raw.sendall(request.encode())
            return int(raw.recv(64).split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def wait_answer(url: str, seconds: float = 30.0, authority: Path | None = None) -> None:
    """Until `url` answers 200."""
    waited(lambda: status(url, authority) == 200, seconds, url)
