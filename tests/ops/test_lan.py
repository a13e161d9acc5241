"""The address scripts/serve.sh says once the app answers (tracker/lan.py): this machine's
address on its network, never 0.0.0.0 or the loopback, a private one first, and a QR code of
it in the terminal that reads back as the very code of the URL."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import segno

from tracker import lan

ROOT = Path(__file__).resolve().parents[2]


def hostname_addresses() -> set[str]:
    """The IPv4 addresses `hostname -I` lists (every interface's but the loopback)."""
    words = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return {word for word in words if ":" not in word}


def test_the_addresses_are_this_machines_own_and_none_is_loopback():
    found = lan.addresses()
    assert found, "no network address on this machine"
    assert set(found) == hostname_addresses()
    assert not {"0.0.0.0", "127.0.0.1"} & set(found)
    # the first is the one the routes pick (the source address of this machine's packets)
    assert found[0] in lan.routed()


def test_a_private_address_comes_first_and_the_routes_choice_first_among_them():
    interfaces = ["127.0.0.1", "203.0.113.7", "172.17.0.1", "169.254.3.4", "192.168.1.20"]
    assert lan.choose(["203.0.113.7"], interfaces) == ["172.17.0.1", "192.168.1.20", "203.0.113.7"]
    assert lan.choose(["192.168.1.20"], interfaces)[:2] == ["192.168.1.20", "172.17.0.1"]
    assert lan.choose([], ["10.0.0.5", "10.0.0.5", "0.0.0.0"]) == ["10.0.0.5"]


def read_back(lines: list[str]) -> list[list[int]]:
    """The modules a printed QR code shows: two rows a line, a dark module drawn dark."""
    top = {"\u2588": (1, 1), "\u2580": (1, 0), "\u2584": (0, 1), " ": (0, 0)}
    rows: list[list[int]] = []
    for line in lines:
        pairs = [top[char] for char in line]
        rows += [[a for a, _ in pairs], [b for _, b in pairs]]
    return rows


def modules(url: str) -> list[list[int]]:
    """The QR code of `url` as segno makes it, quiet zone included: 1 for a dark module."""
    return [list(map(int, row)) for row in segno.make(url, error="m").matrix_iter(border=4)]


def test_the_qr_code_printed_is_the_code_of_the_url():
    url = "http://192.168.1.20:8000/"
    said = lan.announcement(8000, ["192.168.1.20", "10.0.0.5"]).splitlines()
    assert said[0] == f"Ready: phones on this Wi-Fi open {url}"
    assert "http://10.0.0.5:8000/" in said[1]
    code = modules(url)
    printed = read_back(said[3:])
    assert printed[: len(code)] == code
    assert not any(map(any, printed[len(code) :]))  # an odd row count's last half: light
    # on a terminal, black on white whatever its own colours, the same blocks
    coloured = lan.qr_lines(url, colours=True)
    assert all(line.startswith("\033[30;107m") and line.endswith("\033[0m") for line in coloured)
    assert [line[len("\033[30;107m") : -len("\033[0m")] for line in coloured] == said[3:]


def test_with_no_address_it_says_how_to_get_one():
    said = lan.announcement(8000, [])
    assert said.startswith("Ready: phones on this Wi-Fi open http://<this machine>:8000/")
    assert "127.0.0.1:8000" in said


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_nothing_answering_is_said_and_no_address_printed():
    done = subprocess.run(
        [sys.executable, "-m", "tracker.lan", "--port", str(free_port()), "--wait", "0.5"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert done.stdout == "" and "nothing answers" in done.stderr


@pytest.mark.slow
def test_serve_says_the_address_and_its_code_once_the_app_answers(tmp_path):
    """`bash scripts/serve.sh` as an owner runs it (no Pushpin): the address line, the code
    after it, both once the app answers; stopping the script stops gunicorn."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "TRACKER_INSTANCE": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    server = subprocess.Popen(
        ["bash", "scripts/serve.sh"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    url = f"http://{lan.addresses()[0]}:{port}/"
    code = modules(url)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=lambda: [lines.put(line) for line in server.stdout], daemon=True
    ).start()
    try:
        out, end = [], time.monotonic() + 120
        while not out[-1:] or not out[-1].startswith("Or scan"):
            out.append(lines.get(timeout=max(end - time.monotonic(), 0.1)))
        out += [lines.get(timeout=5) for _ in range((len(code) + 1) // 2)]
        assert [line for line in out if line.startswith("Ready:")] == [
            f"Ready: phones on this Wi-Fi open {url}\n"
        ], out
        assert lan.answers(port, 0)
        printed = read_back([line.rstrip("\n") for line in out[-((len(code) + 1) // 2) :]])
        assert printed[: len(code)] == code
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    assert not lan.answers(port, 0)
