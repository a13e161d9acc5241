"""A big barkada's export read back: a group of `--sessions` settled sessions of 40 rounds
(tests/support/rounds_factory.py, fixed seeds) imported, exported, the export imported again
and exported once more. Printed: each file's size against the import's limit, each import's
time, and the memory a fresh worker process grew to (peak resident size) importing the export.

    python benchmarks/group_export_size.py [--sessions 1000] [--database-url postgresql://…]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.group_page import fresh_database, group_export  # noqa: E402
from benchmarks.harness.servers import app_on  # noqa: E402

MIB = 1024 * 1024


def peak_mib() -> float:
    """This process's peak resident size (VmHWM: a new program's own, unlike ru_maxrss, which
    Linux keeps across exec from the parent that forked it)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def imported(client, body: bytes) -> tuple[str, float]:
    start = time.perf_counter()
    made = client.post(
        "/api/groups/import", data=body, headers={"Content-Type": "application/json"}
    )
    assert made.status_code == 201, made.get_data(as_text=True)[:500]
    return made.get_json()["id"], time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--import-file", default="")
    args = parser.parse_args()
    if args.import_file:  # the child: a fresh worker imports the file
        app = app_on(args.database_url, str(Path(args.import_file).parent))
        body, before = Path(args.import_file).read_bytes(), peak_mib()
        token, took = imported(app.test_client(), body)
        print(token, f"{took:.1f}", f"{before:.0f}", f"{peak_mib():.0f}")
        return
    folder, url = fresh_database(args.database_url, "group-export-")
    app = app_on(url, folder)
    limit = app.config["GROUP_IMPORT_MAX_BYTES"]
    client = app.test_client()
    first = json.dumps(group_export(args.sessions, 40), separators=(",", ":")).encode()
    token, took = imported(client, first)
    print(
        f"group of {args.sessions} sessions x 40 rounds; the import's limit {limit / MIB:.0f} MiB"
    )
    print(f"  the file made here   {len(first) / MIB:6.1f} MiB, imported in {took:5.1f} s")
    export = client.get(f"/api/groups/{token}/export").get_data()
    file = Path(folder) / "export.json"
    file.write_bytes(export)
    child = subprocess.run(
        [sys.executable, __file__, "--import-file", str(file), "--database-url", url],
        capture_output=True,
        text=True,
        check=True,
    )
    token, took, before, after = child.stdout.split()
    print(
        f"  its export           {len(export) / MIB:6.1f} MiB, imported in {float(took):5.1f} s "
        f"by a fresh worker (its peak memory {before} MiB before, {after} MiB after)"
    )
    again = client.get(f"/api/groups/{token}/export").get_data()
    print(f"  exported once more   {len(again) / MIB:6.1f} MiB")


if __name__ == "__main__":
    main()
