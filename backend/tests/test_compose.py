"""Static checks of the container setup: compose.yaml (the developer shape), compose.yaml with
compose.production.yaml (the production shape), Dockerfile and .dockerignore.

No Docker engine is needed (none runs in CI): the files are parsed, merged and interpolated as
Compose does, and checked against the repository layout and the settings the backend reads
(backend/splash/core/config.py). backend/scripts/compose-check.sh runs them for real.
"""

from __future__ import annotations

import fnmatch
import itertools
import json
import os
import re
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "compose.yaml"
PRODUCTION_FILE = ROOT / "compose.production.yaml"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"

SERVICES = {"postgres", "redis", "mailpit", "migrate", "backend", "worker"}
HEALTHCHECKED = ("postgres", "redis", "mailpit", "backend")

# Every SPLASH_ variable the deployment may set (one per field of splash.core.config.Settings).
KNOWN_SPLASH_VARIABLES = frozenset(
    {
        "SPLASH_ENV",
        "SPLASH_SECRET_KEY",
        "SPLASH_DATABASE_URL",
        "SPLASH_DOMAINS",
        "SPLASH_PUBLIC_PORT",
        "SPLASH_SCHEME",
        "SPLASH_MAIL_URL",
        "SPLASH_MAIL_FROM",
        "SPLASH_PAYMENTS",
        "SPLASH_MOLLIE_API_KEY",
        "SPLASH_REDIS_URL",
        "SPLASH_GOOGLE_CLIENT_ID",
        "SPLASH_GOOGLE_CLIENT_SECRET",
        "SPLASH_RECAPTCHA_SITE_KEY",
        "SPLASH_RECAPTCHA_SECRET",
        "SPLASH_GTM_ID",
        "SPLASH_VAR_DIR",
        "SPLASH_TRUSTED_PROXIES",
        "SPLASH_LOG_LEVEL",
        "SPLASH_OUTBOX_EMBEDDED",
        "SPLASH_PAYMENTS_WEBHOOK_ORIGIN",
    }
)
SPLASH_NAME = re.compile(r"\bSPLASH_[A-Z0-9_]+")
# ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}
INTERPOLATION = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}")
PRODUCTION_SECRETS = {
    "SPLASH_SECRET_KEY": "s" * 48,
    "SPLASH_MOLLIE_API_KEY": "test_abcdefghijklmnopqrstuvwxyz0123",
    "SPLASH_RECAPTCHA_SITE_KEY": "site-key",
    "SPLASH_RECAPTCHA_SECRET": "secret",
}


# --------------------------------------------------------------------------------------- helpers


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _compose() -> dict[str, Any]:
    return _load(COMPOSE_FILE)


def _services() -> dict[str, dict[str, Any]]:
    """The developer shape's services: compose.yaml alone."""
    services = _compose()["services"]
    assert isinstance(services, dict)
    return services


def _production_services() -> dict[str, dict[str, Any]]:
    """compose.yaml with compose.production.yaml on top, merged as Compose merges: a service's
    environment key by key, every other key replaced."""
    merged = {name: dict(service) for name, service in _services().items()}
    for name, override in _load(PRODUCTION_FILE)["services"].items():
        service = merged[name]
        for key, value in override.items():
            if key == "environment":
                value = {**_environment(service), **_environment({"environment": value})}
            service[key] = value
    return merged


def _interpolated(env: dict[str, str | None], shell: dict[str, str]) -> dict[str, str]:
    """A service's environment as its container gets it from ``shell``: values interpolated
    (a ``${NAME:?…}`` that is unset fails the whole command, as in Compose), a key without a
    value taken from the shell or left out."""

    def value(match: re.Match[str]) -> str:
        name, colon, kind, word = match.groups()
        found = shell.get(name)
        missing = found is None or (colon == ":" and found == "")
        if kind == "?" and missing:
            raise AssertionError(f"every compose command fails unless {name} is set")
        return word if kind == "-" and missing else (found or "")

    result = {}
    for key, raw in env.items():
        if raw is None:
            if key in shell:
                result[key] = shell[key]
        else:
            result[key] = INTERPOLATION.sub(value, raw)
    return result


def _settings_from(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """The backend's settings as a container with ``env`` reads them (and nothing else)."""
    from splash.core.config import Settings

    for name in [name for name in os.environ if name.startswith("SPLASH_")]:
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings()


def _environment(service: dict[str, Any]) -> dict[str, str | None]:
    """A service's environment as a mapping, whether written as a mapping or as a KEY=VALUE list."""
    env = service.get("environment") or {}
    if isinstance(env, list):
        pairs = (item.partition("=") for item in env)
        return {key: (value if sep else None) for key, sep, value in pairs}
    return {key: (None if value is None else str(value)) for key, value in env.items()}


def _command(service: dict[str, Any]) -> str:
    command = service.get("command") or ""
    return " ".join(command) if isinstance(command, list) else str(command)


def _named_volumes(service: dict[str, Any]) -> list[str]:
    """Named volumes a service mounts (bind mounts, with a path as source, are skipped)."""
    names = []
    for volume in service.get("volumes") or []:
        if isinstance(volume, dict):
            if volume.get("type", "volume") != "volume" or not volume.get("source"):
                continue
            source = str(volume["source"])
        else:
            source, sep, _ = str(volume).partition(":")
            if not sep:  # an anonymous volume: just a container path
                continue
        if not source.startswith((".", "/", "~", "$")):
            names.append(source)
    return names


def _dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with comments dropped and continuation lines joined."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        keyword, _, arguments = (pending + line).partition(" ")
        instructions.append((keyword.upper(), arguments.strip()))
        pending = ""
    assert not pending, "Dockerfile ends with a line continuation"
    return instructions


def _arguments(instruction: str) -> list[str]:
    """Split ``COPY`` / ``CMD`` arguments, in JSON (exec) form or shell form."""
    if instruction.startswith("["):
        return list(yaml.safe_load(instruction))
    return shlex.split(instruction)


def _dockerignore_patterns() -> list[str]:
    lines = DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _ignored(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore drops ``path`` (or a parent of it) from the build context."""
    parts = Path(path.rstrip("/")).parts
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    ignored = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").strip("/")
        variants = {pattern, pattern.removeprefix("**/")}
        if any(fnmatch.fnmatchcase(p, v) for p in prefixes for v in variants) or (
            pattern.startswith("**/")
            and any(fnmatch.fnmatchcase(part, pattern[3:]) for part in parts)
        ):
            ignored = not negate
    return ignored


# ----------------------------------------------------------------------------------- compose.yaml


def test_compose_defines_exactly_the_stack() -> None:
    assert set(_services()) == SERVICES


def test_every_service_has_an_image_or_a_build_context_with_a_dockerfile() -> None:
    for name, service in _services().items():
        assert "image" in service or "build" in service, name
        build = service.get("build")
        if build is None:
            continue
        if isinstance(build, str):
            context, dockerfile = build, "Dockerfile"
        else:
            context, dockerfile = build.get("context", "."), build.get("dockerfile", "Dockerfile")
        assert (COMPOSE_FILE.parent / context).is_dir(), f"{name}: no build context {context}"
        assert (COMPOSE_FILE.parent / context / dockerfile).is_file(), f"{name}: no {dockerfile}"


def test_the_splash_image_is_built_once_from_the_root_dockerfile() -> None:
    services = _services()
    assert services["migrate"]["build"] == "."
    for name in ("backend", "worker"):
        assert "build" not in services[name], f"{name} would build the same image again"
        assert services[name]["image"] == services["migrate"]["image"], name
        assert services[name]["pull_policy"] == "never", f"{name}: the image is on no registry"


def test_infrastructure_images() -> None:
    services = _services()
    assert services["postgres"]["image"] == "postgres:16-alpine"
    assert services["redis"]["image"] == "redis:7-alpine"
    assert services["mailpit"]["image"].split(":")[0] == "axllent/mailpit"


def test_long_running_services_have_healthchecks() -> None:
    services = _services()
    expected_programs = {
        "postgres": "pg_isready",
        "redis": "redis-cli",
        "mailpit": "/mailpit",
        "backend": "python",
    }
    for name in HEALTHCHECKED:
        healthcheck = services[name].get("healthcheck")
        assert isinstance(healthcheck, dict), name
        assert not healthcheck.get("disable"), name
        test = healthcheck["test"]
        assert isinstance(test, list), name
        assert test[0] in ("CMD", "CMD-SHELL"), name
        assert test[1] == expected_programs[name], name
    assert services["redis"]["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    assert "/healthz" in " ".join(services["backend"]["healthcheck"]["test"])


def test_postgres_is_healthy_only_once_it_accepts_tcp() -> None:
    """The image's first start runs a server on its socket only: a socket check passes early."""
    assert "--host=127.0.0.1" in _services()["postgres"]["healthcheck"]["test"]


def _seconds(duration: str) -> float:
    units = {"ms": 0.001, "s": 1, "m": 60}
    number, unit = re.fullmatch(r"(\d+)(ms|s|m)", duration).groups()  # type: ignore[union-attr]
    return int(number) * units[unit]


def test_services_are_healthy_within_seconds_of_being_ready() -> None:
    """Docker 20.10 has no start interval: the interval itself is the delay after ready."""
    services = _services()
    for name in HEALTHCHECKED:
        assert _seconds(services[name]["healthcheck"]["interval"]) <= 5, name
    dockerfile = dict(_dockerfile_instructions())["HEALTHCHECK"]
    assert _seconds(re.search(r"--interval=(\S+)", dockerfile).group(1)) <= 5  # type: ignore[union-attr]


def test_published_ports_are_bound_to_loopback_only() -> None:
    published = {
        name: port for name, service in _services().items() for port in service.get("ports", [])
    }
    assert set(published) == {"backend", "mailpit"}
    for name, service in _services().items():
        for port in service.get("ports", []):
            assert str(port).startswith("127.0.0.1:"), f"{name}: {port}"


def test_redis_keeps_its_data_in_a_named_volume() -> None:
    """Its image declares a volume: without a name, every `down` leaves an anonymous one."""
    assert "/data" in [str(v).split(":")[1] for v in _services()["redis"]["volumes"]]
    assert _named_volumes(_services()["redis"]) == ["redis-data"]


def test_backend_waits_for_migrate_and_healthy_dependencies() -> None:
    depends_on = _services()["backend"]["depends_on"]
    conditions = {name: spec["condition"] for name, spec in depends_on.items()}
    assert conditions == {
        "migrate": "service_completed_successfully",
        "postgres": "service_healthy",
        "redis": "service_healthy",
        "mailpit": "service_started",
    }


def test_migrate_is_a_one_shot_migrate_seed_publish_job() -> None:
    migrate = _services()["migrate"]
    command = _command(migrate)
    steps = [
        "python -m splash migrate",
        "python -m splash seed --if-empty",
        "python -m splash publish",
    ]
    positions = [command.find(step) for step in steps]
    assert -1 not in positions, command
    assert positions == sorted(positions), "migrate, then seed, then publish"
    assert "&&" in command, "a failing step must fail the job"
    assert migrate["restart"] == "no"  # quoted in YAML: a bare `no` would load as False
    conditions = {name: spec["condition"] for name, spec in migrate["depends_on"].items()}
    # Seeding and publishing write to Redis: `docker compose run --rm migrate` starts both.
    assert conditions == {"postgres": "service_healthy", "redis": "service_healthy"}
    assert "ports" not in migrate


def test_backend_serves_on_port_8000() -> None:
    backend = _services()["backend"]
    assert backend["ports"] == ["127.0.0.1:8000:8000"]
    command = shlex.split(_command(backend))
    assert command[:4] == ["python", "-m", "splash", "serve"]
    assert command[command.index("--host") + 1] == "0.0.0.0"
    assert command[command.index("--port") + 1] == "8000"


def test_the_splash_services_reach_postgres_redis_and_mailpit() -> None:
    services = _services()
    env = _environment(services["backend"])
    database_url = env["SPLASH_DATABASE_URL"] or ""
    assert database_url.startswith("postgres://"), database_url
    database = urlsplit(_interpolated({"url": database_url}, {})["url"])
    assert database.hostname == "postgres"
    assert database.port == 5432
    postgres = _interpolated(_environment(services["postgres"]), {})
    assert database.username == postgres["POSTGRES_USER"]
    assert database.path == "/" + postgres["POSTGRES_DB"]
    assert database.password == postgres["POSTGRES_PASSWORD"]

    redis = urlsplit(env["SPLASH_REDIS_URL"] or "")
    assert (redis.scheme, redis.hostname, redis.port) == ("redis", "redis", 6379)
    mail = urlsplit(env["SPLASH_MAIL_URL"] or "")
    assert (mail.scheme, mail.hostname, mail.port) == ("smtp", "mailpit", 1025)
    assert env["SPLASH_PUBLIC_PORT"] == "8000"
    assert env["SPLASH_VAR_DIR"] == "/app/var"


def test_no_compose_command_needs_a_variable_set() -> None:
    """A ``${NAME:?…}`` fails every command, `ps`, `logs` and `down` too, when NAME is unset."""
    for path in (COMPOSE_FILE, PRODUCTION_FILE):
        required = [m.group(0) for m in INTERPOLATION.finditer(path.read_text()) if m[3] == "?"]
        assert required == [], path.name
    for services in (_services(), _production_services()):
        for service in services.values():
            _interpolated(_environment(service), {})


def test_the_developer_shape_starts_with_nothing_set(monkeypatch) -> None:
    settings = _settings_from(_interpolated(_environment(_services()["backend"]), {}), monkeypatch)

    assert (settings.env, settings.payments) == ("development", "test")
    assert settings.recaptcha_site_key is None
    # The test provider's webhook call goes from the worker to the backend by service name.
    webhook = urlsplit(settings.webhook_origin("nl"))
    assert (webhook.hostname, webhook.port) == ("backend", 8000)
    assert settings.origin("en") == "http://en.localhost:8000"


def test_the_developer_shape_takes_integrations_from_the_shell(monkeypatch) -> None:
    shell = {"SPLASH_GOOGLE_CLIENT_ID": "id", "SPLASH_GOOGLE_CLIENT_SECRET": "secret"}
    env = _interpolated(_environment(_services()["backend"]), shell)

    assert _settings_from(env, monkeypatch).google_sign_in


def test_the_production_shape_refuses_to_start_without_each_secret(monkeypatch) -> None:
    from pydantic import ValidationError

    backend = _environment(_production_services()["backend"])
    for missing in PRODUCTION_SECRETS:
        shell = {name: value for name, value in PRODUCTION_SECRETS.items() if name != missing}
        with pytest.raises(ValidationError, match=missing):
            _settings_from(_interpolated(backend, shell), monkeypatch)


def test_the_production_shape_takes_real_payments_and_the_captcha(monkeypatch) -> None:
    env = _interpolated(_environment(_production_services()["backend"]), PRODUCTION_SECRETS)
    settings = _settings_from(env, monkeypatch)

    assert (settings.env, settings.payments) == ("production", "mollie")
    assert settings.secret_key == PRODUCTION_SECRETS["SPLASH_SECRET_KEY"]
    assert settings.recaptcha_secret == "secret"
    # Mollie calls the webhook on the shop's own domain unless told another public origin.
    assert settings.payments_webhook_origin is None
    services = _production_services()
    for name in ("migrate", "worker"):
        assert _environment(services[name]) == _environment(services["backend"]), name


def test_migrate_runs_with_the_backend_environment() -> None:
    services = _services()
    assert _environment(services["migrate"]) == _environment(services["backend"])


def test_a_worker_service_drains_the_outbox_and_the_backends_do_not() -> None:
    services = _services()
    worker = services["worker"]
    assert shlex.split(_command(worker)) == ["python", "-m", "splash", "worker"]
    assert _environment(worker) == _environment(services["backend"])
    assert _environment(services["backend"])["SPLASH_OUTBOX_EMBEDDED"] == "false"
    conditions = {name: spec["condition"] for name, spec in worker["depends_on"].items()}
    assert conditions == {
        "migrate": "service_completed_successfully",
        "postgres": "service_healthy",
        "redis": "service_healthy",
        "mailpit": "service_started",
    }
    assert worker["restart"] == "unless-stopped"
    assert "ports" not in worker
    assert worker["healthcheck"] == {"disable": True}


def test_publish_output_is_shared_between_migrate_and_backend() -> None:
    services = _services()
    var_dir = _environment(services["backend"])["SPLASH_VAR_DIR"]
    mounts = {}
    for name in ("migrate", "backend"):
        targets = {
            str(volume).split(":")[1]: str(volume).split(":")[0]
            for volume in services[name]["volumes"]
        }
        assert var_dir in targets, name
        mounts[name] = targets[var_dir]
    assert mounts["migrate"] == mounts["backend"]
    assert mounts["backend"] in (_compose().get("volumes") or {})


def test_named_volumes_are_declared() -> None:
    declared = set(_compose().get("volumes") or {})
    used = {name for service in _services().values() for name in _named_volumes(service)}
    assert used, "expected named volumes (postgres data, publish output)"
    assert used <= declared, f"undeclared volumes: {sorted(used - declared)}"
    assert "postgres-data" in _named_volumes(_services()["postgres"])


def test_only_known_splash_variables_are_used() -> None:
    for path in (COMPOSE_FILE, PRODUCTION_FILE, DOCKERFILE):
        used = set(SPLASH_NAME.findall(path.read_text(encoding="utf-8")))
        assert used, path.name
        unknown = sorted(used - KNOWN_SPLASH_VARIABLES)
        assert not unknown, f"{path.name} uses unknown settings: {unknown}"


def test_known_splash_variables_are_backend_settings() -> None:
    from splash.core.config import Settings

    fields = {f"SPLASH_{name.upper()}" for name in Settings.model_fields}
    assert fields >= KNOWN_SPLASH_VARIABLES, sorted(KNOWN_SPLASH_VARIABLES - fields)


# ------------------------------------------------------------------------------------- Dockerfile


def test_dockerfile_stages() -> None:
    froms = [args for keyword, args in _dockerfile_instructions() if keyword == "FROM"]
    assert [args.split()[0] for args in froms] == [
        "node:22-bookworm-slim",
        "python:3.11-slim-bookworm",
        "python:3.11-slim-bookworm",
    ]
    assert froms[-1].endswith(" AS runtime"), "the runtime is the last stage"


def test_a_default_build_needs_no_docker_hub() -> None:
    """A ``# syntax=`` line makes BuildKit fetch its frontend image before every build."""
    first_lines = DOCKERFILE.read_text(encoding="utf-8").splitlines()[:5]
    assert not [line for line in first_lines if re.match(r"#\s*syntax\s*=", line)]


def _stage(name: str) -> list[tuple[str, str]]:
    instructions = _dockerfile_instructions()
    starts = [i for i, (k, a) in enumerate(instructions) if k == "FROM"] + [len(instructions)]
    for start, end in itertools.pairwise(starts):
        if instructions[start][1].lower().endswith(f" as {name}"):
            return instructions[start:end]
    raise AssertionError(f"no stage {name}")


def test_the_web_stage_installs_the_build_s_packages_only() -> None:
    runs = [args for keyword, args in _stage("web") if keyword == "RUN"]
    assert "npm ci --omit=dev" in runs
    package = json.loads((ROOT / "frontend" / "package.json").read_text(encoding="utf-8"))
    config = (ROOT / "frontend" / "vite.config.ts").read_text(encoding="utf-8")
    imported = set(re.findall(r'from "((?!node:)(?:@[^/"]+/)?[^/"]+)', config))
    assert imported == {"vite", "@vitejs/plugin-react"}
    assert imported <= set(package["dependencies"]), "the build's own packages are dependencies"
    for tool in ("vitest", "@playwright/test", "@pact-foundation/pact", "eslint", "typescript"):
        assert tool in package["devDependencies"], tool


def test_uv_stays_in_the_venv_stage() -> None:
    runtime = _stage("runtime")
    assert not [args for keyword, args in runtime if keyword == "RUN" and "uv" in args.split()]
    assert ("COPY", "--from=venv /opt/venv /opt/venv") in runtime


def test_dockerfile_runtime_is_healthchecked_non_root_on_port_8000() -> None:
    instructions = _dockerfile_instructions()
    runtime_start = max(i for i, (keyword, _) in enumerate(instructions) if keyword == "FROM")
    runtime = instructions[runtime_start:]
    by_keyword: dict[str, list[str]] = {}
    for keyword, arguments in runtime:
        by_keyword.setdefault(keyword, []).append(arguments)

    healthcheck = by_keyword["HEALTHCHECK"][-1]
    assert "CMD" in healthcheck and "urllib" in healthcheck
    assert "http://127.0.0.1:8000/healthz" in healthcheck

    user = by_keyword["USER"][-1].split(":")[0]
    assert user not in ("root", "0"), user

    assert "8000" in by_keyword["EXPOSE"][-1].split()
    cmd = _arguments(by_keyword["CMD"][-1])
    assert cmd == [
        "python",
        "-m",
        "splash",
        "serve",
        "--host",
        "0.0.0.0",
        "--port",
        "8000",
        "--workers",
        "2",
    ]

    venv = _stage("venv")
    assert "uv sync --frozen --no-dev --no-install-project" in [a for k, a in venv if k == "RUN"]
    assert "UV_PROJECT_ENVIRONMENT=/opt/venv" in " ".join(a for k, a in venv if k == "ENV")


def test_dockerfile_copy_sources_exist() -> None:
    instructions = _dockerfile_instructions()
    stages = {
        args.split()[-1].lower()
        for keyword, args in instructions
        if keyword == "FROM" and " as " in args.lower()
    }
    patterns = _dockerignore_patterns()
    checked = 0
    for keyword, arguments in instructions:
        if keyword not in ("COPY", "ADD"):
            continue
        words = _arguments(arguments)
        flags = [word for word in words if word.startswith("--")]
        sources = [word for word in words if not word.startswith("--")][:-1]
        stage = next((flag.split("=", 1)[1] for flag in flags if flag.startswith("--from=")), None)
        if stage is not None:
            assert stage.lower() in stages, f"COPY --from an unknown stage {stage}"
            continue
        for source in sources:
            if source.startswith("frontend/dist"):  # built in the image
                continue
            assert (ROOT / source).exists(), f"COPY source missing from the repository: {source}"
            assert not _ignored(source, patterns), f"COPY source in .dockerignore: {source}"
            checked += 1
    assert checked >= 5


def test_runtime_layout_matches_the_repository() -> None:
    """The backend resolves paths from the repository root, so the image must keep the layout."""
    destinations = {
        _arguments(arguments)[-1].rstrip("/")
        for keyword, arguments in _dockerfile_instructions()
        if keyword == "COPY"
    }
    for path in (
        "/app/backend",
        "/app/contracts",
        "/app/fixtures",
        "/app/frontend/scripts",
        "/app/frontend/dist",
        "/app/frontend/dist-server",
        "/usr/local/bin/node",
    ):
        assert path in destinations, path


def test_dockerignore_keeps_local_state_out_of_the_build_context() -> None:
    patterns = _dockerignore_patterns()
    for path in (
        ".git",
        ".venv",
        "frontend/node_modules",
        "frontend/dist",
        "frontend/dist-server",
        "var",
        "backend/splash/__pycache__",
        "frontend/playwright-report",
        "frontend/test-results",
    ):
        assert _ignored(path, patterns), path
    for path in ("backend/splash/core/config.py", "contracts/routes.json", "frontend/package.json"):
        assert not _ignored(path, patterns), path


def test_no_test_code_goes_into_the_image() -> None:
    """The stubs, factories and provider states (backend/testkit) and the tests stay out."""
    patterns = _dockerignore_patterns()
    for path in ("backend/testkit", "backend/testkit/mollie_stub.py", "backend/tests"):
        assert _ignored(path, patterns), path
