#!/usr/bin/env bash
# gitops/local-flux.sh - run Flux against the local kind cluster so manifest
# changes can be tested the GitOps way before opening a PR.
#
#   gitops/local-flux.sh up        install flux into kind-tidepool-e2e and point it at the local git daemon
#   gitops/local-flux.sh sync      push the working tree to the local git daemon and reconcile
#   gitops/local-flux.sh diff      flux diff against the cluster (read-only)
#   gitops/local-flux.sh down      uninstall flux FROM THE KIND CLUSTER ONLY and stop the git daemon
#
# Safety: every flux/kubectl call passes --context kind-tidepool-e2e and the
# script aborts if that context's API server is not on 127.0.0.1.
#
# How it works:
#   A bare repository in .cache/flux-git receives a snapshot commit of the
#   working tree (including uncommitted changes) on branch "local". `git daemon`
#   serves it on the kind docker network's gateway address only, which the
#   kind nodes can reach but other machines on the LAN cannot. Flux's
#   source-controller polls it every 30s; the kustomization applies
#   clusters/local with prune enabled - inside the kind cluster.
#
# Typical loop:
#   gitops/local-flux.sh up        (once)
#   edit manifests
#   gitops/local-flux.sh sync      (push snapshot + reconcile)
#   flux --context kind-tidepool-e2e get kustomizations
#
# Nothing here talks to the shared Argo CD/Flux installations.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
CTX="kind-tidepool-e2e"
GIT_PORT=9418
GIT_DIR_LOCAL="${REPO}/.cache/flux-git"
DAEMON_PID_FILE="${REPO}/.cache/flux-git.pid"
PATH_IN_REPO="./clusters/local"

# Differences from the real GitOps setup:
#   * source is git:// from a local daemon instead of the SSH deploy key
#   * only source-controller and kustomize-controller are installed
#   * no image automation, no notification-controller
#   * interval 30s/1m instead of 5m so feedback is quick
#
# If reconcile hangs on "dependency not ready", check that CRDs are applied
# before the resources using them (clusters/local/infrastructure first).
#
# To start over: gitops/local-flux.sh down && gitops/local-flux.sh up
# (down removes flux from the kind cluster, stops the daemon and deletes
# .cache/flux-git; the kind cluster itself is kept).
#
# The snapshot commits never touch the real branch: commit-tree writes an
# object only, and HEAD / the index of the working copy stay as they were.
die() { echo "local-flux: $*" >&2; exit 1; }
log() { echo "local-flux: $*"; }

# guard_context: the context must exist and its API server must be on
# loopback. kind publishes the API server on 127.0.0.1 by default; a context
# pointing anywhere else is, by definition, not the local test cluster.
guard_context() {
  kubectl config get-contexts -o name | grep -qx "$CTX" || die "context ${CTX} not found; create the kind cluster first"
  local server host
  server="$(kubectl config view -o jsonpath="{.clusters[?(@.name==\"${CTX}\")].cluster.server}")"
  host="${server#https://}"
  host="${host%%:*}"
  [[ "$host" == 127.0.0.1 || "$host" == localhost ]] || die "${CTX} points at ${host}, not a local kind cluster"
}

fx() { flux --context "$CTX" "$@"; }
kc() { kubectl --context "$CTX" "$@"; }

start_git_daemon() {
  mkdir -p "$GIT_DIR_LOCAL"
  if [[ ! -d "${GIT_DIR_LOCAL}/tidepool.git" ]]; then
    git init -q --bare "${GIT_DIR_LOCAL}/tidepool.git"
    touch "${GIT_DIR_LOCAL}/tidepool.git/git-daemon-export-ok"
  fi
  if [[ -f "$DAEMON_PID_FILE" ]] && kill -0 "$(<"$DAEMON_PID_FILE")" 2>/dev/null; then
    return
  fi
  # the kind node reaches the host via the docker bridge gateway
  local bridge
  bridge="$(docker network inspect kind -f '{{(index .IPAM.Config 0).Gateway}}')"
  git daemon --reuseaddr --base-path="$GIT_DIR_LOCAL" --export-all \
    --listen="$bridge" --port="$GIT_PORT" --enable=receive-pack \
    --detach --pid-file="$DAEMON_PID_FILE"
  log "git daemon listening on ${bridge}:${GIT_PORT} (kind network only)"
}

stop_git_daemon() {
  if [[ -f "$DAEMON_PID_FILE" ]]; then
    local pid
    pid="$(<"$DAEMON_PID_FILE")"
    if kill -0 "$pid" 2>/dev/null && ps -p "$pid" -o comm= | grep -q git; then
      kill "$pid"
      log "stopped git daemon ${pid}"
    fi
    rm -f -- "$DAEMON_PID_FILE"
  fi
}

push_tree() {
  local tmp_index bridge
  bridge="$(docker network inspect kind -f '{{(index .IPAM.Config 0).Gateway}}')"
  # snapshot the working tree (including uncommitted changes) without touching HEAD
  tmp_index="$(mktemp)"
  cp "${REPO}/.git/index" "$tmp_index"
  GIT_INDEX_FILE="$tmp_index" git -C "$REPO" add -A
  local tree commit
  tree="$(GIT_INDEX_FILE="$tmp_index" git -C "$REPO" write-tree)"
  commit="$(git -C "$REPO" commit-tree "$tree" -p HEAD -m "local flux snapshot $(date +%T)")"
  rm -f -- "$tmp_index"
  git -C "$REPO" push -q -f "${GIT_DIR_LOCAL}/tidepool.git" "${commit}:refs/heads/local"
  log "pushed snapshot ${commit:0:10} (visible to flux as git://${bridge}:${GIT_PORT}/tidepool.git)"
}

cmd_up() {
  guard_context
  fx check --pre
  fx install --components=source-controller,kustomize-controller --network-policy=false
  start_git_daemon
  local bridge
  bridge="$(docker network inspect kind -f '{{(index .IPAM.Config 0).Gateway}}')"
  fx create source git local-tree --url="git://${bridge}:${GIT_PORT}/tidepool.git" --branch=local --interval=30s
  fx create kustomization local-apps --source=GitRepository/local-tree \
    --path="$PATH_IN_REPO" --prune=true --interval=1m --wait=true --timeout=3m
  push_tree
  fx reconcile source git local-tree
}

cmd_sync() {
  guard_context
  start_git_daemon
  push_tree
  fx reconcile kustomization local-apps --with-source
  kc get kustomizations.kustomize.toolkit.fluxcd.io -A
}

cmd_diff() {
  guard_context
  fx diff kustomization local-apps --path "${REPO}/${PATH_IN_REPO#./}" || true
}

cmd_status() {
  guard_context
  fx get sources git -A || true
  fx get kustomizations -A || true
  if [[ -f "$DAEMON_PID_FILE" ]] && kill -0 "$(<"$DAEMON_PID_FILE")" 2>/dev/null; then
    log "git daemon running (pid $(<"$DAEMON_PID_FILE"))"
  else
    log "git daemon not running"
  fi
  local last
  last="$(git -C "${GIT_DIR_LOCAL}/tidepool.git" log -1 --format='%h %s' local 2>/dev/null || true)"
  [[ -n "$last" ]] && log "last snapshot: ${last}"
  return 0
}

cmd_events() {
  guard_context
  kc -n flux-system get events --sort-by=.lastTimestamp | tail -n 30
}

cmd_down() {
  guard_context
  fx uninstall --silent --keep-namespace=false
  stop_git_daemon
  rm -rf -- "$GIT_DIR_LOCAL"
}

main() {
  command -v flux >/dev/null || die "flux CLI not installed"
  case "${1:-}" in
    up) cmd_up ;;
    sync) cmd_sync ;;
    diff) cmd_diff ;;
    status) cmd_status ;;
    events) cmd_events ;;
    down) cmd_down ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
  esac
}

main "$@"
