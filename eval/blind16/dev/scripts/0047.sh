#!/usr/bin/env bash
# Throwaway kind cluster for the ingest service's integration tests.
#
#   tools/kind_e2e.sh [--keep] [--image-tag TAG] [--k8s v1.30.0]
#
# Creates a kind cluster named ingest-e2e-<short-sha> (so parallel runs from
# different worktrees do not collide), builds the service image locally, loads
# it into the cluster with `kind load`, applies deploy/overlays/e2e with kubectl
# --context pinned to that cluster, waits for rollout, runs the pytest
# integration suite against a port-forward on 127.0.0.1 and deletes the cluster
# it created on exit unless --keep is given. Other clusters and contexts are
# never touched; the kubeconfig is written to a temp file, not ~/.kube/config.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
SHA="$(git -C "$ROOT" rev-parse --short HEAD)"
CLUSTER="ingest-e2e-$SHA"
CONTEXT="kind-$CLUSTER"
IMAGE_REPO="ingest"
image_tag="e2e-$SHA"
k8s_version="v1.30.0"
keep=0
pf_pid=""
KUBECONFIG_FILE="$(mktemp "${TMPDIR:-/tmp}/kubeconfig-$CLUSTER.XXXXXX")"
export KUBECONFIG="$KUBECONFIG_FILE"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --image-tag) image_tag="$2"; shift 2 ;;
    --k8s) k8s_version="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

IMAGE="$IMAGE_REPO:$image_tag"
say() { printf '\033[1;32m[kind-e2e]\033[0m %s\n' "$*"; }

for tool in kind kubectl docker; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done

k() { kubectl --context "$CONTEXT" "$@"; }

cleanup() {
  local rc=$?
  if [[ -n "$pf_pid" ]]; then
    kill "$pf_pid" 2>/dev/null || true
    wait "$pf_pid" 2>/dev/null || true
  fi
  if (( keep )); then
    say "keeping cluster $CLUSTER (kubeconfig: $KUBECONFIG_FILE)"
  else
    if kind get clusters 2>/dev/null | grep -qx "$CLUSTER"; then
      say "deleting cluster $CLUSTER"
      kind delete cluster --name "$CLUSTER" >/dev/null
    fi
    rm -f "$KUBECONFIG_FILE"
  fi
  exit "$rc"
}
trap cleanup EXIT INT TERM

create_cluster() {
  if kind get clusters 2>/dev/null | grep -qx "$CLUSTER"; then
    say "cluster $CLUSTER already exists, reusing"
    kind export kubeconfig --name "$CLUSTER" >/dev/null
    return
  fi
  say "creating $CLUSTER ($k8s_version)"
  kind create cluster --name "$CLUSTER" --image "kindest/node:$k8s_version" \
    --config "$ROOT/deploy/kind/cluster.yaml" --wait 120s
}

build_and_load() {
  say "building $IMAGE"
  docker build -q -t "$IMAGE" -f "$ROOT/services/ingest/Dockerfile" "$ROOT" >/dev/null
  kind load docker-image "$IMAGE" --name "$CLUSTER"
}

deploy() {
  local overlay="$ROOT/deploy/overlays/e2e"
  say "applying $overlay"
  (cd "$overlay" && kustomize edit set image "ingest=$IMAGE" 2>/dev/null || true)
  k apply -k "$overlay"
  k -n ingest rollout status deploy/ingest --timeout=180s
  k -n ingest rollout status statefulset/postgres --timeout=180s
  git -C "$ROOT" checkout -- "$overlay/kustomization.yaml" 2>/dev/null || true
}

port_forward() {
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  k -n ingest port-forward --address 127.0.0.1 svc/ingest "$port:8080" >/dev/null 2>&1 &
  pf_pid=$!
  for _ in $(seq 1 30); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
      echo "$port"
      return 0
    fi
    sleep 1
  done
  echo "port-forward did not become ready" >&2
  return 1
}

run_tests() {
  local port="$1"
  say "running integration tests against 127.0.0.1:$port"
  (cd "$ROOT/services/ingest" && INGEST_URL="http://127.0.0.1:$port" \
    python -m pytest tests/integration -q --maxfail=5 -p no:cacheprovider)
}

dump_on_failure() {
  say "collecting diagnostics"
  mkdir -p "$ROOT/build/kind-e2e"
  k -n ingest get pods -o wide >"$ROOT/build/kind-e2e/pods.txt" 2>&1 || true
  k -n ingest logs deploy/ingest --tail=300 >"$ROOT/build/kind-e2e/ingest.log" 2>&1 || true
  k -n ingest get events --sort-by=.lastTimestamp >"$ROOT/build/kind-e2e/events.txt" 2>&1 || true
}

preflight() {
  # kind needs a running docker daemon and a few GB of free space for node images.
  if ! docker info >/dev/null 2>&1; then
    echo "docker daemon not reachable; start Docker Desktop / dockerd first" >&2
    exit 1
  fi
  local free_gb
  free_gb="$(docker system df --format '{{.Type}} {{.Reclaimable}}' 2>/dev/null | head -n1 | awk '{print $2}')"
  say "docker ok (reclaimable images: ${free_gb:-unknown})"
  local existing
  existing="$(kind get clusters 2>/dev/null | grep -c '^ingest-e2e-' || true)"
  if (( existing > 2 )); then
    say "note: $existing ingest-e2e-* clusters exist from earlier runs; delete the ones you no longer need"
  fi
}

main() {
  preflight
  create_cluster
  build_and_load
  deploy
  local port
  port="$(port_forward)"
  if ! run_tests "$port"; then
    dump_on_failure
    return 1
  fi
  say "integration tests passed"
}

main
