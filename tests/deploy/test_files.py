"""The files scripts/deploy.sh installs (tracker/deploy): written once, then left alone; the
secrets made at the first run and kept, each file with its mode from its first byte; the
units as systemd reads them; the Caddyfile as Caddy reads it, its admin API off; the nightly
backup keeping its count."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.pushpin import free_port, waited
from tracker.deploy.files import Plan, caddyfile
from tracker.deploy.install import SECRETS, install, plan_files
from tracker.push.pushpin import answers

ROOT = Path(__file__).resolve().parents[2]
WRITE = [sys.executable, "-m", "tracker.deploy", "write", "--domain", "tongits.example.org"]


def write(root: Path, *more: str) -> list[str]:
    done = subprocess.run(
        [*WRITE, "--root", str(root), "--app", str(ROOT), *more],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def settings(root: Path) -> dict[str, str]:
    lines = (root / "etc/tongits/tongits.env").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))


def test_a_second_run_writes_nothing_and_keeps_the_secrets(tmp_path):
    first = write(tmp_path, "--release", "abc")
    assert sorted(Path(path).relative_to(tmp_path).as_posix() for path in first) == [
        "etc/caddy/Caddyfile",
        "etc/systemd/system/tongits-backup.service",
        "etc/systemd/system/tongits-backup.timer",
        "etc/systemd/system/tongits-pushpin.service",
        "etc/systemd/system/tongits.service",
        "etc/tongits/pushpin/pushpin.conf",
        "etc/tongits/pushpin/routes",
        "etc/tongits/tongits.env",
    ]
    made = settings(tmp_path)
    stamps = {path: Path(path).stat().st_mtime_ns for path in first}
    assert write(tmp_path, "--release", "abc") == []  # nothing differs: nothing written
    assert {path: Path(path).stat().st_mtime_ns for path in first} == stamps
    assert settings(tmp_path) == made

    # a new release (an update) changes the settings file only; the secrets stay
    assert write(tmp_path, "--release", "def") == [str(tmp_path / "etc/tongits/tongits.env")]
    after = settings(tmp_path)
    assert {name: after[name] for name in SECRETS} == {name: made[name] for name in SECRETS}
    assert len(set(made[name] for name in SECRETS)) == 3 and all(
        len(made[name]) >= 40 for name in SECRETS
    )
    assert (
        after["TRACKER_RELEASE"] == "def" and after["PUBLIC_URL"] == "https://tongits.example.org"
    )
    assert (after["TRUSTED_HOSTS"], after["TRUST_PROXY"], after["CLIENT_AT_ONCE"]) == (
        "tongits.example.org",
        "1",
        "2",
    )
    # Pushpin signs with the key the app checks; only root and the service read either
    conf = (tmp_path / "etc/tongits/pushpin/pushpin.conf").read_text()
    assert f"sig_key={made['TRACKER_PUSH_KEY']}\n" in conf and "http_port=127.0.0.1:7999\n" in conf
    for secret in ("etc/tongits/tongits.env", "etc/tongits/pushpin/pushpin.conf"):
        assert (tmp_path / secret).stat().st_mode & 0o777 == 0o640


def test_a_file_changed_by_hand_is_written_again(tmp_path):
    plan = Plan(domain="tongits.example.org", app=ROOT)
    install(plan_files(plan, tmp_path, "r1"))
    caddyfile = tmp_path / "etc/caddy/Caddyfile"
    caddyfile.write_text(caddyfile.read_text().replace("encode zstd gzip", "encode gzip"))
    unit = tmp_path / "etc/systemd/system/tongits.service"
    unit.chmod(0o666)
    assert install(plan_files(plan, tmp_path, "r1")) == [unit, caddyfile]
    assert unit.stat().st_mode & 0o777 == 0o644


# The writer under umask 000, watched by an audit hook: each chmod of a file of the root's (on
# its descriptor or its path) and the size and mode the file had at that moment.
WATCHED = r"""
import json, os, sys
from pathlib import Path

root = sys.argv[1]
seen = []

def hook(event, args):
    if event != "os.chmod":
        return
    target = args[0]
    if isinstance(target, int):
        found = os.fstat(target)
    elif os.fspath(target).startswith(root):
        found = os.stat(target)
    else:
        return
    seen.append([repr(target), found.st_size, found.st_mode & 0o777, args[1]])

sys.addaudithook(hook)
os.umask(0)
from tracker.deploy.files import Plan
from tracker.deploy.install import install, plan_files

plan = Plan(domain="tongits.example.org")
install(plan_files(plan, Path(root), "r1"))
print(json.dumps(seen))
"""


def test_each_file_has_its_mode_from_its_first_byte(tmp_path):
    """Made owner-only, its mode set while empty, then written: never written, then narrowed
    by a chmod (readable by anyone for that moment), whatever the umask."""
    leftover = tmp_path / "etc/tongits/.tongits.env.new"  # an earlier run's, stopped midway
    leftover.parent.mkdir(parents=True)
    leftover.write_text("SECRET_KEY=readable\n")
    leftover.chmod(0o666)
    done = subprocess.run(
        [sys.executable, "-c", WATCHED, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    chmods = json.loads(done.stdout)
    assert len(chmods) == 8  # one a file
    for target, size, mode, wanted in chmods:
        assert target.isdigit(), f"a chmod by path, after writing: {target}"
        assert (size, mode) == (0, 0o600), (target, size, oct(mode), oct(wanted))
    secrets = ("tongits/tongits.env", "tongits/pushpin/pushpin.conf", "tongits/pushpin/routes")
    for name in secrets:
        assert (tmp_path / "etc" / name).stat().st_mode & 0o777 == 0o640, name
    assert (tmp_path / "etc/caddy/Caddyfile").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "etc/tongits/pushpin").stat().st_mode & 0o777 == 0o755
    assert not leftover.exists()
    assert "readable" not in (tmp_path / "etc/tongits/tongits.env").read_text()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_reads_the_units_without_a_complaint(tmp_path):
    """`systemd-analyze verify`: every directive known, every command there to run (the
    units name this checkout's .venv here, /opt/tongits/.venv on a server)."""
    units = tmp_path / "etc/systemd/system"
    write(tmp_path)
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *sorted(map(str, units.iterdir()))],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    service = (units / "tongits.service").read_text()
    assert f"ExecStart={ROOT}/.venv/bin/gunicorn --bind 127.0.0.1:8000" in service
    assert "Restart=on-failure" in service and "User=tongits" in service


@pytest.mark.skipif(shutil.which("caddy") is None, reason="no caddy: scripts/setup.sh test")
def test_caddy_reads_the_caddyfile(tmp_path):
    write(tmp_path)
    done = subprocess.run(
        ["caddy", "adapt", "--config", str(tmp_path / "etc/caddy/Caddyfile")],
        capture_output=True,
        text=True,
        env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    site = json.loads(done.stdout)["apps"]["http"]["servers"]["srv0"]["routes"][0]
    assert site["match"] == [{"host": ["tongits.example.org"]}]
    routes = site["handle"][0]["routes"]
    served = {
        json.dumps(route.get("match")): [
            (handler["handler"], [node["dial"] for node in handler.get("upstreams", [])])
            for handler in route["handle"]
        ]
        for route in routes[1:]
    }
    assert served == {
        '[{"path": ["/metrics"]}]': [("static_response", [])],
        '[{"path_regexp": {"pattern": "^/[sg]/[^/]+/events$"}}]': [
            ("reverse_proxy", ["127.0.0.1:7999"])  # the event streams to Pushpin
        ],
        "null": [("reverse_proxy", ["127.0.0.1:8000"])],  # the rest to gunicorn
    }
    assert "warn" not in done.stderr.lower(), done.stderr
    # nobody on the machine may change Caddy's config through its admin API (localhost:2019)
    assert json.loads(done.stdout)["admin"] == {"disabled": True}
    text = (tmp_path / "etc/caddy/Caddyfile").read_text()
    assert text.index("\n{\n\tadmin off\n") < text.index("tongits.example.org {")


@pytest.mark.skipif(shutil.which("caddy") is None, reason="no caddy: scripts/setup.sh test")
def test_caddy_serves_with_its_admin_api_off_and_deploy_restarts_it(tmp_path):
    """The deploy's Caddyfile run by a real Caddy (ports and certificates of the test's own):
    it serves, and says its admin endpoint is off. `caddy reload` (Debian's `systemctl reload
    caddy`) would need that endpoint: deploy.sh restarts Caddy for a new Caddyfile instead."""
    http, https = free_port(), free_port()
    plan = Plan(domain="localhost", tls="internal", http_port=http, https_port=https)
    config = tmp_path / "Caddyfile"
    config.write_text(caddyfile(plan))
    folder = {name: str(tmp_path / name) for name in ("data", "config")}
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": folder["data"],
        "XDG_CONFIG_HOME": folder["config"],
    }
    log = tmp_path / "caddy.log"
    with log.open("wb") as out:
        caddy = subprocess.Popen(
            ["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        waited(lambda: answers(https) and answers(http), 60, f"Caddy ({log})")
        waited(lambda: "admin endpoint disabled" in log.read_text(), 10, "Caddy's word")
    finally:
        caddy.terminate()
        caddy.wait(timeout=10)
    deploy = (ROOT / "scripts/deploy.sh").read_text()
    assert "\n    systemctl reload caddy" not in deploy
    assert 'restart caddy.service "$(any /etc/caddy/Caddyfile)"' in deploy


def test_the_nightly_backup_keeps_the_newest(app, client, tmp_path):
    client.post("/api/sessions", json={"players": ["Ana", "Ben", "Cris"]})
    folder = tmp_path / "backups"
    for _ in range(3):
        result = run(app, "backup", "--keep", "2", str(folder))
        assert result.exit_code == 0, result.output
        assert "Backed up 1 session to " in result.output
    kept = sorted(folder.glob("tongits-*.json"))
    assert len(kept) == 2 and "deleted " in result.output
    assert json.loads(kept[-1].read_text())["sessions"][0]["players"]
    assert oct(kept[-1].stat().st_mode & 0o777) == "0o600"
    assert run(app, "backup", str(folder)).exit_code == 2  # a folder, without --keep
