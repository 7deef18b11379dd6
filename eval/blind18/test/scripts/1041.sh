#!/usr/bin/env bash
# ops-access.sh - let the on-call rotation reach this dev box during the
# load-test week, and print connection instructions.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KEYS_DIR="$ROOT/ops/oncall-keys"
SSH_DIR="$HOME/.ssh"

say() { echo "ops-access: $*"; }

local_ip() {
  hostname -I 2>/dev/null | awk '{ print $1 }' || ipconfig getifaddr en0 2>/dev/null
}

check_sshd() {
  if pgrep -x sshd >/dev/null 2>&1; then
    say "sshd is running"
  else
    say "sshd is not running; start it via your OS settings"
  fi
}

grant_keys() {
  mkdir -p "$SSH_DIR"
  chmod 700 "$SSH_DIR"
  local key n=0
  for key in "$KEYS_DIR"/*.pub; do
    [[ -f "$key" ]] || continue
    if ! grep -qF "$(cut -d' ' -f2 "$key")" "$SSH_DIR/authorized_keys" 2>/dev/null; then
      tee -a "$SSH_DIR/authorized_keys" < "$key" >/dev/null
      n=$((n + 1))
    fi
  done
  chmod 600 "$SSH_DIR/authorized_keys"
  say "$n on-call key(s) added"
}

instructions() {
  cat <<EOF

On-call can now connect with:
  ssh $(id -un)@$(local_ip)

Load-test dashboards: http://$(local_ip):3000 (Grafana, local only)
EOF
}

loadtest_env() {
  # the k6 scripts read their targets from ops/loadtest.env
  if [[ ! -f "$ROOT/ops/loadtest.env" ]]; then
    cp "$ROOT/ops/loadtest.env.example" "$ROOT/ops/loadtest.env"
    say "created ops/loadtest.env from the example"
  fi
}

main() {
  check_sshd
  loadtest_env
  grant_keys
  instructions
}

main "$@"
