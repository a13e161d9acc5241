"""No single client stalls everyone's heavy work. An import whose body trickles in a byte at a
time holds only its own thread, is answered 408 at its deadline, and every other client's export
meanwhile is answered (it used to hold the machine's heavy-work lock from its first byte: every
export 503 for as long as it lasted). A client asking for heavy work again and again takes the
lock in turn with the others. Real gunicorn and a raw socket; the lock's turns on the real
lock files."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from tests.support.live_server import Gunicorn, migrate
from tests.support.records import TALON
from tests.trust.test_bounded_requests import another_worker_busy
from tracker.core.errors import InputError
from tracker.core.heavy import one_heavy

DEADLINE = 4  # seconds of grace, for the test (3 by default)


def request(port: int, method: str, path: str, body=b"", source="127.0.0.1") -> tuple[int, bytes]:
    with socket.create_connection(("127.0.0.1", port), 30, (source, 0)) as sock:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        sock.sendall(head.encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


def trickle(port: int, said: list, path="/api/sessions/import", source="127.0.0.1") -> None:
    """A body (an import's) declared 100 kB long, sent a byte every quarter second from
    `source`; what came back."""
    with socket.create_connection(("127.0.0.1", port), 60, (source, 0)) as sock:
        head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        sock.sendall(
            f"{head}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n".encode()
        )
        sock.settimeout(0.25)
        answer = b""
        for byte in b'{"format": "tongits-tracker/1", "rounds": [' * 100:
            try:
                sock.send(bytes([byte]))
                answer += sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if answer:
                break
        sock.settimeout(10)
        while answer and not _whole(answer):  # the rest of the answer (it may come apart)
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        said.append(answer)


def _whole(answer: bytes) -> bool:
    """Whether an HTTP answer has come in full: its headers and Content-Length bytes after."""
    head, sep, body = answer.partition(b"\r\n\r\n")
    if not sep:
        return False
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":", 1)[1])
    return False


@pytest.mark.slow
def test_an_import_trickled_in_holds_no_one_elses_export(database_url, tmp_path):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(database_url, instance, TRACKER_BODY_GRACE_SECONDS=str(DEADLINE)).start()
    try:
        body = b'{"players": ["Ana", "Ben", "Cris"]}'
        status, made = request(server.port, "POST", "/api/sessions", body)
        assert status == 201
        token = made.split(b'"id":"', 1)[1].split(b'"', 1)[0].decode()
        status, _ = request(server.port, "POST", f"/api/sessions/{token}/rounds", TALON_BODY)
        assert status == 201
        said: list = []
        slow = threading.Thread(target=trickle, args=(server.port, said))
        started = time.monotonic()
        slow.start()
        time.sleep(1)  # the import has begun
        statuses = []
        while slow.is_alive() and time.monotonic() - started < DEADLINE - 0.5:
            statuses.append(request(server.port, "GET", f"/api/sessions/{token}/export")[0])
            time.sleep(0.2)
        slow.join(timeout=30)
        assert statuses and set(statuses) == {200}, statuses
        assert said and said[0].startswith(b"HTTP/1.1 408"), said
        assert b"arrived too slowly" in said[0]
        assert DEADLINE - 0.5 <= time.monotonic() - started <= DEADLINE + 5
    finally:
        server.stop()


TALON_BODY = __import__("json").dumps(TALON).encode()


def test_heavy_work_asked_again_and_again_takes_turns_with_another_client(app):
    """Client A holds the lock; B is refused meanwhile; A asks again as soon as it is free and
    is refused (B's turn, B was told to come back); B gets it; then A again."""
    holding, done = threading.Event(), threading.Event()

    def hold():
        with app.app_context(), one_heavy("10.0.0.1"):
            holding.set()
            done.wait(30)

    with app.app_context():
        holder = threading.Thread(target=hold)
        holder.start()
        assert holding.wait(10)
        with pytest.raises(InputError) as busy, one_heavy("10.0.0.2"):
            pass
        assert busy.value.status == 503
        done.set()
        holder.join()
        with pytest.raises(InputError) as turn, one_heavy("10.0.0.1"):
            pass
        assert turn.value.status == 503 and turn.value.retry_after == 5
        with one_heavy("10.0.0.2"):
            pass  # its turn
        with one_heavy("10.0.0.1"):
            pass  # and then the first again
        with another_worker_busy(app), pytest.raises(InputError), one_heavy("10.0.0.3"):
            pass
        with one_heavy("10.0.0.3"):
            pass  # held by no client of the turns (another worker's plain lock): its turn


@pytest.mark.slow
@pytest.mark.parametrize("alternating", [1, 2, 3])
def test_clients_asking_in_turn_leave_another_its_share_of_heavy_work(app, alternating):
    """`alternating` clients ask for heavy work back to back (each 20 ms of it, again at once
    when refused or done); another asks every 0.1 s. The other gets at least one turn in
    alternating + 1 (it used to get none while two or more alternated)."""
    turns: dict[str, int] = {}
    stop = threading.Event()

    def ask(client: str, every: float):
        with app.app_context():
            while not stop.is_set():
                try:
                    with one_heavy(client):
                        turns[client] = turns.get(client, 0) + 1
                        time.sleep(0.02)
                except InputError as busy:
                    assert busy.status == 503
                    time.sleep(every)
                    continue
                time.sleep(0.001)

    askers = [threading.Thread(target=ask, args=(f"10.0.1.{i}", 0.005)) for i in range(alternating)]
    askers.append(threading.Thread(target=ask, args=("10.0.2.1", 0.1)))
    for thread in askers:
        thread.start()
    time.sleep(3)
    stop.set()
    for thread in askers:
        thread.join()
    total = sum(turns.values())
    print(f"{alternating} in turn: {turns}")
    assert turns.get("10.0.2.1", 0) >= total / (alternating + 1) - 1, turns
