"""A real gunicorn process serving the app on 127.0.0.1, for tests that kill or load it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def migrate(database_url: str, instance: Path) -> None:
    env = {**os.environ, "DATABASE_URL": database_url, "TRACKER_INSTANCE": str(instance)}
    subprocess.run(
        [BIN / "flask", "--app", "tracker", "db", "upgrade", "-d", "tracker/migrations"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )


class Gunicorn:
    def __init__(
        self,
        database_url: str,
        instance: Path,
        workers: int = 2,
        app: str = "tracker:create_app()",
        keep_alive: str = "75",  # longer than Caddy keeps an idle connection, as deployed
        **settings: str,
    ):
        """`settings`: more of the app's environment (PUBLIC_URL, TRACKER_PUSH_URL…)."""
        self.database_url, self.instance, self.workers = database_url, instance, workers
        self.app, self.keep_alive, self.settings = app, keep_alive, settings
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Gunicorn:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "TRACKER_INSTANCE": str(self.instance),
            "SECRET_KEY": "live-server-test",
            **self.settings,
        }
        self.process = subprocess.Popen(
            [
                BIN / "gunicorn",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--threads",
                "4",
                "--worker-class",
                "gthread",
                "--keep-alive",
                self.keep_alive,
                "--log-level",
                "warning",
                self.app,
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("gunicorn did not start")

    def kill(self) -> None:
        """SIGKILL the whole process group: master and workers die mid-request, no clean-up."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
