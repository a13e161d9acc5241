"""How much of each page is Filipino: every GET page of a seeded app (a session with
rounds and a draft, a settled barkada session, a barkada with a payment) rendered in English
and in Filipino, and per page the share of its visible text lines that differ. Names, cards,
amounts and numbers are normalised away first, and lines left with no letters dropped, so
only words count. Target: at least 50 % on every page.

The HTML pages are read as a person sees them (tags, scripts and styles stripped; buttons'
values kept); the PDFs (summary, season, a member's statement) read back with pypdf; the CSV
by its lines.

    .venv/bin/python benchmarks/language_coverage.py [--no-pdf] [--target 50] [--lang fil]
                                                     [--show "page name"]

tests/web/test_language_coverage.py asserts the target with the same pages.
"""

from __future__ import annotations

import argparse
import html
import io
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.group_api import make_group, member_ids  # noqa: E402
from tests.support.groups import group_session, pay  # noqa: E402
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS  # noqa: E402

TARGET = 50.0
MEMBERS = ["Ana", "Ben", "Cris", "Dan"]
NAMES = sorted({*PLAYERS, *MEMBERS, "Biyernes"}, key=len, reverse=True)
BLOCK = re.compile(
    r"</?(?:p|div|li|ul|ol|tr|td|th|h[1-6]|section|header|footer|main|nav|form|label|button|"
    r"option|select|summary|details|dt|dd|dl|table|caption|legend|fieldset|br|hr|figcaption|"
    r"article|aside|small|time)\b[^>]*>",
    re.I,
)
HIDDEN = re.compile(r"<(script|style|template|head)\b.*?</\1>", re.I | re.S)
BUTTON_VALUE = re.compile(
    r'<input\b[^>]*\btype="(?:submit|button)"[^>]*\bvalue="([^"]*)"[^>]*>', re.I
)
TAG = re.compile(r"<[^>]+>")
CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[SHDC♠♥♦♣](?![\w])|\bJK\b")
AMOUNT = re.compile(r"[−+\-]?(?:[₱$€]\s?)?\d[\d,]*(?:\.\d+)?%?")
URL = re.compile(r"\bhttps?://\S+")
TOKENS = re.compile(r"\b(?:NAME|CARD|URL|N)\b")


@dataclass(frozen=True)
class Page:
    name: str
    url: str
    kind: str = "html"  # html, pdf or csv
    status: int = 200  # 0: whatever it answers
    stranger: bool = False  # asked by another phone (one that has not unlocked anything)


PAGES = (  # the urls are filled in with what `seed` made
    Page("home", "/"),
    Page("new session", "/new"),
    Page("open a session", "/open?code=nothing-like-it", status=0),
    Page("import a session", "/import"),
    Page("session", "{s}"),
    Page("session ledger part", "{s}/ledger"),
    Page("round entry", "{s}/rounds/new"),
    Page("seat page", "{s}/rounds/new?seat=0"),
    Page("draft verdict", "{s}/draft/verdict"),
    Page("edit round", "{s}/rounds/2/edit"),
    Page("delete round", "{s}/rounds/2/delete"),
    Page("settle-up", "{s}/settle"),
    Page("session PIN", "{s}/pin"),
    Page("session unlock", "{locked}/unlock", stranger=True),
    Page("error 404", "/s/no-such-session", status=404),
    Page("new barkada", "/g/new"),
    Page("import a barkada", "/g/import"),
    Page("barkada", "{g}"),
    Page("barkada stats", "{g}/stats"),
    Page("barkada payment", "{g}/pay"),
    Page("barkada PIN", "{g}/pin"),
    Page("barkada unlock", "{guarded}/unlock", stranger=True),
    Page("barkada member", "{g}/members/{ana}"),
    Page("session CSV", "{s}/export.csv", "csv"),
    Page("summary PDF", "{s}/summary.pdf", "pdf"),
    Page("season PDF", "{g}/season.pdf", "pdf"),
    Page("member statement PDF", "{g}/members/{ana}/statement.pdf", "pdf"),
)


def seed(app, client) -> dict:
    """What the pages are about (the fields of PAGES' urls): a session with three rounds and a
    draft's verdict, another with a PIN (its unlock page), a barkada with a settled session and
    a payment, another with a PIN made on its page."""
    made = client.post("/api/sessions", json={"players": PLAYERS, "dealer": 0, "rules": {}})
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    for record in (DRAW, TONGITS, TALON):
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    client.put(f"/api/sessions/{token}/draft/header", json={"ending": "talon"})
    for seat, hand in enumerate(TALON["hands"]):
        client.put(f"/api/sessions/{token}/draft/seats/{seat}", json=hand)
    locked = client.post("/api/sessions", json={"players": PLAYERS, "pin": "0420"})
    locked = locked.get_json()["id"]
    made = make_group(client, MEMBERS, name="Biyernes")
    group, ids = made["id"], member_ids(made)
    group_session(app, client, group, MEMBERS[:3], [DRAW, TALON])
    pay(app, group, "Ana", "Ben", "50.00", date(2026, 12, 1))
    guarded = _group_with_pin(client)
    return {
        "s": f"/s/{token}",
        "g": f"/g/{group}",
        "ana": ids["Ana"],
        "locked": f"/s/{locked}",
        "guarded": f"/g/{guarded}",
    }


def _group_with_pin(client) -> str:
    form = client.get("/g/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form)
    data = {"name": "Sabado", "pin": "2468", "member_0": "Ana", "member_1": "Ben"}
    data["member_2"] = "Cris"
    if token:
        data["csrf_token"] = token.group(1)
    made = client.post("/g/new", data=data)
    assert made.status_code == 303, made.status_code
    return re.search(r"/g/([A-Za-z0-9_-]+)", made.headers["Location"]).group(1)


def html_lines(page: str) -> list[str]:
    page = HIDDEN.sub(" ", page)
    page = BUTTON_VALUE.sub(lambda m: f"\n{m.group(1)}\n", page)
    page = BLOCK.sub("\n", page)
    return text_lines(html.unescape(TAG.sub(" ", page)))


def pdf_lines(data: bytes) -> list[str]:
    from pypdf import PdfReader

    return text_lines("\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages))


def text_lines(text: str) -> list[str]:
    """The lines that carry words, names, cards and amounts normalised away."""
    lines = []
    for line in text.splitlines():
        line = normalise(line)
        if re.search(r"[^\W\d_]{2,}", TOKENS.sub(" ", line)):  # words besides the tokens
            lines.append(line)
    return lines


def normalise(line: str) -> str:
    for name in NAMES:
        line = re.sub(rf"\b{re.escape(name)}\b", "NAME", line)
    line = URL.sub("URL", line)
    line = CARD.sub("CARD", line)
    line = AMOUNT.sub("N", line)
    return " ".join(line.split())


def lines_of(response, kind: str) -> list[str]:
    if kind == "pdf":
        return pdf_lines(response.data)
    if kind == "csv":
        return text_lines(response.get_data(as_text=True))
    return html_lines(response.get_data(as_text=True))


def differing(english: list[str], filipino: list[str]) -> float | None:
    """The share (%) of the English lines not found among the Filipino ones."""
    if not english:
        return None
    left = Counter(filipino)
    same = 0
    for line in english:
        if left[line] > 0:
            left[line] -= 1
            same += 1
    return 100.0 * (len(english) - same) / len(english)


def fetch(clients, page: Page, lang: str):
    client = clients[1] if page.stranger else clients[0]
    response = client.get(page.url.format(**clients[2]), headers={"Accept-Language": lang})
    if page.status:
        assert response.status_code == page.status, (page.url, lang, response.status_code)
    return response


def coverage(clients, page: Page, lang: str = "fil") -> tuple[float | None, list, list]:
    """(share of lines differing, English lines, Filipino (`lang`) lines) of `page`; share
    None when the page has no words. `clients`: the phone that made everything, a stranger,
    and what `seed` made."""
    english = lines_of(fetch(clients, page, "en"), page.kind)
    filipino = lines_of(fetch(clients, page, lang), page.kind)
    return differing(english, filipino), english, filipino


def seeded_app(folder: Path):
    from tests.support.database import migrate
    from tracker import create_app

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'coverage.db'}",
            "SECRET_KEY": "coverage",
            "INSTANCE_PATH": str(folder / "instance"),
            "TESTING": True,
        }
    )
    migrate(app)
    client = app.test_client()
    made = seed(app, client)
    return app, (client, app.test_client(), made)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pdf", action="store_true", help="leave out the PDFs (slow)")
    parser.add_argument("--target", type=float, default=TARGET)
    parser.add_argument("--show", help="print the English and Filipino lines of this page")
    parser.add_argument("--lang", default="fil", help="the language compared with English")
    args = parser.parse_args()
    _app, clients = seeded_app(Path(tempfile.mkdtemp(prefix="tracker-lang-")))
    short = []
    print(f"{'page':<24} {'lines':>5} {'differ':>7}")
    for page in PAGES:
        if args.no_pdf and page.kind == "pdf":
            continue
        share, english, filipino = coverage(clients, page, args.lang)
        if share is None:
            print(f"{page.name:<24} {0:>5}       -  (no words)")
            continue
        mark = "" if share >= args.target else "  < target"
        print(f"{page.name:<24} {len(english):>5} {share:>6.0f}%{mark}")
        if share < args.target:
            short.append(page.name)
        if args.show == page.name:
            for en, fil in zip(english, filipino + [""] * len(english), strict=False):
                print(f"    {en[:60]:<60} | {fil[:60]}")
    print(f"target {args.target:.0f}% per page: {len(short)} pages short" + (": " if short else ""))
    print(", ".join(short))


if __name__ == "__main__":
    main()
