"""The `draft` mode of benchmarks/load.py (issue 9): each table's three phones enter rounds
together through the round draft (docs/API.md, "Round draft").

Every phone polls GET …/draft every 0.5 s with If-None-Match (304 while nothing changed);
seat 0 sets the header; each seat writes its hand in a few steps (a hand growing as cards are
tapped: one PUT per step, a step on about every other poll), taps Done, and agrees once all
three are done and the preview is clean. The third Agree saves the round; the phones then
wait 15-25 s (the next round being played) and enter the next one. A 409 (an Agree gone
stale) is not an error: the phone agrees again after its next poll. "watching" latencies are
the polls, "saves" every write (PUT, Done, Agree).

    .venv/bin/python benchmarks/load.py --mode draft --tables 200 --seconds 60
"""

from __future__ import annotations

import asyncio
import json
import random
import time

from benchmarks.load import TIMEOUT, WARMUP, Client

POLL_EVERY = 0.5
PAUSE = (15.0, 25.0)  # the play between two rounds' entry, s (load.py's tables save every 30 s)
STEPS = 4  # PUTs of a hand per round: the cards in hand added a quarter at a time
HEADER_KEYS = ("ending", "declarer", "last_drawer", "dealer")


async def draft_tables(port, tokens, records, until, polls, saves, errors) -> dict:
    rounds = []
    tasks = [
        Phone(port, token, seat, records, polls, saves, errors, rounds).run(until)
        for table, token in enumerate(tokens)
        for seat in range(3)
    ]
    await asyncio.gather(*tasks)
    print(f"     rounds saved through the draft: {len(rounds)}", flush=True)
    return {"polls": polls, "saves": saves, "errors": errors}


class Phone:
    """One seat's phone at one table."""

    def __init__(self, port, token, seat, records, polls, saves, errors, rounds):
        self.client, self.token, self.seat, self.records = Client(port), token, seat, records
        self.polls, self.saves, self.errors, self.rounds = polls, saves, errors, rounds
        self.base = f"/api/sessions/{token}/draft"
        self.draft, self.steps, self.playing = None, {}, {}

    async def run(self, until: float) -> None:
        await asyncio.sleep(random.uniform(0, WARMUP))
        try:
            while time.monotonic() < until:
                etag = "" if self.draft is None else f"If-None-Match: {_tag(self.draft)}\r\n"
                await self.call("GET", self.base, None, etag, self.polls)
                if self.draft is not None:
                    await self.act()
                await asyncio.sleep(POLL_EVERY)
        finally:
            self.client.close()

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
            self.draft = json.loads(data)
        elif status not in (304, 409):
            self.errors.append(f"{method} {path}: HTTP {status} {data[:200]!r}")
        if status == 201:
            self.rounds.append(self.token)
        return status

    async def act(self) -> None:
        draft = self.draft
        number = (draft["last_saved"] or {"number": 0})["number"]
        record = self.records[(hash(self.token) + number) % len(self.records)]
        if number and time.monotonic() < self.playing.setdefault(number, _pause_ends()):
            return  # the round after a saved one is still being played
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


def _pause_ends() -> float:
    return time.monotonic() + random.uniform(*PAUSE)


def _tag(draft: dict) -> str:
    return f'"{draft["version"]}.{draft["revision"]}"'
