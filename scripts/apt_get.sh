# Sourced by scripts/setup.sh and scripts/deploy.sh.
# apt-get, quiet, waiting while another install (apt, unattended-upgrades…) holds its lock:
# `apt-get update` would otherwise fail at once with dpkg's "Could not get lock".
apt_get() {
    local log waited=0
    log=$(mktemp)
    until DEBIAN_FRONTEND=noninteractive apt-get -qq "$@" >"$log" 2>&1; do
        if ! grep -q "Could not get lock" "$log" || [ $waited -ge 600 ]; then
            cat "$log" >&2
            rm -f "$log"
            return 1
        fi
        if [ $((waited % 60)) = 0 ]; then
            echo "waiting for another install to finish: $(grep -m 1 -o 'Could not get lock.*' "$log")" >&2
        fi
        sleep 5
        waited=$((waited + 5))
    done
    rm -f "$log"
}
