"""The commit-msg hook that scripts/setup.sh test installs refuses a subject over 72
characters and takes one of 72, with a body of any length: run on a real repository."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def commit(repo: Path, message: str) -> subprocess.CompletedProcess:
    (repo / "file").write_text(message)
    subprocess.run(["git", "add", "file"], cwd=repo, check=True)
    return subprocess.run(
        ["git", "-c", "user.name=T", "-c", "user.email=t@e", "commit", "-q", "-m", message],
        cwd=repo,
        capture_output=True,
        text=True,
    )


def test_a_subject_over_72_characters_is_refused(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    hook = ROOT / ".githooks"
    subprocess.run(["git", "config", "core.hooksPath", str(hook)], cwd=tmp_path, check=True)
    refused = commit(tmp_path, "x" * 73)
    assert refused.returncode != 0 and "73 characters, at most 72" in refused.stderr
    assert commit(tmp_path, "x" * 72 + "\n\n" + "a long body line " * 20).returncode == 0
