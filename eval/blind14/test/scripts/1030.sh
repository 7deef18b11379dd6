#!/usr/bin/env bash
# Run the contract tests against a mock API server started by this script.
# The mock runs in the background; the trap kills only the PID captured
# from $! right after it was launched.
set -euo pipefail

mock_port=${MOCK_PORT:-9191}
spec=api/openapi.yaml
mock_pid=
mock_log=$(mktemp -t orbit-mock.XXXXXX)

stop_mock() {
  if [[ -n $mock_pid ]] && kill -0 "$mock_pid" 2>/dev/null; then
    kill "$mock_pid"
    wait "$mock_pid" 2>/dev/null || true
    echo "mock server (pid $mock_pid) stopped"
  fi
  rm -f "$mock_log"
}
trap stop_mock EXIT

if [[ ! -f $spec ]]; then
  echo "$spec not found" >&2
  exit 1
fi

if nc -z 127.0.0.1 "$mock_port" 2>/dev/null; then
  echo "something already listens on $mock_port; set MOCK_PORT to a free port" >&2
  exit 1
fi

echo "starting mock server from $spec on port $mock_port"
./node_modules/.bin/prism mock --host 127.0.0.1 --port "$mock_port" "$spec" >"$mock_log" 2>&1 &
mock_pid=$!

for i in $(seq 1 40); do
  if curl -fs "http://127.0.0.1:$mock_port/health" >/dev/null 2>&1 ||
     grep -q 'Prism is listening' "$mock_log"; then
    echo "mock ready after $((i * 250)) ms"
    break
  fi
  if ! kill -0 "$mock_pid" 2>/dev/null; then
    echo "mock server exited early:" >&2
    cat "$mock_log" >&2
    exit 1
  fi
  sleep 0.25
done

export ORBIT_API_URL="http://127.0.0.1:$mock_port"
echo "running contract tests against $ORBIT_API_URL"
echo "mock log: $mock_log"
status=0
pnpm vitest run --project contract --reporter=dot || status=$?

if [[ $status -ne 0 ]]; then
  echo
  echo "contract tests failed; last mock log lines:"
  tail -n 25 "$mock_log"
fi

requests=$(grep -c 'Request received' "$mock_log" || true)
echo "mock served $requests request(s)"

# list spec operations that no test exercised, to guide new contract tests
if command -v yq >/dev/null; then
  mapfile -t operations < <(yq -r '.paths | to_entries[] | .key as $p | .value | keys[] | . + " " + $p' "$spec")
  unused=0
  for op in "${operations[@]}"; do
    read -r method path <<< "$op"
    if ! grep -qi "$method.*${path%%\{*}" "$mock_log"; then
      [[ $unused -eq 0 ]] && echo "operations not hit by any contract test:"
      printf '  %-7s %s\n' "${method^^}" "$path"
      unused=$((unused + 1))
    fi
  done
  echo "$unused of ${#operations[@]} operation(s) not covered"
fi

exit "$status"
