#!/usr/bin/env bash
# scripts/mk.sh - minikube profile "fernbank" for local development.
#
#   scripts/mk.sh start     start (or create) the profile with the pinned settings
#   scripts/mk.sh stop      stop the profile, keep its disk
#   scripts/mk.sh delete    delete the fernbank profile only (asks unless -y)
#   scripts/mk.sh env       print `eval` line for the profile's docker-env
#   scripts/mk.sh tunnel    run `minikube tunnel` for LoadBalancer services
#   scripts/mk.sh status
#
# Every minikube call passes -p "$PROFILE". Never `minikube delete --all`:
# developers keep other profiles for other repositories.
#
# Troubleshooting:
#   * "Exiting due to PROVIDER_DOCKER_NOT_RUNNING": start Docker Desktop/colima first.
#   * ingress addon stuck in Pending: `scripts/mk.sh stop && scripts/mk.sh start`
#     usually fixes it; deleting the profile is the last resort.
#   * kvm2 driver on Linux needs the user in the libvirt group (log out/in after adding).
#   * the registry addon listens inside the VM; use `minikube -p fernbank image load`
#     instead of pushing from the host.
#   * resources are derived from the host (a third of RAM, capped at 12 GB) and only
#     applied when the profile is created; delete + start to resize.
set -Eeuo pipefail

readonly PROFILE="fernbank"
readonly K8S_VERSION="v1.30.2"
readonly ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly STATE="${ROOT_DIR}/.minikube-state"
ASSUME_YES=0
TUNNEL_PID=""

# shellcheck disable=SC2329  # functions are dispatched from main()
msg() { printf '[mk] %s\n' "$*" >&2; }
fatal() { msg "error: $*"; exit 1; }

on_err() {
  local code=$? line=$1
  msg "command failed at line ${line} (exit ${code})"
}
trap 'on_err $LINENO' ERR

stop_tunnel() {
  if [[ -n "$TUNNEL_PID" ]] && kill -0 "$TUNNEL_PID" 2>/dev/null; then
    msg "stopping tunnel (pid ${TUNNEL_PID})"
    kill "$TUNNEL_PID" 2>/dev/null || true
    wait "$TUNNEL_PID" 2>/dev/null || true
  fi
}
trap stop_tunnel EXIT

mk() {
  minikube -p "$PROFILE" "$@"
}

profile_exists() {
  minikube profile list -o json 2>/dev/null \
    | jq -e --arg p "$PROFILE" '[.valid[]?, .invalid[]?] | map(.Name) | index($p) != null' >/dev/null
}

driver() {
  case "$(uname -s)" in
    Darwin)
      if command -v vfkit >/dev/null 2>&1; then echo vfkit; else echo docker; fi
      ;;
    Linux)
      if [[ -w /dev/kvm ]] && command -v virsh >/dev/null 2>&1; then echo kvm2; else echo docker; fi
      ;;
    *) echo docker ;;
  esac
}

resources() {
  local cpus mem_mb
  cpus="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 4)"
  cpus=$(( cpus > 8 ? 6 : (cpus > 4 ? cpus - 2 : 2) ))
  if [[ -r /proc/meminfo ]]; then
    mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 3 ))
  else
    mem_mb=$(( $(sysctl -n hw.memsize) / 1024 / 1024 / 3 ))
  fi
  (( mem_mb > 12288 )) && mem_mb=12288
  (( mem_mb < 4096 )) && mem_mb=4096
  printf '%s %s' "$cpus" "$mem_mb"
}

cmd_start() {
  local cpus mem d
  read -r cpus mem <<<"$(resources)"
  d="$(driver)"
  mkdir -p "$STATE"
  if profile_exists; then
    msg "starting existing profile ${PROFILE}"
    mk start
  else
    msg "creating ${PROFILE}: driver=${d} cpus=${cpus} memory=${mem}MB k8s=${K8S_VERSION}"
    mk start \
      --driver="$d" \
      --cpus="$cpus" \
      --memory="${mem}mb" \
      --kubernetes-version="$K8S_VERSION" \
      --container-runtime=containerd \
      --addons=ingress,metrics-server,registry \
      --embed-certs
  fi
  mk update-context
  kubectl --context "$PROFILE" wait --for=condition=Ready nodes --all --timeout=180s
  kubectl --context "$PROFILE" apply -k "${ROOT_DIR}/deploy/minikube"
  date -u +%FT%TZ >"${STATE}/last-start"
  msg "ready; context '${PROFILE}'"
}

cmd_stop() {
  profile_exists || { msg "profile ${PROFILE} does not exist"; return 0; }
  mk stop
}

cmd_delete() {
  profile_exists || { msg "profile ${PROFILE} does not exist"; return 0; }
  if (( ! ASSUME_YES )); then
    read -r -p "delete minikube profile '${PROFILE}' and its disk? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]] || { msg "aborted"; return 1; }
  fi
  mk delete
  rm -rf -- "$STATE"
  msg "deleted ${PROFILE}"
}

cmd_env() {
  mk docker-env --shell bash
  echo "# run: eval \"\$(scripts/mk.sh env)\""
}

cmd_tunnel() {
  profile_exists || fatal "profile ${PROFILE} does not exist"
  msg "starting minikube tunnel (needs sudo for routes; Ctrl-C to stop)"
  mk tunnel --cleanup=true &
  TUNNEL_PID=$!
  wait "$TUNNEL_PID"
}

cmd_status() {
  if ! profile_exists; then
    msg "profile ${PROFILE} not created"
    return 1
  fi
  mk status || true
  echo
  kubectl --context "$PROFILE" get nodes -o wide 2>/dev/null || true
  kubectl --context "$PROFILE" -n fernbank get pods 2>/dev/null || true
  [[ -f "${STATE}/last-start" ]] && msg "last start: $(<"${STATE}/last-start")"
}

usage() {
  sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  command -v minikube >/dev/null || fatal "minikube not installed"
  command -v jq >/dev/null || fatal "jq not installed"
  local sub="${1:-status}"
  shift || true
  while getopts ":y" opt; do
    case "$opt" in
      y) ASSUME_YES=1 ;;
      *) fatal "unknown flag -$OPTARG" ;;
    esac
  done
  case "$sub" in
    start) cmd_start ;;
    stop) cmd_stop ;;
    delete) cmd_delete ;;
    env) cmd_env ;;
    tunnel) cmd_tunnel ;;
    status) cmd_status ;;
    help|-h|--help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
