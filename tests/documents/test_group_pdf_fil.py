"""The season PDF and a member's statement in Filipino: printed by the bounded
printer and read back with pypdf. The language is the one asked when printing (`?lang=fil`, or
the device's Accept-Language) and is part of the cache key: the same season printed in English
and then in Filipino gives two PDFs, each in its language."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.support.documents import printed
from tests.support.groups import group_session, pay
from tests.support.records import TALON

pytestmark = pytest.mark.printed  # the same PDF on either database: run once, on SQLite


@pytest.mark.slow
def test_the_season_pdf_in_filipino_and_english_still_english(app, client, barkada):
    url = f"/g/{barkada[0]}/season.pdf"
    english = printed(client, url)
    assert "Biyernes: season" in english and "All sessions · 2 sessions · 7 rounds" in english
    assert "Page 1 of" in english and "Times sunog" in english
    text = printed(client, url + "?lang=fil")
    assert "Season ng Biyernes" in text
    assert "Lahat ng session · 2 session · 7 round · na-print" in text
    assert "Ranggo" in text and "Kita at lugi" in text and "Bawat miyembro" in text
    assert "Ilang beses sunog" in text and "Panalo sa Tongits" in text
    assert "Average na puntos kapag talo 16.00 (3 kamay)" in text  # Ana
    assert "Pinakamahabang sunod-sunod na panalo 2 round" in text
    assert "Ana: +₱118.00" in text  # the net chart keeps names and amounts
    assert "ubos-bunutan" in text  # the wins chart's legend
    assert "Tapatan" in text and "Page 1 ng" in text
    assert "Times sunog" not in text and "Page 1 of" not in text
    again = printed(client, url)  # English again: its own cached file, not the Filipino one
    assert "Biyernes: season" in again and "Season ng Biyernes" not in again


def test_a_period_in_filipino_month_names(client, barkada):
    text = printed(client, f"/g/{barkada[0]}/season.pdf?from=2026-11-10&to=2026-12-31&lang=fil")
    assert "10 Nob 2026 hanggang 31 Dis 2026 · 1 session · 3 round" in text


@pytest.mark.slow
def test_a_statement_in_filipino_by_the_device_language(app, client, barkada):
    token, ids, _ = barkada
    pay(app, token, "Dan", "Ana", "59.00", date(2026, 11, 14))
    group_session(
        app, client, token, ["Ana", "Cris", "Dan"], [TALON], datetime(2026, 11, 20, 12), False
    )
    url = f"/g/{token}/members/{ids['Ana']}/statement.pdf"
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "tl-PH,tl;q=0.9,en;q=0.5"
    text = printed(client, url)
    assert "Statement ni Ana" in text
    assert "Petsa Ano Halaga Balanse" in text
    assert "06 Nob 2026 Session kasama sina Ben, Cris, 4 round +₱73.00 +₱73.00" in text
    assert "14 Nob 2026 Tinanggap mula kay Dan −₱59.00 +₱59.00" in text
    assert (
        "20 Nob 2026 Session kasama sina Cris, Dan, 1 round, nilalaro pa: −₱30.00 sa ngayon" in text
    )
    assert "Dapat bayaran si Ana ng ₱59.00." in text
    dan = printed(client, f"/g/{token}/members/{ids['Dan']}/statement.pdf")
    assert "14 Nob 2026 Nagbayad kay Ana +₱59.00 ₱0.00" in dan
    assert "Quits si Dan: walang utang at walang pautang." in dan
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    english = printed(client, url)
    assert "Ana: statement" in english and "Ana is owed ₱59.00." in english
