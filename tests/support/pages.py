"""A page's text as the tests read it: unescaped, as a reader sees it, a field's error."""

from __future__ import annotations

import html
import re


def text_of(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def plain(response) -> str:
    """The page's text as a reader sees it: tags dropped, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", text_of(response)).split())


def field_error(response, field: str) -> str:
    match = re.search(
        rf'<p class="err" id="err-{field}" role="alert">(.*?)</p>', response.get_data(as_text=True)
    )
    return html.unescape(match.group(1)) if match else ""
