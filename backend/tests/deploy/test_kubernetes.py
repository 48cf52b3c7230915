"""The Kubernetes manifests (deploy/kubernetes) and the CDN rules (deploy/cdn.yaml), checked
offline: every object against one Kubernetes version's schemas in strict mode (the schemas that
kubernetes-validate ships; an unknown field is refused), then what no schema sees: the commands
are the image's and compose's, the probes reach /healthz on the port the backend serves, every
SPLASH_ name is a setting and the settings load, the selectors select, the CDN keeps what Splash
says it may keep. No cluster is needed; `make cluster` is where they would run for real."""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import os
import re
import shlex
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from pydantic import ValidationError

from splash.core.config import Settings

ROOT = Path(__file__).resolve().parents[3]
DEPLOY = ROOT / "deploy"
KUBERNETES = DEPLOY / "kubernetes"
KUBERNETES_VERSION = "1.34.0"
NAMESPACE = "splash"
STEP = "deploy.splash/step"
# What the operator's secret tool fills, never committed: applied apart from the kustomization.
SECRET_FILE = "secret.yaml"
SPLASH_NAME = re.compile(r"\bSPLASH_[A-Z0-9_]+")
CLUSTER_WIDE = {"Namespace"}
# Containers that serve nothing over HTTP, so have no probe: the release Job and the outbox
# workers (a stuck worker shows as outbox jobs waiting, docs/operations.md).
WITHOUT_PROBES = {"migrate", "worker"}
FILLED_SECRET = {
    "SPLASH_SECRET_KEY": "s" * 48,
    "SPLASH_DATABASE_URL": "postgres://splash:password@primary.db:5432/splash",
    "SPLASH_REDIS_URL": "redis://:password@redis:6379/0",
    "SPLASH_MAIL_URL": "smtp://relay:587",
    "SPLASH_MOLLIE_API_KEY": "live_abcdefghijklmnopqrstuvwxyz0123",
    "SPLASH_RECAPTCHA_SITE_KEY": "site-key",
    "SPLASH_RECAPTCHA_SECRET": "secret",
    "SPLASH_VIDEO_ACCESS_KEY_ID": "key-id",
    "SPLASH_VIDEO_SECRET_ACCESS_KEY": "secret-key",
    "SPLASH_MEDIA_ACCESS_KEY_ID": "key-id",
    "SPLASH_MEDIA_SECRET_ACCESS_KEY": "secret-key",
    "SPLASH_GOOGLE_CLIENT_ID": "",
    "SPLASH_GOOGLE_CLIENT_SECRET": "",
}


# --------------------------------------------------------------------------------------- helpers


def load_documents(path: Path) -> list[dict[str, Any]]:
    documents = [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc]
    assert all(isinstance(doc, dict) for doc in documents), path.name
    return documents


def kustomization() -> dict[str, Any]:
    [found] = load_documents(KUBERNETES / "kustomization.yaml")
    return found


def manifest_files() -> list[Path]:
    """Every Kubernetes manifest in the folder: the kustomization's and the Secret template."""
    return sorted(p for p in KUBERNETES.glob("*.yaml") if p.name != "kustomization.yaml")


def objects() -> list[dict[str, Any]]:
    return [obj for path in manifest_files() for obj in load_documents(path)]


def applied() -> list[dict[str, Any]]:
    """What `kubectl apply -k` applies: the kustomization's resources."""
    return [
        obj for name in kustomization()["resources"] for obj in load_documents(KUBERNETES / name)
    ]


def find(kind: str, name: str) -> dict[str, Any]:
    found = [o for o in objects() if o["kind"] == kind and o["metadata"]["name"] == name]
    assert len(found) == 1, f"expected one {kind} {name}, found {len(found)}"
    return found[0]


def pod_spec(obj: dict[str, Any]) -> dict[str, Any] | None:
    if obj["kind"] in ("Deployment", "Job", "StatefulSet", "DaemonSet"):
        spec: dict[str, Any] = obj["spec"]["template"]["spec"]
        return spec
    return None


def workloads() -> list[dict[str, Any]]:
    return [obj for obj in objects() if pod_spec(obj) is not None]


def containers(obj: dict[str, Any]) -> list[dict[str, Any]]:
    spec = pod_spec(obj) or {}
    return [*spec.get("initContainers", []), *spec.get("containers", [])]


def container(kind: str, name: str, container_name: str) -> dict[str, Any]:
    [found] = [c for c in containers(find(kind, name)) if c["name"] == container_name]
    return found


def schema_errors(obj: dict[str, Any]) -> list[str]:
    """What the Kubernetes schemas refuse in ``obj`` (strict: unknown fields too)."""
    try:
        kubernetes_validate.validate(obj, KUBERNETES_VERSION, strict=True)
    except kubernetes_validate.ValidationError as error:
        where = ".".join(str(part) for part in error.path)
        return [f"{obj['kind']}/{obj['metadata']['name']}: {where}: {error.message}"]
    except kubernetes_validate.SchemaNotFoundError as error:
        return [error.message]
    return []


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def config_data() -> dict[str, str]:
    data: dict[str, str] = find("ConfigMap", "splash-config")["data"]
    return data


def secret_keys() -> dict[str, str]:
    data: dict[str, str] = find("Secret", "splash-secrets")["stringData"]
    return data


def settings_from(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The backend's settings as a container with ``env`` (and nothing else) reads them."""
    for name in [name for name in list(os.environ) if name.startswith("SPLASH_")]:
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings()


def dockerfile_cmd() -> list[str]:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    [cmd] = re.findall(r"^CMD (\[.*\])$", dockerfile, re.M)
    found: list[str] = json.loads(cmd)
    return found


def compose_command(service: str) -> list[str]:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    command = compose["services"][service]["command"]
    return list(command) if isinstance(command, list) else shlex.split(command)


def resolve(dotted: str) -> Any:
    module, _, attribute = dotted.rpartition(".")
    return getattr(importlib.import_module(module), attribute)


def byte_size(quantity: str) -> int:
    """An nginx size (``21m``, ``512k``, ``1024``) in bytes."""
    number, unit = re.fullmatch(r"(\d+)([kKmMgG]?)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}[unit.lower()]


# ------------------------------------------------------------------------------------ the schemas


def test_every_manifest_validates_against_the_kubernetes_schemas():
    checked = objects()
    assert len(checked) >= 11
    assert [error for obj in checked for error in schema_errors(obj)] == []


def test_the_schemas_refuse_an_unknown_field_a_wrong_type_and_a_missing_field():
    """The check above can fail: strict schemas of the pinned version, not a YAML parse."""
    backend = find("Deployment", "splash-backend")
    unknown = copy.deepcopy(backend)
    unknown["spec"]["template"]["spec"]["containers"][0]["readinessprobe"] = {}
    wrong_type = copy.deepcopy(backend)
    wrong_type["spec"]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] = "8000"
    missing = copy.deepcopy(backend)
    del missing["spec"]["selector"]
    for broken in (unknown, wrong_type, missing):
        assert schema_errors(broken) != []
    assert "readinessprobe" in schema_errors(unknown)[0]
    old_hpa = {**find("HorizontalPodAutoscaler", "splash-backend"), "apiVersion": "autoscaling/v1"}
    assert schema_errors(old_hpa) != []


def test_the_kustomization_applies_every_manifest_but_the_secret():
    resources = kustomization()["resources"]
    assert len(resources) == len(set(resources))
    assert set(resources) == {path.name for path in manifest_files()} - {SECRET_FILE}
    assert kustomization()["namespace"] == NAMESPACE
    assert all(obj["kind"] != "Secret" for obj in applied()), "an apply would empty the secrets"


def test_every_object_is_in_the_namespace():
    for obj in objects():
        if obj["kind"] in CLUSTER_WIDE:
            assert obj["metadata"]["name"] == NAMESPACE
        else:
            assert obj["metadata"].get("namespace") == NAMESPACE, obj["metadata"]["name"]


def test_every_container_runs_the_splash_image_the_kustomization_pins():
    [image] = kustomization()["images"]
    assert image["name"] == "splash"
    assert image.get("newName"), "the registry's name of the image"
    pinned = image.get("digest") or image.get("newTag")
    assert pinned and pinned != "latest", "a release is pinned, never latest"
    for obj in workloads():
        for spec in containers(obj):
            assert spec["image"] == "splash", f"{spec['name']}: {spec['image']}"
            assert spec.get("imagePullPolicy") in (None, "IfNotPresent"), spec["name"]


# ---------------------------------------------------------------------------- the release's order


def test_a_release_applies_setup_then_the_migrate_job_then_the_servers():
    steps = {
        (obj["kind"], obj["metadata"]["name"]): obj["metadata"]["labels"].get(STEP)
        for obj in applied()
    }
    assert set(steps.values()) == {"setup", "migrate", "serve"}, steps
    assert [key for key, step in steps.items() if step == "migrate"] == [("Job", "splash-migrate")]
    assert {key for key, step in steps.items() if step == "setup"} == {
        ("Namespace", NAMESPACE),
        ("ConfigMap", "splash-config"),
        ("PersistentVolumeClaim", "splash-var"),
    }
    script = (KUBERNETES / "deploy.sh").read_text(encoding="utf-8")
    order = [
        f"--selector {STEP}=setup",
        "delete job splash-migrate",
        f"--selector {STEP}=migrate",
        "--for=condition=complete",
        f"--selector {STEP}=serve",
        "rollout status deployment/splash-backend",
    ]
    positions = [script.find(step) for step in order]
    assert -1 not in positions, dict(zip(order, positions, strict=True))
    assert positions == sorted(positions), "setup, the Job waited for, then the servers"
    assert script.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in script


def test_the_migrate_job_runs_compose_s_release_command_once():
    job = find("Job", "splash-migrate")
    [migrate] = containers(job)
    assert migrate["command"] == compose_command("migrate")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "$(PY) -m splash migrate" in makefile
    assert migrate["command"][-1].startswith("python -m splash migrate && ")
    assert job["spec"]["backoffLimit"] == 0
    assert job["spec"]["template"]["spec"]["restartPolicy"] == "Never"


def test_the_backend_runs_the_image_s_command_and_the_worker_compose_s():
    assert container("Deployment", "splash-backend", "backend")["command"] == dockerfile_cmd()
    assert dockerfile_cmd() == compose_command("backend")
    assert container("Deployment", "splash-worker", "worker")["command"] == compose_command(
        "worker"
    )
    assert config_data()["SPLASH_OUTBOX_EMBEDDED"] == "false", "the workers drain, not the servers"


# ------------------------------------------------------------------------- probes and resources


def test_the_backend_probes_healthz_on_the_port_it_serves():
    from splash.site.web import routes

    assert "/healthz" in {route.uri for route in routes.bp._future_routes}
    backend = container("Deployment", "splash-backend", "backend")
    command = backend["command"]
    serving = int(command[command.index("--port") + 1])
    ports = {port["name"]: port["containerPort"] for port in backend["ports"]}
    assert ports == {"http": serving}
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        http_get = backend[probe]["httpGet"]
        assert http_get["path"] == "/healthz", probe
        assert ports.get(http_get["port"], http_get["port"]) == serving, probe
    # A short database outage takes instances out of the Service before any is restarted.
    readiness, liveness = backend["readinessProbe"], backend["livenessProbe"]
    assert (
        readiness["periodSeconds"] * readiness["failureThreshold"]
        < liveness["periodSeconds"] * liveness["failureThreshold"]
    )


def test_every_serving_container_has_probes_and_every_container_resources():
    without_probes = set()
    for obj in workloads():
        for spec in containers(obj):
            probes = {"readinessProbe", "livenessProbe"} & set(spec)
            if not probes:
                without_probes.add(spec["name"])
            else:
                assert probes == {"readinessProbe", "livenessProbe"}, spec["name"]
            resources = spec.get("resources", {})
            for bound in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(resources.get(bound, {})), (spec["name"], bound)
    assert without_probes == WITHOUT_PROBES


def test_the_long_running_pods_have_an_init_as_compose_s_services_do():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))["services"]
    for name, service in (("splash-backend", "backend"), ("splash-worker", "worker")):
        assert compose[service]["init"] is True, service
        spec = pod_spec(find("Deployment", name)) or {}
        assert spec.get("shareProcessNamespace") is True, name


def test_a_stopping_backend_finishes_its_requests():
    backend = find("Deployment", "splash-backend")
    grace = backend["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    assert grace > Settings.model_fields["response_timeout_seconds"].default
    worker = find("Deployment", "splash-worker")
    grace = worker["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    assert grace > Settings.model_fields["outbox_lease_seconds"].default


def test_every_pod_runs_as_the_image_s_user_read_only_with_its_writable_folders():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    uid = int(re.search(r"useradd [^\n]*--uid (\d+)", dockerfile).group(1))  # type: ignore[union-attr]
    var_dir = config_data()["SPLASH_VAR_DIR"]
    for obj in workloads():
        spec = pod_spec(obj) or {}
        pod = spec["securityContext"]
        assert pod["runAsNonRoot"] is True and pod["runAsUser"] == uid, obj["metadata"]["name"]
        assert pod["seccompProfile"] == {"type": "RuntimeDefault"}
        assert spec.get("automountServiceAccountToken") is False
        volumes = {volume["name"]: volume for volume in spec["volumes"]}
        for item in containers(obj):
            context = item["securityContext"]
            assert context["readOnlyRootFilesystem"] is True, item["name"]
            assert context["allowPrivilegeEscalation"] is False, item["name"]
            assert context["capabilities"] == {"drop": ["ALL"]}, item["name"]
            mounts = {mount["mountPath"]: volumes[mount["name"]] for mount in item["volumeMounts"]}
            assert set(mounts) == {var_dir, "/tmp"}, item["name"]
            claim = mounts[var_dir]["persistentVolumeClaim"]["claimName"]
            assert claim == "splash-var", item["name"]
            assert "emptyDir" in mounts["/tmp"], item["name"]
    shared = find("PersistentVolumeClaim", "splash-var")
    assert shared["spec"]["accessModes"] == ["ReadWriteMany"], "backends, workers and the Job"


# -------------------------------------------------------------------------------------- settings


def test_every_splash_name_in_the_deployment_is_a_setting():
    """A renamed or removed setting breaks this test, not the next release."""
    settings = {f"SPLASH_{name.upper()}" for name in Settings.model_fields}
    files = [*KUBERNETES.iterdir(), DEPLOY / "cdn.yaml"]
    used = {name for path in files for name in SPLASH_NAME.findall(path.read_text("utf-8"))}
    assert len(used) >= 20
    assert sorted(used - settings) == []
    assert set(config_data()) & set(secret_keys()) == set(), "a setting in one place only"
    assert set(config_data()) | set(secret_keys()) <= used


def test_every_container_reads_the_settings_and_the_secrets():
    for obj in workloads():
        for item in containers(obj):
            sources = item["envFrom"]
            assert sources == [
                {"configMapRef": {"name": "splash-config"}},
                {"secretRef": {"name": "splash-secrets"}},
            ], item["name"]
            assert "env" not in item, f"{item['name']}: settings live in the ConfigMap"


def test_no_secret_is_committed(monkeypatch):
    assert set(secret_keys()) == set(FILLED_SECRET)
    assert set(secret_keys().values()) == {""}
    with pytest.raises(ValidationError, match="SPLASH_SECRET_KEY"):
        settings_from({**config_data(), **secret_keys()}, monkeypatch)


def test_the_settings_load_once_the_operator_fills_the_secret(monkeypatch):
    settings = settings_from({**config_data(), **FILLED_SECRET}, monkeypatch)

    assert (settings.env, settings.payments, settings.outbox_embedded) == (
        "production",
        "mollie",
        False,
    )
    assert settings.origin("en") == "https://en.splash.example"
    assert settings.video_folder is None and settings.media_folder is None, "both in the bucket"
    assert settings.google_sign_in is False
    for required in ("SPLASH_SECRET_KEY", "SPLASH_MOLLIE_API_KEY", "SPLASH_VIDEO_ACCESS_KEY_ID"):
        with pytest.raises(ValidationError):
            settings_from({**config_data(), **FILLED_SECRET, required: ""}, monkeypatch)


# ------------------------------------------------------------------------- service and ingress


def test_the_service_budget_and_autoscaler_select_the_backends():
    backend = find("Deployment", "splash-backend")
    pod_labels = backend["spec"]["template"]["metadata"]["labels"]
    assert selects(backend["spec"]["selector"]["matchLabels"], pod_labels)
    worker_labels = find("Deployment", "splash-worker")["spec"]["template"]["metadata"]["labels"]
    service = find("Service", "splash-backend")
    assert selects(service["spec"]["selector"], pod_labels)
    assert not selects(service["spec"]["selector"], worker_labels)
    ports = {p["name"] for p in container("Deployment", "splash-backend", "backend")["ports"]}
    assert {port["targetPort"] for port in service["spec"]["ports"]} <= ports
    budget = find("PodDisruptionBudget", "splash-backend")
    assert selects(budget["spec"]["selector"]["matchLabels"], pod_labels)
    autoscaler = find("HorizontalPodAutoscaler", "splash-backend")
    target = autoscaler["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", "splash-backend")
    assert autoscaler["spec"]["minReplicas"] >= 2
    assert budget["spec"]["maxUnavailable"] < autoscaler["spec"]["minReplicas"]
    assert "replicas" not in backend["spec"], "the autoscaler owns the count; an apply resets it"


def test_the_ingress_serves_every_shop_domain_over_tls():
    ingress = find("Ingress", "splash")
    domains = config_data()["SPLASH_DOMAINS"]
    hosts = {pair.partition("=")[2] for pair in domains.split(",")}
    assert len(hosts) == 6
    [tls] = ingress["spec"]["tls"]
    assert set(tls["hosts"]) == hosts and tls["secretName"] == "splash-tls"
    assert {rule["host"] for rule in ingress["spec"]["rules"]} == hosts
    service = find("Service", "splash-backend")
    names = {port["name"] for port in service["spec"]["ports"]}
    for rule in ingress["spec"]["rules"]:
        [path] = rule["http"]["paths"]
        assert (path["path"], path["pathType"]) == ("/", "Prefix")
        assert path["backend"]["service"]["name"] == service["metadata"]["name"]
        assert path["backend"]["service"]["port"]["name"] in names
    assert config_data()["SPLASH_SCHEME"] == "https"
    assert config_data()["SPLASH_PUBLIC_PORT"] == "0"


def test_the_ingress_lets_through_the_largest_body_splash_takes():
    from splash.shared.http.uploads import ENVELOPE

    annotations = find("Ingress", "splash")["metadata"]["annotations"]
    limit = byte_size(annotations["nginx.ingress.kubernetes.io/proxy-body-size"])
    fields = Settings.model_fields
    assert limit >= fields["media_max_bytes"].default + ENVELOPE
    assert limit >= fields["video_upload_chunk_bytes"].default + ENVELOPE
    read_timeout = int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"])
    assert read_timeout > fields["response_timeout_seconds"].default


def test_every_process_at_the_autoscaler_s_ceiling_gets_its_postgresql_connections():
    """Each Splash process pools up to 5 connections (Tortoise's default); docs/operations.md
    asks for max_connections of 150, less the superuser's 3 and 2 for replication and backups."""
    pool, budget = 5, 150 - 3 - 2
    command = container("Deployment", "splash-backend", "backend")["command"]
    processes = int(command[command.index("--workers") + 1])
    ceiling = find("HorizontalPodAutoscaler", "splash-backend")["spec"]["maxReplicas"]
    workers = find("Deployment", "splash-worker")["spec"]["replicas"]
    total = ceiling * processes * pool + workers * pool + pool
    assert total <= budget
    operations = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    times = "\N{MULTIPLICATION SIGN}"
    sum_shown = f"{ceiling} pods {times} {processes} processes {times} {pool} + {workers} workers"
    assert sum_shown in operations
    assert f"the Job's {pool} = {total}" in operations
    assert "`max_connections` to 150" in operations


# ------------------------------------------------------------------------------------------- CDN


def test_the_cdn_keeps_what_splash_says_it_may_keep():
    rules = yaml.safe_load((DEPLOY / "cdn.yaml").read_text(encoding="utf-8"))
    cached = {rule["path"]: rule for rule in rules["cached"]}
    assert {"/assets/*", "/_payload/*", "/media/*"} <= set(cached)
    for path, rule in cached.items():
        sent = resolve(rule["header"])
        if isinstance(sent, str):
            assert sent == rule["cache_control"], path
        else:  # a route handler that writes its header as a literal
            assert f'"{rule["cache_control"]}"' in inspect.getsource(sent), path
    passed = {rule["path"] for rule in rules["passed"]}
    assert "/api/*" in passed and not passed & set(cached)


def test_the_bucket_rules_are_where_the_settings_put_the_files(monkeypatch):
    settings = settings_from({**config_data(), **FILLED_SECRET}, monkeypatch)
    rules = yaml.safe_load((DEPLOY / "cdn.yaml").read_text(encoding="utf-8"))
    bucket = {rule["path"] for rule in rules["cached"] if rule["origin"] == "bucket"}
    video_prefix = settings.video_storage.removeprefix("s3://").partition("/")[2]
    media_prefix = settings.media_storage.removeprefix("s3://").partition("/")[2]
    assert bucket == {f"/{video_prefix}/videos/*", f"/{media_prefix}/library/*"}
    for base, prefix in (
        (settings.video_base_url, video_prefix),
        (settings.media_base_url, media_prefix),
    ):
        assert base and base.startswith("https://") and base.endswith(f"/{prefix}")
