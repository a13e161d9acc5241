"""The two steps of scripts/deploy.sh that are Python:

    python -m tracker.deploy write --domain DOMAIN [--email ADDRESS] [--release NAME] [--root /]
    python -m tracker.deploy wait URL [--seconds 90]

`write` writes the server's files (tracker/deploy/install.py) under the root and prints each
path it wrote, one a line: nothing when everything was already so. `wait` waits until URL
answers 200 (the app's /readyz), printing its last answer when it does not in time."""

from __future__ import annotations

import argparse
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from .files import Plan
from .install import install, plan_files


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tracker.deploy")
    commands = parser.add_subparsers(dest="command", required=True)
    write = commands.add_parser("write", help="write the server's files; print those written")
    write.add_argument("--domain", required=True)
    write.add_argument("--email", default="")
    write.add_argument("--release", default="")
    write.add_argument("--app", default="/opt/tongits", help="the code and its .venv")
    write.add_argument("--root", default="/", help="where / is (a test's folder)")
    wait = commands.add_parser("wait", help="wait until URL answers 200")
    wait.add_argument("url")
    wait.add_argument("--seconds", type=float, default=90)
    given = parser.parse_args(argv)
    if given.command == "wait":
        sys.exit(waited(given.url, given.seconds))
    plan = Plan(domain=given.domain, email=given.email, app=Path(given.app))
    for path in install(plan_files(plan, Path(given.root), given.release)):
        print(path)


def waited(url: str, seconds: float) -> int:
    """0 once `url` answers 200; 1, saying its last answer, when it does not in `seconds`."""
    end, last = time.monotonic() + seconds, "no answer"
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return 0
        except urllib.error.HTTPError as error:
            last = f"{error.code}: {error.read().decode(errors='replace')}"
        except OSError as error:
            last = str(error)
        time.sleep(1)
    print(f"{url} is not ready after {seconds:.0f} s: {last}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    main()
