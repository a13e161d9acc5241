"""The summary PDF's score sheet, read back from WeasyPrint's real output (pypdf, page by
page): a row per round with each player's money for it and the running total after it, the
winner starred, a Total row; on Letter and on A4; a long session's sheet runs over pages,
each page starting again with the players' names (the table's <thead>)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.support.documents import pdf_pages, squash
from tests.support.rounds_factory import random_session
from tracker.documents.pdf import summary_pdf
from tracker.engine import money_text
from tracker.exchange.export import ledger_of

NOW = datetime(2026, 11, 30, 14, 0, tzinfo=UTC)
NAMES = ["Ana", "Ben", "Cris"]


def signed(amount) -> str:
    return ("+" if amount > 0 else "") + money_text(amount, "₱")


def sheet_text(pages: list[str]) -> str:
    """The text from the heading "Score sheet" to the heading "Rounds" after it."""
    text = squash(" ".join(pages))
    return text[text.index("Score sheet") : text.index("Rounds # · dealer")]


def expected_rows(export: dict) -> list[str]:
    """Each round's row as the engine's ledger has it: number, then per player the round's
    money (★ before the winner's) and the total after the round."""
    ledger = ledger_of(export)
    rows = []
    for number, (result, after) in enumerate(zip(ledger.results, ledger.history), 1):
        cells = [str(number)]
        for p in result.players:
            star = "★ " if p.seat == result.winner else ""
            cells += [star + signed(p.net), signed(after[p.seat])]
        rows.append(" ".join(cells))
    return rows


@pytest.mark.parametrize("size", ["letter", "a4"])
def test_nineteen_rounds_on_the_score_sheet(size):
    export = random_session(seed=19, rounds=19, page_size=size)
    pdf = summary_pdf(export, now=NOW)
    pages = [page.extract_text() or "" for page in pdf_pages(pdf)]
    sheet = sheet_text(pages)
    at = 0
    for row in expected_rows(export):
        found = sheet.find(row, at)
        assert found >= 0, (row, sheet[at : at + 200])
        at = found + len(row)
    ledger = ledger_of(export)
    total = "Total " + " ".join(signed(b) for b in ledger.balances)
    assert total in sheet[at:]
    assert sheet[:at].count("★") == sum(r.winner is not None for r in ledger.results)


@pytest.mark.slow
@pytest.mark.parametrize("size", ["letter", "a4"])
def test_a_long_sheet_repeats_its_header_on_every_page(size):
    export = random_session(seed=7, rounds=150, page_size=size)
    pdf = summary_pdf(export, now=NOW)
    pages = [squash(page.extract_text() or "") for page in pdf_pages(pdf)]
    first = next(i for i, text in enumerate(pages) if "Score sheet" in text)
    last = next(i for i, text in enumerate(pages) if "Rounds # · dealer" in text)
    assert last - first >= 2, "150 rounds take more than one page of score sheet"
    header = "# Ana Ben Cris Round Total Round Total Round Total"
    for index in range(first, last + 1):
        assert header in pages[index], (index, pages[index][:300])
        if index > first:  # a page that goes on with the sheet starts with its header
            assert pages[index].lstrip().startswith(header), pages[index][:200]
    assert found_in_order(sheet_text(pages), expected_rows(export)) == 150


def found_in_order(sheet: str, rows: list[str]) -> int:
    """How many of `rows` the sheet's text holds one after another (it stops at the first
    missing)."""
    at = 0
    for count, row in enumerate(rows):
        found = sheet.find(row, at)
        if found < 0:
            return count
        at = found + len(row)
    return len(rows)
