"""The session summary as PDF, printed by WeasyPrint from summary.py's HTML.

WeasyPrint fetches nothing but files from this project's own directories and data: URLs
(`LocalOnlyFetcher`): a name or a rule cannot make the server read a URL or a private file.

    summary_pdf(export, now=None, zone=None, fetcher=None, max_rounds=None) -> bytes
        zone: the table's time zone name (the app's TIME_ZONE; left out, the current app's)
    html_pdf(html, fetcher=None) -> bytes     any document of templates/

The app prints in a child process with limits (render.py); this module is what that child runs.
"""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Not summary.py's names: the child that prints a group's HTML (render.py) would import the
# models and Flask's extensions with them, a third of its start.
from ..config import ROOT
from .summary import summary_html

TEMPLATES, STATIC = ROOT / "templates", ROOT / "static"

# WeasyPrint may read files only from here (and data: URLs); anything else is refused.
ALLOWED_DIRS = (TEMPLATES, STATIC)


class RefusedURL(ValueError):
    """WeasyPrint asked for something outside this project's own files."""


def _fetcher_class():
    from weasyprint.urls import URLFetcher

    class LocalOnlyFetcher(URLFetcher):
        """Serves data: URLs and files under ALLOWED_DIRS; refuses everything else (no network).
        `asked` keeps every URL WeasyPrint asked for, `refused` the ones it did not get."""

        def __init__(self):
            super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
            self.asked: list[str] = []
            self.refused: list[str] = []

        def fetch(self, url, headers=None):
            self.asked.append(url)
            scheme = urlsplit(url).scheme.lower()
            if scheme == "data":
                return super().fetch(url, headers)
            if scheme == "file":
                path = Path(unquote(urlsplit(url).path)).resolve()
                if any(path.is_relative_to(base) for base in ALLOWED_DIRS) and path.is_file():
                    return super().fetch(path.as_uri(), headers)
            self.refused.append(url)
            raise RefusedURL(f"the summary may not load {url}")

    return LocalOnlyFetcher


def local_fetcher():
    return _fetcher_class()()


def summary_pdf(
    export: dict,
    now: datetime | None = None,
    zone: str | None = None,
    fetcher=None,
    max_rounds: int | None = None,
) -> bytes:
    """The summary as PDF bytes. `fetcher` (from `local_fetcher()`) lets a caller see what
    WeasyPrint asked for; `max_rounds` bounds the rounds table (summary.py)."""
    return html_pdf(summary_html(export, now, zone, max_rounds), fetcher)


def html_pdf(html: str, fetcher=None) -> bytes:
    """A document of templates/ as PDF bytes (its files fetched as `summary_pdf` says)."""
    from weasyprint import HTML

    document = HTML(
        string=html, base_url=TEMPLATES.as_uri() + "/", url_fetcher=fetcher or local_fetcher()
    )
    return document.write_pdf(font_config=_font_config())


_fonts = threading.local()


def _font_config():
    """One WeasyPrint FontConfiguration per thread, kept: Pango's font caches then carry over
    from one summary to the next (the template has no @font-face, so nothing else is kept)."""
    from weasyprint.text.fonts import FontConfiguration

    config = getattr(_fonts, "config", None)
    if config is None:
        config = _fonts.config = FontConfiguration()
    return config
