"""docs/configuration.md's table of settings against tracker/config.py.

The settings are found in config.py's own source (every environment variable it reads), not
listed here: a setting added to the code and not to the table, or a row naming a setting the
code does not read, fails. Where the table's default is a single literal (`2000`) or "unset",
it is compared with what config.py's defaults give when the environment sets nothing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tracker" / "config.py"
DOC = ROOT / "docs" / "configuration.md"
NAME = re.compile(r"`([A-Z][A-Z0-9_]*)`")


# -- what config.py reads -----------------------------------------------------------------


def _is_environ(node: ast.AST) -> bool:
    """`os.environ` (or a bare `environ` imported from os)."""
    if isinstance(node, ast.Attribute) and node.attr == "environ":
        return isinstance(node.value, ast.Name) and node.value.id == "os"
    return isinstance(node, ast.Name) and node.id == "environ"


def _read_key(node: ast.AST) -> ast.AST | None:
    """The key expression of an environment read: os.environ.get(k, …), os.getenv(k, …),
    os.environ[k], k in os.environ."""
    if isinstance(node, ast.Call) and node.args:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "get" and _is_environ(func.value):
            return node.args[0]
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "getenv"
            and isinstance(func.value, ast.Name)
            and func.value.id == "os"
        ):
            return node.args[0]
    if isinstance(node, ast.Subscript) and _is_environ(node.value):
        return node.slice
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.In | ast.NotIn)
        and _is_environ(node.comparators[0])
    ):
        return node.left
    return None


def _module_constants(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level names bound to a dict, list, tuple or set literal: their string keys or
    items (what a loop over them may hand to os.environ.get)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            items = []
            if isinstance(value, ast.Dict):
                items = value.keys
            elif isinstance(value, ast.List | ast.Tuple | ast.Set):
                items = value.elts
            strings = [
                item.value
                for item in items
                if isinstance(item, ast.Constant) and isinstance(item.value, str)
            ]
            for target in targets:
                if isinstance(target, ast.Name) and strings:
                    found[target.id] = strings
    return found


def _loop_names(tree: ast.Module, constants: dict[str, list[str]]) -> dict[str, list[str]]:
    """A loop variable that walks a module constant (`for name, default in LIMITS.items()`,
    `for name in NAMES`): the names it takes."""
    bound = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.For | ast.comprehension):
            continue
        source = node.iter
        if isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute):
            if source.func.attr in ("items", "keys"):
                source = source.func.value
        if not (isinstance(source, ast.Name) and source.id in constants):
            continue
        target = node.target
        first = target.elts[0] if isinstance(target, ast.Tuple) else target
        if isinstance(first, ast.Name):
            bound[first.id] = constants[source.id]
    return bound


def settings_read() -> dict[str, str | None]:
    """Every environment variable config.py reads -> the config key it sets (None when it is
    not one keyword of a config dict)."""
    tree = ast.parse(CONFIG.read_text(), filename=str(CONFIG))
    loops = _loop_names(tree, _module_constants(tree))
    read: dict[str, str | None] = {}
    keyword_of: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg:
            for inner in ast.walk(node.value):
                keyword_of[id(inner)] = node.arg
    unnamed = []
    for node in ast.walk(tree):
        key = _read_key(node)
        if key is None:
            continue
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            read.setdefault(key.value, keyword_of.get(id(node)))
        elif isinstance(key, ast.Name) and key.id in loops:
            for name in loops[key.id]:
                read.setdefault(name, name)  # a loop's name is its own config key
        else:
            unnamed.append(ast.unparse(key))
    assert not unnamed, f"config.py reads settings this test cannot name: {unnamed}"
    return read


# -- what the table says ---------------------------------------------------------------------


def table_rows() -> dict[str, str]:
    """The settings table (the first whose header starts with `| name |`): name -> default."""
    rows: dict[str, str] = {}
    lines = DOC.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"\|\s*name\s*\|", line))
    header = [cell.strip() for cell in lines[start].strip().strip("|").split("|")]
    assert header[:2] == ["name", "default"], header
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        names = NAME.findall(cells[0])
        assert len(names) == 1, f"one setting a row: {line}"
        assert names[0] not in rows, f"{names[0]} has two rows"
        rows[names[0]] = cells[1]
    return rows


def test_there_is_one_settings_table():
    text = DOC.read_text()
    assert len(re.findall(r"^\|\s*name\s*\|", text, flags=re.M)) == 1


def test_the_source_is_read():
    """The parser finds what config.py plainly reads (a guard against it finding nothing)."""
    read = settings_read()
    assert len(read) >= 10
    assert all(re.fullmatch(r"[A-Z][A-Z0-9_]*", name) for name in read)


def test_every_setting_config_reads_is_in_the_table():
    missing = sorted(set(settings_read()) - set(table_rows()))
    assert not missing, f"read by tracker/config.py, missing in docs/configuration.md: {missing}"


def test_the_table_names_no_setting_config_does_not_read():
    extra = sorted(set(table_rows()) - set(settings_read()))
    assert not extra, f"in docs/configuration.md, not read by tracker/config.py: {extra}"


def test_documented_defaults_are_the_code_defaults(monkeypatch, tmp_path):
    from tracker import config

    read = settings_read()
    for name in read:
        monkeypatch.delenv(name, raising=False)
    defaults = config.defaults(tmp_path)
    checked = []
    for name, cell in table_rows().items():
        key = read.get(name)
        if key is None or key not in defaults:
            continue
        code = defaults[key]
        literal = re.fullmatch(r"`([^`]*)`", cell)
        if literal:
            assert str(code) == literal.group(1), f"{name}: the table says {cell}, code {code!r}"
        elif cell.lower().startswith("unset"):
            assert code in (None, ""), f"{name}: the table says unset, the code gives {code!r}"
        else:
            continue
        checked.append(name)
    assert len(checked) >= 8, f"too few defaults compared: {checked}"


def test_instance_and_database_defaults(monkeypatch):
    """The two prose defaults: the instance folder of the checkout, its tracker.db."""
    from tracker import config

    for setting in settings_read():
        monkeypatch.delenv(setting, raising=False)
    folder = config.instance_path({})
    assert folder == ROOT / "instance"
    assert "`instance/`" in table_rows()["TRACKER_INSTANCE"]
    url = config.defaults(folder)["SQLALCHEMY_DATABASE_URI"]
    assert url.endswith("/tracker.db") and url.startswith("sqlite:")
    assert "`tracker.db`" in table_rows()["DATABASE_URL"]
