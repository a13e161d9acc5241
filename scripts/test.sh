#!/usr/bin/env bash
# Installs what the tests need (scripts/setup.sh test), checks the code with ruff (lint and
# format), then runs the whole test suite twice: on SQLite files, then on a real PostgreSQL
# server that scripts/postgres.sh starts. Extra arguments go to pytest (e.g. -k deadwood).
# The first failing step ends the run with its exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== set-up (started $(date -u +%T) UTC)"
bash scripts/setup.sh test
echo "== ruff check"
.venv/bin/ruff check .
echo "== ruff format --check"
.venv/bin/ruff format --check .
echo "== the test suite on SQLite (started $(date -u +%T) UTC)"
.venv/bin/python -m pytest "$@"
echo "== the test suite on PostgreSQL (started $(date -u +%T) UTC)"
# a database of this run's own, so two runs on one machine never drop each other's tables
url=$(bash scripts/postgres.sh "tracker_test_$$")
trap 'psql -q "${url%/*}/postgres" -c "DROP DATABASE IF EXISTS tracker_test_$$" >/dev/null 2>&1 || true' EXIT
TEST_DATABASE_URL=$url .venv/bin/python -m pytest "$@"
