#!/usr/bin/env bash
# Installs what is missing on a Debian machine (run as root), for one job:
#   bash scripts/setup.sh serve   the app: Python's venv, Pango and DejaVu fonts for WeasyPrint's
#                                 PDF, a virtualenv in .venv with the app's Python packages at
#                                 the versions of requirements/serve.lock, and Pyodide's core for
#                                 the phones' offline engine, fetched with npm (.cache/pyodide/);
#   bash scripts/setup.sh test    all of that, plus Chromium, PostgreSQL, Pushpin and poppler-utils
#                                 that the tests drive, the [test] extras (pytest, ruff, radon …)
#                                 from requirements/test.lock instead, and axe-core's
#                                 axe.min.js, fetched with npm (.cache/axe-core/), and the
#                                 checkers of static/ (package-lock.json) with `npm ci`.
# With PUSH=1, `serve` installs Pushpin too (scripts/serve.sh puts it in front of gunicorn).
# An apt or dpkg lock held by another install is waited for (up to 10 minutes), not a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
case $mode in
    serve | test) ;;
    *) echo "usage: bash scripts/setup.sh serve|test" >&2; exit 2 ;;
esac

need=()
# Debian's python3 has no venv and pip until python3-venv is installed
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
# WeasyPrint lays text out with Pango (grep reads all: with -q, ldconfig would die of SIGPIPE)
ldconfig -p | grep libpangoft2-1.0 >/dev/null || need+=(libpangoft2-1.0-0)
compgen -G "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" >/dev/null || need+=(fonts-dejavu-core)
if [ "$mode" = test ]; then
    # the browser tests drive Chromium's headless shell (tests/support/browser.py)
    command -v chromium-headless-shell >/dev/null || need+=(chromium-headless-shell)
    compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || need+=(postgresql)
    command -v pdftotext >/dev/null || need+=(poppler-utils)
    command -v pushpin >/dev/null || need+=(pushpin)  # the push tests run a real one (tests/push)
    # the installable-app test over HTTPS makes a certificate authority of its own (openssl)
    # and has Chromium trust it (certutil, into the NSS database of the test's own profile)
    command -v openssl >/dev/null || need+=(openssl)
    command -v certutil >/dev/null || need+=(libnss3-tools)
    # the deploy tests run Caddy from the Caddyfile deploy.sh installs, and check its units
    command -v caddy >/dev/null || need+=(caddy)
    command -v systemd-analyze >/dev/null || need+=(systemd)
fi
if [ "$mode" = serve ] && [ "${PUSH:-0}" = 1 ]; then
    command -v pushpin >/dev/null || need+=(pushpin)
fi
# axe-core and Pyodide come through the npm client (`npm pack`), over HTTPS from the npm
# registry (a minimal Debian has no CA certificates)
command -v npm >/dev/null || need+=(npm)
[ -s /etc/ssl/certs/ca-certificates.crt ] || need+=(ca-certificates)

source scripts/apt_get.sh  # apt_get: apt-get, quiet, waiting for a lock held by another install

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
# The Python packages come from this mode's lock file (requirements/serve.lock or test.lock,
# written from pyproject.toml by scripts/lock.sh): every one pinned `==` and checked against the
# sha256 the lock holds for it (--require-hashes), so two installs a month apart, or on x86_64
# and aarch64, get the same files, and a file that is not the one locked is refused. Then the
# project itself, editable, with no dependencies of its own (the lock had them all) and no build
# isolation: its build backend (setuptools) is in the lock too, hash-checked like the rest.
# First pip itself, from requirements/pip.lock: a venv starts with the pip the machine's Python
# bundles, and one older than 23.3 refuses a hashed lock when a dependency asks for an extra of
# a package the lock pins (weasyprint's fonttools[woff]) as soon as a newer release exists.
# pip runs again only when pyproject.toml or a lock changed since this mode's last install.
lock=requirements/$mode.lock
stamp=.venv/.installed-$mode
if [ "$(cat "$stamp" 2>/dev/null)" != "$(sha256sum pyproject.toml requirements/pip.lock "$lock")" ]
then
    echo "installing Python packages into .venv: requirements/pip.lock, $lock, then the project"
    .venv/bin/pip install -q --disable-pip-version-check --require-hashes -r requirements/pip.lock
    .venv/bin/pip install -q --disable-pip-version-check --require-hashes -r "$lock"
    .venv/bin/pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
    sha256sum pyproject.toml requirements/pip.lock "$lock" >"$stamp"
fi
bash scripts/catalog.sh compile  # the translations' messages.mo, never in git
# The static files under their version, each with its gzip and brotli beside it, in
# .cache/static/<version>/ (tracker/web/static_files.py): made here, where the checkout is
# writable (a deployed app may not write into it), rather than at the app's first start.
.venv/bin/python -m tracker.web.static_files

# Two npm packages, each the tarball of one pinned version, fetched by the npm client (`npm
# pack`, into a temporary folder) and checked against the sha512 the npm registry publishes for
# it (`npm view NAME@VERSION dist.integrity`, in hex), then unpacked without node: only the
# files named are kept, in .cache/NAME/ (git-ignored), fetched again only when the pin or the
# files named change.
#   axe-core, the accessibility checker that tests/web/pages/test_accessibility.py injects into
#     pages (tests only; the app never serves it);
#   pyodide, CPython compiled to WebAssembly: the app serves its core (no package of its own,
#     only the standard library) to the phones that keep working offline, whose worker runs
#     the engine's own files in it (tracker/web/pages/offline_engine.py).
npm_fetch() {  # npm_fetch NAME VERSION SHA512 FILE...
    local name=$1 version=$2 sha512=$3 tmp file kept=yes
    shift 3
    for file in "$@"; do [ -s ".cache/$name/$file" ] || kept=no; done
    [ $kept = yes ] && [ "$(cat ".cache/$name/VERSION" 2>/dev/null)" = "$version" ] && return 0
    echo "fetching $name $version with npm into .cache/$name/"
    tmp=$(mktemp -d)
    # npm's own cache in the temporary folder too, so nothing of it stays; errors only (npm
    # prints the file name on stdout)
    (cd "$tmp" && npm pack --loglevel error --cache "$tmp/npm-cache" --pack-destination "$tmp" \
        "$name@$version" >/dev/null)
    python3 -I - "$tmp/$name-$version.tgz" "$version" "$sha512" ".cache/$name" "$@" <<'PYTHON'
import hashlib, io, shutil, sys, tarfile
from pathlib import Path

tgz, version, sha512, folder = Path(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
tarball = tgz.read_bytes()
if hashlib.sha512(tarball).hexdigest() != sha512:
    sys.exit(f"{tgz.name}: its sha512 is not the one pinned in scripts/setup.sh; nothing kept")
shutil.rmtree(folder, ignore_errors=True)
folder.mkdir(parents=True)
with tarfile.open(fileobj=io.BytesIO(tarball)) as archive:  # the bytes checked
    for name in sys.argv[5:]:
        (folder / name).write_bytes(archive.extractfile(f"package/{name}").read())
(folder / "VERSION").write_text(version + "\n")
PYTHON
    rm -rf "$tmp"
}
if [ "$mode" = test ]; then
    npm_fetch axe-core 4.14.1 \
        1477dafa598d8d065f273d6af302aa203c02e83131707b7fa648cd41bd3d6b734f8c22a0dab86ee6a6f64b8afbe804b214d36db85a2826965edfb3a0b9d546b5 \
        axe.min.js
fi
pyodide=(pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json)
npm_fetch pyodide 314.0.8 \
    ef85aad645ce0be08213301fc6e4403bbd359c070230b8dff0daf0bd6a6ef12e35755317c1798b434e5d601f85e1ee3a01d9c6a34a2aed81d2554a47b286ab2d \
    "${pyodide[@]}"
# compressed once here (13.5 MB become 6.3 MB), served as they are to phones that take gzip
for file in "${pyodide[@]}"; do
    [ -s ".cache/pyodide/$file.gz" ] || gzip -9 -k ".cache/pyodide/$file"
done

# The engine's own tests also run under Pyodide (tests/web/test_browser_engine_in_pyodide.py),
# with pytest and what they import as pure-Python wheels for Pyodide's Python 3.14, fetched by
# pip into .cache/pyodide-wheels/ (git-ignored) and unpacked there by the test, not installed.
if [ "$mode" = test ]; then
    wheels=(pytest==9.2.0 pluggy==1.7.0 iniconfig==2.3.1 packaging==26.4 pygments==2.21.0
        hypothesis==6.155.7 sortedcontainers==2.4.0 babel==2.19.0)
    if [ "$(cat .cache/pyodide-wheels/PINS 2>/dev/null)" != "${wheels[*]}" ]; then
        echo "fetching the engine tests' wheels for Pyodide into .cache/pyodide-wheels/"
        rm -rf .cache/pyodide-wheels
        .venv/bin/pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
            --python-version 3.14 --platform any --implementation py \
            -d .cache/pyodide-wheels "${wheels[@]}"
        echo "${wheels[*]}" >.cache/pyodide-wheels/PINS
    fi
fi

# The phone's scripts are checked by tools from the npm registry (package.json, pinned with
# their integrity hashes in package-lock.json): ESLint, TypeScript (it checks their JSDoc types,
# nothing is compiled) and fake-indexeddb (an IndexedDB in memory, for the outbox's unit tests
# under Node's own test runner). `npm ci` installs exactly the lock into node_modules/
# (git-ignored), and runs again only when the lock changed.
if [ "$mode" = test ] && [ "$(cat node_modules/.installed 2>/dev/null)" != "$(sha256sum package-lock.json)" ]; then
    echo "installing the scripts' checkers with npm into node_modules/"
    npm ci --ignore-scripts --no-audit --no-fund --loglevel error
    sha256sum package-lock.json >node_modules/.installed
fi

# Commit subjects within 72 characters (docs/development.md): git runs .githooks/commit-msg
# in this clone (a setting of the clone, not of the machine).
if [ "$mode" = test ] && [ -d .git ]; then
    git config core.hooksPath .githooks
fi
