"""A link (a session's, a group's) as a QR code: inline SVG (no image file, no CDN)."""

from __future__ import annotations

from functools import lru_cache

import segno
from flask_babel import gettext as _
from markupsafe import Markup, escape


@lru_cache(maxsize=1024)  # a busy evening's tables (1,000), 2 KB each
def qr_svg(url: str, label: str) -> Markup:
    """`label` is what a screen reader says (the page gives it in the reader's language)."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(
        scale=5, border=3, dark="#000", light="#fff", omitsize=True, svgclass="qr"
    )
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))


def session_qr(url: str) -> Markup:
    return qr_svg(url, _("QR code of the session link"))


def group_qr(url: str) -> Markup:
    return qr_svg(url, _("QR code of the group link"))
