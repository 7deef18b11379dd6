#!/usr/bin/env bash
# bin/dev-with-doppler - start the local stack with secrets from Doppler.
#
# Secrets are never written to disk: each process is started through
# `doppler run --` which injects them into that child's environment only.
# Config names are restricted to the dev_* configs of project "ledger";
# prd/stg are rejected so a stray DOPPLER_CONFIG cannot point a laptop at prod.
#
#   bin/dev-with-doppler                 # api + worker + web
#   bin/dev-with-doppler api             # single service
#   bin/dev-with-doppler --check         # list secret NAMES that are set
set -euo pipefail

readonly ROOT="$(cd "$(dirname "$0")/.." && pwd)"
readonly PROJECT="ledger"
readonly DEFAULT_CONFIG="dev_personal"
readonly PIDS_DIR="${ROOT}/tmp/pids"
readonly LOG_DIR="${ROOT}/log"
CONFIG="${DOPPLER_CONFIG:-$DEFAULT_CONFIG}"
declare -a STARTED=()

die() { echo "dev-with-doppler: $*" >&2; exit 1; }
note() { echo "[dev] $*"; }

declare -A SERVICES=(
  [api]="bundle exec puma -C config/puma.rb -b tcp://127.0.0.1:3000"
  [worker]="bundle exec sidekiq -C config/sidekiq.yml"
  [web]="npm --prefix web run dev -- --host 127.0.0.1 --port 5173"
)
readonly ORDER=(api worker web)

validate_config() {
  case "$CONFIG" in
    dev|dev_*) ;;
    *) die "config '${CONFIG}' is not a dev config; refusing to start local services with it" ;;
  esac
  doppler whoami >/dev/null 2>&1 || die "not logged in; run: doppler login"
  doppler configs get "$CONFIG" --project "$PROJECT" --json >/dev/null 2>&1 \
    || die "config ${CONFIG} not found in project ${PROJECT}"
}

check_names() {
  local required=(DATABASE_URL REDIS_URL SECRET_KEY_BASE STRIPE_SECRET_KEY)
  local names missing=0 n
  names="$(doppler secrets --project "$PROJECT" --config "$CONFIG" --only-names --json | jq -r 'keys[]')"
  for n in "${required[@]}"; do
    if grep -qx "$n" <<<"$names"; then
      printf '  %-24s set\n' "$n"
    else
      printf '  %-24s MISSING\n' "$n"
      missing=1
    fi
  done
  return "$missing"
}

check_local_urls() {
  # make sure the dev config points databases at this machine
  local url host
  for var in DATABASE_URL REDIS_URL; do
    url="$(doppler secrets get "$var" --project "$PROJECT" --config "$CONFIG" --plain)"
    host="${url#*@}"
    host="${host%%[:/]*}"
    case "$host" in
      localhost|127.0.0.1|postgres|redis) ;;
      *) die "${var} points at ${host}; dev configs must use local services" ;;
    esac
  done
}

start_service() {
  local name="$1" cmd="${SERVICES[$1]}"
  mkdir -p "$PIDS_DIR" "$LOG_DIR"
  note "starting ${name}: ${cmd}"
  (
    cd "$ROOT"
    # shellcheck disable=SC2086
    exec doppler run --project "$PROJECT" --config "$CONFIG" --preserve-env=false -- $cmd
  ) >>"${LOG_DIR}/${name}.log" 2>&1 &
  local pid=$!
  echo "$pid" >"${PIDS_DIR}/${name}.pid"
  STARTED+=("$pid")
}

stop_all() {
  local pid
  for pid in "${STARTED[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  sleep 1
  for pid in "${STARTED[@]}"; do
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  done
  rm -f -- "${PIDS_DIR}"/*.pid
}

stale_pids() {
  local f pid
  for f in "${PIDS_DIR}"/*.pid; do
    [[ -e "$f" ]] || continue
    pid="$(<"$f")"
    if kill -0 "$pid" 2>/dev/null; then
      die "$(basename "$f" .pid) already running as pid ${pid}; stop it first"
    fi
    rm -f -- "$f"
  done
}

wait_port() {
  # give each service time to bind before starting the next one
  local port="$1" name="$2" i
  for i in $(seq 1 40); do
    if (exec 3<>"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then
      note "${name} listening on 127.0.0.1:${port}"
      return 0
    fi
    sleep 0.5
  done
  note "warning: ${name} did not open port ${port}; see log/${name}.log"
  return 1
}

service_port() {
  case "$1" in
    api) echo 3000 ;;
    web) echo 5173 ;;
    *) echo "" ;;
  esac
}

print_status() {
  local f pid name
  for f in "${PIDS_DIR}"/*.pid; do
    [[ -e "$f" ]] || { note "no services recorded"; return; }
    name="$(basename "$f" .pid)"
    pid="$(<"$f")"
    if kill -0 "$pid" 2>/dev/null; then
      printf '  %-8s running (pid %s)\n' "$name" "$pid"
    else
      printf '  %-8s stale pid file\n' "$name"
    fi
  done
}

wait_any() {
  local pid
  while true; do
    for pid in "${STARTED[@]}"; do
      if ! kill -0 "$pid" 2>/dev/null; then
        note "process ${pid} exited; shutting the rest down"
        return 1
      fi
    done
    sleep 2
  done
}

main() {
  command -v doppler >/dev/null || die "doppler CLI missing (brew install dopplerhq/cli/doppler)"
  command -v jq >/dev/null || die "jq missing"
  validate_config

  if [[ "${1:-}" == "--check" ]]; then
    note "secret names in ${PROJECT}/${CONFIG}:"
    check_names
    exit $?
  fi

  check_names >/dev/null || die "required secrets missing; run with --check"
  check_local_urls
  stale_pids
  trap 'stop_all; exit 130' INT TERM
  trap stop_all EXIT

  local wanted=("$@")
  (( ${#wanted[@]} )) || wanted=("${ORDER[@]}")
  local svc
  for svc in "${wanted[@]}"; do
    [[ -n "${SERVICES[$svc]:-}" ]] || die "unknown service ${svc}"
    start_service "$svc"
    port="$(service_port "$svc")"
    [[ -n "$port" ]] && wait_port "$port" "$svc" || true
  done
  print_status
  note "logs: tail -f log/{$(IFS=,; echo "${wanted[*]}")}.log"
  wait_any || true
}

main "$@"
