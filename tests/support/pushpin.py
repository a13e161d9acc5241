"""A real Pushpin for the push tests, started in a folder of the test's own (its config, run
and log folders: tracker/push/pushpin.py writes them as for a server), in front of an app
served by a thread; and a plain event-stream reader.

Pushpin's ports: its HTTP port is a free one; its internal ZeroMQ and publish ports are the
defaults moved by `port_offset`, one offset per pytest-xdist worker, so that workers never
share one."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

from tracker.push import pushpin
from tracker.push.pushpin import answers, up

PUBLISH_PORT = pushpin.PUBLISH_PORT
INTERNAL_PORTS = pushpin.INNER_PORTS  # its handler's ports, before the offset


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def waited(check, seconds: float = 15.0, what: str = "") -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")


class Pushpin:
    """`start()`, `stop()`: Pushpin on `port`, routing every request to `backend` (host:port),
    publishing on `publish_url`, signing with `key`."""

    def __init__(self, folder: Path, backend: str, key: str, offset: int):
        self.folder, self.backend, self.key, self.offset = folder, backend, key, offset
        self.port = free_port()
        self.publish_url = pushpin.publish_url(offset)
        self.process: subprocess.Popen | None = None
        self.started = False
        pushpin.write_config(folder, self.port, backend, key, offset)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it; at its first start, once more on a new port when its port was taken
        meanwhile (a free port is only free when asked: any connection may take it next)."""
        try:
            self.run()
        except AssertionError:
            if self.started:
                raise
            self.port = free_port()
            pushpin.write_config(self.folder, self.port, self.backend, self.key, self.offset)
            self.run()
        self.started = True

    def run(self) -> None:
        log = (self.folder / "log" / "pushpin.out").open("ab")
        self.process = subprocess.Popen(
            ["pushpin", "--config", str(self.folder / "pushpin.conf"), "--merge-output"],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if not up(self.port, PUBLISH_PORT + self.offset):
            self.stop()
            raise AssertionError(f"pushpin did not start (see {self.folder / 'log'})")

    def stop(self) -> None:
        """Pushpin and every process it ran (its session) ended, and all its ports free, so
        that the next start (the same offset) finds them free."""
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            except ProcessLookupError:
                pass
            self.process = None
        ports = [self.port, *(base + self.offset for base in INTERNAL_PORTS)]
        waited(lambda: not any(answers(port) for port in ports), what="pushpin's ports free")
        shutil.rmtree(pushpin.run_folder(self.folder), ignore_errors=True)


def installed() -> bool:
    return shutil.which("pushpin") is not None and pushpin.DEBIAN_CONFIG.exists()


class EventStream:
    """GET an event stream and read its events one by one ({"id", "event", "data"})."""

    def __init__(self, url: str, last_id: str | None = None):
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = last_id
        self.connection.request("GET", parts.path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status

    def next(self, seconds: float = 5.0) -> dict | None:
        """The next event with data (a change); None when the stream ended."""
        self.connection.sock.settimeout(seconds)
        found: dict = {}
        while True:
            line = self.response.readline()
            if not line:
                return None
            line = line.decode().rstrip("\n")
            if not line:
                if "data" in found and found.get("event") != "alive":  # not a keep-alive
                    found["data"] = json.loads(found["data"])
                    return found
                found = {}
                continue
            name, _, value = line.partition(":")
            if name:  # a comment line (":" first) is a keep-alive
                found[name] = value.strip()

    def close(self) -> None:
        self.connection.close()
