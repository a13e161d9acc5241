#!/usr/bin/env bash
# bash scripts/test.sh [--quick] [pytest arguments…]
#
# The whole run (what CI runs, through .ci/run): installs what the tests need (scripts/setup.sh
# test), checks the code with ruff (lint and format) and the phone's scripts with ESLint, tsc
# and Node's test runner, then runs the test suite on SQLite (every test but the `postgres`
# ones), then on a real PostgreSQL server that scripts/postgres.sh starts: there every test
# that reaches the database but the browser tests, and of these the `postgres` ones and the
# `races` ones (phones agreeing, entering, changing at once through one database). A browser
# test's page is the same page on either database; what differs between them (locks, isolation,
# types, restarts) is held by the tests that reach the database straight or through servers;
# a test that reaches no database (the engine, the code's checks…) runs once, on SQLite
# (--database-only; docs/decisions/0030-what-runs-on-both-databases.md), and so does a test
# of a printed PDF's text (`printed`: the rounds it prints come from the queries the ledger's
# tests hold on both).
# Each pass is spread over the machine's cores by pytest-xdist (-n auto, one test file at a time
# per worker, the longest files first: tests/conftest.py): each worker has its own temp folder
# and SQLite files, its own PostgreSQL database (tracker_test_<pid>_gw<n>, made by
# tests/conftest.py, dropped at the end), its own live servers on ports of their own and its
# own Chromium.
#
# --quick: no set-up step (it assumes .venv and node_modules exist: run `bash scripts/setup.sh
# test` once), then ruff, the scripts' checks and the tests that are neither `browser`, `slow`
# nor `postgres` (pyproject.toml's marks), on SQLite only, spread over the cores the same way.
#
# Extra arguments go to pytest (e.g. -k deadwood; -n 0 runs each pass in one process). The first
# failing step ends the run with its exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
# Python keeps its compiled modules (__pycache__/, ignored by git) even where the machine says
# not to: each pytest worker of each pass, and each server a test starts, would otherwise
# compile the app and the tests again (collecting the suite took 13.7 s instead of 6.4 s)
unset PYTHONDONTWRITEBYTECODE
quick=false
if [ "${1:-}" = --quick ]; then
    quick=true
    shift
fi
spread=(-n auto --dist loadfile --no-loadscope-reorder)
if $quick; then
    [ -x .venv/bin/pytest ] || { echo "no .venv: run bash scripts/setup.sh test first" >&2; exit 1; }
else
    echo "== set-up (started $(date -u +%T) UTC)"
    bash scripts/setup.sh test
fi
echo "== ruff check (started $(date -u +%T) UTC)"
.venv/bin/ruff check .
echo "== ruff format --check (started $(date -u +%T) UTC)"
.venv/bin/ruff format --check .
# the phone's scripts (static/, ES modules): ESLint, TypeScript on their JSDoc types (nothing
# emitted; the pages' scripts with the DOM's library, the two workers with the worker's), and
# Node's own test runner on what needs no page (tests/js/)
echo "== the scripts: eslint, tsc, node --test (started $(date -u +%T) UTC)"
[ -x node_modules/.bin/eslint ] || { echo "no node_modules: run bash scripts/setup.sh test first" >&2; exit 1; }
node_modules/.bin/eslint .
node_modules/.bin/tsc -p jsconfig.json
node_modules/.bin/tsc -p jsconfig.workers.json  # sw.js and engine_worker.js: a worker's scope
node --test tests/js/*.test.js
if $quick; then
    echo "== the quick tests on SQLite: not browser, slow or postgres (started $(date -u +%T) UTC)"
    .venv/bin/python -m pytest "${spread[@]}" -m "not browser and not slow and not postgres" "$@"
    echo "== done ($(date -u +%T) UTC)"
    exit 0
fi
echo "== the test suite on SQLite (started $(date -u +%T) UTC)"
.venv/bin/python -m pytest "${spread[@]}" "$@"
echo "== the test suite on PostgreSQL (started $(date -u +%T) UTC)"
# a database of this run's own, so two runs on one machine never drop each other's tables; each
# xdist worker makes its own beside it (tests/conftest.py): all of them are dropped at the end
name="tracker_test_$$"
url=$(bash scripts/postgres.sh "$name")
drop_databases() {
    local server="${url%/*}/postgres"
    psql -qAt "$server" -c "SELECT datname FROM pg_database WHERE datname ~ '^${name}(_gw[0-9]+)?\$'" |
        while read -r database; do
            psql -q "$server" -c "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)"
        done
}
trap 'drop_databases >/dev/null 2>&1 || true' EXIT
TEST_DATABASE_URL=$url .venv/bin/python -m pytest "${spread[@]}" --database-only \
    -m "(not browser or postgres or races) and not printed" "$@"
echo "== done ($(date -u +%T) UTC)"
