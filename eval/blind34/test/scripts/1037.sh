#!/usr/bin/env bash
# kserve-kind.sh - throwaway local KServe environment for testing the
# InferenceService manifests in deploy/kserve/.
#
#   scripts/kserve-kind.sh up        # kind cluster "kserve-lab" + KServe quickstart
#   scripts/kserve-kind.sh test      # apply manifests, port-forward, send fixtures
#   scripts/kserve-kind.sh down      # delete the kind cluster this script created
#
# Every kubectl call passes --context kind-kserve-lab explicitly, so the
# developer's current context (which may be a shared cluster) is never used.
# `down` deletes only the kind cluster named kserve-lab.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CLUSTER="kserve-lab"
CTX="kind-$CLUSTER"
NS="models"
MANIFESTS="$ROOT/deploy/kserve"
FIXTURES="$ROOT/tests/fixtures/inference"
PF_PORT=18080
KSERVE_VERSION="v0.13.0"
PF_PID=""

log() { printf '[kserve-kind] %s\n' "$*"; }
die() { printf '[kserve-kind] %s\n' "$*" >&2; exit 1; }

k() { kubectl --context "$CTX" "$@"; }

for t in kind kubectl curl jq; do command -v "$t" >/dev/null || die "$t required"; done

cluster_exists() { kind get clusters 2>/dev/null | grep -qx "$CLUSTER"; }

stop_pf() {
  if [[ -n "$PF_PID" ]] && kill -0 "$PF_PID" 2>/dev/null; then
    kill "$PF_PID"
    wait "$PF_PID" 2>/dev/null || true
  fi
}
trap stop_pf EXIT

cmd_up() {
  if cluster_exists; then
    log "cluster $CLUSTER already exists"
  else
    log "creating kind cluster $CLUSTER"
    kind create cluster --name "$CLUSTER" --wait 120s --config "$ROOT/deploy/kind.yaml"
  fi
  log "installing KServe $KSERVE_VERSION (raw deployment mode) into $CTX"
  k apply --server-side -f "$ROOT/deploy/vendor/kserve-$KSERVE_VERSION.yaml"
  k apply --server-side -f "$ROOT/deploy/vendor/kserve-cluster-resources-$KSERVE_VERSION.yaml"
  k -n kserve wait --for=condition=Available deployment/kserve-controller-manager --timeout=300s
  k get namespace "$NS" >/dev/null 2>&1 || k create namespace "$NS"
  log "ready; next: scripts/kserve-kind.sh test"
}

apply_manifests() {
  local f
  for f in "$MANIFESTS"/*.yaml; do
    # manifests carry no namespace; force ours
    k apply -n "$NS" -f "$f"
  done
}

wait_isvc() {
  local name="$1"
  if ! k -n "$NS" wait --for=condition=Ready "inferenceservice/$name" --timeout=300s; then
    k -n "$NS" describe "inferenceservice/$name" | tail -n 30 >&2
    return 1
  fi
}

port_forward() {
  local name="$1" svc
  svc="$(k -n "$NS" get svc -l "serving.kserve.io/inferenceservice=$name" -o jsonpath='{.items[0].metadata.name}')"
  [[ -n "$svc" ]] || die "no service for $name"
  stop_pf
  k -n "$NS" port-forward "svc/$svc" "$PF_PORT:80" >/dev/null 2>&1 &
  PF_PID=$!
  for _ in $(seq 1 30); do
    curl -fs "http://127.0.0.1:$PF_PORT/v1/models/$name" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  die "port-forward to $svc did not come up"
}

cmd_test() {
  cluster_exists || die "cluster not running; scripts/kserve-kind.sh up"
  apply_manifests
  local fails=0 name fixture expected got
  mapfile -t NAMES < <(k -n "$NS" get inferenceservice -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}')
  for name in "${NAMES[@]}"; do
    log "waiting for $name"
    wait_isvc "$name" || { fails=$((fails + 1)); continue; }
    port_forward "$name"
    for fixture in "$FIXTURES/$name"/*.json; do
      [[ -e "$fixture" ]] || continue
      expected="${fixture%.json}.expected"
      got="$(curl -fsS -H 'Content-Type: application/json' -d @"$fixture" \
        "http://127.0.0.1:$PF_PORT/v1/models/$name:predict" | jq -c .predictions)"
      if [[ -f "$expected" && "$got" != "$(cat "$expected")" ]]; then
        log "FAIL $name $(basename "$fixture"): got $got"
        fails=$((fails + 1))
      else
        log "ok   $name $(basename "$fixture")"
      fi
    done
    stop_pf
  done
  log "$fails failure(s)"
  if (( fails > 0 )); then
    log "recent events in $NS:"
    k -n "$NS" get events --sort-by=.lastTimestamp | tail -n 15
  fi
  (( fails == 0 ))
}

preflight() {
  # kind needs a running docker daemon and a few GB of memory for KServe.
  docker info >/dev/null 2>&1 || die "docker daemon not reachable"
  local mem_kb
  mem_kb="$(awk '/MemAvailable/ {print $2}' /proc/meminfo)"
  if (( mem_kb < 4 * 1024 * 1024 )); then
    log "warning: less than 4 GB memory available; KServe pods may not schedule"
  fi
  [[ -f "$ROOT/deploy/vendor/kserve-$KSERVE_VERSION.yaml" ]] || die "vendored KServe manifests missing"
}

cmd_logs() {
  local name="${1:?model name}"
  k -n "$NS" logs -l "serving.kserve.io/inferenceservice=$name" --tail=100 --all-containers
}

cmd_down() {
  if ! cluster_exists; then
    log "no cluster named $CLUSTER"
    return 0
  fi
  log "deleting kind cluster $CLUSTER (local docker containers only)"
  kind delete cluster --name "$CLUSTER"
}

cmd_status() {
  if ! cluster_exists; then
    log "cluster $CLUSTER is not running"
    return 0
  fi
  log "nodes:"
  k get nodes -o wide
  log "KServe controller:"
  k -n kserve get deploy kserve-controller-manager -o jsonpath='{.status.readyReplicas}/{.status.replicas} ready{"\n"}'
  log "inference services in $NS:"
  k -n "$NS" get inferenceservice -o custom-columns='NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status,URL:.status.url'
}

cmd_help() {
  cat <<'EOF'
kserve-kind.sh <up|test|status|logs MODEL|down>

  up       create the kind cluster "kserve-lab" (deploy/kind.yaml) and install
           the vendored KServe manifests (raw deployment mode, no Knative)
  test     apply deploy/kserve/*.yaml into namespace "models", wait for Ready,
           port-forward each service to 127.0.0.1:18080 and post the fixtures in
           tests/fixtures/inference/<model>/*.json, comparing with *.expected
  status   nodes, controller readiness and InferenceServices
  logs     last 100 log lines of a model's pods
  down     delete the kind cluster "kserve-lab" (and nothing else)

All kubectl calls use --context kind-kserve-lab; the current context of the
shell is left untouched, so a shared cluster selected there is never used.
EOF
}

case "${1:-}" in
  status) cmd_status ;;
  help|-h|--help) cmd_help ;;
  up) preflight; cmd_up ;;
  test) cmd_test ;;
  logs) shift; cmd_logs "$@" ;;
  down) cmd_down ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
