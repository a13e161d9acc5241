#!/usr/bin/env bash
# A public HTTPS server on a fresh Debian machine, as root, in one command:
#
#   bash scripts/deploy.sh DOMAIN [--email ADDRESS]   install, or run again: changes only what differs
#   bash scripts/deploy.sh --update                   after `git pull` here: the new code, its
#                                                     migrations (once), a restart
#
# DOMAIN's DNS must name this machine, and ports 80 and 443 reach it: Caddy gets and renews
# its certificate (ADDRESS: where the certificate authority writes before one expires).
# What it sets up (docs/deploy.md says more; tracker/deploy/ makes every file):
#   - Debian's caddy, postgresql, pushpin and rsync, and what scripts/setup.sh serve installs;
#   - a service user, tongits; this checkout copied to /opt/tongits (its .venv there);
#   - a PostgreSQL role and database named tongits, reached through the local socket as that
#     user (no password to keep);
#   - /etc/tongits/tongits.env: the app's settings, with SECRET_KEY, TRACKER_ADMIN_TOKEN and
#     Pushpin's signing key made at the first run and kept (root and tongits read it);
#   - systemd units: tongits (gunicorn on 127.0.0.1:8000), tongits-pushpin (on 127.0.0.1:7999,
#     publishing on 127.0.0.1:5561), tongits-backup with its nightly timer (the newest 14 kept
#     in /var/backups/tongits); Caddy's /etc/caddy/Caddyfile in front of them.
# A second run writes nothing and restarts nothing; it says so.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)
app=/opt/tongits
etc=/etc/tongits
user=tongits
cd "$source_dir"
source scripts/apt_get.sh

usage() {
    echo "usage: bash scripts/deploy.sh DOMAIN [--email ADDRESS] | --update" >&2
    exit 2
}
update=false domain="" email=""
while [ $# -gt 0 ]; do
    case $1 in
        --update) update=true ;;
        --email) email=${2:-}; [ -n "$email" ] || usage; shift ;;
        -*) usage ;;
        *) [ -z "$domain" ] || usage; domain=$1 ;;
    esac
    shift
done
if $update; then
    [ -z "$domain" ] || usage
    domain=$(cat "$etc/domain" 2>/dev/null) ||
        { echo "nothing deployed here yet: bash scripts/deploy.sh DOMAIN first" >&2; exit 1; }
    email=$(cat "$etc/email" 2>/dev/null || true)
fi
[ -n "$domain" ] || usage
[[ $domain =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] ||
    { echo "not a host name: $domain" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "run it as root" >&2; exit 1; }
[ -d /run/systemd/system ] || { echo "this machine does not run systemd" >&2; exit 1; }

say() { echo "== $*"; }
# What this run changed, for the restarts and the last line; each also noted in $pending until
# the app is ready, so that a run stopped midway (a download failed, a unit would not start)
# leaves its changes to the next run, which restarts for them: written files are not written
# again, and their restarts would otherwise never come.
changed=()
pending=$etc/.deploy-pending
install -d -m 0755 "$etc"
if [ -s "$pending" ]; then
    mapfile -t changed <"$pending"
    say "an earlier run stopped midway: what it changed is restarted for too"
fi
change() { changed+=("$1"); echo "$1" >>"$pending"; }

need=()
for package in caddy postgresql pushpin rsync; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
    say "installing Debian packages: ${need[*]}"
    apt_get update
    apt_get install -y --no-install-recommends "${need[@]}"
    change packages
fi

if ! id -u "$user" >/dev/null 2>&1; then
    say "adding the service user $user"
    useradd --system --user-group --home-dir /var/lib/tongits --shell /usr/sbin/nologin "$user"
    change user
fi
install -d -m 0755 "$etc" "$app"
install -d -o "$user" -g "$user" -m 0750 /var/lib/tongits
install -d -o "$user" -g "$user" -m 0700 /var/backups/tongits
for kept in domain email; do
    value=$domain
    [ $kept = email ] && value=$email
    if [ "$(cat "$etc/$kept" 2>/dev/null || true)" != "$value" ]; then
        echo "$value" >"$etc/$kept"
        change "$kept"
    fi
done

# The code: this checkout's files (what .gitignore leaves out stays out), the release named by
# its commit; then its .venv and Pyodide (scripts/setup.sh, which installs only what is missing)
release=$(git -C "$source_dir" rev-parse --short=12 HEAD 2>/dev/null || echo "")
if [ "$source_dir" != "$app" ]; then
    # a change is a file made, changed or deleted: not a folder's time (Python's __pycache__ and
    # the translations' .mo made in either folder change it), nor a file's time alone (a fresh
    # clone's files are all new by their times)
    itemized=$(rsync -a --omit-dir-times --delete --checksum --itemize-changes \
        --filter=':- .gitignore' --exclude=/.git --exclude=/.venv --exclude=/.cache \
        --exclude=/instance "$source_dir/" "$app/")
    copied=$(grep -v -E '^\.[^ ]\.\.t\.+ ' <<<"$itemized" || true)
    [ -z "$copied" ] || { say "code copied to $app"; change code; }
fi
(cd "$app" && bash scripts/setup.sh serve | sed 's/^/   /')
python=$app/.venv/bin/python

# PostgreSQL: a role and a database of the service user's name (peer authentication)
systemctl enable --now --quiet postgresql
# (from /: postgres may not enter this checkout, in /root say, and psql would complain of it)
as_postgres() { (cd / && runuser -u postgres -- "$@"); }
if [ "$(as_postgres psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" != 1 ]; then
    as_postgres createuser "$user"
    change database
fi
if [ "$(as_postgres psql -tAc "SELECT 1 FROM pg_database WHERE datname = '$user'")" != 1 ]; then
    as_postgres createdb --owner "$user" "$user"
    change database
fi

# The files: settings, Pushpin's config, the units, the Caddyfile (only those that differ).
# Each is made with its mode before its first byte (tracker/deploy/install.py), the secrets
# root's and the service group's only; nothing here writes a secret itself.
mapfile -t written < <(cd "$app" && "$python" -m tracker.deploy write --domain "$domain" \
    --email "$email" --release "$release" --app "$app")
chgrp "$user" "$etc/tongits.env" "$etc/pushpin/pushpin.conf" "$etc/pushpin/routes"
for path in "${written[@]}"; do
    say "wrote $path"
    change "$path"
done
has() { [[ " ${changed[*]} " == *"$1"* ]]; }

# Debian's own Pushpin service would take the same ports: ours runs in its place
if systemctl is-enabled --quiet pushpin 2>/dev/null; then
    systemctl disable --now --quiet pushpin
    change pushpin
fi
if has /etc/systemd/system/; then
    systemctl daemon-reload
fi

# The migrations, once, before the new code serves, with the service's own settings but no
# TRACKER_PUSH_URL: with it, the app's push courier would start in this command too and sweep
# an outbox table the migrations have not made yet
say "migrating the database"
systemd-run --quiet --wait --pipe --collect --uid="$user" --gid="$user" \
    -p EnvironmentFile="$etc/tongits.env" -p WorkingDirectory="$app" \
    /usr/bin/env TRACKER_PUSH_URL= "$app/.venv/bin/flask" --app tracker \
    db upgrade -d tracker/migrations

# (re)start what changed; start what is not running
restart() {  # restart UNIT WHEN: restarted when WHEN held, started when not running
    local unit=$1 when=$2
    systemctl enable --quiet "$unit"
    if [ "$when" = yes ] && systemctl is-active --quiet "$unit"; then
        say "restarting $unit"
        systemctl restart "$unit"
    elif ! systemctl is-active --quiet "$unit"; then
        say "starting $unit"
        systemctl start "$unit"
    fi
}
any() {  # any CHANGE...: "yes" when this run changed any of them, else "no"
    local what
    for what in "$@"; do has "$what" && { echo yes; return; }; done
    echo no
}
restart tongits-pushpin.service "$(any /etc/tongits/pushpin/ tongits-pushpin.service)"
restart tongits.service "$(any code tongits.env tongits.service packages)"
restart tongits-backup.timer "$(any tongits-backup.timer)"
# Caddy runs with its admin API off (the Caddyfile's `admin off`: no process on this machine
# can rewrite its config through localhost:2019), and `systemctl reload caddy` goes through
# that API: a new Caddyfile restarts it (the phones' event streams reconnect on their own)
restart caddy.service "$(any /etc/caddy/Caddyfile)"

# ready: the app answers through its own health check (database, migrations, Pushpin)
(cd "$app" && "$python" -m tracker.deploy wait http://127.0.0.1:8000/readyz --seconds 90)
if [ ${#changed[@]} = 0 ]; then
    echo "Nothing changed: https://$domain/ was already so."
else
    echo "Ready: https://$domain/ (the first visit may wait a few seconds for its certificate)"
fi
rm -f "$pending"
