"""``make cluster``: Splash's production shape on one machine, with real engines.

Three Splash instances behind Debian's nginx, PostgreSQL as a primary and a streaming replica,
Redis, SeaweedFS's S3 gateway and two outbox workers, every one a process of its own on its own
port, all state under var/cluster (docs/operations.md, "make cluster"). ``plan`` is the pure
part (ports, configuration files, command lines, environment); ``__main__`` starts and stops
the processes; ``backup`` backs up and restores the database and the bucket; ``s3`` is the
small signed S3 client those two use.

  .venv/bin/python -m cluster up       # make cluster
  .venv/bin/python -m cluster down     # make cluster-stop
  .venv/bin/python -m cluster status
"""
