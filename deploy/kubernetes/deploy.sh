#!/usr/bin/env bash
# One release of Splash on Kubernetes, in order (docs/operations.md, "Releasing on Kubernetes"):
#   1. setup    the namespace, the settings and the shared volume
#   2. migrate  the release Job (migrate, seed when empty, publish), waited for: the rollout stops
#               here when it fails, and the running backends keep serving the previous release
#   3. serve    the backends, workers, service, disruption budget, autoscaler and ingress, then
#               waits for both rollouts
# Needs kubectl (1.27+, for `apply -k` with a selector) on a context with the splash-secrets
# Secret applied (secret.yaml). The release is the image pinned in kustomization.yaml.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
namespace=splash
timeout=${MIGRATE_TIMEOUT:-30m}

kubectl apply -k "$here" --selector deploy.splash/step=setup
kubectl -n "$namespace" get secret splash-secrets >/dev/null

# A Job's template is immutable: the previous release's Job goes first.
kubectl -n "$namespace" delete job splash-migrate --ignore-not-found --wait=true
kubectl apply -k "$here" --selector deploy.splash/step=migrate

# Whichever comes first: complete (go on) or failed (stop, with its log).
kubectl -n "$namespace" wait job/splash-migrate --for=condition=complete --timeout="$timeout" &
complete=$!
kubectl -n "$namespace" wait job/splash-migrate --for=condition=failed --timeout="$timeout" &
failed=$!
wait -n "$complete" "$failed" || true
if ! kubectl -n "$namespace" get job splash-migrate \
  -o jsonpath='{.status.conditions[?(@.type=="Complete")].status}' | grep -qx True; then
  kill "$complete" "$failed" 2>/dev/null || true
  kubectl -n "$namespace" logs job/splash-migrate --tail=50 || true
  echo "deploy: the migrate Job did not complete; the previous release keeps serving" >&2
  exit 1
fi
kill "$complete" "$failed" 2>/dev/null || true

kubectl apply -k "$here" --selector deploy.splash/step=serve
kubectl -n "$namespace" rollout status deployment/splash-backend --timeout=10m
kubectl -n "$namespace" rollout status deployment/splash-worker --timeout=10m
echo "deploy: released"
