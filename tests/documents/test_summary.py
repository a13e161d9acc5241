"""The printable summary (tracker/documents/summary.py): the PDF is read back as text with pypdf and
pdftotext and checked against the engine's own ledger."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader

from tests.support.rounds_factory import known_session, random_session
from tracker.documents.pdf import RefusedURL, local_fetcher, summary_pdf
from tracker.documents.summary import summary_html
from tracker.engine import Rules, money_text
from tracker.exchange.export import ledger_of
from tracker.present.house_rules import describe as describe_rules

NOW = datetime(2026, 11, 30, 14, 0, tzinfo=UTC)
HOSTILE = '<img src="http://evil.example/x.png">'


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def pdftotext(pdf: bytes, *args: str) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    run = subprocess.run(
        ["pdftotext", *args, "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return run.stdout.decode("utf-8")


def winners_in(text: str, names: list[str]) -> list[str | None]:
    """The winner column read back, in order: a name after ★, or None for 'no winner'."""
    pick = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return [m.group(1) for m in re.finditer(rf"★\s*({pick})|no winner", squash(text))]


# -- the hand-checked session ---------------------------------------------------------------


def test_known_session_pdf_by_hand():
    pdf = summary_pdf(known_session(), now=NOW)
    assert pdf.startswith(b"%PDF-")
    text = squash(" ".join(pages_text(pdf)))
    for expected in (
        "Ana",
        "Ben",
        "Cris",
        "₱122.00",
        "−₱78.00",
        "−₱44.00",
        "Not settled yet",
        "If settled now",
        "Ben pays Ana ₱78.00",
        "Cris pays Ana ₱44.00",
        "★ Ana · Ana went Tongits · +₱45.00",
        "★ Ana · Ben called · Ana won the showdown · +₱77.00",
        "₱10.00 stake + 14 pts × ₱1.00 = ₱24.00, ×2 failed call = ₱48.00",
        "₱10.00 stake + 20 pts × ₱1.00 = ₱30.00",
        "Stake ₱10.00",
        "Monday, 30 November 2026, 8:15 PM",
        "SUNOG",
    ):
        assert expected in text, expected
    assert winners_in(text, ["Ana", "Ben", "Cris"]) == ["Ana", "Ana"]
    plain = squash(pdftotext(pdf))
    assert "Ben pays Ana ₱78.00" in plain and "₱122.00" in plain


def test_settled_session_shows_the_settlement_only():
    text = squash(" ".join(pages_text(summary_pdf(known_session(settled=True), now=NOW))))
    assert "Settled" in text and "Ben pays Ana ₱78.00" in text and "Cris pays Ana ₱44.00" in text
    assert "Not settled yet" not in text and "If settled now" not in text


# -- a long session -------------------------------------------------------------------------

NAMES = ["Ñoño Dela Cruz", "Ma. Luz Bañez", "Cris"]


@pytest.fixture(scope="module")
def long_session():
    session = random_session(seed=2026, rounds=200, players=NAMES)
    return session, ledger_of(session), summary_pdf(session, now=NOW)


def test_long_session_renders_every_round_winner(long_session):
    session, ledger, pdf = long_session
    pages = pages_text(pdf)
    assert len(pages) > 3
    expected = [None if r.winner is None else NAMES[r.winner] for r in ledger.results]
    assert len(expected) == 200
    assert winners_in(" ".join(pages), NAMES) == expected
    # pdftotext reads the same winners in the same order (it may wrap a long name in its
    # cell, so it is matched by its first word)
    firsts = [name.split()[0] for name in NAMES]
    assert winners_in(pdftotext(pdf, "-layout"), firsts) == [
        None if w is None else w.split()[0] for w in expected
    ]


def test_long_session_names_balances_and_settlement(long_session):
    session, ledger, pdf = long_session
    first, *rest = pages_text(pdf)
    first = squash(first)
    for name in NAMES:
        assert name in first
    for amount in ledger.final_balances():
        assert money_text(amount) in first
    transfers = ledger.settlement()
    assert transfers
    assert "Not settled yet" in first
    for transfer in transfers:
        assert f"{transfer.payer} pays {transfer.payee} {money_text(transfer.amount)}" in first
    # every round's balances are printed in its row
    text = squash(" ".join([first, *rest]))
    for row in ledger.history:
        assert all(money_text(amount) in text for amount in row)


def test_long_session_header_repeats_and_rows_stay_whole(long_session):
    session, ledger, pdf = long_session
    pages = [squash(text) for text in pages_text(pdf)]
    # the rounds table's pages: a winner named after ★ (the score sheet stars amounts)
    table_pages = [i for i, text in enumerate(pages) if winners_in(text, NAMES)]
    assert len(table_pages) >= 3
    for index in table_pages:
        assert "how the round ended" in pages[index], f"page {index + 1} lacks the table header"
        assert re.search(r"Page \d+ of \d+", pages[index])
    assert f"Page {len(pages)} of {len(pages)}" in pages[-1]
    # a row is never cut in half: each round's winner and all its payments are on one page
    page_of_round = []
    for index in table_pages:
        page_of_round += [index] * len(winners_in(pages[index], NAMES))
    assert len(page_of_round) == 200
    for number, result in enumerate(ledger.results):
        page = pages[page_of_round[number]]
        for payment in result.payments:
            assert payment.explain.rpartition(" = ")[0] in page, (number + 1, payment.explain)


# -- paper sizes ----------------------------------------------------------------------------


@pytest.mark.parametrize("size,points", [("letter", (612, 792)), ("a4", (595, 842))])
def test_page_size(size, points):
    pdf = summary_pdf(random_session(seed=4, rounds=40, page_size=size), now=NOW)
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == points


# -- fonts and hostile names ----------------------------------------------------------------


def test_peso_sign_and_filipino_names_use_dejavu():
    session = random_session(seed=8, rounds=5, players=["Ñoño Dela Cruz", "Ben", "Cris"])
    pdf = summary_pdf(session, now=NOW)
    text = " ".join(pages_text(pdf))
    assert "Ñoño Dela Cruz" in text and "₱" in text
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert fonts and all("DejaVu-Sans" in font for font in fonts), fonts


def test_hostile_name_is_text_and_nothing_is_fetched():
    session = random_session(
        seed=9, rounds=6, players=[HOSTILE, "Ben", "</style><style>*{display:none}"]
    )
    html = summary_html(session, now=NOW)
    assert "<img" not in html and "&lt;img src=" in html
    assert "</style><style>" not in html
    fetcher = local_fetcher()
    pdf = summary_pdf(session, now=NOW, fetcher=fetcher)
    assert fetcher.refused == [] and not any("evil" in url for url in fetcher.asked)
    text = squash(" ".join(pages_text(pdf)))
    assert HOSTILE in text
    assert "</style><style>*{display:none}" in text
    assert "Ben" in text


def test_fetcher_refuses_outside_urls(tmp_path):
    fetcher = local_fetcher()
    for url in (
        "http://evil.example/x.png",
        "https://example.com/a.css",
        "ftp://x/y",
        "file:///etc/passwd",
        (tmp_path / "x.css").as_uri(),
    ):
        with pytest.raises(RefusedURL):
            fetcher.fetch(url)
    assert len(fetcher.refused) == 5
    from tracker.documents.pdf import TEMPLATES

    response = fetcher.fetch((TEMPLATES / "summary.html").as_uri())
    assert b"<html" in response.read()
    response.close()
    assert fetcher.fetch("data:text/plain,hello").read() == b"hello"


def test_a_referenced_outside_image_is_refused_not_fetched():
    """Even HTML that asks for an outside image (not ours: the template never does) gets nothing."""
    from weasyprint import HTML

    fetcher = local_fetcher()
    HTML(string='<p>x</p><img src="http://evil.example/x.png">', url_fetcher=fetcher).write_pdf()
    assert fetcher.refused == ["http://evil.example/x.png"]


# -- variants -------------------------------------------------------------------------------


def test_progressive_shows_points_not_pesos():
    rules = {"preset": "classic", "progressive": True, "loss_limit": 300}
    session = random_session(seed=12, rounds=200, rules=rules)
    ledger = ledger_of(session)
    assert ledger.ended, "a 200-round progressive session reaches its loss limit"
    text = squash(" ".join(pages_text(summary_pdf(session, now=NOW))))
    assert "Progressive" in text and "pts" in text
    assert "₱" not in text
    assert (
        f"{session['players'][ledger.loser]} reached the loss limit (−300 pts) "
        "and loses the session" in text
    )
    for amount in ledger.final_balances():
        assert money_text(amount, "pts") in text


def test_void_rounds_and_pot():
    session = random_session(seed=3, rounds=40, rules={"preset": "pagat"})
    ledger = ledger_of(session)
    text = squash(" ".join(pages_text(summary_pdf(session, now=NOW))))
    assert "Pot +₱60.00 (ante, ₱20.00 each)" in text
    assert any(r.pot_out for r in ledger.results)
    assert "takes the pot" in text
    assert "whoever wins 2 rounds in a row" in text


def test_empty_session():
    session = random_session(seed=1, rounds=0)
    text = squash(" ".join(pages_text(summary_pdf(session, now=NOW))))
    assert "No rounds were played" in text and "nobody pays" in text


def test_house_rules_in_words():
    classic = describe_rules(Rules())
    assert "Q-K-A counts as a run (the ace is low or high, but K-A-2 never counts)." in classic
    assert "A tie in a called draw goes to the caller." in classic
    assert "A caller who loses the draw pays double (×2)." in classic
    assert "The pot goes to the winner of the next round that has a winner." in classic
    assert "No jokers." in classic
    pagat = describe_rules(Rules.preset("pagat"))
    assert "Q-K-A is not a run: the ace is always low." in pagat
    assert "A tie in a called draw goes to the challenger." in pagat
    assert "Deadwood points are not paid for (point rate 0)." in pagat
    assert "The winner of a round deals the next one." in pagat
    assert any("3 stakes (₱30.00) for Tongits" in line for line in pagat)
    jokers = describe_rules(Rules(jokers=2, joker_points=30, kang_multiplier=2))
    assert "Two jokers are in the deck; a joker left in the hand counts 30 points." in jokers
    assert "A Tongits with a kang is paid double (×2)." in jokers
    # every option of the rules changes the words
    base = describe_rules(Rules())
    for option, value in [
        ("qka_run", False),
        ("concealed_melds_count", True),
        ("jokers", 1),
        ("draw_showdown", "challengers"),
        ("draw_tie", "challenger"),
        ("stake", "20.00"),
        ("point_rate", "2.00"),
        ("tongits_units", 3),
        ("draw_units", 2),
        ("talon_units", 2),
        ("challenged_draw_units", 3),
        ("failed_call_multiplier", 1),
        ("lost_challenge_multiplier", 3),
        ("sunog_extra_units", 1),
        ("ace_bonus_units", 1),
        ("secret_bonus_units", 3),
        ("kang_multiplier", 2),
        ("pot_ante_units", 2),
        ("pot_won_by", "streak"),
        ("next_dealer", "winner"),
        ("progressive", True),
        ("currency", "$"),
    ]:
        assert describe_rules(Rules.preset("classic", **{option: value})) != base, option


def test_house_rules_appear_in_the_pdf():
    text = squash(" ".join(pages_text(summary_pdf(known_session(), now=NOW))))
    assert "Q-K-A counts as a run" in text and "A tie in a called draw goes to the caller." in text


def test_void_round_with_ante_explains_both_parts():
    sessions = (
        random_session(seed=seed, rounds=20, rules={"preset": "pagat"}) for seed in range(1, 60)
    )
    session = next(s for s in sessions if any(r.void for r in ledger_of(s).results))
    html = summary_html(session, now=NOW)
    # pagat: 2 stakes ante from each of three, plus one stake each for the void round
    assert "Pot +₱90.00 (ante, ₱20.00 each + void round, ₱10.00 each)" in html
