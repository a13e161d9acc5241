"""The web app's tests (pages, API, drafts, the app in Chromium): what they share beyond
tests/conftest.py."""

from __future__ import annotations

import pytest

from tests.support.entry import one_phone
from tests.support.offline import table  # noqa: F401 (the offline tests' phones: a fixture)


@pytest.fixture
def page(browser):
    """One phone at 360x740 with touch (tests/support/entry.py); any JavaScript error on any
    of its pages fails the test."""
    page = one_phone(browser)
    yield page
    errors = page.js_errors
    page.context.close()
    assert errors == [], errors  # no JavaScript errors on any page
