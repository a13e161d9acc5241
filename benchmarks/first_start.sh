#!/usr/bin/env bash
# Times the first start of scripts/serve.sh on a fresh Debian machine, for each git revision
# given (default HEAD):
#   bash benchmarks/first_start.sh 115087d HEAD
# A fresh machine is a throwaway Debian bookworm root made once by debootstrap (minbase, plus
# the packages in $BASE_PACKAGES, default python3-venv, which the old scripts took for granted),
# with the host's Debian mirror in its sources, empty apt lists and package cache, and no pip
# cache. The mirror is the first URI of the host's own apt sources (the deb822 files
# /etc/apt/sources.list.d/*.sources, then the deb lines of /etc/apt/sources.list and *.list)
# for Debian's archive and the first for its security updates; $MIRROR and $SECURITY_MIRROR
# override them (SECURITY_MIRROR= leaves the security updates out). Each run
# copies it, puts the revision's files in /app and runs `bash scripts/serve.sh` there (chroot,
# own mount and PID namespaces, the host's network) until the app answers on 127.0.0.1:$PORT
# (default 18080); then the server is killed and the copy removed. Daemons that packages
# install are not started in the root (policy-rc.d, as in a container build). Before the kill,
# a session is made through the API and its summary PDF fetched: serving includes WeasyPrint.
# If $PIP_CERT names a CA file (a network whose HTTPS proxy has its own CA), pip and npm in the
# root are given a copy of it.
# Run as root; needs debootstrap and the network (Debian's mirror and PyPI).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${FIRST_START_DIR:-/tmp/first-start}
port=${PORT:-18080}
base_packages=${BASE_PACKAGES-python3-venv}
base=$work/base-${base_packages// /-}
base=${base%-}
[ $# -gt 0 ] || set -- HEAD

# the first URI of the host's apt sources for Debian's archive (kind "main") or for its security
# updates ("security": suites such as bookworm-security), from the deb822 *.sources files of
# $2/sources.list.d (default /etc/apt), else from the "deb" lines of sources.list and *.list;
# nothing printed when there is none
host_mirror() {
    local kind=$1 apt=${2:-/etc/apt} sources=() lists=() file
    for file in "$apt"/sources.list.d/*.sources; do
        [ -f "$file" ] && sources+=("$file")
    done
    for file in "$apt"/sources.list "$apt"/sources.list.d/*.list; do
        [ -f "$file" ] && lists+=("$file")
    done
    {
        # each stanza (blank-line separated) of Types: deb, not Enabled: no: "<suite> <first URI>"
        [ ${#sources[@]} -eq 0 ] || awk 'BEGIN { RS = ""; FS = "\n" }
            {
                split("", field); key = ""
                for (i = 1; i <= NF; i++) {
                    line = $i
                    if (line ~ /^#/) continue
                    if (line ~ /^[ \t]/ && key != "") { field[key] = field[key] " " line; continue }
                    if (!match(line, /^[A-Za-z-]+:/)) continue
                    key = tolower(substr(line, 1, RLENGTH - 1))
                    field[key] = substr(line, RLENGTH + 1)
                }
                if (tolower(field["enabled"]) ~ /^[ \t]*no[ \t]*$/) next
                if ((" " field["types"] " ") !~ /[ \t]deb[ \t]/) next
                split(field["uris"], uris, " ")
                n = split(field["suites"], suites, " ")
                for (j = 1; j <= n; j++) print suites[j], uris[1]
            }' "${sources[@]}"
        # "deb [options] <URI> <suite> <components>": "<suite> <URI>"
        [ ${#lists[@]} -eq 0 ] || awk '$1 == "deb" {
                i = 2
                if ($i ~ /^\[/) { while (i < NF && $i !~ /\]$/) i++; i++ }
                print $(i + 1), $i
            }' "${lists[@]}"
    } | awk -v kind="$kind" '  # read to the end: no SIGPIPE for the awk before it
        { security = ($1 ~ /-security$|\/updates$/) }
        !found && (kind == "security") == security { print $2; found = 1 }'
}

# runs a command as root of the throwaway root $1, in mount and PID namespaces of its own, so
# its mounts and processes end with it (killing the unshare process, whose id is in $1.pid)
in_root() {
    local root=$1 pid
    shift
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    local cert=()
    if [ -n "${PIP_CERT:-}" ]; then
        cp "$PIP_CERT" "$root/etc/pip-ca.crt"
        cert=(PIP_CERT=/etc/pip-ca.crt NODE_EXTRA_CA_CERTS=/etc/pip-ca.crt)  # pip's, npm's
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
    mirror=${MIRROR:-$(host_mirror main)}
    security_mirror=${SECURITY_MIRROR-$(host_mirror security)}
    if [ -z "$mirror" ]; then
        echo "no Debian mirror in the host's apt sources (/etc/apt/sources.list.d/*.sources," \
            "/etc/apt/sources.list): set MIRROR to one, e.g. MIRROR=http://<mirror>/debian" >&2
        exit 1
    fi
    rm -rf "$base.tmp"
    mkdir -p "$work"
    debootstrap --variant=minbase bookworm "$base.tmp" "$mirror" >"$work/debootstrap.log"
    {
        echo "deb $mirror bookworm main"
        echo "deb $mirror bookworm-updates main"
        [ -z "$security_mirror" ] || echo "deb $security_mirror bookworm-security main"
    } >"$base.tmp/etc/apt/sources.list"
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
