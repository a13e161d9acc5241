"""Every page the app serves says what it is to a search engine or a link preview: one
`<meta name="description">`, with words, in the reader's language. The pages are those of
benchmarks/language_coverage.py (every page of the app, seeded), plus the two pages the
service worker answers with when the network is gone."""

from __future__ import annotations

import re
from html import unescape

import pytest

from benchmarks import language_coverage as coverage
from tracker.extensions import db

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')
DOCUMENTS = [page for page in coverage.PAGES if page.kind == "html"]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    app, clients = coverage.seeded_app(tmp_path_factory.mktemp("described"))
    yield clients
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def descriptions(html: str) -> list[str]:
    return [unescape(text) for text in DESCRIPTION.findall(html)]


@pytest.mark.parametrize("page", DOCUMENTS, ids=[page.name for page in DOCUMENTS])
def test_every_page_has_one_description_in_its_language(seeded, page):
    said = {}
    for lang in ("en", "fil"):
        html = coverage.fetch(seeded, page, lang).get_data(as_text=True)
        if "<html" not in html:  # a part of a page (the ledger a page loads again)
            pytest.skip(f"{page.name} is a part of a page")
        found = descriptions(html)
        assert len(found) == 1 and len(found[0].split()) >= 8, (page.name, lang, found)
        said[lang] = found[0]
    assert said["en"].startswith("A referee and a ledger for a real Tongits table")
    assert said["fil"] != said["en"]


def test_the_service_workers_own_pages_have_one_too(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    pages = re.findall(r'^var (?:OFFLINE_PAGE|NOT_SENT_PAGE) = (".*");$', worker, re.M)
    assert len(pages) == 2
    for page in pages:
        assert len(descriptions(page.replace('\\"', '"'))) == 1, page
