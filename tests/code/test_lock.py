"""The lock files against pyproject.toml (docs/decisions/0027-locked-dependencies.md), read as
text, with no network: every dependency pyproject names ([project] dependencies, the [test]
extra, the build backend) is pinned `==` in its lock at a version pyproject allows, every pin
has its hashes, serve.lock pins nothing that test.lock pins otherwise, and pip.lock pins the pip
that scripts/lock.sh names, one new enough for extras under --require-hashes. A failure here means
pyproject.toml changed without `bash scripts/lock.sh` (or a lock was edited by hand)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


def entries(lock: str) -> list[tuple[str, list[str]]]:
    """Each requirement of the lock file (its continued lines joined, comments dropped), with
    its hash options taken out: (the requirement, its hashes)."""
    joined = re.sub(r"\\\n", " ", (ROOT / "requirements" / lock).read_text())
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        hashes = HASH.findall(line)
        found.append((HASH.sub("", line).strip(), hashes))
    return found


def pins(lock: str) -> dict[str, list[Version]]:
    """The versions a lock pins for each package (two only where markers split it)."""
    out: dict[str, list[Version]] = {}
    for text, _ in entries(lock):
        requirement = Requirement(text)
        (specifier,) = requirement.specifier  # a pin is one specifier, `==`, asserted below
        out.setdefault(canonicalize_name(requirement.name), []).append(Version(specifier.version))
    return out


def wanted(mode: str) -> list[Requirement]:
    """What pyproject asks of `mode`'s lock."""
    names = PYPROJECT["project"]["dependencies"] + PYPROJECT["build-system"]["requires"]
    if mode == "test":
        names = names + PYPROJECT["project"]["optional-dependencies"]["test"]
    return [Requirement(name) for name in names]


@pytest.mark.parametrize("lock", ["serve.lock", "test.lock", "pip.lock"])
def test_every_line_is_an_exact_pin_with_hashes(lock):
    found = entries(lock)
    assert found, f"{lock} pins nothing"
    for text, hashes in found:
        requirement = Requirement(text)  # an option (-e, -r, --index-url …) fails here
        operators = [specifier.operator for specifier in requirement.specifier]
        assert operators == ["=="], f"{lock}: {text!r} is not pinned with == alone"
        assert "*" not in str(requirement.specifier), f"{lock}: {text!r} pins no one version"
        assert hashes, f"{lock}: {text!r} has no --hash (pip's --require-hashes refuses it)"
        assert len(set(hashes)) == len(hashes), f"{lock}: {text!r} repeats a hash"


@pytest.mark.parametrize("mode", ["serve", "test"])
def test_every_dependency_of_pyproject_is_pinned_at_a_version_it_allows(mode):
    locked = pins(f"{mode}.lock")
    for requirement in wanted(mode):
        name = canonicalize_name(requirement.name)
        assert name in locked, (
            f"{requirement} (pyproject.toml) is not in requirements/{mode}.lock: "
            "run bash scripts/lock.sh"
        )
        for version in locked[name]:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"requirements/{mode}.lock pins {name}=={version}, which pyproject.toml's "
                f"{requirement} refuses: run bash scripts/lock.sh"
            )


def test_the_packages_of_an_extra_are_locked_too():
    # psycopg[binary] brings psycopg-binary, without which psycopg wants libpq on the machine;
    # what an extra brings is read from the installed package's metadata (no network)
    for mode in ("serve", "test"):
        locked = pins(f"{mode}.lock")
        for requirement in wanted(mode):
            for extra in requirement.extras:
                for text in metadata.requires(requirement.name) or []:
                    brought = Requirement(text)
                    if brought.marker and brought.marker.evaluate({"extra": extra}):
                        name = canonicalize_name(brought.name)
                        assert name in locked, (
                            f"{requirement} (pyproject.toml) brings {name}, which "
                            f"requirements/{mode}.lock lacks: run bash scripts/lock.sh"
                        )


def test_serve_lock_is_test_lock_less_the_test_extra():
    serve, test = pins("serve.lock"), pins("test.lock")
    for name, versions in serve.items():
        assert name in test, f"serve.lock pins {name}, test.lock does not"
        assert versions == test[name], (
            f"{name}: serve.lock pins {versions}, test.lock {test[name]}: run bash scripts/lock.sh"
        )


def test_pip_lock_pins_the_pip_lock_sh_names_and_no_other_package():
    """setup.sh installs pip.lock into the venv before the other lock: a pip before 23.3 stops a
    hashed install whose dependency asks for an extra (fonttools[woff]) of a pinned package."""
    named = re.search(r"^pip_version=(\S+)$", (ROOT / "scripts" / "lock.sh").read_text(), re.M)
    assert named, "scripts/lock.sh names no pip_version"
    assert pins("pip.lock") == {"pip": [Version(named[1])]}, "run bash scripts/lock.sh"
    assert Version(named[1]) >= Version("23.3")
