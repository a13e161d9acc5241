"""docs/architecture.md's list of routes is what `flask routes` prints for the app."""

from __future__ import annotations

import re
from pathlib import Path

from flask.cli import routes_command

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def test_the_routes_in_the_doc_are_the_apps(app):
    printed = app.test_cli_runner().invoke(routes_command).output
    found = re.search(r"<!-- routes -->\n```\n(.*?)\n```\n<!-- /routes -->", DOC.read_text(), re.S)
    assert found, "docs/architecture.md has no routes block"
    lines = [line.rstrip() for line in printed.strip().splitlines()]
    assert found[1].splitlines() == lines
    assert len(lines) > 60
