"""The season PDF and a member's statement PDF of a group, printed by the bounded
printer (a child process) and read back as text with pypdf. The nights are those of
tests/support/two_nights.py, worked out by hand there; night 1 (Ana, Ben, Cris) ends
+73 / −25 / −48, night 2 (Dan, Ana, Ben) −59 / +45 / +14."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.support.documents import printed
from tests.support.group_api import make_group, member_ids
from tests.support.groups import group_session, pay
from tests.support.records import TALON

pytestmark = pytest.mark.printed  # the same PDF on either database: run once, on SQLite


def test_season_pdf_has_the_same_figures_as_the_page(client, barkada):
    text = printed(client, f"/g/{barkada[0]}/season.pdf")
    assert "Biyernes: season" in text and "All sessions · 2 sessions · 7 rounds" in text
    assert "Ana: +₱118.00" in text and "Dan: −₱59.00" in text  # the net chart
    assert "Average deadwood when losing 16.00 (3 hands)" in text  # Ana
    assert "Average deadwood when losing 25.67 (3 hands)" in text  # Cris
    assert "Longest winning streak 2 rounds" in text
    assert "Ana Ben 7 3–2 +₱97.00" in text  # head-to-head


@pytest.mark.slow
def test_season_pdf_of_a_period_and_its_reprint_from_the_cache(app, client, barkada):
    url = f"/g/{barkada[0]}/season.pdf?from=2026-11-10"
    text = printed(client, url)
    assert "1 session · 3 rounds" in text and "Ana: +₱45.00" in text
    started = app.extensions["summary_printer"].started
    printed(client, url)
    assert app.extensions["summary_printer"].started == started  # read from the cache
    bad = client.get(f"/g/{barkada[0]}/season.pdf?to=someday")
    assert bad.status_code == 422 and "write a date as YYYY-MM-DD" in bad.get_data(True)


@pytest.mark.slow
def test_member_statement_runs_the_balance_through_sessions_and_payments(app, client, barkada):
    token, ids, _ = barkada
    pay(app, token, "Dan", "Ana", "59.00", date(2026, 11, 14))
    # a third night still being played: listed, counted only once settled
    group_session(
        app, client, token, ["Ana", "Cris", "Dan"], [TALON], datetime(2026, 11, 20, 12), False
    )
    text = printed(client, f"/g/{token}/members/{ids['Ana']}/statement.pdf")
    assert "Ana: statement" in text
    assert "06 Nov 2026 Session with Ben, Cris, 4 rounds +₱73.00 +₱73.00" in text
    assert "13 Nov 2026 Session with Dan, Ben, 3 rounds +₱45.00 +₱118.00" in text
    assert "14 Nov 2026 Received from Dan −₱59.00 +₱59.00" in text
    # Cris wins that talon out with 1: Ana pays 10 + 20 = 30
    assert "20 Nov 2026 Session with Cris, Dan, 1 round, in play: −₱30.00 so far — +₱59.00" in text
    assert "Ana is owed ₱59.00." in text
    dan = printed(client, f"/g/{token}/members/{ids['Dan']}/statement.pdf")
    assert "14 Nov 2026 Paid Ana +₱59.00 ₱0.00" in dan and "Dan is even" in dan


def test_statement_of_no_such_member_is_404(app, client, barkada):
    made = make_group(client, ["Eve", "Fe", "Gil"], name="Sabado")
    other, other_ids = made["id"], member_ids(made)
    assert (
        client.get(f"/g/{barkada[0]}/members/{other_ids['Eve']}/statement.pdf").status_code == 404
    )
    assert client.get(f"/g/{other}x/members/1/statement.pdf").status_code == 404


def test_a_best_never_won_reads_as_a_dash_in_the_pdf_and_on_the_page(client, barkada):
    """Cris and Dan won no session (their best is 0 to the engine): "Best session —", not
    "₱0.00", on the season PDF and on the stats page, which share these figures."""
    text = printed(client, f"/g/{barkada[0]}/season.pdf")
    assert "Best session ₱0.00" not in text and "Biggest win in a round ₱0.00" not in text
    assert text.count("Best session —") == 2  # Cris, Dan
    assert "Best session ₱73.00" in text  # Ana's first night
    page = client.get(f"/g/{barkada[0]}/stats").get_data(as_text=True)
    assert "₱0.00" not in page.split("Best session", 1)[1].split("</dl>", 1)[0]
    assert page.count("Best session</dt><dd>—") == 2
