#!/usr/bin/env bash
# Installs everything the app and its tests need on a fresh Debian machine (run as root):
# the Debian packages the tests drive, and a virtualenv in .venv with the Python packages.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || need+=(postgresql)
command -v pdftotext >/dev/null || need+=(poppler-utils)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
ldconfig -p | grep -q libpangoft2-1.0 || need+=(libpangoft2-1.0-0)  # WeasyPrint lays text out with Pango
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    else
        echo "missing Debian packages: ${need[*]} (run this script as root or install them)" >&2
        exit 1
    fi
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/pip install -q -e '.[test]'
