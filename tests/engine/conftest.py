"""The engine's tests: the engine alone, no database, no app, no browser. They run under Pyodide
too (tests/web/test_browser_engine_in_pyodide.py ships this folder, this file with it, but not
tests/conftest.py), so a test here asking for a fixture of tests/conftest.py or
tests/support/browser.py stops the run at collection."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    borrowed = []
    for item in items:
        if HERE not in Path(item.path).resolve().parents:
            continue
        for name, definitions in item._fixtureinfo.name2fixturedefs.items():
            module = getattr(definitions[-1].func, "__module__", None) or ""
            if module.startswith("tests.") and not module.startswith("tests.engine."):
                borrowed.append(f"{item.nodeid}: {name} (from {module})")
    if borrowed:
        raise pytest.UsageError(
            "the engine's tests need no app, database or browser:\n  " + "\n  ".join(borrowed)
        )
