#!/usr/bin/env bash
# Times the first start of scripts/serve.sh on a fresh Debian machine, for each git revision
# given (default HEAD):
#   bash benchmarks/first_start.sh 115087d HEAD
# A fresh machine is a throwaway Debian bookworm root made once by debootstrap (minbase, plus
# the packages in $BASE_PACKAGES, default python3-venv, which the old scripts took for granted),
# with Debian's usual sources, empty apt lists and package cache, and no pip cache. Each run
# copies it, puts the revision's files in /app and runs `bash scripts/serve.sh` there (chroot,
# own mount and PID namespaces, the host's network) until the app answers on 127.0.0.1:$PORT
# (default 18080); then the server is killed and the copy removed. Daemons that packages
# install are not started in the root (policy-rc.d, as in a container build). Before the kill,
# a session is made through the API and its summary PDF fetched: serving includes WeasyPrint.
# If $PIP_CERT names a CA file (a network whose HTTPS proxy has its own CA), pip in the root
# is given a copy of it.
# Run as root; needs debootstrap and the network (Debian's mirror and PyPI).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${FIRST_START_DIR:-/tmp/first-start}
mirror=http://deb.debian.org/debian
port=${PORT:-18080}
base_packages=${BASE_PACKAGES-python3-venv}
base=$work/base-${base_packages// /-}
base=${base%-}
[ $# -gt 0 ] || set -- HEAD

# runs a command as root of the throwaway root $1, in mount and PID namespaces of its own, so
# its mounts and processes end with it (killing the unshare process, whose id is in $1.pid)
in_root() {
    local root=$1 pid
    shift
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    local cert=()
    if [ -n "${PIP_CERT:-}" ]; then
        cp "$PIP_CERT" "$root/etc/pip-ca.crt"
        cert=(PIP_CERT=/etc/pip-ca.crt)
    fi
    unshare --mount --pid --fork --kill-child -- sh -c '
        root=$1; shift
        mount -t proc proc "$root/proc"
        mount -t tmpfs shm "$root/dev/shm"
        exec chroot "$root" "$@"' in_root "$root" \
        env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 PORT="$port" "${cert[@]}" "$@" &
    pid=$!
    echo $pid >"$root.pid"
    wait $pid
}

if [ ! -d "$base" ]; then
    rm -rf "$base.tmp"
    mkdir -p "$work"
    debootstrap --variant=minbase bookworm "$base.tmp" "$mirror" >"$work/debootstrap.log"
    cat >"$base.tmp/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
    printf '#!/bin/sh\nexit 101\n' >"$base.tmp/usr/sbin/policy-rc.d"
    chmod +x "$base.tmp/usr/sbin/policy-rc.d"
    if [ -n "$base_packages" ]; then
        # shellcheck disable=SC2086  # a list of package names
        in_root "$base.tmp" sh -c "apt-get -qq update && DEBIAN_FRONTEND=noninteractive \
            apt-get -qq install -y --no-install-recommends $base_packages >/dev/null"
    fi
    in_root "$base.tmp" apt-get clean
    rm -f "$base.tmp.pid"
    rm -rf "$base.tmp"/var/lib/apt/lists/* "$base.tmp/root/.cache"
    mv "$base.tmp" "$base"
fi

for rev in "$@"; do
    root=$work/run-$$-$rev
    rm -rf "$root"
    cp -a "$base" "$root"
    mkdir "$root/app"
    git -C "$repo" archive "$rev" | tar -x -C "$root/app"
    packages_before=$(chroot "$root" dpkg-query -W | wc -l)
    log=$work/serve-$rev.log
    start=${EPOCHREALTIME/./}
    # each line of serve.sh's output with the seconds since the start
    in_root "$root" bash -c 'cd /app && bash scripts/serve.sh' 2>&1 |
        while IFS= read -r line; do
            printf '%7.1fs %s\n' "$(((${EPOCHREALTIME/./} - start) / 100000))e-1" "$line"
        done >"$log" &
    server=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$port/"; do
        if ! kill -0 $server 2>/dev/null; then
            echo "$rev: serve.sh ended without serving; its output:" >&2
            cat "$log" >&2
            exit 1
        fi
        sleep 0.2
    done
    took=$(((${EPOCHREALTIME/./} - start) / 100000))
    app=http://127.0.0.1:$port
    token=$(curl -sf -H "Content-Type: application/json" -d '{"players": ["Ana", "Ben", "Cris"]}' \
        "$app/api/sessions" | sed -n 's/.*"id": *"\([^"]*\)".*/\1/p')
    curl -sf -o "$root.pdf" "$app/s/$token/summary.pdf"
    fonts=$(pdffonts "$root.pdf" | awk 'NR > 2 { print $1 }' | sed 's/^[A-Z]*+//' | sort -u | paste -sd,)
    rm -f "$root.pdf"
    # unshare ignores SIGTERM while it waits; its --kill-child ends every process of the root
    kill -KILL "$(cat "$root.pid")"
    wait $server 2>/dev/null || true
    packages_after=$(chroot "$root" dpkg-query -W | wc -l)
    debs=$(du -sm "$root/var/cache/apt/archives" | cut -f1)
    venv=$(du -sm "$root/app/.venv" | cut -f1)
    printf '%s (%s): first answer after %d.%ds; %d Debian packages installed (%d MB of .deb), ' \
        "$rev" "$(git -C "$repo" rev-parse --short "$rev")" $((took / 10)) $((took % 10)) \
        $((packages_after - packages_before)) "$debs"
    printf '.venv %d MB; summary PDF fonts: %s; log: %s\n' "$venv" "$fonts" "$log"
    rm -f "$root.pid"
    [ -n "${KEEP:-}" ] || rm -rf "$root"
done
