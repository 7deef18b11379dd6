#!/usr/bin/env bash
#
# resilience.sh - run the API's resilience suite against toxiproxy in compose
#
# The compose file tests/resilience/compose.yaml starts:
#   toxiproxy  (shopify/toxiproxy, API on 127.0.0.1:8474)
#   postgres, redis, the API under test (pointing at the toxiproxy listeners)
#
# Scenarios are files in tests/resilience/scenarios/*.toxics, one toxic per line:
#   <proxy> <type> <stream> <toxicity> key=value [key=value...]
# e.g.
#   pg_proxy latency downstream 1.0 latency=400 jitter=50
#
# For each scenario the script resets all toxics, adds the scenario's toxics
# with toxiproxy-cli, runs `pytest -m resilience` and collects junit output.
# Everything it starts is torn down on exit (compose project pinned).
#
# usage: tests/resilience/resilience.sh [scenario...] [--keep-up] [-x]

set -Eeuo pipefail

suite_dir="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$suite_dir/../.." && pwd)"
compose_file="$suite_dir/compose.yaml"
scen_dir="$suite_dir/scenarios"
results="$repo/build/resilience"
project="api-resilience"
toxi_host="127.0.0.1:8474"
keep_up=0
stop_on_fail=0
selected=()
summary=()

dc() { docker compose -p "$project" -f "$compose_file" "$@"; }
tell() { printf '\033[34m[resilience]\033[0m %s\n' "$*"; }
abort() { printf '\033[31m[resilience]\033[0m %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --keep-up) keep_up=1 ;;
    -x) stop_on_fail=1 ;;
    -h|--help) echo "usage: $0 [scenario...] [--keep-up] [-x]"; exit 0 ;;
    -*) abort "unknown option $arg" ;;
    *) selected+=("$arg") ;;
  esac
done

finish() {
  local rc=$?
  if (( keep_up )); then
    tell "stack left running (docker compose -p $project -f ${compose_file#"$repo"/} down -v to stop)"
  else
    dc down -v --remove-orphans >/dev/null 2>&1 || true
  fi
  if (( ${#summary[@]} )); then
    echo
    tell "summary:"
    printf '  %s\n' "${summary[@]}"
  fi
  exit $rc
}
trap finish EXIT

toxi() {
  toxiproxy-cli -h "$toxi_host" "$@"
}

wait_for() {
  local what="$1" cmd="$2" tries="${3:-60}"
  until eval "$cmd" >/dev/null 2>&1; do
    tries=$((tries - 1))
    (( tries > 0 )) || abort "$what did not become ready"
    sleep 1
  done
  tell "$what ready"
}

start_stack() {
  dc up -d --wait
  wait_for "toxiproxy API" "curl -fsS http://$toxi_host/version"
  wait_for "API health" "curl -fsS http://127.0.0.1:18080/healthz"
  toxi list
}

reset_toxics() {
  curl -fsS -X POST "http://$toxi_host/reset" >/dev/null
}

validate_line() {
  # proxy and type are words, stream up/downstream, toxicity a float, attrs key=number
  local line="$1"
  [[ "$line" =~ ^[a-z_]+\ (latency|bandwidth|slow_close|timeout|slicer|limit_data|reset_peer)\ (upstream|downstream)\ [0-9.]+(\ [a-z_]+=[0-9]+)*$ ]]
}

apply_scenario() {
  local file="$1" line n=0 proxy type stream toxicity attrs attr
  reset_toxics
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    validate_line "$line" || abort "$(basename "$file"): invalid toxic line: $line"
    read -r proxy type stream toxicity attrs <<< "$line"
    local args=(toxic add -t "$type" --"$stream" --tox "$toxicity" -n "${type}_$n")
    for attr in $attrs; do
      args+=(-a "$attr")
    done
    toxi "${args[@]}" "$proxy" >/dev/null
    n=$((n + 1))
  done < "$file"
  tell "$(basename "$file" .toxics): $n toxic(s) applied"
}

run_pytest() {
  local name="$1"
  mkdir -p "$results"
  ( cd "$repo" && \
    RESILIENCE_SCENARIO="$name" python -m pytest -m resilience -q \
      --junitxml="$results/$name.xml" tests/resilience ) 
}

list_scenarios() {
  local f
  for f in "$scen_dir"/*.toxics; do
    [[ -e "$f" ]] || continue
    local name
    name="$(basename "$f" .toxics)"
    if (( ${#selected[@]} )); then
      local s
      for s in "${selected[@]}"; do
        [[ "$s" == "$name" ]] && printf '%s\n' "$f"
      done
    else
      printf '%s\n' "$f"
    fi
  done
}

describe_scenarios() {
  # print each scenario with its toxics, for the CI log
  local f line
  for f in "$@"; do
    tell "$(basename "$f" .toxics):"
    while IFS= read -r line || [[ -n "$line" ]]; do
      [[ -z "$line" || "$line" == \#* ]] && continue
      printf '    %s\n' "$line"
    done < "$f"
  done
}

check_ports_free() {
  local port
  for port in 8474 18080; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      if ! dc ps -q | grep -q .; then
        abort "port $port is already in use by something else; stop it first"
      fi
    fi
  done
}

main() {
  command -v docker >/dev/null || abort "docker is required"
  check_ports_free
  command -v toxiproxy-cli >/dev/null || abort "toxiproxy-cli is required (brew/apt/go install)"
  [[ -f "$compose_file" ]] || abort "missing ${compose_file#"$repo"/}"
  mapfile -t files < <(list_scenarios)
  (( ${#files[@]} )) || abort "no scenarios selected"
  describe_scenarios "${files[@]}"
  start_stack

  local f name failed=0
  for f in "${files[@]}"; do
    name="$(basename "$f" .toxics)"
    tell "=== $name"
    apply_scenario "$f"
    if run_pytest "$name"; then
      summary+=("ok    $name")
    else
      summary+=("FAIL  $name")
      failed=$((failed + 1))
      dc logs --tail=50 api > "$results/$name.api.log" 2>&1 || true
      (( stop_on_fail )) && break
    fi
  done
  reset_toxics
  (( failed == 0 ))
}

main
