#!/usr/bin/env bash
# bash scripts/lock.sh [uv pip compile arguments…]
#
# Writes the lock files that scripts/setup.sh installs from, out of pyproject.toml:
#   requirements/test.lock    [project] dependencies, the [test] extra and the build backend
#                             (pyproject's [build-system] requires), for `setup.sh test`;
#   requirements/serve.lock   the same less the [test] extra, for `setup.sh serve`;
#   requirements/pip.lock     pip itself, at the version below, installed first: the pip a
#                             venv starts with is whatever the machine's Python bundles.
# Every package is pinned `==`, with the sha256 of every file the index publishes for that
# version (wheels for every platform, and the sdist), so `pip install --require-hashes` takes
# them on an x86_64 or an aarch64 machine alike and refuses any other file. The resolution is
# universal (uv's --universal): a dependency that only some platform or Python needs is pinned
# too, under its marker, for Python 3.11 and later (pyproject's requires-python).
#
# The tool is `uv pip compile`, at the one version pinned here (why uv: docs/decisions/0027),
# installed by pip into a temporary virtualenv that is removed at the end, with uv's cache.
#
# A pin already in a lock file is kept: only what pyproject.toml asks and the lock lacks (or
# no longer allows) is resolved anew, so after adding a dependency the run adds it and changes
# nothing else. Extra arguments go to both compiles:
#   bash scripts/lock.sh --upgrade-package flask   the newest flask that pyproject and the
#                                                  other pins allow
#   bash scripts/lock.sh --upgrade                 every package at its newest
# test.lock is compiled first; serve.lock is then held to its pins (a constraint), so the two
# never pin one package at two versions (tests/code/test_lock.py checks that, and that every
# dependency of pyproject is pinned at a version it allows).
set -euo pipefail
cd "$(dirname "$0")/.."
uv_version=0.13.9
pip_version=26.3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check "uv==$uv_version"
mkdir -p requirements
# the build backend is no [project] dependency: it comes in on standard input (`-`), so that
# setup.sh installs it hash-checked too and builds the project without build isolation
build_requires=$(python3 -c 'import tomllib
print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")')
compile() {  # compile OUTPUT [uv pip compile arguments…]
    local output=$1
    shift
    echo "writing $output with uv $uv_version"
    "$tmp/venv/bin/uv" pip compile -q --cache-dir "$tmp/cache" --universal --python-version 3.11 \
        --generate-hashes --custom-compile-command "bash scripts/lock.sh" \
        --output-file "$output" pyproject.toml - "$@" <<<"$build_requires"
}
compile requirements/test.lock --extra test "$@"
compile requirements/serve.lock --constraint requirements/test.lock "$@"
echo "writing requirements/pip.lock with uv $uv_version"
"$tmp/venv/bin/uv" pip compile -q --cache-dir "$tmp/cache" --universal --python-version 3.11 \
    --generate-hashes --custom-compile-command "bash scripts/lock.sh" \
    --output-file requirements/pip.lock - <<<"pip==$pip_version"
