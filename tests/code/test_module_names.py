"""The code's words about itself stay true: every `<name>.py` that a docstring or comment of the
app, the benchmarks, the scripts or the tests names, and every one the docs name, is a module
that exists. A path is found from the repository, from tracker/, or from the naming file's own
folder or one above it, or is the end of one module's path. A bare file name must be the file
meant: found that way too, or the only module of that name (in tracker/ for the app's words,
anywhere for the others'). A name that two modules bear is said with its folder."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"[\w./]*\w+\.py\b")
SKIPPED = {".venv", "node_modules", "__pycache__", "migrations"}
MODULES = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py") if not SKIPPED & set(p.parts)}
STANDARD = {"__init__.py", "__main__.py"}  # every package's: named bare, they mean the one near
CHECKED = ("tracker", "benchmarks", "scripts", "tests", "docs")


def _bare(prefix: str) -> dict[str, list[str]]:
    found = defaultdict(list)
    for module in MODULES:
        if module.startswith(prefix):
            found[PurePosixPath(module).name].append(module)
    return found


IN_TRACKER, ANYWHERE = _bare("tracker/"), _bare("")


def unknown_in(where: str, text: str) -> list[str]:
    """The `.py` names in `text`, written in the file at `where`, that name no module, or
    name a bare file that is not the one meant."""
    here = PurePosixPath(where).parent
    bare = IN_TRACKER if where.startswith("tracker/") else ANYWHERE
    unknown = []
    for match in NAMED.finditer(text):
        name = match.group(0).lstrip("./")
        places = [name, f"tracker/{name}"]
        places += [(folder / name).as_posix() for folder in (here, *here.parents)]
        if any(p in MODULES for p in places) or name in STANDARD:
            continue
        if "/" not in name and _meant(len(bare.get(name, ())), where):
            continue
        if "/" in name and sum(module.endswith(f"/{name}") for module in MODULES) == 1:
            continue  # the end of one module's path (`pages/earlier_rounds.py`): that one
        unknown.append(name)
    return unknown


def _meant(modules: int, where: str) -> bool:
    """Whether a bare name that `modules` modules bear is the one meant: the only one; in the
    docs, which name bare modules under their folder (a tree, a section about one package),
    any one."""
    return modules == 1 or (modules > 1 and where.endswith(".md"))


def words_of(path: Path) -> str:
    """What a file says of the code: a Python file's docstrings and comments, any other's
    whole text."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".py":
        return text
    said = [
        token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            said.append(ast.get_docstring(node) or "")
    return "\n".join(said)


def checked_files() -> list[Path]:
    files = [
        path
        for folder in CHECKED
        for path in (ROOT / folder).rglob("*")
        if path.suffix in (".py", ".md", ".sh", ".js") and not SKIPPED & set(path.parts)
    ]
    return sorted([*files, ROOT / "README.md", ROOT / ".ci" / "run"])


def test_every_module_the_code_and_the_docs_name_exists():
    unknown = {}
    for path in checked_files():
        where = path.relative_to(ROOT).as_posix()
        if names := unknown_in(where, words_of(path)):
            unknown[where] = names
    assert unknown == {}


def test_a_name_of_no_module_is_found_and_a_near_one_is_not():
    text = "See rows.py, ../rounds.py, web/lookups.py and core/draft/nowhere_at_all.py."
    assert unknown_in("tracker/core/draft/writes.py", text) == ["core/draft/nowhere_at_all.py"]
    assert unknown_in("tracker/core/draft/writes.py", "draft_preview.py") == ["draft_preview.py"]


def test_a_bare_name_must_be_the_file_meant():
    # two modules bear that name: bare, from outside their folders, neither is meant for sure
    assert unknown_in("tracker/core/rounds.py", "see history_page.py") == ["history_page.py"]
    assert unknown_in("tracker/core/rounds.py", "see web/barkada/history_page.py") == []
    # a bare name of a module of the tests only, in the app: not the file meant
    assert unknown_in("tracker/core/draft/one_phone.py", "the draft (drafts.py)") == ["drafts.py"]
    assert unknown_in("tests/web/test_x.py", "drafts.py") == []  # tests/support/drafts.py
