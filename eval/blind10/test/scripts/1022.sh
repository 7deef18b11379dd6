#!/usr/bin/env bash
# api-contract-test.sh - start the API on a random localhost port with an
# isolated data dir, run the HTTP contract checks, stop the server.
set -euo pipefail

here="$(cd -- "$(dirname -- "$0")" && pwd -P)"
root="${here%/*}"
checks_file="$root/tests/contract/checks.tsv"

tmp_root="$(mktemp -d -t heron-contract-XXXXXXXX)"
server_pid=""

teardown() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf -- "$tmp_root"
}
trap teardown EXIT

pick_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

wait_for() {
  local url="$1" tries=50
  until curl -fsS -o /dev/null "$url"; do
    (( tries-- )) || { echo "server did not come up" >&2; return 1; }
    sleep 0.2
  done
}

write_junit() {
  local out="$root/reports/contract-junit.xml"
  mkdir -p "$root/reports"
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    printf '<testsuite name="contract" tests="%d" failures="%d">\n' "$((pass + fail))" "$fail"
    echo '</testsuite>'
  } > "$out"
  echo "junit summary: ${out#$root/}"
}

port="$(pick_port)"
base="http://127.0.0.1:$port"

HERON_DATA_DIR="$tmp_root/data" HERON_BIND="127.0.0.1:$port" \
  "$root/target/debug/heron-api" >"$tmp_root/server.log" 2>&1 &
server_pid=$!

wait_for "$base/healthz"

pass=0
fail=0
# checks.tsv: METHOD <tab> PATH <tab> EXPECTED_STATUS <tab> JQ_FILTER(optional)
while IFS=$'\t' read -r method path expected filter; do
  [[ -z "$method" || "$method" == \#* ]] && continue
  body_file="$tmp_root/body.json"
  status="$(curl -s -o "$body_file" -w '%{http_code}' -X "$method" "$base$path")"
  ok=true
  [[ "$status" == "$expected" ]] || ok=false
  if $ok && [[ -n "${filter:-}" ]]; then
    jq -e "$filter" "$body_file" >/dev/null || ok=false
  fi
  if $ok; then
    pass=$((pass + 1))
    printf '  ok    %-6s %s\n' "$method" "$path"
  else
    fail=$((fail + 1))
    printf '  FAIL  %-6s %s (got %s, want %s)\n' "$method" "$path" "$status" "$expected"
    head -c 300 "$body_file"; echo
  fi
done < "$checks_file"

echo "contract checks: $pass passed, $fail failed"
write_junit
if (( fail > 0 )); then
  echo "--- server log (tail) ---"
  tail -n 30 "$tmp_root/server.log"
  exit 1
fi
