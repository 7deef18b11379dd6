#!/usr/bin/env bash
# host-triage.sh - collect local evidence when ledgerd crashes or stalls on a
# developer machine: journald for our user units, kernel messages about OOM
# or segfaults, core dumps of our own binary, and resource snapshots.
#
#   tools/host-triage.sh                   # last 2 hours
#   tools/host-triage.sh --since "30 min ago"
#   tools/host-triage.sh --unit ledgerd-dev.service --unit ledger-worker.service
#
# Read-only: it never changes units, sysctls or logs. Output goes into
# ./triage/host-<timestamp>/ and a short summary is printed.
set -euo pipefail

SINCE="2 hours ago"
UNITS=()
BINARY_NAME="ledgerd"
OUT_BASE="triage"

while (( $# )); do
  case "$1" in
    --since) SINCE="${2:?}"; shift 2 ;;
    --unit) UNITS+=("${2:?}"); shift 2 ;;
    --binary) BINARY_NAME="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
(( ${#UNITS[@]} )) || UNITS=(ledgerd-dev.service)

# validate before anything reaches journalctl / coredumpctl
[[ "$SINCE" =~ ^[0-9A-Za-z\ :-]+$ ]] || { echo "odd --since value" >&2; exit 2; }
[[ "$BINARY_NAME" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "odd --binary value" >&2; exit 2; }
for u in "${UNITS[@]}"; do
  [[ "$u" =~ ^[A-Za-z0-9@._-]+\.service$ ]] || { echo "odd unit name: $u" >&2; exit 2; }
done

STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$OUT_BASE/host-$STAMP"
mkdir -p "$OUT"

section() { printf '\n### %s\n' "$1" >> "$OUT/summary.md"; }
note() { printf '%s\n' "$*" >> "$OUT/summary.md"; }
have() { command -v "$1" >/dev/null 2>&1; }

printf '# Host triage %s\n\nsince: %s\n' "$STAMP" "$SINCE" > "$OUT/summary.md"

collect_units() {
  have journalctl || { note "journalctl not available"; return 0; }
  local u file errors
  section "user units"
  for u in "${UNITS[@]}"; do
    file="$OUT/journal-${u%.service}.log"
    journalctl --user -u "$u" --since "$SINCE" --no-pager -o short-iso > "$file" 2>&1 || true
    errors="$(grep -ciE 'error|panic|fatal' "$file" || true)"
    note "- $u: $(wc -l < "$file") lines, $errors error-ish"
    journalctl --user -u "$u" -n 1 -o cat --no-pager 2>/dev/null | sed 's/^/  last: /' >> "$OUT/summary.md" || true
  done
}

collect_kernel() {
  section "kernel"
  local file="$OUT/kernel.log"
  if have journalctl; then
    journalctl -k --since "$SINCE" --no-pager -o short-iso > "$file" 2>/dev/null || true
  fi
  if [[ ! -s "$file" ]] && have dmesg; then
    dmesg --ctime 2>/dev/null | tail -n 2000 > "$file" || true
  fi
  if [[ -s "$file" ]]; then
    note "- OOM kills: $(grep -ci 'out of memory\|oom-kill' "$file" || true)"
    note "- segfaults: $(grep -ci 'segfault' "$file" || true)"
    grep -iE "oom|segfault" "$file" | grep -i "$BINARY_NAME" | tail -n 5 | sed 's/^/  /' >> "$OUT/summary.md" || true
  else
    note "- kernel log not readable for this user (that is fine)"
  fi
}

collect_cores() {
  section "core dumps"
  if ! have coredumpctl; then
    note "- coredumpctl not available"
    return 0
  fi
  coredumpctl list --no-pager --since "$SINCE" "$BINARY_NAME" > "$OUT/cores.txt" 2>&1 || true
  note "- $(grep -c "$BINARY_NAME" "$OUT/cores.txt" || true) core(s) for $BINARY_NAME"
  if grep -q "$BINARY_NAME" "$OUT/cores.txt"; then
    coredumpctl info --no-pager -1 "$BINARY_NAME" > "$OUT/core-latest.txt" 2>&1 || true
    grep -m1 -A12 'Stack trace' "$OUT/core-latest.txt" | sed 's/^/  /' >> "$OUT/summary.md" || true
  fi
}

collect_resources() {
  section "resources"
  { uptime; echo; free -m 2>/dev/null || vm_stat; echo; df -h . ; } > "$OUT/resources.txt" 2>&1 || true
  if have vmstat; then
    vmstat 1 5 > "$OUT/vmstat.txt" 2>&1 || true
  fi
  local pid
  pid="$(pgrep -u "$(id -u)" -n -x "$BINARY_NAME" || true)"
  if [[ -n "$pid" ]]; then
    note "- $BINARY_NAME pid $pid (ours), rss $(ps -o rss= -p "$pid" | awk '{printf "%.1f MB", $1/1024}')"
    ls -l "/proc/$pid/fd" 2>/dev/null | wc -l | xargs -I{} printf -- '- open fds: %s\n' {} >> "$OUT/summary.md" || true
  else
    note "- $BINARY_NAME not running"
  fi
  note "- load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*averages*: //')"
}

collect_sockets() {
  section "listening sockets"
  if have ss; then
    ss -ltnH 2>/dev/null | awk '{print $4}' | sort -u > "$OUT/listening.txt" || true
  elif have lsof; then
    lsof -nP -iTCP -sTCP:LISTEN -u "$(id -u)" 2>/dev/null | awk 'NR > 1 {print $9}' | sort -u > "$OUT/listening.txt" || true
  fi
  if [[ -s "$OUT/listening.txt" ]]; then
    local port
    for port in 5432 6379 8080 9090; do
      if grep -qE "[:.]${port}\$" "$OUT/listening.txt"; then
        note "- port $port: listening"
      else
        note "- port $port: not listening"
      fi
    done
  else
    note "- could not list sockets"
  fi
}

compare_previous() {
  section "compared with previous triage"
  local prev
  prev="$(ls -1dt "$OUT_BASE"/host-*/ 2>/dev/null | sed -n '2p')"
  if [[ -z "$prev" ]]; then
    note "- no earlier triage folder"
    return 0
  fi
  note "- previous: ${prev%/}"
  local now_oom prev_oom
  now_oom="$(grep -ci 'oom' "$OUT/kernel.log" 2>/dev/null || true)"
  prev_oom="$(grep -ci 'oom' "${prev}kernel.log" 2>/dev/null || true)"
  note "- OOM lines: ${prev_oom:-0} -> ${now_oom:-0}"
}

collect_units
collect_kernel
collect_cores
collect_resources
collect_sockets
compare_previous

# keep the newest five host triage folders
ls -1dt "$OUT_BASE"/host-*/ 2>/dev/null | tail -n +6 | xargs -r rm -rf --

cat "$OUT/summary.md"
echo
echo "details in $OUT/"
