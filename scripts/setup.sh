#!/usr/bin/env bash
# Installs what is missing on a Debian machine (run as root), for one job:
#   bash scripts/setup.sh serve   the app: Python's venv, Pango and DejaVu fonts for WeasyPrint's
#                                 PDF, and a virtualenv in .venv with the app's Python packages;
#   bash scripts/setup.sh test    all of that, plus Chromium, PostgreSQL and poppler-utils that the
#                                 tests drive, and the [test] extras (pytest, ruff, radon …).
# An apt or dpkg lock held by another install is waited for (up to 10 minutes), not a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
case $mode in
    serve) extras="" ;;
    test) extras="[test]" ;;
    *) echo "usage: bash scripts/setup.sh serve|test" >&2; exit 2 ;;
esac

need=()
# Debian's python3 has no venv and pip until python3-venv is installed
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
# WeasyPrint lays text out with Pango (grep reads all: with -q, ldconfig would die of SIGPIPE)
ldconfig -p | grep libpangoft2-1.0 >/dev/null || need+=(libpangoft2-1.0-0)
compgen -G "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" >/dev/null || need+=(fonts-dejavu-core)
if [ "$mode" = test ]; then
    command -v chromium >/dev/null || need+=(chromium)
    compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || need+=(postgresql)
    command -v pdftotext >/dev/null || need+=(poppler-utils)
fi

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

if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "missing Debian packages: ${need[*]} (run this script as root or install them)" >&2
        exit 1
    fi
    echo "installing Debian packages: ${need[*]}"
    apt_get update
    apt_get install -y --no-install-recommends "${need[@]}"
fi

if [ ! -x .venv/bin/pip ]; then  # none yet, or one made before python3-venv was there
    python3 -m venv --clear .venv
fi
# pip runs again only when pyproject.toml changed since this mode's last install
stamp=.venv/.installed-$mode
if [ "$(cat "$stamp" 2>/dev/null)" != "$(sha256sum pyproject.toml)" ]; then
    echo "installing Python packages into .venv: .$extras"
    .venv/bin/pip install -q --disable-pip-version-check -e ".$extras"
    sha256sum pyproject.toml >"$stamp"
fi
