"""`PUSH=1 bash scripts/serve.sh` as an owner runs it: Pushpin on $PORT and gunicorn behind it
on $PORT+1, the address said once requests get through; a change reaches a stream opened on
$PORT; stopping the script stops both. Two of them at once on one machine (two instance
folders) each get Pushpin inner ports of their own, and each one's changes reach its streams."""

from __future__ import annotations

import http.client
import os
import random
import select
import signal
import socket
import subprocess
import time

import pytest

from tests.push.test_stream import new_session, opened, post
from tests.support.pushpin import answers, installed
from tests.support.records import TALON
from tracker.push.pushpin import INNER_PORTS, PUBLISH_PORT, run_folder, up

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not installed(), reason="no pushpin: scripts/setup.sh test installs it"),
]


def two_free_ports() -> int:
    """A port whose next one is free too, below the ephemeral range (where the other tests'
    servers take theirs: one could take $PORT+1 between this check and gunicorn's bind)."""
    for port in random.sample(range(20000, 30000, 2), 200):
        try:
            with socket.socket() as first, socket.socket() as second:
                first.bind(("127.0.0.1", port))
                second.bind(("127.0.0.1", port + 1))
            return port
        except OSError:
            continue
    raise AssertionError("no two free ports in a row")


def said(process: subprocess.Popen, text: str, seconds: float) -> str:
    """The output until a line with `text` (within `seconds`)."""
    out, end = "", time.monotonic() + seconds
    while time.monotonic() < end and text not in out:
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            line = process.stdout.readline()
            if not line:
                break
            out += line
    return out


def start(folder) -> tuple[subprocess.Popen, int]:
    """`PUSH=1 bash scripts/serve.sh` with `folder` as its instance folder, once it said its
    address: the script and the port phones open."""
    port = two_free_ports()
    env = {**os.environ, "PUSH": "1", "PORT": str(port), "TRACKER_INSTANCE": str(folder)}
    env.pop("DATABASE_URL", None)
    server = subprocess.Popen(
        ["bash", "scripts/serve.sh"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    out = said(server, "Ready:", 90)
    assert f":{port}/" in out.splitlines()[-1], out
    return server, port


def offset_of(folder) -> int:
    """The offset of the Pushpin inner ports pushpin-config chose for this instance folder."""
    return int((folder / "pushpin" / "port_offset").read_text())


def pushed(port: int, token: str) -> None:
    """A round saved through Pushpin on `port` reaches a stream opened there (Pushpin signed
    it, so the app held it)."""
    base = f"http://127.0.0.1:{port}"
    stream, first = opened(f"{base}/s/{token}/events")
    assert first["data"]["revision"] == 1
    post(f"{base}/api/sessions/{token}/rounds", TALON)
    assert stream.next(seconds=5)["data"]["revision"] == 2
    stream.close()


def one_connection_a_request(port: int) -> bool:
    """Whether the app on `port` closes each connection after its answer (keep-alive 0: what
    tests/push/test_worker_dies.py holds stores a POST once when its worker dies)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/manifest.webmanifest")
        answer = connection.getresponse()
        answer.read()
        return answer.status == 200 and answer.getheader("Connection") == "close"
    finally:
        connection.close()


def stop(servers: list[subprocess.Popen], ports: list[int]) -> None:
    """Each script stopped as a terminal stops it (its whole process group), then every port
    given freed within 15 s."""
    for server in servers:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    end = time.monotonic() + 15
    while time.monotonic() < end and any(answers(p) for p in ports):
        time.sleep(0.2)
    assert not any(answers(p) for p in ports)


def test_two_push_servers_on_one_machine_each_push_and_stop(tmp_path):
    servers, held = [], []
    try:
        for name in ("one", "two"):
            server, port = start(tmp_path / name)
            servers.append(server)
            offset = offset_of(tmp_path / name)
            held.append([port, port + 1, *(inner + offset for inner in INNER_PORTS)])
        assert not set(held[0]) & set(held[1])  # the second moved clear of the first
        for ports in held:
            pushed(ports[0], new_session(f"http://127.0.0.1:{ports[0]}"))
        assert one_connection_a_request(held[0][1])  # gunicorn, behind Pushpin
    finally:
        stop(servers, [port for ports in held for port in ports])


def condure_of(folder) -> int:
    """The pid of the Pushpin service holding the phones' port (condure) of the server whose
    instance folder is `folder` (its sockets in the run folder pushpin-config chose)."""
    run = run_folder((folder / "pushpin").resolve())
    found = subprocess.run(
        ["pgrep", "-f", f"condure .*{run}/"], capture_output=True, text=True
    ).stdout.split()
    assert len(found) == 1, found
    return int(found[0])


def test_pushpin_killed_under_push_serve_is_started_again(tmp_path):
    """Phones reach the app only through Pushpin: one of its services killed (a crash) stops
    the whole Pushpin, and serve.sh starts it again; a stream opened then hears a change."""
    server, port = start(tmp_path)
    try:
        token = new_session(f"http://127.0.0.1:{port}")
        first = condure_of(tmp_path)
        os.kill(first, signal.SIGKILL)
        assert "Pushpin stopped: starting it again" in said(server, "starting it again", 15)
        assert up(port, PUBLISH_PORT + offset_of(tmp_path), seconds=30)
        assert condure_of(tmp_path) != first
        pushed(port, token)
    finally:
        stop([server], [port])
