"""A backup of the cluster's database and bucket, and its restore tried at once.

Into var/cluster/backup: ``splash.dump`` (pg_dump, custom format) and ``base/`` (pg_basebackup
of the whole primary, checked by pg_verifybackup) for PostgreSQL; ``bucket/`` (every object,
as ``aws s3 sync`` would copy it) and ``bucket.json`` (key, size, ETag of each) for the bucket.
The restore: the dump into a scratch database, ``splash_restore``, beside the real one, every
table's row count compared with the primary's; the copied objects into a scratch bucket,
``splash-restore``, its listing compared with the original's. The replica's counts are compared
too, once it has replayed (it streams: a moment at most).
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from cluster import plan
from cluster.plan import PORTS, Layout, Secrets
from cluster.s3 import Bucket

RESTORED = "splash_restore"


class BackupError(Exception):
    pass


def _run(what: str, command: list[str], password: str) -> str:
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            env={**os.environ, "PGPASSWORD": password},
        )
    except subprocess.TimeoutExpired:
        raise BackupError(f"{what}: no end within 300 s") from None
    if done.returncode != 0:
        raise BackupError(f"{what} failed: {done.stderr.strip()[-300:]}")
    return done.stdout


def _counts(bin_dir: Path, port: int, database: str, secrets: Secrets) -> dict[str, int]:
    """Every public table's exact row count (one query: a UNION of count(*))."""
    psql = [str(bin_dir / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", plan.DATABASE_USER]
    psql += ["-d", database, "-At", "-v", "ON_ERROR_STOP=1"]
    names = _run(
        "listing tables",
        [*psql, "-c", "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"],
        secrets.splash,
    ).split()
    query = " UNION ALL ".join(f"SELECT '{n}', count(*) FROM public.\"{n}\"" for n in names)
    rows = _run(
        f"counting rows on {port}/{database}", [*psql, "-F", "\t", "-c", query], secrets.splash
    )
    return {name: int(count) for name, count in (line.split("\t") for line in rows.splitlines())}


def compare(original: dict[str, int], copy: dict[str, int]) -> list[str]:
    """One line per table whose count differs or that is missing on either side."""
    return [
        f"{name}: {original.get(name, 'missing')} != {copy.get(name, 'missing')}"
        for name in sorted(set(original) | set(copy))
        if original.get(name) != copy.get(name)
    ]


KEY_TABLES = (
    "catalog_product",
    "catalog_product_variant",
    "page",
    "academy_lesson",
    "media_item",
    "outbox_job",
)


def summary(counts: dict[str, int]) -> str:
    shown = [f"{name} {counts[name]}" for name in KEY_TABLES if name in counts]
    return f"{len(counts)} tables, {sum(counts.values())} rows ({', '.join(shown)})"


def backup_and_restore(layout: Layout, secrets: Secrets, bin_dir: Path, root: bool) -> str:
    del root  # pg_dump, pg_basebackup and pg_restore are clients: they run as anyone
    folder = layout.backup
    folder.mkdir(parents=True, exist_ok=True)
    primary = PORTS.postgres_primary
    lines = ["backup and restore (var/cluster/backup):"]

    started = time.monotonic()
    dump = folder / "splash.dump"
    connect = ["-h", "127.0.0.1", "-p", str(primary), "-U", plan.DATABASE_USER]
    _run(
        "pg_dump",
        [str(bin_dir / "pg_dump"), *connect, "-Fc", "-f", str(dump), plan.DATABASE],
        secrets.splash,
    )
    base = folder / "base"
    _run(
        "pg_basebackup",
        [
            str(bin_dir / "pg_basebackup"),
            "-h",
            "127.0.0.1",
            "-p",
            str(primary),
            "-U",
            plan.REPLICATION_USER,
            "-D",
            str(base),
            "--wal-method=stream",
            "--checkpoint=fast",
            "--no-password",
        ],
        secrets.replicator,
    )
    _run("pg_verifybackup", [str(bin_dir / "pg_verifybackup"), str(base)], "")
    size = sum(f.stat().st_size for f in base.rglob("*") if f.is_file())
    lines.append(
        f"  PostgreSQL: pg_dump {dump.stat().st_size / 1024:.0f} KiB, pg_basebackup "
        f"{size / 1024**2:.0f} MiB (pg_verifybackup ok) in {time.monotonic() - started:.1f} s"
    )

    started = time.monotonic()
    admin = ["-h", "127.0.0.1", "-p", str(primary), "-U", "postgres"]
    psql = [str(bin_dir / "psql"), *admin, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c"]
    _run("drop scratch database", [*psql, f"DROP DATABASE IF EXISTS {RESTORED}"], secrets.postgres)
    _run(
        "create scratch database",
        [*psql, f"CREATE DATABASE {RESTORED} OWNER {plan.DATABASE_USER}"],
        secrets.postgres,
    )
    _run(
        "pg_restore",
        [str(bin_dir / "pg_restore"), *connect, "--no-owner", "-d", RESTORED, str(dump)],
        secrets.splash,
    )
    original = _counts(bin_dir, primary, plan.DATABASE, secrets)
    restored = _counts(bin_dir, primary, RESTORED, secrets)
    problems = compare(original, restored)
    if problems:
        raise BackupError("restored database differs: " + "; ".join(problems))
    lines.append(
        f"  restored into {RESTORED}: {summary(restored)}, every count equal "
        f"({time.monotonic() - started:.1f} s)"
    )
    deadline = time.monotonic() + 30
    while problems := compare(
        original, _counts(bin_dir, PORTS.postgres_replica, plan.DATABASE, secrets)
    ):
        if time.monotonic() > deadline:
            raise BackupError("the replica has not caught up in 30 s: " + "; ".join(problems))
        time.sleep(0.5)
    lines.append(f"  replica on {PORTS.postgres_replica}: every count equal to the primary's")

    started = time.monotonic()
    endpoint = f"http://127.0.0.1:{PORTS.s3}"
    source = Bucket(endpoint, plan.BUCKET, secrets.s3_access_key, secrets.s3_secret_key)
    target = Bucket(endpoint, plan.RESTORE_BUCKET, secrets.s3_access_key, secrets.s3_secret_key)
    try:
        entries = source.entries()
        copied = folder / "bucket"
        for entry in entries:
            path = copied / entry.key
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(source.get(entry.key))
        manifest = {e.key: {"size": str(e.size), "etag": e.etag} for e in entries}
        (folder / "bucket.json").write_text(json.dumps(manifest, indent=1) + "\n")
        target.create()
        for key in manifest:
            target.put(key, (copied / key).read_bytes())
        back = {e.key: {"size": str(e.size), "etag": e.etag} for e in target.entries()}
    finally:
        source.close()
        target.close()
    if back != manifest:
        differ = sorted(k for k in set(back) | set(manifest) if back.get(k) != manifest.get(k))
        raise BackupError(f"restored bucket differs in {len(differ)} objects, e.g. {differ[:3]}")
    total = sum(int(e["size"]) for e in manifest.values())
    lines.append(
        f"  bucket {plan.BUCKET}: {len(manifest)} objects, {total / 1024**2:.1f} MiB copied and "
        f"restored into {plan.RESTORE_BUCKET}, keys, sizes and ETags equal "
        f"({time.monotonic() - started:.1f} s)"
    )
    return "\n".join(lines)
