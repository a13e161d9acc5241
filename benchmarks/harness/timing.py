"""The benchmarks' timing: percentiles and medians of the times measured (in s, printed in
ms), one call timed, and the CPU of the processes that served a run (CpuMeter)."""

from __future__ import annotations

import os
import resource
import statistics
import time
from pathlib import Path


def nearest(values: list[float], share: float) -> float:
    """The value at `share` of the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def percentile(values: list[float], share: float) -> float:
    """`nearest` in ms (the values in s); NaN for none."""
    return nearest(values, share) * 1000 if values else float("nan")


def quantile_ms(values: list[float], q: int, method: str = "exclusive") -> float:
    """The q-th percentile in ms (statistics.quantiles, `method` "inclusive": within what was
    measured); a single value is its own."""
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method=method)[q - 1] * 1000


def median_ms(samples) -> float:
    return statistics.median(samples) * 1000


def timed(call, *args) -> float:
    """The seconds `call(*args)` took."""
    start = time.perf_counter()
    call(*args)
    return time.perf_counter() - start


class CpuMeter:
    """CPU seconds over the timed part: the server's processes (gunicorn's master and workers),
    Pushpin's (the session `pushpin_pid` leads: condure, zurl, pushpin-proxy, pushpin-handler),
    every PostgreSQL process on this machine (other databases' included; the postmaster's exited
    backends too), this load generator, the whole machine."""

    names = ("server", "pushpin", "postgres")  # what `owner` sorts the processes into

    def __init__(self, server_pid: int, pushpin_pid: int | None = None):
        self.server_pid, self.pushpin_pid = server_pid, pushpin_pid
        self.start = self.read()

    def owner(self, pid: int, ppid: int, session: int, name: str) -> str | None:
        """Whose process `pid` is: one of `names`, or None (not counted apart)."""
        if self.server_pid in (pid, ppid):
            return "server"
        if self.pushpin_pid is not None and session == self.pushpin_pid:
            return "pushpin"
        return "postgres" if name.startswith("postgres") else None

    def read(self) -> dict:
        ticks = os.sysconf("SC_CLK_TCK")
        used = dict.fromkeys(self.names, 0.0)
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                text = stat.read_text()
            except OSError:
                continue
            name, fields = text[text.index("(") + 1 : text.rindex(")")], text.rsplit(")", 1)[1]
            fields = fields.split()
            owner = self.owner(int(stat.parent.name), int(fields[1]), int(fields[3]), name)
            if owner is not None:
                used[owner] += (int(fields[11]) + int(fields[12])) / ticks
            if owner == "postgres":
                # with its exited children's (the postmaster's): backends come and go when a
                # pool makes connections beyond its size, as the push path's do
                used[owner] += (int(fields[13]) + int(fields[14])) / ticks
        me = resource.getrusage(resource.RUSAGE_SELF)
        busy = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
        idle = int(busy[3]) + int(busy[4])
        return {
            **used,
            "generator": me.ru_utime + me.ru_stime,
            "machine": (sum(int(x) for x in busy) - idle) / ticks,
            "wall": time.monotonic(),
        }

    def shares(self) -> dict:
        """Each one's CPU over the interval, in % of one core (the machine has os.cpu_count())."""
        end = self.read()
        self.used = {name: end[name] - self.start[name] for name in end}  # s, "wall" included
        wall = self.used["wall"]
        return {name: 100 * self.used[name] / wall for name in end if name != "wall"}
