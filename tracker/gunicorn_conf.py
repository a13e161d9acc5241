"""gunicorn's config for the tracker: `gunicorn -c python:tracker.gunicorn_conf …` (scripts/
serve.sh passes it; every other option stays on the command line).

- Metrics across workers (tracker/metrics.py): when PROMETHEUS_MULTIPROC_DIR is set, gunicorn's
  master empties that folder of earlier runs' files as it starts (`on_starting`), and tells
  prometheus_client of each worker that exits (`child_exit`), as prometheus_client's
  multiprocess mode asks. Whoever runs gunicorn sets the variable to a folder of its own
  (made empty, or left to this config to empty), the same for master and workers.
- TRACKER_LOG_FORMAT=json: gunicorn's own lines (workers started, a worker timed out…) are
  JSON objects too, as the app's are (tracker/logs.py), so stderr is one JSON object a line.
"""

from __future__ import annotations

import os
from pathlib import Path

from gunicorn.glogging import Logger

# (every module-level name that is a gunicorn setting is read as one: import no `config`)
from tracker.config import log_format
from tracker.logs import json_formatter

MULTIPROC = "PROMETHEUS_MULTIPROC_DIR"


def on_starting(_server) -> None:
    folder = os.environ.get(MULTIPROC)
    if folder:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        for old in path.glob("*.db"):  # another run's counts: they would be added to this one's
            old.unlink()


def child_exit(_server, worker) -> None:
    if os.environ.get(MULTIPROC):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


class JsonLogger(Logger):
    """gunicorn's logger, each line one JSON object."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(json_formatter())


if log_format(os.environ.get("TRACKER_LOG_FORMAT") or "plain") == "json":
    logger_class = JsonLogger
