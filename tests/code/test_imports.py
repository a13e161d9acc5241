"""The code's shape: no import circle anywhere in tracker/ or benchmarks/ (an import inside a
function counts: it is a circle put off, not gone), the engine imports nothing of the app, and
each layer imports only the layers under it (docs/architecture.md, "Layers")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# who may import whom: a layer imports itself and what it lists (tracker's own modules only)
LAYERS = {
    "engine": set(),
    "clock": set(),
    "config": {"clock"},
    "metrics": set(),
    "logs": set(),
    "extensions": set(),
    "models": {"engine", "extensions"},
    "exchange": {"engine"},
    "fast_path": {"engine"},
    "core": {"engine", "models", "extensions", "exchange", "clock", "fast_path", "metrics"},
    "push": {"models", "extensions"},
    "present": {"engine", "models", "core", "exchange", "clock", "config"},
    "documents": {
        "engine",
        "models",
        "core",
        "exchange",
        "present",
        "clock",
        "config",
        "extensions",
        "metrics",
    },
    "web": {
        *("engine", "models", "core", "exchange", "present", "documents"),
        *("clock", "config", "extensions", "fast_path", "push", "metrics", "logs"),
    },
    "fast_polls": {"engine", "core", "web", "extensions", "fast_path", "metrics"},
    # what runs outside the app: the deploy before it can start (no Flask: Pushpin's config
    # only), gunicorn's config in its master, the command line's tasks
    "deploy": {"push.pushpin", "config", "clock"},
    "gunicorn_conf": {"config", "logs"},
    "commands": {"core", "documents", "push.pushpin"},
}


def modules(folder: str) -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if "migrations" not in parts:
            found[".".join(parts)] = path
    return found


def _checked_only(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that `name` imports, wherever in it (not under TYPE_CHECKING)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    skip: set[int] = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _checked_only(node):
            skip.update(id(inner) for inner in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                out.add(target if target in known else base)
    return {module for module in out if module in known and module != name}


def graph(*folders: str) -> dict[str, set[str]]:
    found: dict[str, Path] = {}
    for folder in folders:
        found.update(modules(folder))
    return {name: imported(name, path, set(found)) for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def test_no_import_circle_in_the_app_or_the_benchmarks():
    edges = graph("tracker", "benchmarks")
    assert len(edges) > 150  # the walk found the code
    assert circles(edges) == []


def test_a_made_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_each_layer_imports_only_the_layers_under_it():
    wrong = []
    for name, targets in graph("tracker").items():
        layer = name.split(".")[1] if "." in name else None
        if layer not in LAYERS:
            continue
        for target in targets:
            other = target.split(".")[1] if "." in target else None
            if other is not None and other != layer and not _allowed(target, LAYERS[layer]):
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def _allowed(target: str, allowed: set[str]) -> bool:
    """A layer's list names packages, or one module of a package (`push.pushpin`)."""
    path = target.split(".")[1:]
    return any(".".join(path[:n]) in allowed for n in range(1, len(path) + 1))


def test_the_deploy_imports_no_flask_and_nothing_of_the_app_but_pushpins_config():
    """`python -m tracker.deploy` runs before the app can start: imported in a fresh
    interpreter, it brings neither Flask nor SQLAlchemy, and of tracker/ only itself, the
    settings and Pushpin's config."""
    code = (
        "import sys, tracker.deploy.__main__; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('tracker', 'flask', 'sqlalchemy', 'werkzeug')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    names = set(ast.literal_eval(loaded))
    assert not {"flask", "sqlalchemy", "werkzeug"} & names
    assert names - {n for n in names if n.startswith("tracker.deploy")} == {
        "tracker",
        "tracker.clock",
        "tracker.config",
        "tracker.push",
        "tracker.push.pushpin",
    }


# The web layer's feature packages (and exports.py, the session's files): each imports the
# ground floor (every other module of tracker/web) and itself, never another feature but the
# one BELOW says; the ground floor imports no feature. tracker/web/__init__.py, which
# registers them all, aside.
WEB_FEATURES = {"pages", "api", "entry", "barkada", "exports"}
# the features another may import: the session and history pages show round entry's choice
# of a seat phone and its Undo offer after a save (web/entry/seats.py, undo_saved.py), and a
# session of a barkada its group (web/barkada/session_group.py: the new session's members, the
# settle-up with Bayad na)
BELOW = {"pages": {"entry", "barkada"}}


def web_part(name: str) -> str | None:
    """The feature of a tracker.web module, "ground" for the ground floor, None for others."""
    parts = name.split(".")
    if parts[:2] != ["tracker", "web"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in WEB_FEATURES else "ground"


def test_no_web_feature_imports_another_and_the_ground_floor_imports_none():
    wrong = []
    for name, targets in graph("tracker").items():
        mine = web_part(name)
        if mine is None:
            continue
        for target in targets:
            theirs = web_part(target)
            if theirs not in (None, "ground", mine, *BELOW.get(mine, ())):
                wrong.append(f"{name} imports {target}")
    assert wrong == []
    assert web_part("tracker.web.pages.home") == "pages" and web_part("tracker.web.lookups") == (
        "ground"
    )


def test_no_module_of_the_app_is_over_300_lines():
    """A module does one job: past 300 lines it is two (docs/development.md)."""
    long = {
        str(path.relative_to(ROOT)): lines
        for path in (ROOT / "tracker").rglob("*.py")
        if "migrations" not in path.parts and (lines := len(path.read_text().splitlines())) > 300
    }
    assert long == {}


def test_no_function_of_the_app_is_past_complexity_15():
    """Functions stay simple: radon's cyclomatic complexity at most 15 (docs/development.md),
    methods and inner functions included."""
    from radon.complexity import cc_visit

    def blocks(found):
        for block in found:
            yield block
            yield from blocks(getattr(block, "methods", []))
            yield from blocks(getattr(block, "closures", []))

    complex_ = {
        f"{path.relative_to(ROOT)}:{block.lineno} {block.name}": block.complexity
        for path in (ROOT / "tracker").rglob("*.py")
        if "migrations" not in path.parts
        for block in blocks(cc_visit(path.read_text()))
        if block.complexity > 15
    }
    assert complex_ == {}
