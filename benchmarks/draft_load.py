"""The `draft` mode of benchmarks/load.py: each table's three phones enter rounds
together through the round draft (docs/API.md, "Round draft").

The phones behave as the seat page (static/entry/seat.js) is to, docs/API.md "How often to poll":
while the page is visible a phone asks GET …/draft with If-None-Match every second (`--poll`,
304 while nothing changed), and every half second (`--poll-active`) for 20 s after it last saw
the draft change (a round being entered); a write's own answer is the new draft, so it does not
poll for it. A hidden page does not poll (and asks once when it is shown again); the benchmark
keeps every page visible all the time, between rounds too: the most a table can cost.

Seat 0 sets the header; each seat writes its hand in eight steps (a hand growing as cards are
tapped: one PUT per step, as the seat page sends about one a tap; a step on about every other
poll), taps Done, and agrees once all three are done and the preview is clean. The third
Agree saves the round; the phones then wait `--play` seconds (90-150 s: the next round being
played) and enter the next one. A 409 (an Agree gone stale) is not an error: the phone agrees
again after its next poll. "watching" latencies are the polls, "writes" every write (PUT,
Done, Agree).

Also measured: the time from a write (the moment its request is sent: the tap) to both other
phones of the table holding a draft at least that new, median and p99.

    .venv/bin/python benchmarks/load.py --mode draft --tables 50 100 200 --seconds 45
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import deque

from benchmarks.harness.phones import TIMEOUT, WARMUP, Client
from benchmarks.harness.timing import percentile

STEPS = 8  # PUTs of a hand per round: seat.js sends about one per tap (6 cards, Meld, one more)
HEADER_KEYS = ("ending", "declarer", "last_drawer", "dealer")
ACTIVE_FOR = 20.0  # s after the phone last saw the draft change: it polls at --poll-active


async def draft_tables(port, tokens, records, until, polls, saves, errors, args) -> dict:
    rounds, spread = [], []
    tables = [Table(spread, polls.timed_from, args.play) for _ in tokens]
    tasks = [
        Phone(port, token, seat, records, (polls, saves, errors, rounds), table, args).run(until)
        for token, table in zip(tokens, tables, strict=True)
        for seat in range(3)
    ]
    await asyncio.gather(*tasks)
    print_spread(rounds, spread)
    return {"polls": polls, "saves": saves, "errors": errors, "spread": spread}


class Table:
    """What the three phones of a table have seen: for the time from a write to the others."""

    def __init__(self, spread: list, timed_from: float, play: tuple[float, float]):
        self.spread, self.timed_from, self.play = spread, timed_from, play
        # each table at its own point of its cycle: the first round is entered after a part
        # of a round's play, the next ones after a whole round's play
        self.resume = {0: time.monotonic() + random.uniform(0, play[1])}
        self.sightings = [deque(maxlen=64) for _ in range(3)]  # (version, first seen at)
        self.pending = []  # [version, sent at, writer]
        self.newest = 0

    def playing(self, number: int) -> bool:
        """Is the round after round `number` still being played (not yet entered)?"""
        resume = self.resume.setdefault(number, time.monotonic() + random.uniform(*self.play))
        return time.monotonic() < resume

    def saw(self, seat: int, version: int) -> None:
        seen = self.sightings[seat]
        if not seen or version > seen[-1][0]:
            seen.append((version, time.monotonic()))
            self.pending = [write for write in self.pending if not self._settled(*write)]

    def wrote(self, seat: int, version: int, sent: float) -> None:
        if version > self.newest:
            self.newest = version
            if not self._settled(version, sent, seat):
                self.pending.append((version, sent, seat))

    def _settled(self, version: int, sent: float, writer: int) -> bool:
        times = []
        for seat in {0, 1, 2} - {writer}:
            first = next((at for seen, at in self.sightings[seat] if seen >= version), None)
            if first is None:
                return False
            times.append(first)
        if sent >= self.timed_from:
            self.spread.append(max(times) - sent)
        return True


class Phone:
    """One seat's phone at one table."""

    def __init__(self, port, token, seat, records, sinks, table, args):
        self.client, self.token, self.seat, self.records = Client(port), token, seat, records
        self.polls, self.saves, self.errors, self.rounds = sinks
        self.table, self.args, self.port = table, args, port
        self.base = f"/api/sessions/{token}/draft"
        self.draft, self.steps, self.moved_at = None, {}, 0.0

    async def run(self, until: float) -> None:
        await asyncio.sleep(random.uniform(0, WARMUP))
        try:
            while time.monotonic() < until:
                await self.poll()
                if self.draft is not None:
                    await self.act()
                await self.wait()
        finally:
            self.client.close()

    async def poll(self) -> None:
        etag = "" if self.draft is None else f"If-None-Match: {_tag(self.draft)}\r\n"
        await self.call("GET", self.base, None, etag, self.polls)

    async def wait(self) -> None:
        """Until the next poll: the poll period (shorter just after a change)."""
        active = time.monotonic() - self.moved_at < ACTIVE_FOR
        await asyncio.sleep(self.args.poll_active if active else self.args.poll)

    async def call(self, method, path, body, headers, samples) -> int | None:
        start = time.monotonic()
        try:
            status, data = await asyncio.wait_for(
                self.client.request(method, path, body, headers), TIMEOUT
            )
        except (TimeoutError, OSError, ValueError) as error:
            self.errors.append(f"{method} {path}: {type(error).__name__} {error}")
            self.client.close()
            return None
        finally:
            samples.add(start)
        if status in (200, 201):
            self.draft, self.moved_at = json.loads(data), time.monotonic()
            self.table.saw(self.seat, self.draft["version"])
            if method != "GET":
                self.table.wrote(self.seat, self.draft["version"], start)
        elif status not in (304, 409):
            self.errors.append(f"{method} {path}: HTTP {status} {data[:200]!r}")
        if status == 201:
            self.rounds.append(self.token)
        return status

    async def act(self) -> None:
        draft = self.draft
        number = (draft["last_saved"] or {"number": 0})["number"]
        record = self.records[(hash(self.token) + number) % len(self.records)]
        if self.table.playing(number):
            return  # the next round is still being played
        me = draft["seats"][self.seat]
        header = {key: record[key] for key in HEADER_KEYS if key in record}
        if self.seat == 0 and draft["header"] != header:
            await self.call("PUT", f"{self.base}/header", header, "", self.saves)
            return
        step = self.steps.get(number, 0)
        if step < STEPS and random.random() < 0.5:
            self.steps[number] = step + 1
            hand = dict(record["hands"][self.seat])
            cards = hand["hand"]
            hand["hand"] = cards[: len(cards) * (step + 1) // STEPS]
            await self.call("PUT", f"{self.base}/seats/{self.seat}", hand, "", self.saves)
        elif step == STEPS and not me["done"]:
            await self.call("POST", f"{self.base}/seats/{self.seat}/done", {}, "", self.saves)
        elif draft["all_done"] and draft["preview"]["ready"] and not me["agreed"]:
            body = {"version": draft["version"], "revision": draft["revision"]}
            await self.call("POST", f"{self.base}/seats/{self.seat}/agree", body, "", self.saves)


def _tag(draft: dict) -> str:
    return f'"{draft["version"]}.{draft["revision"]}"'


def print_spread(rounds, spread) -> None:
    """The rounds saved and how fast a write reached the table's other two phones."""
    print(
        f"     rounds saved through the draft: {len(rounds)}; from a write to both other "
        f"phones seeing it: median {percentile(spread, 0.5):.0f} ms, "
        f"p99 {percentile(spread, 0.99):.0f} ms ({len(spread)} writes)",
        flush=True,
    )
