"""docs/engine.md's examples run as doctests: the engine's documentation shows what it answers."""

from __future__ import annotations

import doctest
from pathlib import Path

ENGINE_DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_doc_examples_hold():
    result = doctest.testfile(str(ENGINE_DOC), module_relative=False, report=True, verbose=False)
    assert result.attempted > 40, "docs/engine.md lost its examples"
    assert result.failed == 0, f"{result.failed} of docs/engine.md's examples failed (above)"
