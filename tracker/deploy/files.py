"""The text of every file a public server runs on, made from one `Plan`: nothing here reads
or writes a file but Debian's own pushpin.conf, which Pushpin's config starts from.

    phones ──HTTPS──> Caddy :443 ──(…/events)──> Pushpin 127.0.0.1:7999 ──> gunicorn
                                 ──(the rest)──> gunicorn 127.0.0.1:8000 ──> PostgreSQL
                      gunicorn, after each commit ──publish──> Pushpin 127.0.0.1:5561

The same text serves a cluster (several `app_nodes` and `push_nodes` behind one Caddy, which
load-balances and health-checks them; Pushpin then sends on to Caddy's own pool of app nodes
on `pool_port`) and the tests (Caddy's internal certificate authority, ports of their own)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..push import pushpin

HEADER = "Made by scripts/deploy.sh (tracker/deploy/files.py): a change here is overwritten."
STREAMS = r"^/[sg]/[^/]+/events$"  # a session's or a barkada's event stream (tracker/push)


@dataclass(frozen=True)
class Plan:
    domain: str
    app: Path = Path("/opt/tongits")  # the code and its .venv
    etc: Path = Path("/etc/tongits")  # settings (with the secrets) and Pushpin's config
    state: Path = Path("/var/lib/tongits")  # the instance folder (TRACKER_INSTANCE)
    backups: Path = Path("/var/backups/tongits")
    keep: int = 14  # nightly backups kept
    user: str = "tongits"
    workers: int = 3  # x threads: the best measured on 2 cores (docs/performance.md)
    threads: int = 4
    gunicorn: str = "127.0.0.1:8000"
    pushpin_port: int = 7999
    pushpin_offset: int = 0  # Pushpin's internal and publish ports, moved (tests)
    app_nodes: tuple[str, ...] = ("127.0.0.1:8000",)
    push_nodes: tuple[str, ...] = ("127.0.0.1:7999",)
    pool_port: int = 0  # a cluster: Caddy's pool of app nodes on 127.0.0.1, for Pushpin
    email: str = ""  # the ACME account's address (certificate expiry notices)
    tls: str = ""  # "internal": Caddy's own certificate authority (tests)
    https_port: int = 443
    http_port: int = 80
    # Caddy's admin API: "" for none (`admin off`: nobody on this machine can change Caddy's
    # config through it; deploy.sh restarts Caddy for a new Caddyfile, since `caddy reload`
    # goes through that API); an address (the tests' Caddy, whose upstreams they read)
    admin: str = ""

    @property
    def environment(self) -> Path:
        return self.etc / "tongits.env"

    @property
    def pushpin_folder(self) -> Path:
        return self.etc / "pushpin"


def caddyfile(plan: Plan) -> str:
    options = [
        f"email {plan.email}" if plan.email else "",
        f"admin {plan.admin or 'off'}",
        f"https_port {plan.https_port}" if plan.https_port != 443 else "",
        f"http_port {plan.http_port}" if plan.http_port != 80 else "",
        "local_certs\n\tskip_install_trust" if plan.tls == "internal" else "",
    ]
    site = [
        "encode zstd gzip",
        "tls internal" if plan.tls == "internal" else "",
        # an imported group may be up to 48 MiB (GROUP_IMPORT_MAX_BYTES), a session 16 MiB
        "request_body {\n\t\tmax_size 52MB\n\t}",
        'header Strict-Transport-Security "max-age=31536000"',
        # Prometheus reads gunicorn on the loopback; never the phones
        "@metrics path /metrics\n\trespond @metrics 404",
        f"@streams path_regexp {STREAMS}",
        _proxy(plan.push_nodes, "@streams", "flush_interval -1", "lb_policy least_conn"),
        _proxy(plan.app_nodes, "", "header_up X-Request-Id {http.request.uuid}"),
    ]
    text = f"# {HEADER}\n"
    if any(options):
        text += _block("", options) + "\n"
    text += _block(plan.domain, site)
    if plan.pool_port:  # Pushpin's way to any live app node
        pool = ["bind 127.0.0.1", _proxy(plan.app_nodes, "")]
        text += _block(f"http://127.0.0.1:{plan.pool_port}", pool)
    return text


def _proxy(nodes: tuple[str, ...], matcher: str, *more: str) -> str:
    """A reverse_proxy to `nodes`: a node that fails its health check (GET /healthz every 2 s)
    is left out, and a request that finds no node up, or whose node refused the connection,
    waits and tries again for 10 s (gunicorn restarted by an update is back within about
    that). /healthz, not /readyz: a database or Pushpin away is every node's, and leaving them
    all out would answer nothing at all instead of the app's own "nothing was saved". Caddy
    lets an idle connection to a node go after 30 s, before gunicorn does (75 s): one that
    gunicorn closed first could be taken for a write, reset, and answered 502."""
    lines = [
        *more,
        "lb_try_duration 10s",
        "health_uri /healthz",
        "health_interval 2s",
        "health_timeout 2s",
        "transport http {\n\t\t\tkeepalive 30s\n\t\t}",
    ]
    head = " ".join(part for part in ("reverse_proxy", matcher, *nodes) if part)
    return head + " {\n" + "".join(f"\t\t{line}\n" for line in lines) + "\t}"


def _block(name: str, lines: list[str]) -> str:
    inside = "".join(f"\t{line}\n" for line in lines if line)
    return f"{name}{' ' if name else ''}{{\n{inside}}}\n"


def pushpin_config(plan: Plan, key: str) -> dict[str, str]:
    """pushpin.conf and routes: Pushpin on the loopback, its run and log folders systemd's,
    sending every request on to gunicorn (a cluster: to Caddy's pool of app nodes)."""
    folder = plan.pushpin_folder
    target = f"127.0.0.1:{plan.pool_port}" if plan.pool_port else plan.gunicorn
    text = pushpin.config_text(
        folder,
        f"127.0.0.1:{plan.pushpin_port}",
        key,
        plan.pushpin_offset,
        run=Path("/run/tongits-pushpin"),
        log=Path("/var/log/tongits-pushpin"),
        forwarded_for="",  # Caddy's X-Forwarded-For passed on as it is (TRUST_PROXY=1)
    )
    # warnings only: at its default level Pushpin logs every request, health checks included
    text = text.replace("\nlog_level=2\n", "\nlog_level=1\n")
    return {"pushpin.conf": text, "routes": f"* {target}\n"}


def units(plan: Plan) -> dict[str, str]:
    """The systemd units, by file name."""
    venv = plan.app / ".venv" / "bin"
    hardening = (
        "NoNewPrivileges=yes\nProtectSystem=strict\nProtectHome=yes\nPrivateTmp=yes\n"
        "PrivateDevices=yes\nProtectKernelTunables=yes\nProtectControlGroups=yes\n"
    )
    app = f"""# {HEADER}
[Unit]
Description=Tongits stake tracker (gunicorn on {plan.gunicorn})
After=network-online.target postgresql.service tongits-pushpin.service
Wants=network-online.target postgresql.service

[Service]
Type=notify
NotifyAccess=main
User={plan.user}
Group={plan.user}
WorkingDirectory={plan.app}
EnvironmentFile={plan.environment}
# each worker's metrics, added up at each scrape (prometheus_client's multiprocess mode)
Environment=PROMETHEUS_MULTIPROC_DIR=/run/tongits/metrics
RuntimeDirectory=tongits
StateDirectory=tongits
ExecStartPre=/usr/bin/mkdir -p /run/tongits/metrics
ExecStart={venv}/gunicorn --bind {plan.gunicorn} --workers {plan.workers} \\
    --threads {plan.threads} --keep-alive 75 \\
    --config python:tracker.gunicorn_conf "tracker:create_app()"
ExecReload=/bin/kill -HUP $MAINPID
Restart=on-failure
RestartSec=2
KillMode=mixed
TimeoutStopSec=30
{hardening}ReadWritePaths={plan.state}

[Install]
WantedBy=multi-user.target
"""
    push = f"""# {HEADER}
[Unit]
Description=Pushpin for the Tongits stake tracker (the phones' event streams)
After=network-online.target
Wants=network-online.target

[Service]
User={plan.user}
Group={plan.user}
RuntimeDirectory=tongits-pushpin
LogsDirectory=tongits-pushpin
ExecStart=/usr/bin/pushpin --config {plan.pushpin_folder / "pushpin.conf"} --merge-output
Restart=on-failure
RestartSec=2
{hardening}
[Install]
WantedBy=multi-user.target
"""
    backup = f"""# {HEADER}
[Unit]
Description=Nightly backup of the Tongits stake tracker (the newest {plan.keep} kept)
After=postgresql.service

[Service]
Type=oneshot
User={plan.user}
Group={plan.user}
WorkingDirectory={plan.app}
EnvironmentFile={plan.environment}
ExecStart={venv}/flask --app tracker backup --keep {plan.keep} {plan.backups}
{hardening}ReadWritePaths={plan.state} {plan.backups}
"""
    timer = f"""# {HEADER}
[Unit]
Description=Nightly backup of the Tongits stake tracker

[Timer]
OnCalendar=*-*-* 04:00:00
RandomizedDelaySec=30min
Persistent=true

[Install]
WantedBy=timers.target
"""
    return {
        "tongits.service": app,
        "tongits-pushpin.service": push,
        "tongits-backup.service": backup,
        "tongits-backup.timer": timer,
    }


def settings(plan: Plan, secrets: dict[str, str], release: str) -> str:
    """The app's environment (`EnvironmentFile=`): the secrets given, made once and kept
    (install.py, `kept_secrets`), and what follows from the plan."""
    values = {
        # PostgreSQL on this machine, through its socket, as the service's own user (peer
        # authentication: no password to keep)
        "DATABASE_URL": f"postgresql:///{plan.user}?host=/var/run/postgresql",
        **secrets,
        "PUBLIC_URL": f"https://{plan.domain}",
        "TRUSTED_HOSTS": plan.domain,
        "TRUST_PROXY": "1",  # Caddy, which sets X-Forwarded-For and -Proto itself
        "CLIENT_AT_ONCE": "2",
        "TRACKER_INSTANCE": str(plan.state),
        "TRACKER_PUSH_URL": pushpin.publish_url(plan.pushpin_offset),
        "TRACKER_LOG_FORMAT": "json",
        "TRACKER_RELEASE": release,
    }
    lines = "".join(f"{name}={value}\n" for name, value in values.items())
    return f"# {HEADER}\n# Secrets: only root and {plan.user} read this file.\n{lines}"
