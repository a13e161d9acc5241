"""The `evening` mode of benchmarks/load.py: an evening at each table, the phones
driven as the pages' own scripts drive them, the rounds saved through the round draft.

Each table's three phones cycle through:

- **play** (`--play`, 90-150 s a round, each table at its own point of its cycle): the session
  page, loaded once (`GET /s/<id>`), kept current by static/live.js: it asks
  `GET /api/sessions/<id>/revision` with If-None-Match every `--revision-every` s (304 while
  nothing changed), and when it changed fetches the ledger part (`GET /s/<id>/ledger`);
- **entry**: when the round is over, each phone taps "+ Enter round" (0-5 s apart) and opens
  its seat page (`GET /s/<id>/rounds/new?seat=N`), whose scripts (static/entry/seat.js +
  static/entry/draft_sync.js) poll the draft with If-None-Match (every 1 s, every 0.5 s for 20 s
  after a change seen, every 0.3 s once this phone agreed), write the header (seat 0) and the
  hand in eight steps (about one PUT a tap), tap Done, load the verdict (`GET …/draft/verdict`)
  once the draft checks clean, and Agree; the third Agree saves the round;
- back on the session page (`GET /s/<id>`) once the phone sees the round saved (its own
  Agree's 201, or a poll naming the new round), as seat.js sends it there.

Every page stays visible all evening (a hidden page does not poll: the most a table costs).
"watching" latencies are the polls, "pages" the HTML loads, "writes" the draft's writes; also
the time from a draft write (the tap) to both other phones holding it.

`--push` (Pushpin in front, benchmarks/push_front.py): each page also keeps its event stream
open (static/stream.js), a connection of its own, and the phones behave as the pages do while
it is open: the session page asks no revision on a timer; on an event naming another revision
than the one shown it asks the revision, then the ledger part if it changed (static/live.js);
the seat page takes the draft an event carries, reads nothing for an event naming the draft
it shows, else polls (once more if an event came while a poll was out), and polls every 60 s
(LIVE), its taps paced as without push (static/entry/draft_sync.js). A page whose stream is
not open polls as without push. Also measured: the time from a draft write's send to each
other phone of the table receiving the event naming it (phones whose stream was open then),
the stream opens (to their first event) and the streams open at once.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time

from benchmarks.draft_load import Phone, Table, print_spread
from benchmarks.harness.phones import TIMEOUT, WARMUP, Samples
from benchmarks.push_front import PROBES, EventStream, Tally, probe

AGREED = 0.3  # s: draft_sync.js polls this often once the phone agreed and waits for the others
TAP_SPREAD = 5.0  # s: the phones of a table open their seat pages this far apart
LIVE = 60.0  # s: draft_sync.js polls the draft this often while the stream is open
SHOWN = re.compile(rb'id="ledger"[^>]*data-revision="(\d+)"')


async def evening_tables(pool, tokens, records, until, samples, args) -> dict:
    """args.stream_port: Pushpin's, with --push (the phones' streams); args.publish_port: its
    publish port (the probe's)."""
    port = args.stream_port
    polls, saves, errors = samples["polls"], samples["saves"], samples["errors"]
    rounds, spread = [], []
    if args.push:
        samples = {**samples, "opens": Samples(polls.timed_from), "reach": []}
        samples.update(lost=[0], tally=Tally())
        push = (samples["opens"], samples["reach"], errors, samples["tally"], samples["lost"])
    tables = [EveningTable(spread, polls.timed_from, args.play) for _ in tokens]
    tasks = [
        Evening(pool, token, seat, records, (polls, saves, errors, rounds), table, args)
        .with_pages(samples["pages"])
        .with_push(port, push if args.push else None)
        .run(until)
        for token, table in zip(tokens, tables, strict=True)
        for seat in range(3)
    ]
    if args.push:
        samples["streams"] = []  # the streams open, each second of the timed part
        tasks.append(count_streams(samples["tally"], samples["streams"], polls.timed_from, until))
        samples["probes"] = {name: Samples(polls.timed_from) for name in PROBES}
        tasks.append(probe(args.backend_port, port, until, samples["probes"], args.publish_port))
    await asyncio.gather(*tasks)
    print_spread(rounds, spread)
    return {**samples, "spread": spread}


async def count_streams(tally: Tally, counts: list, timed_from: float, until: float) -> None:
    await asyncio.sleep(max(0.0, timed_from - time.monotonic()))
    while time.monotonic() < until - 1:
        counts.append(tally.open)
        await asyncio.sleep(1.0)


class EveningTable(Table):
    """A table whose round `cycle` (counted from the start of the run) is played before it is
    entered; on the seat page the round is always due (draft_load's act asks `playing`)."""

    entering = 0  # phones on their seat pages

    def __init__(self, *args):
        super().__init__(*args)
        self.streams = [None, None, None]  # each seat's page's event stream (--push)

    def expect(self, seat: int, version: int, sent: float) -> None:
        """--push: a draft write's send; the others' open streams are to hear of it."""
        if sent < self.timed_from:
            return
        for other in {0, 1, 2} - {seat}:
            stream = self.streams[other]
            if stream is not None and stream.live_at is not None and stream.live_at <= sent:
                stream.expect(version, sent)

    def wrote(self, seat: int, version: int, sent: float) -> None:
        """Timed only while all three phones are on their seat pages (not while another is
        still on the session page, about to tap "+ Enter round")."""
        if self.entering == 3:
            super().wrote(seat, version, sent)

    def in_play(self, cycle: int) -> bool:
        return Table.playing(self, cycle)

    def playing(self, number: int) -> bool:
        return False


class Evening(Phone):
    """One seat's phone at one table, all evening: session page, seat page, session page…"""

    def __init__(self, pool, token, seat, records, sinks, table, args):
        super().__init__(0, token, seat, records, sinks, table, args)
        self.client = pool  # a shared pool of keep-alive connections (load.Pool)
        self.cycle, self.verdict, self.revision = 0, None, None
        self.stream = self.push = None
        self.until, self.shown, self.busy, self.polling, self.again = 0.0, None, False, False, False
        self.last_poll, self.tasks, self.reading = 0.0, set(), None

    def with_pages(self, pages):
        self.pages = pages
        return self

    def with_push(self, port, sinks):
        """--push: Pushpin's port and where the streams' figures go, else None."""
        self.port, self.push = port, sinks
        return self

    async def run(self, until: float) -> None:
        self.until = until
        await asyncio.sleep(random.uniform(0, WARMUP))
        try:
            await self.session_page()
            while time.monotonic() < until:
                await self.watch(until)
                if time.monotonic() >= until:
                    break
                await asyncio.sleep(random.uniform(0, TAP_SPREAD))  # "+ Enter round" tapped
                await self.enter(until)
                self.cycle += 1
                await self.session_page()
        finally:
            self.close_stream()
            for task in self.tasks:
                task.cancel()

    def open_stream(self, on_change) -> None:
        """--push: the page just loaded opens its event stream (the last page's is closed)."""
        self.close_stream()
        if self.push is not None:
            self.stream = EventStream(self.port, self.token, on_change, self.push)
            self.table.streams[self.seat] = self.stream
            self.reading = self.spawn(self.stream.run(self.until))

    def close_stream(self) -> None:
        if self.stream is not None:
            self.table.streams[self.seat] = None
            self.stream = None
            self.reading.cancel()

    def live(self) -> bool:
        return self.stream is not None and self.stream.live_at is not None

    def spawn(self, job) -> asyncio.Task:
        """A job of the page's script, beside the phone's own loop (ended with the phone)."""
        task = asyncio.create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def get(self, path: str, samples, headers: str = "") -> tuple[int | None, bytes]:
        start = time.monotonic()
        try:
            status, body = await asyncio.wait_for(
                self.client.request("GET", path, None, headers), TIMEOUT
            )
        except (TimeoutError, OSError, ValueError) as error:
            self.errors.append(f"GET {path}: {type(error).__name__} {error}")
            return None, b""
        finally:
            samples.add(start)
        if status >= 400:
            self.errors.append(f"GET {path}: HTTP {status} {body[:200]!r}")
        return status, body

    async def session_page(self) -> None:
        """The session page loaded: live.js starts from the revision the page carries."""
        self.revision = None
        self.close_stream()
        status, body = await self.get(f"/s/{self.token}", self.pages)
        if self.push is None:
            self.revision = await self.ask_revision("")
            return
        found = SHOWN.search(body) if status == 200 else None
        self.shown = found.group(1).decode() if found else None
        self.open_stream(self.session_change)

    def session_change(self, data: dict) -> None:
        """live.js on an event: a poll when it names another revision than the one shown."""
        if "revision" in data and str(data["revision"]) != self.shown and not self.busy:
            self.spawn(self.live_poll())

    async def live_poll(self) -> None:
        """live.js's poll (--push): the revision (If-None-Match once it has an ETag), the
        ledger part when the revision is not the one shown."""
        if self.busy:
            return
        self.busy = True
        try:
            etag = f"If-None-Match: {self.revision}\r\n" if self.revision else ""
            status, body = await self.get(f"/api/sessions/{self.token}/revision", self.polls, etag)
            if status != 200:
                return
            state = json.loads(body)
            tag = f'"{state["revision"]}.{int(state["settled"])}"'
            if str(state["revision"]) != self.shown:
                status, _ = await self.get(f"/s/{self.token}/ledger", self.pages)
                if status != 200:
                    return
                self.shown = str(state["revision"])
            self.revision = tag
        finally:
            self.busy = False

    async def ask_revision(self, etag: str) -> str | None:
        status, body = await self.get(f"/api/sessions/{self.token}/revision", self.polls, etag)
        if status != 200:
            return self.revision
        state = json.loads(body)
        return f'"{state["revision"]}.{int(state["settled"])}"'

    async def watch(self, until: float) -> None:
        """static/live.js while the round is played: the revision every few seconds, the
        ledger part when it changed."""
        while self.table.in_play(self.cycle) and time.monotonic() < until:
            await asyncio.sleep(self.args.revision_every)
            if self.push is not None:
                if not self.live():  # live.js polls only while its stream is not open
                    await self.live_poll()
                continue
            seen = self.revision
            etag = f"If-None-Match: {seen}\r\n" if seen else ""
            self.revision = await self.ask_revision(etag)
            if self.revision != seen:
                await self.get(f"/s/{self.token}/ledger", self.pages)

    async def enter(self, until: float) -> None:
        """The seat page until the round is saved (or the evening is over)."""
        self.close_stream()
        await self.get(f"/s/{self.token}/rounds/new?seat={self.seat}", self.pages)
        self.draft, self.verdict, self.saved = None, None, False
        self.open_stream(self.seat_change)
        await self.sync_poll()
        base = self.number()
        self.table.entering += 1
        try:
            await self.seat_page(until, base)
        finally:
            self.table.entering -= 1

    async def seat_page(self, until: float, base: int) -> None:
        while time.monotonic() < until and not self.saved and self.number() == base:
            if self.draft is not None:
                await self.act()
            if self.saved or self.number() != base:
                break
            await self.wait()  # the taps' pace, with or without push
            if not self.live() or time.monotonic() - self.last_poll >= LIVE:
                await self.sync_poll()

    def seat_change(self, data: dict) -> None:
        """draft_sync.js on an event: nothing when it names the draft shown; the draft it
        carries; else poll now, or once more after the poll that is out."""
        draft = self.draft
        if draft and data.get("draft") == draft["version"]:
            if data.get("revision", draft["revision"]) == draft["revision"]:
                return
        if "answer" in data:
            answer = data["answer"]
            if draft is None or (answer["version"], answer["revision"]) >= (
                draft["version"],
                draft["revision"],
            ):
                self.draft, self.moved_at = answer, time.monotonic()
                self.table.saw(self.seat, answer["version"])
            return
        if self.polling:
            self.again = True
        else:
            self.spawn(self.sync_poll())

    async def sync_poll(self) -> None:
        """draft_sync.js's poll: not while another is out (once more after it when an event
        came meanwhile)."""
        if self.polling:
            return
        self.polling = True
        try:
            while True:
                self.again = False
                self.last_poll = time.monotonic()
                await self.poll()
                if not self.again:
                    break
        finally:
            self.polling = False

    def number(self) -> int:
        return ((self.draft or {}).get("last_saved") or {"number": 0})["number"]

    async def wait(self) -> None:
        me = (self.draft or {"seats": [{}] * 3})["seats"][self.seat]
        if me.get("agreed"):
            await asyncio.sleep(AGREED)
        else:
            await super().wait()

    async def call(self, method, path, body, headers, samples) -> int | None:
        sent = time.monotonic()
        status = await super().call(method, path, body, headers, samples)
        if status == 201:
            self.saved = True
        if self.push is not None and method != "GET" and status in (200, 201):
            self.table.expect(self.seat, self.draft["version"], sent)
        return status

    async def act(self) -> None:
        """As draft_load's phone, but the round is due now (its play is over), and the verdict
        is loaded before the Agree shows."""
        draft = self.draft
        me = draft["seats"][self.seat]
        ready = draft["all_done"] and draft["preview"]["ready"]
        if ready and me["done"] and not me["agreed"]:
            key = f"{draft['changed']}.{draft['revision']}"
            if key != self.verdict:
                self.verdict = key
                await self.get(f"/s/{self.token}/draft/verdict", self.pages)
        await super().act()
