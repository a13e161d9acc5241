"""The barkada's pages in Filipino: the group page, its stats page with the SVG
charts' words, the member, payment, PIN-unlock, new-group and import pages, by `?lang=fil` or
the browser's Accept-Language (fil, tl-PH); English stays English. Each page's visible lines
are counted: at least half differ from English (names, cards and amounts aside)."""

from __future__ import annotations

import html
import re
from datetime import datetime
from decimal import Decimal

import pytest
from flask_babel import force_locale, gettext, ngettext

from tests.support.groups import pay
from tests.support.pages import plain
from tracker.core import pins
from tracker.extensions import db
from tracker.models import Barkada
from tracker.present.chart import balance_chart_svg

FIL = {"lang": "fil"}
EN = {"lang": "en"}  # asked, since a page asked in Filipino is remembered by the device
TAGS = "p|h1|h2|h3|li|tr|th|td|dt|dd|div|label|button|a|legend|summary|option|section|figcaption"
BLOCK = rf"</?(?:{TAGS}|caption|title|text)\b[^>]*>"


@pytest.fixture
def ben_paid_ana(app, barkada):
    """A payment in the barkada: Ben paid Ana ₱10.00 on 14 November 2026."""
    pay(app, barkada[0], "Ben", "Ana", "10.00", datetime(2026, 11, 14).date())


def visible_lines(page: str, names=("Biyernes", "Ana", "Ben", "Cris", "Dan")) -> list[str]:
    """The lines a reader sees in <main> (and the title), without the lines that hold only
    names, numbers, amounts, dates' digits and punctuation."""
    main = page.split("<main>", 1)[-1]
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    text = re.sub(BLOCK, "\n", (title.group(1) if title else "") + "\n" + main)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    keep = []
    for line in lines:
        bare = line
        for name in names:
            bare = bare.replace(name, "")
        if re.sub(r"[\d\s.,:;·()+\-−–/₱%…#—]+", "", bare):
            keep.append(line)
    return keep


def differ_at_least_half(client, url: str, **query) -> None:
    english = visible_lines(client.get(url, query_string={**query, **EN}).get_data(as_text=True))
    filipino = visible_lines(client.get(url, query_string={**query, **FIL}).get_data(as_text=True))
    same = [line for line in filipino if line in english]
    assert len(filipino) >= 3
    assert len(same) * 2 <= len(filipino), (url, same)


def test_the_catalogue_holds_the_group_words(app):
    with app.test_request_context(), force_locale("fil"):
        assert gettext("Who owes whom") == "Sino ang may utang kanino"
        assert gettext("Members") == "Mga miyembro"
        assert gettext("Times sunog") == "Ilang beses sunog"
        assert ngettext("%(num)s member", "%(num)s members", 4) == "4 miyembro"
        chart = balance_chart_svg(["Ana", "Ben", "Cris"], [[Decimal(5), Decimal(-5), Decimal(0)]])
        assert 'aria-label="Balanse sa bawat round"' in chart and ">round 1</text>" in chart
    chart = balance_chart_svg(["Ana", "Ben", "Cris"], [[Decimal(5), Decimal(-5), Decimal(0)]])
    assert 'aria-label="Balance over rounds"' in chart  # outside a request: English


def test_the_group_page_in_filipino(client, barkada, ben_paid_ana):
    token = barkada[0]
    page = client.get(f"/g/{token}", query_string=FIL)
    assert page.status_code == 200
    text = plain(page)
    for words in (
        "Sino ang may utang kanino",
        "Mga miyembro",
        "Mga bayad",
        "4 miyembro · 2 session",
        "4 round · tapos na · 06 Nob 2026",
        "Nagbayad si Ben kay Ana ng ₱10.00",
        "14 Nob 2026",
        "I-share ang barkada",
    ):
        assert words in text, words
    assert "Who owes whom" not in text and "Members" not in text
    english = plain(client.get(f"/g/{token}", query_string=EN))
    assert "Who owes whom" in english and "4 members · 2 sessions" in english
    assert "14 Nov 2026 : Ben paid Ana ₱10.00" in english


def test_bayad_na_keeps_its_name_and_the_page_follows_accept_language(
    client, barkada, ben_paid_ana
):
    token = barkada[0]
    for tag in ("fil", "tl-PH"):
        page = client.get(f"/g/{token}", headers={"Accept-Language": tag})
        text = page.get_data(as_text=True)
        assert 'class="btn primary bayad">Bayad na</button>' in text
        assert "Magbabayad si <strong>" in text and "Sino ang may utang kanino" in text


def test_the_stats_page_and_its_charts_in_filipino(client, barkada, ben_paid_ana):
    token = barkada[0]
    page = client.get(f"/g/{token}/stats", query_string=FIL)
    assert page.status_code == 200
    raw = page.get_data(as_text=True)
    text = plain(page)
    for words in (
        "Panalo sa Tongits",
        "Ilang beses sunog",
        "Kita at lugi",
        "Tapatan",
        "Lahat ng session · 2 session · 7 round",
    ):
        assert words in text, words
    assert 'aria-label="Kita o lugi ng bawat miyembro"' in raw  # the SVG's own words
    assert 'aria-label="Mga panalong round ng bawat miyembro, ayon sa kung paano natapos"' in raw
    assert ">ubos-bunutan</text>" in raw  # the wins chart's legend
    assert re.search(r"Ana: \d+ panalo \(\d+ Tongits, \d+ draw, \d+ ubos-bunutan\)</text>", raw)
    period = plain(client.get(f"/g/{token}/stats", query_string={"from": "2026-11-01", **FIL}))
    assert "01 Nob 2026 hanggang ngayon" in period
    english = client.get(f"/g/{token}/stats", query_string=EN).get_data(as_text=True)
    assert 'aria-label="Net winnings of each member"' in english and ">talon out</text>" in english


def test_the_member_page_in_filipino(client, barkada, ben_paid_ana):
    token, ids, _ = barkada
    text = plain(client.get(f"/g/{token}/members/{ids['Ana']}", headers={"Accept-Language": "fil"}))
    assert "Umalis na sa barkada" in text and "I-save" in text and "Bumalik sa barkada" in text


@pytest.mark.parametrize(
    "path",
    ["", "/stats", "/members/{Ana}", "/pay", "/stats?vs={Dan}"],
)
def test_at_least_half_of_each_group_page_differs_from_english(client, barkada, ben_paid_ana, path):
    token, ids, _ = barkada
    url, _, query = f"/g/{token}{path.format(**ids)}".partition("?")
    differ_at_least_half(client, url, **dict([query.split("=")] if query else []))


@pytest.mark.parametrize("url", ["/g/new", "/g/import"])
def test_the_new_group_and_import_pages_in_filipino(client, url):
    differ_at_least_half(client, url)
    text = plain(client.get(url, query_string=FIL))
    assert "Bagong barkada" in text or "I-import ang barkada" in text


def test_the_unlock_page_and_the_missing_group_in_filipino(app, client, barkada, ben_paid_ana):
    token = barkada[0]
    with app.app_context():
        group = db.session.query(Barkada).filter_by(token=token).one()
        group.pin_hash = pins.hash_pin("4321")
        db.session.commit()
    assert "I-unlock para makapagbago" in plain(client.get(f"/g/{token}", query_string=FIL))
    differ_at_least_half(client, f"/g/{token}/unlock")
    missing = client.get("/g/nosuchgroup", query_string=FIL)
    assert missing.status_code == 404
    assert "Walang barkada sa link na ito." in plain(missing)


def test_an_unknown_group_in_the_api_is_refused_in_filipino(client):
    for url in ("/api/groups/" + "x" * 32, "/api/groups/" + "x" * 32 + "/stats"):
        answer = client.get(url, headers={"Accept-Language": "fil"})
        assert answer.status_code == 404
        assert answer.get_json()["errors"][0]["message"] == "walang barkada na may ganitong id"
        english = client.get(url, query_string=EN).get_json()["errors"][0]["message"]
        assert english == "no group with this id"
