#!/usr/bin/env bash
# hack/kind.sh - create, load and tear down the project's kind cluster.
#
#   hack/kind.sh up [--recreate]
#   hack/kind.sh load            # rebuild images and load them into the nodes
#   hack/kind.sh down            # delete ONLY the cluster this project owns
#   hack/kind.sh ctx             # print the kubectl context name
#
# The cluster name is fixed in hack/cluster.env (CLUSTER_NAME=orders-dev) and
# every kubectl call passes --context explicitly so a prod context selected in
# the developer's shell is never touched.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "${SCRIPT_DIR}/.." && pwd)"
# shellcheck source=/dev/null
[[ -f "${SCRIPT_DIR}/cluster.env" ]] && . "${SCRIPT_DIR}/cluster.env"

CLUSTER_NAME="${CLUSTER_NAME:-orders-dev}"
CLUSTER_PREFIX="orders-"
KIND_IMAGE="${KIND_IMAGE:-kindest/node:v1.29.2}"
CONTEXT="kind-${CLUSTER_NAME}"
REGISTRY_NAME="${CLUSTER_NAME}-registry"
REGISTRY_PORT="${REGISTRY_PORT:-5001}"
STATE_DIR="${REPO_ROOT}/.cache/kind"
IMAGES=(orders-api orders-worker orders-migrate)

log()  { printf '\033[1;34m[kind]\033[0m %s\n' "$*" >&2; }
warn() { printf '\033[1;33m[kind]\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31m[kind]\033[0m %s\n' "$*" >&2; exit 1; }

need() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "missing required tool: $tool"
  done
}

guard_name() {
  [[ "$CLUSTER_NAME" == "${CLUSTER_PREFIX}"* ]] \
    || die "CLUSTER_NAME=$CLUSTER_NAME does not start with ${CLUSTER_PREFIX}; refusing"
}

cluster_exists() {
  kind get clusters 2>/dev/null | grep -qx "$CLUSTER_NAME"
}

kc() {
  kubectl --context "$CONTEXT" "$@"
}

tmpdir=""
cleanup() {
  local rc=$?
  if [[ -n "$tmpdir" && -d "$tmpdir" ]]; then
    rm -rf -- "$tmpdir"
  fi
  exit "$rc"
}
trap cleanup EXIT

start_registry() {
  if [[ "$(docker inspect -f '{{.State.Running}}' "$REGISTRY_NAME" 2>/dev/null || true)" == "true" ]]; then
    log "registry ${REGISTRY_NAME} already running"
    return
  fi
  docker rm -f "$REGISTRY_NAME" >/dev/null 2>&1 || true
  log "starting local registry on 127.0.0.1:${REGISTRY_PORT}"
  docker run -d --restart=unless-stopped \
    -p "127.0.0.1:${REGISTRY_PORT}:5000" \
    --label "project=${CLUSTER_NAME}" \
    --name "$REGISTRY_NAME" registry:2 >/dev/null
}

write_config() {
  tmpdir="$(mktemp -d "${TMPDIR:-/tmp}/kind-${CLUSTER_NAME}.XXXXXX")"
  cat >"${tmpdir}/kind.yaml" <<EOF
kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
name: ${CLUSTER_NAME}
containerdConfigPatches:
  - |-
    [plugins."io.containerd.grpc.v1.cri".registry]
      config_path = "/etc/containerd/certs.d"
nodes:
  - role: control-plane
    extraPortMappings:
      - containerPort: 30080
        hostPort: 8080
        listenAddress: "127.0.0.1"
  - role: worker
EOF
  printf '%s\n' "${tmpdir}/kind.yaml"
}

connect_registry() {
  local node dir="/etc/containerd/certs.d/localhost:${REGISTRY_PORT}"
  for node in $(kind get nodes --name "$CLUSTER_NAME"); do
    docker exec "$node" mkdir -p "$dir"
    printf '[host."http://%s:5000"]\n' "$REGISTRY_NAME" \
      | docker exec -i "$node" cp /dev/stdin "${dir}/hosts.toml"
  done
  if ! docker network inspect kind -f '{{range .Containers}}{{.Name}} {{end}}' | grep -qw "$REGISTRY_NAME"; then
    docker network connect kind "$REGISTRY_NAME"
  fi
  kc apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: local-registry-hosting
  namespace: kube-public
data:
  localRegistryHosting.v1: |
    host: "localhost:${REGISTRY_PORT}"
EOF
}

wait_ready() {
  local attempt
  for attempt in $(seq 1 30); do
    if kc wait --for=condition=Ready nodes --all --timeout=10s >/dev/null 2>&1; then
      log "nodes ready"
      return 0
    fi
    warn "nodes not ready yet (attempt ${attempt}/30)"
    sleep $(( attempt < 5 ? 2 : 5 ))
  done
  die "cluster nodes did not become Ready"
}

cmd_up() {
  local recreate=0
  [[ "${1:-}" == "--recreate" ]] && recreate=1
  guard_name
  need kind kubectl docker kustomize
  if cluster_exists; then
    if (( recreate )); then
      log "recreating ${CLUSTER_NAME}"
      kind delete cluster --name "$CLUSTER_NAME"
    else
      log "cluster ${CLUSTER_NAME} exists; use --recreate to rebuild"
      return 0
    fi
  fi
  start_registry
  local config
  config="$(write_config)"
  kind create cluster --name "$CLUSTER_NAME" --image "$KIND_IMAGE" --config "$config" --wait 90s
  connect_registry
  wait_ready
  mkdir -p "$STATE_DIR"
  kustomize build "${REPO_ROOT}/deploy/overlays/kind" >"${STATE_DIR}/rendered.yaml"
  kc apply -f "${STATE_DIR}/rendered.yaml"
  log "cluster ready; context ${CONTEXT}"
}

cmd_load() {
  guard_name
  cluster_exists || die "cluster ${CLUSTER_NAME} does not exist; run: hack/kind.sh up"
  local img tag
  tag="dev-$(git -C "$REPO_ROOT" rev-parse --short HEAD)"
  for img in "${IMAGES[@]}"; do
    log "building ${img}:${tag}"
    docker build -q -t "localhost:${REGISTRY_PORT}/${img}:${tag}" \
      -f "${REPO_ROOT}/build/docker/${img}.Dockerfile" "$REPO_ROOT" >/dev/null
    docker push -q "localhost:${REGISTRY_PORT}/${img}:${tag}" >/dev/null
  done
  kc -n orders set image deployment/orders-api "api=localhost:${REGISTRY_PORT}/orders-api:${tag}"
  kc -n orders rollout status deployment/orders-api --timeout=120s
}

cmd_down() {
  guard_name
  if cluster_exists; then
    log "deleting kind cluster ${CLUSTER_NAME}"
    kind delete cluster --name "$CLUSTER_NAME"
  else
    log "no cluster named ${CLUSTER_NAME}"
  fi
  if docker inspect "$REGISTRY_NAME" >/dev/null 2>&1; then
    log "removing registry container ${REGISTRY_NAME}"
    docker rm -f "$REGISTRY_NAME" >/dev/null
  fi
  rm -rf -- "$STATE_DIR"
}

usage() {
  sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  local action="${1:-}"
  shift || true
  case "$action" in
    up)   cmd_up "$@" ;;
    load) cmd_load "$@" ;;
    down) cmd_down "$@" ;;
    ctx)  printf '%s\n' "$CONTEXT" ;;
    -h|--help|help|"") usage ;;
    *) die "unknown action: $action" ;;
  esac
}

main "$@"
