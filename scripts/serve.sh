#!/usr/bin/env bash
# Installs what serving needs (scripts/setup.sh serve), migrates the database (SQLite in
# instance/ unless DATABASE_URL says otherwise) and serves the app with gunicorn on every
# interface, port $PORT or 8000, so phones on the same Wi-Fi open http://<this machine>:8000/:
# once the app answers it says that address (this machine's on the Wi-Fi or LAN) and draws its
# QR code in the terminal (tracker/lan.py).
#
# PUSH=1 bash scripts/serve.sh: Pushpin in front (installed if missing), holding the phones'
# event streams: Pushpin on $PORT, gunicorn behind it on 127.0.0.1:$PORT+1, told where to
# publish (TRACKER_PUSH_URL) and Pushpin's signing key (TRACKER_PUSH_KEY, made once and kept in
# instance/pushpin/sig_key). Pushpin's config, run and log folders are in instance/pushpin/.
# Its inner ports (5560-5563) move by ten at a time while another server holds them. A Pushpin
# that stops (one of its services crashed or killed) is started again a second later.
# It says the address once requests get through Pushpin to gunicorn.
#
# For a load balancer and Prometheus: GET /healthz, /readyz and, from this machine (or with the
# admin token), /metrics, added up over the workers (docs/configuration.md, "Health, metrics
# and logs"); TRACKER_LOG_FORMAT=json makes every log line JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh serve
.venv/bin/flask --app tracker db upgrade -d tracker/migrations
port=${PORT:-8000}
# the workers' metrics added up at each scrape of /metrics (docs/configuration.md, "Health,
# metrics and logs"): a fresh folder for prometheus_client's files, given to gunicorn only
metrics=${TRACKER_INSTANCE:-instance}/prometheus
rm -rf "$metrics" && mkdir -p "$metrics"
# 3 workers x 4 threads: the best measured here on 2 cores (docs/performance.md, "Many tables at once")
gunicorn=(env "PROMETHEUS_MULTIPROC_DIR=$(cd "$metrics" && pwd)" .venv/bin/gunicorn
    -c python:tracker.gunicorn_conf --workers 3 --threads 4 "tracker:create_app()")
if [ "${PUSH:-0}" != 1 ]; then
    "${gunicorn[@]}" --bind "0.0.0.0:$port" &
    gunicorn_pid=$!
    # the address the phones open and its QR code, once the app answers (tracker/lan.py)
    .venv/bin/python -m tracker.lan --port "$port" --wait 120 &
    said_pid=$!
    trap 'kill "$gunicorn_pid" "$said_pid" 2>/dev/null; wait 2>/dev/null' EXIT
    wait "$gunicorn_pid"
    exit
fi
folder=${TRACKER_INSTANCE:-instance}/pushpin
backend="127.0.0.1:$((port + 1))"
key=$(.venv/bin/flask --app tracker pushpin-config "$folder" --port "$port" --backend "$backend")
offset=$(cat "$folder/port_offset")  # Pushpin's inner ports moved clear of another server's
# Pushpin started again whenever it stops (a crash, a kill): the phones reach the app only
# through it. Stopping this loop (TERM) stops the Pushpin it runs.
keep_pushpin() {
    local child=
    trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait 2>/dev/null; exit 0' TERM INT
    while true; do
        pushpin --config "$folder/pushpin.conf" --merge-output >>"$folder/log/pushpin.out" 2>&1 &
        child=$!
        wait "$child" || true
        echo "Pushpin stopped: starting it again" >&2
        sleep 1
    done
}
keep_pushpin &
pushpin_pid=$!
trap 'kill "$pushpin_pid" 2>/dev/null; wait "$pushpin_pid" 2>/dev/null' EXIT
# one connection per request from Pushpin: its HTTP client sends a request again on a fresh
# connection when a kept-alive one dies unanswered, and a POST whose worker died after its
# commit was stored twice (tests/push/test_worker_dies.py)
TRACKER_PUSH_URL=http://127.0.0.1:$((5561 + offset)) TRACKER_PUSH_KEY=$key "${gunicorn[@]}" \
    --keep-alive 0 --bind "$backend" &
gunicorn_pid=$!
trap 'kill "$gunicorn_pid" "$pushpin_pid" 2>/dev/null; wait 2>/dev/null' EXIT
# a Pushpin just started answers 502 for a moment: say the address once requests get through
.venv/bin/flask --app tracker pushpin-wait --port "$port" --offset "$offset"
.venv/bin/python -m tracker.lan --port "$port"  # this machine's address and its QR code
wait "$gunicorn_pid"
