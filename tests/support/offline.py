"""A phone made ready to work offline, as a player does it (used by the browser tests and by
benchmarks/offline_outbox.py)."""

from __future__ import annotations

import re

# The session's snapshot kept in IndexedDB and its one-phone page in the service worker's cache.
KEPT = (
    "async t => !!(await TongitsOutbox.state(t)) &&"
    " !!(await (await caches.open('pages')).match('/s/' + t + '/rounds/new'))"
)


def ready_offline(page, server: str, token: str, ready_ms: int = 180_000) -> None:
    """Open the session, take the offer, wait till the engine and the session are kept."""
    page.goto(f"{server}/s/{token}")
    offer = page.get_by_role("button", name=re.compile("^Keep working offline"))
    offer.wait_for()
    assert re.search(r"· \d+\.\d MB$", offer.inner_text())  # its size, before it is taken
    offer.tap()
    page.locator("#offline-state", has_text="Ready to work offline").wait_for(timeout=ready_ms)
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    page.reload()  # controlled now: the session and its round entry are kept
    page.wait_for_function(KEPT, arg=token, timeout=60_000)
    page.locator("#offline-state", has_text="Ready to work offline").wait_for(timeout=ready_ms)
