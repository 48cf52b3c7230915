"""make cluster's pure parts: the nginx configuration, the port plan, the settings every instance
gets, the command lines, the S3 identities, the backup's comparison. Nothing is started: the
whole cluster is `make cluster` (about two minutes), run by hand."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from cluster import backup, plan
from cluster.plan import PORTS, Layout, Secrets

LAYOUT = Layout(Path("/srv/splash/var/cluster"))
SECRETS = Secrets("pg", "app", "repl", "AKEY", "SKEY", "k" * 48)


def test_ports_are_distinct_and_in_the_ranges_given_to_the_cluster() -> None:
    ports = PORTS.all()
    assert len(set(ports.values())) == len(ports)
    assert {ports["postgres-primary"], ports["postgres-replica"], ports["redis"]} == {
        5441,
        5442,
        6391,
    }
    others = [p for name, p in ports.items() if not name.startswith(("postgres", "redis"))]
    assert all(8800 <= p <= 8899 for p in others), others
    assert PORTS.splash() == [8801, 8802, 8803]


def test_nginx_balances_the_three_instances_with_passive_health_checks() -> None:
    conf = plan.nginx_conf(LAYOUT)
    servers = re.findall(r"server 127\.0\.0\.1:(\d+) max_fails=2 fail_timeout=10s;", conf)
    assert [int(p) for p in servers] == PORTS.splash()
    assert "listen 127.0.0.1:8800;" in conf
    assert "proxy_pass http://splash;" in conf
    # The Host header goes through: each locale is its own domain.
    assert "proxy_set_header Host $http_host;" in conf
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in conf
    assert "set_real_ip_from 127.0.0.1;" in conf  # the client's address, as a CDN sends it


def test_nginx_retries_only_idempotent_requests_on_another_instance() -> None:
    conf = plan.nginx_conf(LAYOUT)
    retry = re.findall(r"proxy_next_upstream ([^;]+);", conf)
    assert retry == ["error timeout http_502 http_503"]
    assert "non_idempotent" not in conf  # a POST (an order) is never sent twice


def test_every_nginx_path_is_under_the_cluster_folder() -> None:
    conf = plan.nginx_conf(LAYOUT)
    paths = re.findall(r"(?:pid|error_log|access_log|_temp_path) (\S+?)[;\s]", conf)
    assert len(paths) == 8
    assert all(p.startswith(str(LAYOUT.root)) for p in paths), paths


@pytest.mark.skipif(not plan.NGINX.exists(), reason="Debian's nginx missing (make nginx-wrk)")
def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    for folder in (layout.nginx / "tmp", layout.logs):
        folder.mkdir(parents=True)
    (layout.nginx / "nginx.conf").write_text(plan.nginx_conf(layout))
    done = subprocess.run(
        [*plan.nginx_command(layout), "-t"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_instances_share_the_engines_and_drain_no_outbox() -> None:
    env = plan.splash_env(LAYOUT, SECRETS)
    assert env["SPLASH_DATABASE_URL"] == "postgres://splash:app@127.0.0.1:5441/splash"
    assert env["SPLASH_DATABASE_REPLICA_URL"] == "postgres://splash:app@127.0.0.1:5442/splash"
    assert env["SPLASH_REDIS_URL"] == "redis://127.0.0.1:6391/0"
    assert env["SPLASH_OUTBOX_EMBEDDED"] == "false"  # the two workers drain it
    assert env["SPLASH_PUBLIC_PORT"] == "8800"  # links name nginx, not an instance
    assert env["SPLASH_VAR_DIR"] == str(LAYOUT.splash_var)
    assert env["SPLASH_SITE_STORAGE"] == f"s3://{plan.BUCKET}/publish"
    assert env["SPLASH_SITE_ENDPOINT_URL"] == env["SPLASH_VIDEO_ENDPOINT_URL"]
    for area, prefix in (("VIDEO", "videos"), ("MEDIA", "media")):
        assert env[f"SPLASH_{area}_STORAGE"] == f"s3://splash/{prefix}"
        assert env[f"SPLASH_{area}_ENDPOINT_URL"] == "http://127.0.0.1:8813"
        assert env[f"SPLASH_{area}_ACCESS_KEY_ID"] == "AKEY"
        assert env[f"SPLASH_{area}_SECRET_ACCESS_KEY"] == "SKEY"


def test_the_settings_are_ones_splash_accepts(monkeypatch: pytest.MonkeyPatch) -> None:
    from splash.core.config import Settings

    env = plan.splash_env(LAYOUT, SECRETS)
    names = {f"SPLASH_{name.upper()}" for name in Settings.model_fields}
    assert set(env) - names == set()
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = Settings()  # from the environment, as each instance reads it
    assert settings.public_port == 8800
    assert settings.origin("en") == "http://en.localhost:8800"
    assert settings.database_replica_url == env["SPLASH_DATABASE_REPLICA_URL"]
    assert settings.trusted_proxies == ("127.0.0.1",)


def test_commands_are_the_real_serve_and_worker_commands() -> None:
    assert plan.serve_command(8802)[1:] == [
        "-m",
        "splash",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "8802",
    ]
    assert plan.worker_command()[1:] == ["-m", "splash", "worker"]
    assert [c[3] for c in plan.release_commands()] == ["migrate", "seed", "publish"]
    assert plan.redis_command()[plan.redis_command().index("--save") + 1] == ""


def test_the_replica_is_a_streaming_base_backup_of_the_primary() -> None:
    command = plan.basebackup_replica(Path("/usr/lib/postgresql/15/bin"), LAYOUT)
    assert "--port=5441" in command
    assert "--write-recovery-conf" in command  # standby.signal + primary_conninfo
    assert "--wal-method=stream" in command
    assert f"--pgdata={LAYOUT.pgdata('replica')}" in command
    start = plan.postgres_start(Path("/b"), LAYOUT, "replica", 5442)
    assert "--options=-p 5442" in start
    conf = plan.postgres_conf(LAYOUT, "primary")
    assert "wal_level = replica" in conf
    assert "hot_standby = on" in conf


def test_postgres_runs_as_postgres_only_when_root() -> None:
    assert plan.as_postgres(["initdb"], root=True) == ["runuser", "-u", "postgres", "--", "initdb"]
    assert plan.as_postgres(["initdb"], root=False) == ["initdb"]


def test_seaweedfs_listens_on_the_planned_ports_with_the_identities() -> None:
    command = plan.seaweed_command(LAYOUT)
    assert command[:2] == [str(LAYOUT.weed), "server"]
    flags = dict(arg.removeprefix("-").split("=", 1) for arg in command[2:] if "=" in arg)
    assert flags["s3.port"] == "8813"
    assert flags["master.port.grpc"] == "8820"
    assert flags["s3.config"] == str(LAYOUT.seaweed / "s3.json")
    identities = json.loads(plan.s3_identities(SECRETS))["identities"]
    splash = next(i for i in identities if i["name"] == "splash")
    assert splash["credentials"] == [{"accessKey": "AKEY", "secretKey": "SKEY"}]
    anonymous = next(i for i in identities if i["name"] == "anonymous")
    assert anonymous["actions"] == ["Read:splash"]  # reads only, of the one bucket


def test_table_aligns_columns() -> None:
    shown = plan.table([("nginx", "http://localhost:8800", "logs/nginx.log"), ("a", "b", "c")])
    lines = shown.splitlines()
    assert lines[0].split() == ["what", "where", "log"]
    assert lines[2].index("http") == lines[3].index("b") == lines[0].index("where")


def test_backup_comparison_names_each_differing_table() -> None:
    assert backup.compare({"a": 1, "b": 2}, {"a": 1, "b": 2}) == []
    assert backup.compare({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 0}) == [
        "b: 2 != 3",
        "c: missing != 0",
    ]


def test_shown_quotes_the_empty_argument() -> None:
    assert plan.shown(["redis-server", "--save", ""]) == "redis-server --save ''"


def test_a_wait_ends_with_one_line_naming_what_did_not_answer_and_its_log() -> None:
    from cluster.processes import ClusterError, wait_for

    log = plan.REPO_ROOT / "var" / "cluster" / "logs" / "redis.log"
    with pytest.raises(ClusterError) as raised:
        wait_for("Redis on 6391", lambda: False, 0.3, log)
    assert str(raised.value) == (
        "Redis on 6391 did not answer within 0.3 s (see var/cluster/logs/redis.log)"
    )

    def refuses() -> bool:
        raise ConnectionRefusedError  # an engine not listening yet: asked again, not raised

    with pytest.raises(ClusterError, match=r"^S3 did not answer within 0\.5 s$"):
        wait_for("S3", refuses, 0.5)
