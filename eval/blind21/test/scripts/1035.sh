#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: ops / incident response
# Runbook: docs/runbooks/incident-export.md
#
# Privacy note: exports are redacted (see redact()), but a human still
# reviews them before they are committed. Do not paste raw Loki output
# into incident folders by hand.
#
# incident-logs.sh - export the logs around an incident from Loki into the
# incident folder, redacted, for the post-mortem.
#
#   ops/incident-logs.sh INC-2041 "2026-11-28T13:40:00Z" 45m
#   ops/incident-logs.sh INC-2041 "2026-11-28T13:40:00Z" 45m --apps ledger-api,ledger-worker
#
# Writes incidents/<id>/logs/<app>.log (redacted) and a summary.md with error
# counts per app and minute. Loki address: LOKI_ADDR (default the local
# compose Loki at http://127.0.0.1:3100); only local or *.internal addresses
# are accepted. LOKI_BEARER, if set, is passed to logcli via its env var.
#
# Why redact locally: incident folders are committed to the ops repository
# and linked from the post-mortem, which is readable by the whole company.
# Raw request logs can carry bearer tokens, session cookies, customer emails
# and card numbers; all of those are replaced before anything is written.
# The redaction rules are self-tested at start so a broken rule aborts the
# export instead of silently writing raw lines.
#
# Output layout:
#   incidents/INC-2041/
#     summary.md            per-app line counts and error-per-minute tables
#     logs/ledger-api.log   redacted raw lines, oldest first
#     logs/ledger-worker.log
#
# Time handling: CENTER is an RFC 3339 UTC timestamp; the export covers
# CENTER +/- WINDOW. GNU date is required (Linux, or coreutils on macOS as
# gdate aliased to date).
#
# Large incidents: --limit caps lines per app (default 50000). If a file
# ends exactly at the limit, narrow the window or raise the limit.
#
# Nothing is sent anywhere except the Loki query itself; the export stays in
# the working tree until the user commits it.
#
# Examples:
#   ops/incident-logs.sh INC-2041 2026-11-28T13:40:00Z 30m
#   LOKI_ADDR=https://loki.internal ops/incident-logs.sh INC-2050 2026-12-01T08:00:00Z 2h
#
# Requirements: logcli >= 2.9, GNU date, sed with -E, awk.
#
# Known limitation: the email rule also redacts git author strings in log
# lines; that is intentional, as those can identify customers too.
# Review the summary before committing; redaction is best-effort.
set -euo pipefail

ROOT=$(git rev-parse --show-toplevel)
LOKI_ADDR=${LOKI_ADDR:-http://127.0.0.1:3100}
APPS="ledger-api,ledger-worker,ledger-web"
LIMIT=50000

die() { echo "incident-logs: $*" >&2; exit 1; }

(( $# >= 3 )) || { sed -n '2,11p' "$0"; exit 2; }
INCIDENT=$1
CENTER=$2
WINDOW=$3
shift 3
while (( $# )); do
  case "$1" in
    --apps) APPS=${2:?}; shift 2 ;;
    --limit) LIMIT=${2:?}; shift 2 ;;
    *) die "unknown option $1" ;;
  esac
done

[[ "$INCIDENT" =~ ^INC-[0-9]+$ ]] || die "incident id must look like INC-1234"
[[ "$WINDOW" =~ ^[0-9]+[mh]$ ]] || die "window must look like 30m or 2h"

host_of() { sed -E 's#^[a-z]+://##; s#[:/].*$##' <<<"$1"; }
case "$(host_of "$LOKI_ADDR")" in
  127.0.0.1|localhost|*.internal) ;;
  *) die "LOKI_ADDR $LOKI_ADDR is not local or internal" ;;
esac

OUT="$ROOT/incidents/$INCIDENT/logs"
mkdir -p "$OUT"

window_bounds() {
  local secs
  case "$WINDOW" in
    *m) secs=$(( ${WINDOW%m} * 60 )) ;;
    *h) secs=$(( ${WINDOW%h} * 3600 )) ;;
  esac
  local center_epoch
  center_epoch=$(date -u -d "$CENTER" +%s) || die "cannot parse time $CENTER"
  FROM=$(date -u -d "@$(( center_epoch - secs ))" +%FT%TZ)
  TO=$(date -u -d "@$(( center_epoch + secs ))" +%FT%TZ)
}

# Redaction: bearer tokens, cookies, emails, card-like numbers and anything
# that looks like key=value for password/secret/token keys. sed -E with one
# expression per rule keeps the rules readable and testable.
redact() {
  sed -E \
    -e 's/([Aa]uthorization: *[Bb]earer )[A-Za-z0-9._~+\/=-]+/\1[REDACTED]/g' \
    -e 's/([Cc]ookie: *)[^ ]+/\1[REDACTED]/g' \
    -e 's/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/[EMAIL]/g' \
    -e 's/\b[0-9]{4}[ -]?[0-9]{4}[ -]?[0-9]{4}[ -]?[0-9]{1,7}\b/[PAN]/g' \
    -e 's/((password|passwd|secret|token|api_key)["'"'"']?[:=] *["'"'"']?)[^ ,"'"'"'}]+/\1[REDACTED]/gI'
}

export_app() {
  local app=$1
  local file="$OUT/$app.log"
  echo "  $app"
  logcli query \
    --addr "$LOKI_ADDR" \
    --from "$FROM" --to "$TO" \
    --limit "$LIMIT" --forward --quiet \
    --output raw \
    "{app=\"$app\"}" | redact > "$file.tmp"
  mv -f -- "$file.tmp" "$file"
  wc -l < "$file"
}

error_histogram() {
  local app=$1
  grep -iE 'error|panic|fatal|exception' "$OUT/$app.log" \
    | grep -oE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}' \
    | sort | uniq -c | awk '{ printf "| %s | %d |\n", $2, $1 }'
}

write_summary() {
  local summary="$ROOT/incidents/$INCIDENT/summary.md"
  {
    echo "# $INCIDENT log export"
    echo
    echo "Window: $FROM .. $TO (exported $(date -u +%FT%TZ) by ${USER:-unknown})"
    echo
    local app
    IFS=, read -ra list <<<"$APPS"
    for app in "${list[@]}"; do
      echo "## $app"
      echo
      echo "Lines: $(wc -l < "$OUT/$app.log")"
      echo
      echo "| minute | error lines |"
      echo "|---|---|"
      error_histogram "$app" || true
      echo
    done
  } > "$summary"
  echo "summary: ${summary#"$ROOT"/}"
}

self_test_redaction() {
  # cheap guard against a broken sed rule leaking secrets into git
  local sample out
  sample='Authorization: Bearer abc.def.ghi password=hunter2 user=bob@example.org'
  out=$(redact <<<"$sample")
  [[ "$out" != *abc.def.ghi* && "$out" != *hunter2* && "$out" != *bob@* ]] \
    || die "redaction self-test failed: $out"
}

main() {
  command -v logcli >/dev/null || die "logcli not installed"
  self_test_redaction
  window_bounds
  [[ -n "${LOKI_BEARER:-}" ]] && export LOKI_BEARER_TOKEN="$LOKI_BEARER"
  echo "exporting $FROM .. $TO from $LOKI_ADDR"
  local app
  IFS=, read -ra list <<<"$APPS"
  for app in "${list[@]}"; do
    [[ "$app" =~ ^[a-z0-9-]+$ ]] || die "bad app name $app"
    export_app "$app"
  done
  write_summary
  echo "review the files before committing: git add incidents/$INCIDENT"
}

main
