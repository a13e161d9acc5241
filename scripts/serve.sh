#!/usr/bin/env bash
# Installs what serving needs (scripts/setup.sh serve), migrates the database (SQLite in
# instance/ unless DATABASE_URL says otherwise) and serves the app with gunicorn on every
# interface, port $PORT or 8000, so phones on the same Wi-Fi open http://<this machine>:8000/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh serve
.venv/bin/flask --app tracker db upgrade -d tracker/migrations
# 3 workers x 4 threads: the best measured here on 2 cores (docs/performance.md, "Many tables at once")
exec .venv/bin/gunicorn --bind "0.0.0.0:${PORT:-8000}" --workers 3 --threads 4 "tracker:create_app()"
