#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests (127.0.0.1, port $PGPORT or 55432, trust
# auth, fsync off: test data only) unless it already runs, creates the database named by the
# first argument (default tracker_test) unless it exists, and prints that database's URL.
set -euo pipefail
bin=$(compgen -G "/usr/lib/postgresql/*/bin" | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
port=${PGPORT:-55432}
data=${TRACKER_PGDATA:-/tmp/tracker-pgdata-$port}
as_postgres=()
if [ "$(id -u)" = 0 ]; then
    as_postgres=(runuser -u postgres --)  # the server refuses to run as root
fi
if ! "${as_postgres[@]}" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    rm -rf "$data"
    mkdir -p "$data"
    [ "$(id -u)" = 0 ] && chown postgres "$data"
    "${as_postgres[@]}" "$bin/initdb" -D "$data" -U tracker --auth=trust -E UTF8 >/dev/null
    "${as_postgres[@]}" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
fi
name=${1:-tracker_test}
if ! "$bin/psql" -h 127.0.0.1 -p "$port" -U tracker -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$name'" | grep -q 1; then
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U tracker "$name"
fi
echo "postgresql://tracker@127.0.0.1:$port/$name"
