#!/usr/bin/env bash
# Sets up, migrates the SQLite database in instance/, and serves the app on every interface
# (port 8000) so phones on the same Wi-Fi can open it at http://<this machine's address>:8000/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/flask --app tracker db upgrade -d tracker/migrations
exec .venv/bin/gunicorn --bind 0.0.0.0:${PORT:-8000} --workers 2 --threads 4 "tracker:create_app()"
