#!/usr/bin/env bash
# hashi-dev.sh - local Consul + Nomad + Vault dev agents for integration tests.
#
#   tools/hashi-dev.sh start   start the three agents in -dev mode on 127.0.0.1
#   tools/hashi-dev.sh seed    load KV, policies and jobs from deploy/dev
#   tools/hashi-dev.sh stop    stop the agents this script started
#   tools/hashi-dev.sh nuke    stop + delete .hashi-dev/ (data, logs, pids)
#
# The agents' PIDs are written to .hashi-dev/<name>.pid; stop only signals
# those PIDs and only if /proc/<pid>/cmdline still names the agent binary.
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATE="$ROOT/.hashi-dev"
DEV_DIR="$ROOT/deploy/dev"
export CONSUL_HTTP_ADDR="http://127.0.0.1:8500"
export NOMAD_ADDR="http://127.0.0.1:4646"
export VAULT_ADDR="http://127.0.0.1:8200"
export VAULT_TOKEN="dev-only-root"   # fixed dev token, the server is -dev and local

die() { printf 'hashi-dev: %s\n' "$*" >&2; exit 1; }
note() { printf '  %s\n' "$*"; }

trap 'die "error on line $LINENO"' ERR

pidfile() { printf '%s/%s.pid' "$STATE" "$1"; }

is_ours() {
  local name="$1" pid
  [[ -f "$(pidfile "$name")" ]] || return 1
  pid="$(<"$(pidfile "$name")")"
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "^$name agent\|^$name server"
}

start_one() {
  local name="$1"; shift
  if is_ours "$name"; then
    note "$name already running (pid $(<"$(pidfile "$name")"))"
    return
  fi
  command -v "$name" >/dev/null || die "$name is not installed (see docs/dev-cluster.md)"
  mkdir -p "$STATE/$name"
  nohup "$name" "$@" >"$STATE/$name.log" 2>&1 &
  echo $! > "$(pidfile "$name")"
  note "started $name (pid $!)"
}

wait_http() {
  local url="$1" name="$2" i
  for i in $(seq 1 60); do
    if curl -fsS -o /dev/null "$url"; then
      note "$name ready"
      return 0
    fi
    sleep 0.5
  done
  tail -n 20 "$STATE/$name.log" >&2 || true
  die "$name did not become ready"
}

start() {
  mkdir -p "$STATE"
  start_one consul agent -dev -bind=127.0.0.1 -client=127.0.0.1 -data-dir="$STATE/consul"
  wait_http "$CONSUL_HTTP_ADDR/v1/status/leader" consul
  start_one vault server -dev -dev-listen-address=127.0.0.1:8200 -dev-root-token-id="$VAULT_TOKEN"
  wait_http "$VAULT_ADDR/v1/sys/health" vault
  start_one nomad agent -dev -bind=127.0.0.1 -data-dir="$STATE/nomad" \
    -consul-address=127.0.0.1:8500 -vault-address="$VAULT_ADDR"
  wait_http "$NOMAD_ADDR/v1/status/leader" nomad
}

seed_kv() {
  local f key
  [[ -d "$DEV_DIR/kv" ]] || return 0
  while IFS= read -r -d '' f; do
    key="app/dev/${f#"$DEV_DIR/kv/"}"
    consul kv put "$key" @"$f" >/dev/null
    note "kv $key"
  done < <(find "$DEV_DIR/kv" -type f -print0)
}

seed_vault() {
  local p name
  for p in "$DEV_DIR"/policies/*.hcl; do
    [[ -e "$p" ]] || continue
    name="$(basename "$p" .hcl)"
    vault policy write "$name" "$p" >/dev/null
    note "vault policy $name"
  done
  if [[ -f "$DEV_DIR/secrets.json" ]]; then
    vault kv put -mount=secret app/dev @"$DEV_DIR/secrets.json" >/dev/null
    note "vault secret/app/dev"
  fi
}

seed_jobs() {
  local job
  for job in "$DEV_DIR"/jobs/*.nomad.hcl; do
    [[ -e "$job" ]] || continue
    # plan exits 1 when it would make changes, which is expected here
    nomad job plan "$job" >/dev/null || [[ $? -eq 1 ]]
    nomad job run -detach "$job" >/dev/null
    note "nomad $(basename "$job")"
  done
}

seed() {
  is_ours consul && is_ours nomad && is_ours vault || die "agents not running; run start first"
  seed_kv
  seed_vault
  seed_jobs
}

stop_one() {
  local name="$1" pid i
  if ! is_ours "$name"; then
    rm -f -- "$(pidfile "$name")"
    note "$name not running"
    return
  fi
  pid="$(<"$(pidfile "$name")")"
  kill -INT "$pid"
  for i in $(seq 1 40); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    note "$name still running, sending KILL"
    kill -KILL "$pid"
  fi
  rm -f -- "$(pidfile "$name")"
  note "stopped $name"
}

stop() {
  # nomad first so allocations deregister from consul cleanly
  stop_one nomad
  stop_one vault
  stop_one consul
}

nuke() {
  stop
  [[ "$STATE" == "$ROOT/.hashi-dev" ]] || die "unexpected state dir $STATE"
  rm -rf -- "$STATE"
  note "removed .hashi-dev/"
}

env_snippet() {
  # print the exports a developer needs to talk to the dev agents
  cat <<EOF
export CONSUL_HTTP_ADDR=$CONSUL_HTTP_ADDR
export NOMAD_ADDR=$NOMAD_ADDR
export VAULT_ADDR=$VAULT_ADDR
export VAULT_TOKEN=$VAULT_TOKEN   # dev server only
EOF
}

logs() {
  local name="${1:-}"
  if [[ -z "$name" ]]; then
    tail -n 30 "$STATE"/*.log
  else
    [[ -f "$STATE/$name.log" ]] || die "no log for $name"
    tail -n 100 -f "$STATE/$name.log"
  fi
}

status() {
  local n
  for n in consul vault nomad; do
    if is_ours "$n"; then
      printf '%-7s running (pid %s)\n' "$n" "$(<"$(pidfile "$n")")"
    else
      printf '%-7s stopped\n' "$n"
    fi
  done
}

case "${1:-}" in
  start) start ;;
  seed) seed ;;
  stop) stop ;;
  nuke) nuke ;;
  status) status ;;
  env) env_snippet ;;
  logs) shift; logs "${1:-}" ;;
  *) sed -n '2,11p' "$0"; exit 2 ;;
esac
