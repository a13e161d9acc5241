"""The documents the app prints and exports, read back by the tests: a PDF's pages and text
(pypdf), a page's text, the winners a summary names; a session played through the API to print;
a PDF fetched and checked as a download."""

from __future__ import annotations

import html
import io
import re

from pypdf import PdfReader

from tests.support.records import DRAW, PLAYERS, TALON, TONGITS


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def pdf_pages(data: bytes) -> list:
    return PdfReader(io.BytesIO(data)).pages


def pdf_text(data: bytes) -> str:
    return squash(" ".join(page.extract_text() or "" for page in pdf_pages(data)))


def winners_in(text: str, names: list[str]) -> list[str | None]:
    pick = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return [m.group(1) for m in re.finditer(rf"★\s*({pick})|no winner", text)]


def session(client, token: str) -> dict:
    response = client.get(f"/api/sessions/{token}")
    assert response.status_code == 200
    return response.get_json()


def played(client, make_session, rounds=3, players=None, page_size=None) -> str:
    """A session of `rounds` rounds (a draw, a Tongits, the talon out, again) entered through
    the API by `client` (which `make_session`'s client need not be)."""
    body = {"players": players or PLAYERS, "dealer": 0, "rules": {}}
    if page_size:
        body["page_size"] = page_size
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    token = response.get_json()["id"]
    for number in range(rounds):
        record = (DRAW, TONGITS, TALON)[number % 3]
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    return token


def page_text(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def printed(client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    assert answer.mimetype == "application/pdf"
    assert answer.headers["Cache-Control"] == "no-store"
    return pdf_text(answer.data)
