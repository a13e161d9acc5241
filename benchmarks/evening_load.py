"""The `evening` mode of benchmarks/load.py: an evening at each table, the phones
driven as the pages' own scripts drive them, the rounds saved through the round draft.

Each table's three phones cycle through:

- **play** (`--play`, 90-150 s a round, each table at its own point of its cycle): the session
  page, loaded once (`GET /s/<id>`), kept current by static/live.js: it asks
  `GET /api/sessions/<id>/revision` with If-None-Match every `--revision-every` s (304 while
  nothing changed), and when it changed fetches the ledger part (`GET /s/<id>/ledger`);
- **entry**: when the round is over, each phone taps "+ Enter round" (0-5 s apart) and opens
  its seat page (`GET /s/<id>/rounds/new?seat=N`), whose scripts (static/seat.js +
  static/seat_sync.js) poll the draft with If-None-Match (every 1 s, every 0.5 s for 20 s after
  a change seen, every 0.3 s once this phone agreed), write the header (seat 0) and the hand in
  eight steps (about one PUT a tap), tap Done, load the verdict (`GET …/draft/verdict`) once the
  draft checks clean, and Agree; the third Agree saves the round;
- back on the session page (`GET /s/<id>`) once the phone sees the round saved (its own
  Agree's 201, or a poll naming the new round), as seat.js sends it there.

Every page stays visible all evening (a hidden page does not poll: the most a table costs).
"watching" latencies are the polls, "pages" the HTML loads, "writes" the draft's writes; also
the time from a draft write (the tap) to both other phones holding it.
"""

from __future__ import annotations

import asyncio
import json
import random
import time

from benchmarks.draft_load import Phone, Table, print_spread
from benchmarks.phones import TIMEOUT, WARMUP

AGREED = 0.3  # s: seat_sync.js polls this often once the phone agreed and waits for the others
TAP_SPREAD = 5.0  # s: the phones of a table open their seat pages this far apart


async def evening_tables(pool, tokens, records, until, samples, args) -> dict:
    polls, saves, errors = samples["polls"], samples["saves"], samples["errors"]
    rounds, spread = [], []
    tables = [EveningTable(spread, polls.timed_from, args.play) for _ in tokens]
    tasks = [
        Evening(pool, token, seat, records, (polls, saves, errors, rounds), table, args)
        .with_pages(samples["pages"])
        .run(until)
        for token, table in zip(tokens, tables, strict=True)
        for seat in range(3)
    ]
    await asyncio.gather(*tasks)
    print_spread(rounds, spread)
    return {**samples, "spread": spread}


class EveningTable(Table):
    """A table whose round `cycle` (counted from the start of the run) is played before it is
    entered; on the seat page the round is always due (draft_load's act asks `playing`)."""

    entering = 0  # phones on their seat pages

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

    def with_pages(self, pages):
        self.pages = pages
        return self

    async def run(self, until: float) -> None:
        await asyncio.sleep(random.uniform(0, WARMUP))
        await self.session_page()
        while time.monotonic() < until:
            await self.watch(until)
            if time.monotonic() >= until:
                break
            await asyncio.sleep(random.uniform(0, TAP_SPREAD))  # "+ Enter round" tapped
            await self.enter(until)
            self.cycle += 1
            await self.session_page()

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
        await self.get(f"/s/{self.token}", self.pages)
        self.revision = await self.ask_revision("")

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
            seen = self.revision
            etag = f"If-None-Match: {seen}\r\n" if seen else ""
            self.revision = await self.ask_revision(etag)
            if self.revision != seen:
                await self.get(f"/s/{self.token}/ledger", self.pages)

    async def enter(self, until: float) -> None:
        """The seat page until the round is saved (or the evening is over)."""
        await self.get(f"/s/{self.token}/rounds/new?seat={self.seat}", self.pages)
        self.draft, self.verdict, self.saved = None, None, False
        await self.poll()
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
            await self.wait()
            await self.poll()

    def number(self) -> int:
        return ((self.draft or {}).get("last_saved") or {"number": 0})["number"]

    async def wait(self) -> None:
        me = (self.draft or {"seats": [{}] * 3})["seats"][self.seat]
        if me.get("agreed"):
            await asyncio.sleep(AGREED)
        else:
            await super().wait()

    async def call(self, method, path, body, headers, samples) -> int | None:
        status = await super().call(method, path, body, headers, samples)
        if status == 201:
            self.saved = True
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
