#!/usr/bin/env bash
# Local k3d cluster for the Harbor backend, owned by this project.
#
#   tools/k3d_dev.sh create     create cluster harbor-dev (+ local registry harbor-registry)
#   tools/k3d_dev.sh deploy     build images, push to the local registry, apply deploy/k8s/dev
#   tools/k3d_dev.sh logs SVC   follow logs of a deployment
#   tools/k3d_dev.sh delete     delete ONLY the harbor-dev cluster and its registry
#
# kubectl always runs with --context k3d-harbor-dev so a production context that
# happens to be current is never used. The local registry listens on
# 127.0.0.1 only. Nothing outside this cluster is created or removed.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
CLUSTER="harbor-dev"
CONTEXT="k3d-$CLUSTER"
REGISTRY="harbor-registry"
REGISTRY_PORT=5111
NAMESPACE="harbor"
SERVICES=(api worker)

info() { printf '\033[1;36m[k3d]\033[0m %s\n' "$*"; }
die()  { printf '[k3d] %s\n' "$*" >&2; exit 1; }

for bin in k3d kubectl docker; do
  command -v "$bin" >/dev/null || die "$bin not found"
done

kc() { kubectl --context "$CONTEXT" "$@"; }

cluster_exists() {
  k3d cluster list -o json | grep -q "\"name\": *\"$CLUSTER\""
}

registry_exists() {
  k3d registry list -o json | grep -q "\"name\": *\"k3d-$REGISTRY\""
}

cmd_create() {
  if ! registry_exists; then
    k3d registry create "$REGISTRY" --port "127.0.0.1:$REGISTRY_PORT"
  fi
  if cluster_exists; then
    info "cluster $CLUSTER already exists"
  else
    k3d cluster create "$CLUSTER" \
      --servers 1 --agents 1 \
      --registry-use "k3d-$REGISTRY:$REGISTRY_PORT" \
      --api-port 127.0.0.1:6551 \
      --port "127.0.0.1:8088:80@loadbalancer" \
      --wait
  fi
  kc get nodes -o wide
  kc create namespace "$NAMESPACE" --dry-run=client -o yaml | kc apply -f -
}

cmd_deploy() {
  cluster_exists || die "create the cluster first"
  local sha svc image
  sha="$(git -C "$ROOT" rev-parse --short HEAD)"
  for svc in "${SERVICES[@]}"; do
    image="localhost:$REGISTRY_PORT/harbor-$svc:$sha"
    info "building $image"
    docker build -q -t "$image" -f "$ROOT/backend/$svc/Dockerfile" "$ROOT/backend" >/dev/null
    docker push -q "$image" >/dev/null
  done
  info "applying deploy/k8s/dev"
  kc -n "$NAMESPACE" apply -k "$ROOT/deploy/k8s/dev"
  for svc in "${SERVICES[@]}"; do
    kc -n "$NAMESPACE" set image "deploy/$svc" "$svc=k3d-$REGISTRY:$REGISTRY_PORT/harbor-$svc:$sha"
    kc -n "$NAMESPACE" rollout status "deploy/$svc" --timeout=120s
  done
  info "backend reachable at http://127.0.0.1:8088/"
}

cmd_logs() {
  local svc="${1:-api}"
  kc -n "$NAMESPACE" logs -f "deploy/$svc" --tail=100
}

cmd_delete() {
  if cluster_exists; then
    k3d cluster delete "$CLUSTER"
  else
    info "no cluster $CLUSTER"
  fi
  if registry_exists; then
    k3d registry delete "k3d-$REGISTRY"
  fi
}

cmd_status() {
  if ! cluster_exists; then
    info "cluster $CLUSTER does not exist"
    return 0
  fi
  kc -n "$NAMESPACE" get deploy,pods,svc -o wide
  kc -n "$NAMESPACE" top pods 2>/dev/null || info "metrics-server not installed; skipping resource usage"
}

cmd_port_forward() {
  # Direct access to the API pod without the load balancer, on loopback only.
  local port="${1:-8090}"
  info "forwarding 127.0.0.1:$port -> api:8080 (Ctrl-C to stop)"
  kc -n "$NAMESPACE" port-forward --address 127.0.0.1 deploy/api "$port:8080"
}

cmd_reset_data() {
  # Drop and recreate only the dev database PVC of this cluster's harbor namespace.
  cluster_exists || die "create the cluster first"
  read -r -p "wipe the dev database in $CONTEXT/$NAMESPACE? [y/N] " ans
  [[ "$ans" == "y" ]] || { info "aborted"; return 0; }
  kc -n "$NAMESPACE" scale statefulset/postgres --replicas=0
  kc -n "$NAMESPACE" delete pvc data-postgres-0 --wait=true
  kc -n "$NAMESPACE" scale statefulset/postgres --replicas=1
  kc -n "$NAMESPACE" rollout status statefulset/postgres --timeout=120s
  info "dev database reset; run '$0 seed' to load fixtures"
}

cmd_seed() {
  # Load fixture data into the dev database through the project's own seed Job manifest.
  cluster_exists || die "create the cluster first"
  kc -n "$NAMESPACE" delete job harbor-seed --ignore-not-found >/dev/null
  kc -n "$NAMESPACE" apply -f "$ROOT/deploy/k8s/dev/jobs/seed.yaml"
  kc -n "$NAMESPACE" wait --for=condition=complete job/harbor-seed --timeout=180s
  kc -n "$NAMESPACE" logs job/harbor-seed --tail=20
}

cmd_doctor() {
  # Docker Desktop defaults are often too small for two k3d nodes plus the services.
  local cpus mem_gb
  cpus="$(docker info --format '{{.NCPU}}' 2>/dev/null || echo 0)"
  mem_gb="$(( $(docker info --format '{{.MemTotal}}' 2>/dev/null || echo 0) / 1024 / 1024 / 1024 ))"
  info "docker: $cpus CPUs, ${mem_gb} GiB memory"
  (( cpus >= 4 )) || info "warning: fewer than 4 CPUs available to docker"
  (( mem_gb >= 6 )) || info "warning: less than 6 GiB memory available to docker"
  if cluster_exists; then
    info "cluster $CLUSTER exists"
    kc get --raw='/readyz?verbose' 2>/dev/null | tail -n 1 || info "API server not ready"
  else
    info "cluster $CLUSTER not created yet"
  fi
}

case "${1:-}" in
  seed) cmd_seed ;;
  reset-data) cmd_reset_data ;;
  doctor) cmd_doctor ;;
  create) cmd_create ;;
  deploy) cmd_deploy ;;
  logs) shift; cmd_logs "$@" ;;
  delete) cmd_delete ;;
  status) cmd_status ;;
  forward) shift; cmd_port_forward "$@" ;;
  *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
