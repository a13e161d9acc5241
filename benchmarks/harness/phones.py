"""The benchmarks' phones: for the load benchmarks (benchmarks/load.py, draft_load.py,
evening_load.py) a phone's keep-alive HTTP/1.1 connection to the server, or a pool of them
shared as a reverse proxy keeps a few, and the latencies timed after the warm-up (their
percentiles: timing.py); for the others, one request on a connection of its own (`call`), from
an address of its choosing."""

from __future__ import annotations

import asyncio
import json
import socket
import time

TIMEOUT = 10.0  # s: a request that takes longer counts as an error
WARMUP = 15.0  # phones join over the first 15 s (tables don't all sit down at once), not timed


class Client:
    """One phone: a keep-alive HTTP/1.1 connection to the server."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def request(
        self, method: str, path: str, body: dict | None = None, headers: str = ""
    ) -> tuple[int, bytes]:
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                data = b"" if body is None else json.dumps(body).encode()
                head = (
                    f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Content-Length: {len(data)}\r\n"
                    + ("Content-Type: application/json\r\n" if body is not None else "")
                    + headers
                    + "\r\n"
                )
                self.writer.write(head.encode() + data)
                await self.writer.drain()
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _response(self) -> tuple[int, bytes]:
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("server closed the connection")
        status = int(status_line.split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await self.reader.readline()).strip(), 16):
                body += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        else:
            body = await self.reader.readexactly(int(headers.get("content-length", 0)))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, body

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Pool:
    """Keep-alive connections shared by all phones, as a reverse proxy keeps a few to gunicorn
    (nginx's upstream keepalive): a request waits for a free one, and that wait is timed too."""

    def __init__(self, port: int, size: int):
        self.idle = asyncio.LifoQueue()
        for _ in range(size):
            self.idle.put_nowait(Client(port))

    async def request(self, method, path, body=None, headers="") -> tuple[int, bytes]:
        client = await self.idle.get()
        try:
            return await client.request(method, path, body, headers)
        except BaseException:  # a timeout's cancel included: the connection is in no state
            client.close()
            raise
        finally:
            self.idle.put_nowait(client)

    def close(self) -> None:
        """A phone is done: the connections stay for the others."""

    def close_all(self) -> None:
        while not self.idle.empty():
            self.idle.get_nowait().close()


class Samples(list):
    """Latencies of the requests that started after the warm-up."""

    def __init__(self, timed_from: float):
        super().__init__()
        self.timed_from = timed_from

    def add(self, start: float) -> None:
        if start >= self.timed_from:
            self.append(time.monotonic() - start)


def client_of(target: int | Pool) -> Client | Pool:
    """A phone's own connection to the port, or the shared pool (--connections)."""
    return target if isinstance(target, Pool) else Client(target)


class CountingPool(Pool):
    """A Pool that counts the requests that started after the warm-up, by kind (`kind_of`)."""

    def __init__(self, port: int, size: int, timed_from: float):
        super().__init__(port, size)
        self.timed_from, self.kinds = timed_from, {}

    async def request(self, method, path, body=None, headers="") -> tuple[int, bytes]:
        if time.monotonic() >= self.timed_from:
            kind = kind_of(method, path)
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        return await super().request(method, path, body, headers)


def kind_of(method: str, path: str) -> str:
    """A request's kind in the evening's mix: the page or API part it asks for."""
    if method != "GET":
        return "draft write"
    parts = path.split("?")[0].strip("/").split("/")
    if parts[0] == "api":
        return {"revision": "revision", "draft": "draft GET"}.get(parts[-1], "api other")
    if len(parts) == 2:
        return "session page"
    return {"ledger": "ledger part", "verdict": "verdict", "new": "seat page"}.get(
        parts[-1], "page other"
    )


def call(port, method, path, body=b"", source="127.0.0.1", timeout=120):
    """(status, seconds, body) of one request on a connection of its own, from `source`."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout, (source, 0)) as sock:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        sock.sendall(head.encode() + body)
        answer = b""
        while chunk := sock.recv(1 << 16):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, time.perf_counter() - started, answer.split(b"\r\n\r\n", 1)[1]
