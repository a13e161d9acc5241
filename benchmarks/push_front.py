"""`evening --push` of benchmarks/load.py: Pushpin in front of the benchmark's gunicorn, as
scripts/serve.sh runs it with PUSH=1, and a page's event stream as the phones read it.

Pushpin's config is written by `flask --app tracker pushpin-config` in the run's instance
folder (it prints the signing key, TRACKER_PUSH_KEY); Pushpin listens on a free port, sends
every request on to gunicorn and takes publishes on 127.0.0.1:5561 (TRACKER_PUSH_URL). It runs
in a process group of its own (condure, zurl, pushpin-proxy, pushpin-handler), stopped whole.

An event stream (`EventStream`) is a connection of its own to Pushpin (a held stream cannot
share the pooled keep-alive connections): GET /s/<id>/events with Accept: text/event-stream,
its events read as they come and handed to the page; it opens again RETRY s after it drops,
as an EventSource does.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from collections import deque
from pathlib import Path

from benchmarks.harness.phones import TIMEOUT, Client
from tests.support.pushpin import INTERNAL_PORTS, answers, up
from tracker.push.pushpin import PUBLISH_PORT, publish_url

PUBLISH_URL = publish_url()  # offset 0, as scripts/serve.sh runs Pushpin
RETRY = 2.0  # s: tracker/push/stream.py's `retry:`
PROBE_EVERY = 0.5  # s between two probes (`probe`)
PROBES = ("direct", "through", "publish", "loop")


def pushpin_config(flask: Path, root: Path, env: dict, folder: Path, port: int, backend: int):
    """Pushpin's config in `folder` (flask pushpin-config), the env gunicorn needs to publish."""
    busy = [p for p in INTERNAL_PORTS if answers(p)]
    if busy:
        raise SystemExit(f"Pushpin's ports {busy} are taken (another Pushpin at offset 0?)")
    key = subprocess.run(
        [flask, "--app", "tracker", "pushpin-config", folder, "--port", str(port)]
        + ["--backend", f"127.0.0.1:{backend}"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return {"TRACKER_PUSH_URL": PUBLISH_URL, "TRACKER_PUSH_KEY": key}


def start_pushpin(folder: Path, port: int, loglevel: int = 2) -> subprocess.Popen:
    """Pushpin as scripts/serve.sh starts it (`loglevel` 2, its default: a line per request
    from each of its parts; 1: warnings only)."""
    log = (folder / "log" / "pushpin.out").open("ab")
    process = subprocess.Popen(
        ["pushpin", "--config", str(folder / "pushpin.conf"), "--merge-output"]
        + ["--loglevel", str(loglevel)],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own group: its CPU counted apart, stopped whole
    )
    if up(port, PUBLISH_PORT):
        return process
    stop_pushpin(process)
    raise SystemExit(f"Pushpin did not start (see {folder / 'log'})")


def stop_pushpin(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


class Tally:
    """The event streams open now, and the most open at once."""

    def __init__(self):
        self.open = self.peak = 0

    def opened(self) -> None:
        self.open += 1
        self.peak = max(self.peak, self.open)

    def closed(self) -> None:
        self.open -= 1


class EventStream:
    """One page's event stream: `on_change(data)` for each `change` event; `live_at`, when
    its first event came (None while it is not open); writes of the others wait in `expected`
    for the event naming their draft version (the change-to-phones latency)."""

    def __init__(self, port, token, on_change, sinks):
        self.port, self.path, self.on_change = port, f"/s/{token}/events", on_change
        self.opens, self.reach, self.errors, self.tally, self.lost = sinks
        self.live_at = None
        self.seen = deque(maxlen=64)  # (draft version, first seen at)
        self.expected = []  # (draft version, write sent at)

    def expect(self, version: int, sent: float) -> None:
        first = next((at for seen, at in self.seen if seen >= version), None)
        if first is not None:
            self.reach.append(first - sent)
        else:
            self.expected.append((version, sent))

    def _saw(self, data: dict, at: float) -> None:
        draft = data.get("draft")
        if draft is None:
            return
        if not self.seen or draft > self.seen[-1][0]:
            self.seen.append((draft, at))
        waiting = []
        for version, sent in self.expected:
            if version <= draft:
                self.reach.append(at - sent)
            else:
                waiting.append((version, sent))
        self.expected = waiting

    async def run(self, until: float) -> None:
        """Open, read, open again after a drop, until the page is left (cancelled) or the
        evening is over."""
        try:
            while time.monotonic() < until:
                await self._once(until)
                if time.monotonic() < until:
                    await asyncio.sleep(RETRY)
        finally:
            self.lost[0] += len(self.expected)  # the page left before their event came
            self.expected = []

    async def _once(self, until: float) -> None:
        start, writer = time.monotonic(), None
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", self.port), TIMEOUT
            )
            writer.write(
                f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            status, chunked = await asyncio.wait_for(_head(reader), TIMEOUT)
            if status != 200:
                raise ValueError(f"HTTP {status}")
            buffer = b""
            read = _chunks(reader) if chunked else _plain(reader)
            first = asyncio.wait_for(anext(read), TIMEOUT)
            async for data in _events(read, buffer, first):
                now = time.monotonic()
                if self.live_at is None:
                    self.live_at = now
                    self.tally.opened()
                    self.opens.add(start)
                self._saw(data, now)
                self.on_change(data)
            raise ConnectionError("the stream ended")
        except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError) as error:
            if time.monotonic() < until:
                self.errors.append(f"GET {self.path}: {type(error).__name__} {error}")
        finally:
            if self.live_at is not None:
                self.tally.closed()
                self.live_at = None
            if writer is not None:
                writer.close()


async def _head(reader) -> tuple[int, bool]:
    line = await reader.readline()
    if not line:
        raise ConnectionError("closed before an answer")
    status, chunked = int(line.split()[1]), False
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
            chunked = True
    return status, chunked


async def _chunks(reader):
    while size := int((await reader.readline()).split(b";")[0].strip() or b"0", 16):
        yield await reader.readexactly(size)
        await reader.readexactly(2)


async def _plain(reader):
    while data := await reader.read(65536):
        yield data


async def _events(read, buffer: bytes, first):
    """The data of each `change` event, parsed (`first`: the first read, under a timeout)."""
    try:
        buffer += await first
    except StopAsyncIteration:
        return
    while True:
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields = {}
            for line in block.decode().split("\n"):
                name, _, value = line.partition(":")
                if name:  # ":" first: a keep-alive comment
                    fields[name] = value.strip()
            if fields.get("event") == "change" and "data" in fields:
                yield json.loads(fields["data"])
        try:
            buffer += await anext(read)
        except StopAsyncIteration:
            return


async def probe(direct: int, through: int, until: float, timed: dict, publish: int) -> None:
    """Where a request's time goes: every PROBE_EVERY s the same small GET (the manifest)
    straight to gunicorn (port `direct`) and through Pushpin (`through`), and a publish to a
    channel no page listens on (as the app's after each commit) on Pushpin's port `publish`,
    timed into `timed`."""
    timed_from = min(samples.timed_from for samples in timed.values())
    ports = dict(zip(PROBES[:3], (direct, through, publish), strict=True))
    clients = {name: Client(port) for name, port in ports.items()}
    body = {"items": [{"channel": "probe", "formats": {"http-stream": {"content": ":\n\n"}}}]}
    await asyncio.sleep(max(0.0, timed_from - time.monotonic()))
    try:
        while time.monotonic() < until:
            for name, client in clients.items():
                start = time.monotonic()
                try:
                    if name == "publish":
                        await asyncio.wait_for(client.request("POST", "/publish/", body), TIMEOUT)
                    else:
                        await asyncio.wait_for(
                            client.request("GET", "/manifest.webmanifest"), TIMEOUT
                        )
                except (TimeoutError, OSError, ValueError):
                    client.close()
                timed[name].add(start)
            slept = time.monotonic()
            await asyncio.sleep(PROBE_EVERY)
            timed["loop"].add(slept + PROBE_EVERY)  # how late the generator's loop woke
    finally:
        for client in clients.values():
            client.close()
