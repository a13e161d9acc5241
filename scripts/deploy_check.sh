#!/usr/bin/env bash
# scripts/deploy.sh, checked end to end on a real systemd: a Debian container (systemd-nspawn)
# boots, gets this checkout, and is deployed to as a fresh server would be; then deploy.sh runs
# again (it must change and restart nothing), a hand-edited Caddyfile is put back, `--update`
# ships a new commit, a run stopped midway is made good by the next, and the container reboots
# into a ready app. It prints each check, then stops the container.
#
#   bash scripts/deploy_check.sh [--reuse] [--worktree]     (as root)
#
# For people, not CI (too heavy for it): it takes a few minutes (3 to 4 on 2 cores, 2 more the
# first time), downloads several hundred MB (Debian's packages for the container, the app's
# wheels, Pyodide), needs root on a Debian machine where systemd-nspawn can boot a container
# (this machine's PID 1 need not be systemd: the container is neither registered with
# systemd-machined nor given a unit of its own; commands run in it through nsenter), and, while
# it runs, the container shares this machine's network: ports 80, 443, 2019, 5432, 5560-5563,
# 7999, 8000, 8080 and 8443 must be free here (it checks).
#   - /var/lib/machines/deploytest-base: Debian as debootstrap makes it (this host's release, so
#     that Debian's caddy and pushpin are the ones deploy.sh gets), made once and kept;
#   - /var/lib/machines/deploytest: a fresh copy of it at each run (--reuse: the container as
#     the last run left it, deployed already), kept after the run for a look (its
#     /root/deploy-*.log are deploy.sh's output);
#   - the code is this checkout's HEAD, cloned inside (--worktree: with its uncommitted changes
#     and new files on top, committed there);
#   - the domain is tracker.test: Caddy cannot get a public certificate for it (its log says
#     so), so the installed Caddyfile is also served by a second Caddy with its own certificate
#     authority on 8443, through which a page's event stream (Pushpin) hears a saved round.
# A host that trusts certificate authorities of its own (in /usr/local/share/ca-certificates: a
# proxy that inspects HTTPS, say) has the container trust them too, pip and npm included.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)
machines=/var/lib/machines
base=$machines/deploytest-base
root=$machines/deploytest
domain=tracker.test
reuse=false worktree=false
for arg in "$@"; do
    case $arg in
        --reuse) reuse=true ;;
        --worktree) worktree=true ;;
        *) echo "usage: bash scripts/deploy_check.sh [--reuse] [--worktree]" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "run it as root" >&2; exit 1; }
source "$source_dir/scripts/apt_get.sh"
say() { echo "== $*"; }

ports=':(80|443|2019|5432|556[0-3]|7999|8000|8080|8443)$'
busy=$(ss -Hltn | awk '{print $4}' | grep -E "$ports" || true)
if [ -n "$busy" ]; then
    echo "ports the container needs are taken on this machine: $(paste -sd " " <<<"$busy")" >&2
    exit 1
fi
if ! command -v debootstrap >/dev/null || ! command -v systemd-nspawn >/dev/null; then
    say "installing debootstrap and systemd-container"
    apt_get update
    apt_get install -y --no-install-recommends debootstrap systemd-container
fi

# --- the container's folder ---------------------------------------------------------------
if [ ! -x "$base/usr/lib/systemd/systemd" ]; then
    release=$(. /etc/os-release && echo "$VERSION_CODENAME")
    say "making $base (Debian $release, debootstrap: a few minutes)"
    rm -rf "$base"
    mkdir -p "$machines"
    debootstrap --include=systemd,dbus,git,python3,ca-certificates,curl \
        "$release" "$base" >"$machines/deploytest-base.log" 2>&1 ||
        { tail -20 "$machines/deploytest-base.log" >&2; exit 1; }
    echo deploytest >"$base/etc/hostname"
fi
if ! $reuse || [ ! -d "$root" ]; then
    say "a fresh $root, copied from $base"
    rm -rf "$root"
    cp -a "$base" "$root"
fi
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    echo "cert = /etc/ssl/certs/ca-certificates.crt" | sed '1i [global]' >"$root/etc/pip.conf"
    echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$root/etc/npmrc"
fi

# --- boot ---------------------------------------------------------------------------------
nspawn="" leader=""
inside() {  # inside COMMAND...: run it in the container, as root, with a clean environment
    nsenter --target "$leader" --all env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}
boot() {  # the container booted, its systemd running ($state)
    say "booting the container"
    systemd-nspawn --boot --register=no --keep-unit --machine=deploytest --directory="$root" \
        --bind-ro="$source_dir:/src" --console=passive >>"$machines/deploytest.console.log" 2>&1 &
    nspawn=$!
    leader=""
    for _ in $(seq 30); do
        leader=$(pgrep -P "$nspawn" -x systemd || true)
        [ -n "$leader" ] && break
        sleep 1
    done
    [ -n "$leader" ] || { cat "$machines/deploytest.console.log" >&2; exit 1; }
    state=$(inside timeout 120 systemctl is-system-running --wait || true)
    say "the container's systemd: $state"
    [ "$state" = running ] || [ "$state" = degraded ]
}
stop() {
    [ -n "$nspawn" ] || return 0
    say "stopping the container"
    if [ -n "$leader" ]; then inside systemctl poweroff 2>/dev/null || true; fi
    for _ in $(seq 60); do kill -0 "$nspawn" 2>/dev/null || break; sleep 1; done
    kill "$nspawn" 2>/dev/null || true  # asks the container's systemd to halt
    wait "$nspawn" 2>/dev/null || true
    nspawn="" leader=""
}
trap stop EXIT
: >"$machines/deploytest.console.log"
boot || exit 1
inside update-ca-certificates >/dev/null 2>&1 || true

# --- the code -----------------------------------------------------------------------------
inside git config --global safe.directory /src  # /src may be another user's
if inside test -d /root/tongits/.git; then
    inside git -C /root/tongits fetch -q /src HEAD
    inside git -C /root/tongits reset -q --hard FETCH_HEAD
else
    inside git clone -q /src /root/tongits
fi
commit() {  # commit MESSAGE: whatever changed in the container's clone
    inside git -C /root/tongits add -A
    inside git -C /root/tongits -c user.name=deploy_check -c user.email=deploy_check@localhost \
        commit -q -m "$1"
}
if $worktree; then
    inside bash -c 'cd /src && git ls-files -z -m -o --exclude-standard |
        tar --null --ignore-failed-read -T - -c | tar -C /root/tongits -x &&
        git ls-files -z -d | (cd /root/tongits && xargs -0r rm -f)'
    commit "this checkout's uncommitted changes" || true
fi
say "deploying $(inside git -C /root/tongits log -1 --format='%h %s' | cut -c1-80)"

# --- the checks ---------------------------------------------------------------------------
checks=0 failed=0
check() {  # check WHAT COMMAND...: a line saying whether COMMAND held
    checks=$((checks + 1))
    if "${@:2}" >/dev/null 2>&1; then
        echo "ok     $1"
    else
        echo "FAILED $1"
        failed=$((failed + 1))
    fi
}
run=0
deploy() {  # deploy ARG...: deploy.sh in the container; its output in $out and /root/deploy-N.log
    run=$((run + 1))
    say "bash scripts/deploy.sh $* (the run's output: $root/root/deploy-$run.log)"
    local status=0
    inside bash -c "cd /root/tongits && bash scripts/deploy.sh $* >/root/deploy-$run.log 2>&1" ||
        status=$?
    out=$(cat "$root/root/deploy-$run.log")
    grep -E '^(==|Ready|Nothing)' <<<"$out" | sed 's/^/   /'
    return $status
}
said() { grep -qF -- "$1" <<<"$out"; }
units=(tongits tongits-pushpin caddy tongits-backup.timer)
stamps() {  # when each unit last started and its main process; how often caddy was reloaded
    # (never, now: its admin API is off, and a new Caddyfile restarts it)
    for unit in "${units[@]}" $(inside systemctl list-units --plain --no-legend 'postgresql@*' |
        awk '{print $1}'); do
        echo "$unit $(inside systemctl show --value -p ActiveEnterTimestampMonotonic \
            -p MainPID "$unit" | paste -sd ' ')"
    done
    echo "caddy reloads $(inside journalctl -u caddy -o cat | grep -c '^Reloaded' || true)"
}
ready() {
    inside curl -fsS http://127.0.0.1:8000/readyz |
        python3 -c 'import json, sys; sys.exit(json.load(sys.stdin)["status"] != "ready")'
}
json_lines() {  # the last lines the service wrote (not systemd about it) are JSON objects
    inside journalctl _SYSTEMD_UNIT=tongits.service -o cat -n 20 --no-pager | python3 -c '
import json, sys
lines = [line for line in sys.stdin if line.strip()]
assert lines and all(isinstance(json.loads(line), dict) for line in lines)'
}
restarted() { [ "$(grep "^$1 " <<<"$before")" != "$(grep "^$1 " <<<"$after")" ]; }
not_restarted() { ! restarted "$1"; }
only_caddy_restarted() {
    [ "$(grep -v '^caddy ' <<<"$before")" = "$(grep -v '^caddy ' <<<"$after")" ] &&
        restarted caddy
}

if ! deploy "$domain"; then
    echo "FAILED the first run: its end:" && tail -30 <<<"$out"
    exit 1
fi
if $reuse; then  # deployed already: perhaps nothing to change
    check "the first run ends ready" grep -qE "^(Ready|Nothing changed): " <<<"$out"
else
    check "the first run ends ready" said "Ready: https://$domain/"
fi
for unit in "${units[@]}" postgresql; do
    check "$unit is enabled and active" inside bash -c \
        "systemctl is-enabled --quiet $unit && systemctl is-active --quiet $unit"
done
check "/readyz on 127.0.0.1:8000 answers ready (database, migrations, Pushpin)" ready
check "Caddy runs the installed Caddyfile: http://$domain/ redirects to HTTPS" inside bash -c \
    "curl -sI -H 'Host: $domain' http://127.0.0.1/ | grep -qi '^location: https://$domain/'"
check "Caddy's admin API is off (nothing on localhost:2019)" inside bash -c \
    "! curl -s -o /dev/null --max-time 5 http://localhost:2019/config/"
refused=$(inside journalctl -u caddy -o cat | grep -c 'could not get certificate' || true)
echo "skip   https://$domain/ itself: no public certificate for it here (Caddy's log:" \
    "$refused lines 'could not get certificate')"

# the installed Caddyfile, with a certificate of Caddy's own, on 8443: a script run inside
cat >"$root/root/through_caddy.sh" <<'INSIDE'
set -u
domain=$1 check=$2
site=https://$domain:8443
get() { curl -sk --max-time 10 --resolve "$domain:8443:127.0.0.1" "$@"; }
json() { get -H "Content-Type: application/json" -d "$@"; }
case $check in
    start)
        mkdir -p /run/caddy-check
        {
            printf '{\n\tadmin off\n\thttp_port 8080\n\thttps_port 8443\n\tlocal_certs\n'
            printf '\tskip_install_trust\n\tstorage file_system /run/caddy-check\n}\n'
            # (the installed global options, `admin off`, replaced by the ones above)
            sed -e '/^{$/,/^}$/d' -e "s/^$domain {\$/&\n\ttls internal/" /etc/caddy/Caddyfile
        } >/run/caddy-check/Caddyfile
        systemd-run --quiet --unit=caddy-check -p Environment=HOME=/run/caddy-check \
            caddy run --adapter caddyfile --config /run/caddy-check/Caddyfile
        for _ in $(seq 20); do get -o /dev/null "$site/healthz" && break; sleep 1; done ;;
    home) get -f "$site/" | grep -qi '<html' ;;
    headers)
        get -I "$site/" | grep -qi '^strict-transport-security' &&
            [ "$(get -o /dev/null -w '%{http_code}' "$site/metrics")" = 404 ] ;;
    stream)
        token=$(json '{"players": ["Ana", "Ben", "Cris"]}' "$site/api/sessions" |
            python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
        get -N --max-time 6 "$site/s/$token/events" >/tmp/stream.txt &
        sleep 2
        hand() { echo "{\"melds\": [$1], \"hand\": [$2]${3:-}}"; }
        json "{\"ending\": \"draw\", \"declarer\": 0, \"hands\": [
            $(hand '["7S", "7D", "7C"]' '"2C", "3D"'),
            $(hand '["5H", "6H", "7H", "8H"]' '"KD"' ', "challenged": true'),
            $(hand '' '"AS", "AD", "9C"')]}" -f -o /dev/null "$site/api/sessions/$token/rounds"
        wait
        grep -q '"revision": 2' /tmp/stream.txt ;;
esac
INSIDE
through_caddy() { inside bash /root/through_caddy.sh "$domain" "$1"; }
through_caddy start
check "through Caddy (HTTPS): the home page" through_caddy home
check "through Caddy: HSTS, and /metrics refused (404)" through_caddy headers
check "through Caddy and Pushpin: a session's event stream hears a round saved" \
    through_caddy stream
inside systemctl stop caddy-check

backups() { inside bash -c 'ls /var/backups/tongits | wc -l'; }
count=$(backups)
inside systemctl start tongits-backup.service || true
check "tongits-backup.service writes a backup to /var/backups/tongits" [ "$(backups)" -gt "$count" ]
check "journalctl -u tongits: JSON lines" json_lines

before=$(stamps)
deploy "$domain" || true
after=$(stamps)
check "the second run says Nothing changed" said "Nothing changed"
check "the second run restarts and reloads nothing" [ "$before" = "$after" ]

inside bash -c 'echo "# edited by hand" >>/etc/caddy/Caddyfile'
before=$(stamps)
deploy "$domain" || true
after=$(stamps)
check "a hand-edited Caddyfile is written again" said "wrote /etc/caddy/Caddyfile"
check "... and Caddy restarted, nothing else" only_caddy_restarted

echo "<!-- deploy_check: $(date -u +%FT%TZ) -->" >>"$root/root/tongits/README.md"
commit "deploy_check: README touched"
head=$(inside git -C /root/tongits rev-parse --short=12 HEAD)
before=$(stamps)
deploy --update || true
after=$(stamps)
check "--update copies the new commit" said "code copied to /opt/tongits"
check "--update restarts tongits" restarted tongits
check "... and not Pushpin" not_restarted tongits-pushpin
check "--update ends ready" said "Ready: https://$domain/"
check "... the release named by the new commit" inside grep -qx "TRACKER_RELEASE=$head" \
    /etc/tongits/tongits.env
check "/readyz answers ready after --update" ready

# a run stopped midway (tongits would not start): the next one restarts for what it changed
echo "<!-- deploy_check, again: $(date -u +%FT%TZ) -->" >>"$root/root/tongits/README.md"
commit "deploy_check: README touched again"
head=$(inside git -C /root/tongits rev-parse --short=12 HEAD)
broken=/etc/systemd/system/tongits.service.d/deploy-check.conf
inside bash -c "mkdir -p ${broken%/*} && printf '[Service]\nExecStartPre=/bin/false\n' >$broken &&
    systemctl daemon-reload"
stopped=yes
deploy --update && stopped=no
check "a run whose tongits does not start fails" [ $stopped = yes ]
inside bash -c "rm -r ${broken%/*} && systemctl daemon-reload"
deploy --update || true
check "the next run restarts for what the stopped one changed" \
    said "an earlier run stopped midway"
check "... and ends ready, the release the new commit's" inside grep -qx "TRACKER_RELEASE=$head" \
    /etc/tongits/tongits.env
check "/readyz answers ready after it" ready

# a reboot: what deploy.sh enabled comes up by itself, in order
stop
boot || true
check "after a reboot, the container's systemd is running (no unit failed)" [ "$state" = running ]
for unit in "${units[@]}" postgresql; do
    check "... $unit is active" inside systemctl is-active --quiet "$unit"
done
waited() { inside /opt/tongits/.venv/bin/python -m tracker.deploy wait \
    http://127.0.0.1:8000/readyz --seconds 60; }
check "... and /readyz answers ready" waited

echo "$checks checks, $failed failed"
[ "$failed" = 0 ]
