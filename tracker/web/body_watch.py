"""How fast a request's body is arriving, watched by one thread of the worker: the body's bytes
are counted as the app reads them (`Arrival`, the WSGI input wrapped before Flask), and a body
that falls behind its pace has its connection's reading side shut (`watch`). The pace is what
has arrived, not what the client claims: after a grace of a few seconds a body must keep up a
minimum rate on average since its first byte (or be whole), whatever its `Content-Length` says.
A client claiming 50 MB and sending a byte a second is cut when the grace ends.

One thread per worker checks every body being read, ten times a second, started with the first
body (so a worker forked from a master that has none starts its own).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from dataclasses import dataclass, field

from werkzeug.wsgi import ClosingIterator

TICK = 0.1  # seconds between two checks
PIECE = 4096  # bytes: half a second of a body at the least rate
ARRIVAL = "tracker.arrival"  # the environ key of a request's Arrival


class Arrival:
    """`wsgi.input`, counting the bytes read from it. A read is made of reads of at most PIECE
    bytes: a server's input waits for all it is asked for (gunicorn's does), and the count must
    grow as the body comes, not once at its end."""

    def __init__(self, stream):
        self.stream, self.count = stream, 0

    def read(self, size: int | None = -1) -> bytes:
        left = float("inf") if size is None or size < 0 else size
        pieces = []
        while left > 0:
            piece = self._counted(self.stream.read(int(min(left, PIECE))))
            if not piece:
                break
            pieces.append(piece)
            left -= len(piece)
        return b"".join(pieces)

    def readline(self, size: int | None = -1) -> bytes:
        return self._counted(self.stream.readline(size if size is not None else -1))

    def readlines(self, hint: int = -1) -> list[bytes]:
        return [self._counted(line) for line in self.stream.readlines(hint)]

    def __iter__(self):
        while line := self.readline():
            yield line

    def _counted(self, data: bytes) -> bytes:
        self.count += len(data)
        return data


class Counted:
    """WSGI middleware: every request's input wrapped in an Arrival, kept at ARRIVAL."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        if "wsgi.input" not in environ:
            return self.wsgi_app(environ, start_response)
        arrival = environ[ARRIVAL] = environ["wsgi.input"] = Arrival(environ["wsgi.input"])
        answer = self.wsgi_app(environ, start_response)
        if not _has_body(environ):
            return answer  # (a file's answer stays the server's own, sent by sendfile)
        return ClosingIterator(answer, lambda: _close_unread(environ, arrival))


def _has_body(environ) -> bool:
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or environ.get("CONTENT_LENGTH", "") not in ("", "0")


def _close_unread(environ, arrival: Arrival) -> None:
    """A body answered before it was read whole (refused, too slow, too big): the connection's
    reading side shut once the answer is out. Kept open, the server would read the rest of the
    body before the connection's next request, at the client's pace, holding a thread for as
    long as the client likes, outside the app."""
    claimed = environ.get("CONTENT_LENGTH", "")
    whole = arrival.count >= int(claimed) if claimed.isdigit() else arrival.count > 0
    sock = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    if not whole and sock is not None:
        _shut(sock)


def _shut(sock) -> None:
    try:
        sock.shutdown(socket.SHUT_RD)  # the answer can still be written
    except OSError:
        pass  # closed already


@dataclass(eq=False)
class Pace:
    """What a body owes: `grace` seconds free, then `rate` bytes a second on average since it
    began (at most its `claimed` length), and all of it within `ceiling` seconds if set."""

    grace: float
    rate: float
    claimed: int | None = None
    ceiling: float | None = None

    def behind(self, arrived: int, elapsed: float) -> bool:
        if self.ceiling is not None and elapsed > self.ceiling:
            return True
        if elapsed <= self.grace:
            return False
        owed = self.rate * (elapsed - self.grace)
        if self.claimed:
            owed = min(owed, self.claimed)
        return arrived < owed

    def deadline(self) -> float:
        """Seconds the whole of a body of its claimed length may take at this pace."""
        whole = self.grace + (self.claimed or 0) / self.rate
        return whole if self.ceiling is None else min(whole, self.ceiling)


@dataclass(eq=False)
class Watch:
    arrival: Arrival
    sock: object
    pace: Pace
    began: float = field(default_factory=time.monotonic)
    late: threading.Event = field(default_factory=threading.Event)

    def cut(self) -> None:
        self.late.set()
        _shut(self.sock)


class _Watcher:
    def __init__(self):
        self._watches: set[Watch] = set()
        self._ready = threading.Condition()
        self._pid = None

    def add(self, watch: Watch) -> None:
        with self._ready:
            if self._pid != os.getpid():  # the first body of this process (or of a fork)
                self._pid = os.getpid()
                threading.Thread(target=self._run, name="body-watch", daemon=True).start()
            self._watches.add(watch)
            self._ready.notify()

    def drop(self, watch: Watch) -> None:
        with self._ready:
            self._watches.discard(watch)

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._watches:
                    self._ready.wait()
                now = time.monotonic()
                behind = [w for w in self._watches if w.pace.behind(w.arrival.count, now - w.began)]
                self._watches.difference_update(behind)
            for watch in behind:
                watch.cut()
            time.sleep(TICK)


_watcher = _Watcher()


class watch:  # noqa: N801 (a context manager, used as a function)
    """`with watch(arrival, sock, pace) as late:` the body is read inside; `late.is_set()`
    after it tells whether it fell behind and was cut."""

    def __init__(self, arrival: Arrival, sock, pace: Pace):
        self._watch = Watch(arrival, sock, pace) if sock is not None else None

    def __enter__(self) -> threading.Event:
        if self._watch is None:
            return threading.Event()  # no socket to shut (a test client): nothing to watch
        _watcher.add(self._watch)
        return self._watch.late

    def __exit__(self, *_exc) -> None:
        if self._watch is not None:
            _watcher.drop(self._watch)
