"""The service worker and the static files' versions (tracker/web/static_files.py, static/sw.js):
with no network, an address of another version, or of none (a page kept by an earlier deploy),
is answered with the worker's own version's file, and a module imported there loads with its
imports, all of one version."""

from __future__ import annotations

import pytest

from tests.support.browser import APPS
from tests.support.offline import offline, table  # noqa: F401 (the fixture)
from tests.support.static import static_url

pytestmark = [pytest.mark.browser]

FETCHED = "async url => { const r = await fetch(url); return [r.status, new URL(r.url).pathname]; }"
IMPORTED = "async url => typeof (await import(url)).money"


def test_another_versions_files_load_offline_from_the_workers_own(table, server):  # noqa: F811
    app = APPS[server]
    page = table()
    page.goto(f"{server}/")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    here = static_url(app, "pages/plain.js")
    offline(page, True)
    try:
        for old in ("/static/pages/plain.js", "/static/0123456789abcdef/pages/plain.js"):
            assert page.evaluate(FETCHED, old) == [200, here], old
        # a module of another version: it and what it imports (words.js) from the cache
        assert page.evaluate(IMPORTED, "/static/0123456789abcdef/money.js") == "function"
        assert page.evaluate(FETCHED, static_url(app, "app.css")) == [
            200,
            static_url(app, "app.css"),
        ]
    finally:
        offline(page, False)
    # online, the server redirects them alike
    assert page.evaluate(FETCHED, "/static/pages/plain.js") == [200, here]
