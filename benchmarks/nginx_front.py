"""nginx in front of a benchmark's gunicorn, on the loopback, set up as docs/deploy.md ("A public
server") says (plain HTTP here: no certificate): `X-Forwarded-For` overwritten, the
per-address bounds `limit_conn` and `limit_req` refusing a flooding client with 429 before its
requests reach gunicorn's queue. Needs Debian's nginx (`apt-get install nginx-light`).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

CONFIG = """
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log error;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    limit_conn_zone $binary_remote_addr zone=per_address:10m;
    limit_req_zone  $binary_remote_addr zone=per_address_rate:10m rate={rate}r/s;
    limit_conn_status 429;
    limit_req_status 429;
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 17m;
        location / {{
            limit_conn per_address {at_once};
            limit_req zone=per_address_rate burst={burst} nodelay;
            proxy_pass http://127.0.0.1:{upstream};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
        }}
    }}
}}
"""


def start_nginx(
    folder: Path, port: int, upstream: int, at_once: int, rate: int, burst: int
) -> subprocess.Popen:
    """nginx listening on 127.0.0.1:port, passing to gunicorn on 127.0.0.1:upstream. Its
    folder must be open to nginx's workers (user nobody): a folder of /tmp of its own."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        raise SystemExit("no nginx here: apt-get install nginx-light")
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)  # the workers write request bodies over 16 KB into folder/body
    config = folder / "nginx.conf"
    config.write_text(
        CONFIG.format(
            folder=folder, port=port, upstream=upstream, at_once=at_once, rate=rate, burst=burst
        )
    )
    process = subprocess.Popen([binary, "-p", str(folder), "-c", str(config)])
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit(f"nginx did not start: {(folder / 'error.log').read_text()}")
