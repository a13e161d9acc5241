"""Where the app serves its static files: under their version (tracker/web/static_files.py)."""

from __future__ import annotations

import re


def static_url(app, name: str) -> str:
    """The address of static/<name> on `app`."""
    return app.extensions["static_files"].prefix + name


def static_pattern(name: str) -> str:
    """A regular expression for static/<name>'s address in a page, whatever its version."""
    return r"/static/[0-9a-f]{16}/" + re.escape(name)
