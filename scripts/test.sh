#!/usr/bin/env bash
# Sets up and runs the whole test suite. With a PostgreSQL server at hand (scripts/postgres.sh
# starts one) the suite runs a second time against it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m pytest "$@"
