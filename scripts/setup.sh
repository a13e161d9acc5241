#!/usr/bin/env bash
# Installs what is missing on a Debian machine (run as root), for one job:
#   bash scripts/setup.sh serve   the app: Python's venv, Pango and DejaVu fonts for WeasyPrint's
#                                 PDF, and a virtualenv in .venv with the app's Python packages;
#   bash scripts/setup.sh test    all of that, plus Chromium, PostgreSQL and poppler-utils that the
#                                 tests drive, the [test] extras (pytest, ruff, radon …) and
#                                 axe-core's axe.min.js, fetched with npm (.cache/axe/).
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
    # axe-core comes through the npm client (`npm pack`), over HTTPS from the npm registry (a
    # minimal Debian has no CA certificates)
    command -v npm >/dev/null || need+=(npm)
    [ -s /etc/ssl/certs/ca-certificates.crt ] || need+=(ca-certificates)
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
bash scripts/catalog.sh compile  # the translations' messages.mo (issue 12), never in git

# axe-core, the accessibility checker that tests/web/test_accessibility.py injects into pages:
# the tarball of one pinned version, fetched by the npm client (`npm pack`, into a temporary
# folder) and checked against the sha512 the npm registry publishes for it (`npm view
# axe-core@<version> dist.integrity`, in hex), unpacked without node. Only its axe.min.js is
# kept, in .cache/axe/ (git-ignored); the app never serves it. Fetched again only when the
# pinned version changes.
axe_version=4.14.1
axe_sha512=1477dafa598d8d065f273d6af302aa203c02e83131707b7fa648cd41bd3d6b734f8c22a0dab86ee6a6f64b8afbe804b214d36db85a2826965edfb3a0b9d546b5
if [ "$mode" = test ] && [ "$(cat .cache/axe/VERSION 2>/dev/null)" != "$axe_version" ]; then
    echo "fetching axe-core $axe_version with npm into .cache/axe/"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    # npm's own cache in the temporary folder too, so nothing of it stays; errors only (npm
    # prints the file name on stdout)
    (cd "$tmp" && npm pack --loglevel error --cache "$tmp/npm-cache" --pack-destination "$tmp" \
        "axe-core@$axe_version" >/dev/null)
    python3 -I - "$tmp/axe-core-$axe_version.tgz" "$axe_version" "$axe_sha512" .cache/axe <<'PYTHON'
import hashlib, io, sys, tarfile
from pathlib import Path

tgz, version, sha512, folder = Path(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
tarball = tgz.read_bytes()
if hashlib.sha512(tarball).hexdigest() != sha512:
    sys.exit(f"{tgz.name}: its sha512 is not the one pinned in scripts/setup.sh; nothing kept")
with tarfile.open(fileobj=io.BytesIO(tarball)) as archive:  # the bytes checked
    script = archive.extractfile("package/axe.min.js").read()
folder.mkdir(parents=True, exist_ok=True)
(folder / "axe.min.js").write_bytes(script)
(folder / "VERSION").write_text(version + "\n")
PYTHON
fi
