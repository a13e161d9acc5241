#!/usr/bin/env bash
# Sets up and runs the whole test suite twice: on SQLite files, then on a real PostgreSQL
# server that scripts/postgres.sh starts. Extra arguments go to pytest (e.g. -k deadwood).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== the test suite on SQLite"
.venv/bin/python -m pytest "$@"
echo "== the test suite on PostgreSQL"
# a database of this run's own, so two runs on one machine never drop each other's tables
TEST_DATABASE_URL=$(bash scripts/postgres.sh "tracker_test_$$") .venv/bin/python -m pytest "$@"
