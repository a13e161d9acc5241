"""The code's words about itself stay true: every `something.py` a docstring or comment of
tracker/ names is a module that exists (as a path from the repository, from tracker/, from
the naming module's own package or one above it; a bare name anywhere in the tree)."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"[\w./]*\w+\.py\b")
MODULES = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py") if ".venv" not in p.parts}
BARE = {PurePosixPath(path).name for path in MODULES}


def unknown_in(where: str, text: str) -> list[str]:
    """The `.py` names in `text`, written in the module at `where`, that name no module."""
    here = PurePosixPath(where).parent
    unknown = []
    for match in NAMED.finditer(text):
        name = match.group(0).lstrip("./")
        places = [name, f"tracker/{name}"]
        places += [(folder / name).as_posix() for folder in (here, *here.parents)]
        if not any(p in MODULES for p in places) and ("/" in name or name not in BARE):
            unknown.append(name)
    return unknown


def test_every_module_the_code_names_exists():
    unknown = {}
    for path in sorted((ROOT / "tracker").rglob("*.py")):
        if "migrations" not in path.parts:
            where = path.relative_to(ROOT).as_posix()
            if names := unknown_in(where, path.read_text()):
                unknown[where] = names
    assert unknown == {}


def test_a_name_of_no_module_is_found_and_a_near_one_is_not():
    text = "See rows.py, ../rounds.py, web/lookups.py and core/draft/nowhere_at_all.py."
    assert unknown_in("tracker/core/draft/writes.py", text) == ["core/draft/nowhere_at_all.py"]
    assert unknown_in("tracker/core/draft/writes.py", "draft_preview.py") == ["draft_preview.py"]
