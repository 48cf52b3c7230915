# Splash: one image for every backend role (migrate / seed / publish / serve).
# Build context is the repository root:   docker build -t splash .
#
# Stage "web"      node:22 builds the SPA (frontend/dist) and its server renderer (frontend/dist-server)
#                  with the build's own packages only (`npm ci --omit=dev`: no test or lint tooling).
# Stage "venv"     uv installs the locked Python dependencies into /opt/venv (uv stays behind).
# Stage "runtime"  python:3.11 with the locked dependencies in /opt/venv, the backend source and the
#                  built frontend laid out exactly like the repository under /app, because the backend
#                  resolves every path from the repository root (splash/core/config.py: REPO_ROOT):
#                    /app/backend/splash  /app/contracts/routes.json  /app/fixtures
#                    /app/frontend/{dist,dist-server,scripts/render.mjs}  /app/var (SPLASH_VAR_DIR)

############################################################################## web build (Node 22)
# Node 22 LTS, though `make` runs on Node 20: the SPA build's output does not depend on it, Node 20
# is past its end of life (2026-04), and the lock file's Pact packages ask for 22 (npm checks every
# locked package's engines, also those --omit=dev leaves out).
FROM node:22-bookworm-slim AS web

ENV CI=true \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false

WORKDIR /src/frontend

# Dependencies first, so source edits don't invalidate the npm ci layer. "dependencies" are what
# the build needs (the app's packages, Vite and its React plugin); "devDependencies" are the
# tests' and linters' (Vitest, Playwright, Pact, ESLint), left out here.
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --omit=dev

# The SPA imports ../contracts/routes.json at build time: keep the repository layout.
COPY contracts/ /src/contracts/
COPY frontend/ ./
RUN npm run build \
    && test -d dist && test -d dist-server

############################################################################## venv (Python 3.11)
FROM python:3.11-slim-bookworm AS venv

ENV UV_PROJECT_ENVIRONMENT=/opt/venv \
    UV_PYTHON_DOWNLOADS=never \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_NO_CACHE=1

# uv is pinned to the version that wrote backend/uv.lock.
RUN pip install --no-cache-dir "uv==0.13.9"

WORKDIR /src/backend

# Locked third-party dependencies only (--no-install-project): the `splash` package itself is run
# from its source tree (/app/backend on PYTHONPATH). A non-editable install into site-packages would
# move REPO_ROOT away from /app and the backend would no longer find contracts/, fixtures/, frontend/.
COPY backend/pyproject.toml backend/uv.lock ./
RUN uv sync --frozen --no-dev --no-install-project

############################################################################## runtime (Python 3.11)
FROM python:3.11-slim-bookworm AS runtime

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app/backend

# The same interpreter path as the venv stage's, so the venv's links hold.
COPY --from=venv /opt/venv /opt/venv

# Node.js: `python -m splash publish` runs `node frontend/scripts/render.mjs`. The official binary is
# self-contained apart from glibc/libstdc++, which this Debian bookworm base already has.
COPY --from=web /usr/local/bin/node /usr/local/bin/node
RUN node --version

# Application files, in the repository's relative layout under /app (owned by root: read-only to
# the app user).
COPY backend/ /app/backend/
COPY contracts/ /app/contracts/
COPY fixtures/ /app/fixtures/
# package.json ("type": "module") makes Node load the built dist-server/*.js as ES modules.
# The server bundle is built with ssr.noExternal, so no node_modules are needed at run time.
COPY frontend/package.json /app/frontend/package.json
COPY frontend/scripts/ /app/frontend/scripts/
COPY --from=web /src/frontend/dist/ /app/frontend/dist/
COPY --from=web /src/frontend/dist-server/ /app/frontend/dist-server/

# Non-root user. /app/var holds the publish output (and the outbox when mail goes to files); it is
# the only writable path and is meant to be a volume shared by the migrate/publish job and the
# servers. Docker copies this ownership into a fresh named volume.
RUN groupadd --system --gid 10001 splash \
    && useradd --system --uid 10001 --gid splash --home-dir /app --no-create-home \
       --shell /usr/sbin/nologin splash \
    && mkdir -p /app/var \
    && chown splash:splash /app/var

# Safe defaults: production refuses to start without SPLASH_SECRET_KEY (32+ characters).
ENV SPLASH_ENV=production \
    SPLASH_VAR_DIR=/app/var

# Run from the repository root, so relative paths (e.g. the outbox://var/outbox default) land in
# /app/var; `splash` is importable through PYTHONPATH.
WORKDIR /app
USER splash:splash
EXPOSE 8000

# Every 5 s: healthy at most 5 s after the server is ready (Docker 20.10 has no start interval).
HEALTHCHECK --interval=5s --timeout=4s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]

CMD ["python", "-m", "splash", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2"]
