#!/usr/bin/env bash
# dns-drift.sh - compare dns/records.tsv with what the authoritative servers
# answer, and print the differences. Read-only: it only runs dig.
#
#   tools/dns-drift.sh                 all records, default resolver set
#   tools/dns-drift.sh --zone corp.internal
#   tools/dns-drift.sh --ns ns1.internal --ns ns2.internal
#   tools/dns-drift.sh --json > build/dns-drift.json
#
# records.tsv columns: zone  name  type  expected-value(s, comma separated)
# Exit code: 0 = no drift, 1 = drift found, 2 = usage / lookup error.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RECORDS="$ROOT/dns/records.tsv"
ZONE_FILTER=""
JSON=0
TIMEOUT=3
TRIES=2
declare -a NAMESERVERS=()
declare -a DRIFT_ROWS=()
CHECKED=0
ERRORS=0

die() { echo "dns-drift: $*" >&2; exit 2; }

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while (( $# )); do
  case "$1" in
    --zone) ZONE_FILTER="${2:?}"; shift ;;
    --ns) NAMESERVERS+=("${2:?}"); shift ;;
    --json) JSON=1 ;;
    --timeout) TIMEOUT="${2:?}"; shift ;;
    -h|--help) usage 0 ;;
    *) usage 2 ;;
  esac
  shift
done

command -v dig >/dev/null || die "dig not found (install bind9-dnsutils)"
[[ -r "$RECORDS" ]] || die "cannot read $RECORDS"

authoritative_ns() {
  local zone="$1"
  if (( ${#NAMESERVERS[@]} )); then
    printf '%s\n' "${NAMESERVERS[@]}"
    return
  fi
  dig +short +time="$TIMEOUT" +tries="$TRIES" NS "$zone" | sed 's/\.$//' | sort
}

normalise() {
  # lower-case, strip trailing dots and TXT quoting, one value per line, sorted
  tr 'A-Z' 'a-z' | sed -e 's/\.$//' -e 's/^"\(.*\)"$/\1/' -e 's/" "//g' | sort -u
}

lookup() {
  local ns="$1" name="$2" type="$3"
  local out rc
  out="$(dig +short +norecurse +time="$TIMEOUT" +tries="$TRIES" "@$ns" "$name" "$type" 2>&1)"
  rc=$?
  if (( rc != 0 )) || [[ "$out" == *"connection timed out"* ]]; then
    return 1
  fi
  printf '%s\n' "$out" | normalise
}

fqdn() {
  local name="$1" zone="$2"
  if [[ "$name" == "@" ]]; then
    printf '%s' "$zone"
  else
    printf '%s.%s' "$name" "$zone"
  fi
}

record_drift() {
  local zone="$1" name="$2" type="$3" ns="$4" want="$5" got="$6"
  DRIFT_ROWS+=("$zone"$'\t'"$name"$'\t'"$type"$'\t'"$ns"$'\t'"$want"$'\t'"$got")
}

check_record() {
  local zone="$1" name="$2" type="$3" expected="$4"
  local host want got ns
  host="$(fqdn "$name" "$zone")"
  want="$(tr ',' '\n' <<<"$expected" | sed 's/^ *//;s/ *$//' | normalise)"
  while read -r ns; do
    [[ -n "$ns" ]] || continue
    CHECKED=$(( CHECKED + 1 ))
    if ! got="$(lookup "$ns" "$host" "$type")"; then
      ERRORS=$(( ERRORS + 1 ))
      record_drift "$zone" "$host" "$type" "$ns" "$(paste -sd, <<<"$want")" "LOOKUP-FAILED"
      continue
    fi
    if [[ "$got" != "$want" ]]; then
      record_drift "$zone" "$host" "$type" "$ns" "$(paste -sd, <<<"$want")" "$(paste -sd, <<<"${got:-<none>}")"
    fi
  done < <(authoritative_ns "$zone")
}

check_soa_serials() {
  # all authoritative servers of a zone should serve the same SOA serial
  local zone="$1" ns serial first="" mismatch=0
  while read -r ns; do
    [[ -n "$ns" ]] || continue
    serial="$(dig +short +norecurse "@$ns" "$zone" SOA | awk '{ print $3 }')"
    if [[ -z "$first" ]]; then
      first="$serial"
    elif [[ "$serial" != "$first" ]]; then
      mismatch=1
    fi
    (( JSON )) || printf '  %-30s serial %s\n' "$ns" "${serial:-?}"
  done < <(authoritative_ns "$zone")
  if (( mismatch )); then
    record_drift "$zone" "$zone" "SOA" "*" "same serial" "serials differ"
  fi
}

# JSON strings need backslashes and double quotes escaped; values from dig
# never contain control characters, so nothing else is handled here.
json_escape() {
  local s="$1"
  s="${s//\\/\\\\}"
  s="${s//\"/\\\"}"
  printf '%s' "$s"
}

print_text() {
  if (( ${#DRIFT_ROWS[@]} == 0 )); then
    echo "no drift ($CHECKED lookups)"
    return
  fi
  printf '%-22s %-36s %-6s %-22s %s\n' ZONE NAME TYPE SERVER "WANT -> GOT"
  local row zone name type ns want got
  for row in "${DRIFT_ROWS[@]}"; do
    IFS=$'\t' read -r zone name type ns want got <<<"$row"
    printf '%-22s %-36s %-6s %-22s %s -> %s\n' "$zone" "$name" "$type" "$ns" "$want" "$got"
  done
  echo
  echo "${#DRIFT_ROWS[@]} differences in $CHECKED lookups ($ERRORS lookup errors)"
}

print_json() {
  local row zone name type ns want got sep=""
  printf '{"checked":%d,"errors":%d,"drift":[' "$CHECKED" "$ERRORS"
  for row in "${DRIFT_ROWS[@]}"; do
    IFS=$'\t' read -r zone name type ns want got <<<"$row"
    printf '%s{"zone":"%s","name":"%s","type":"%s","server":"%s","want":"%s","got":"%s"}' \
      "$sep" "$(json_escape "$zone")" "$(json_escape "$name")" "$type" \
      "$(json_escape "$ns")" "$(json_escape "$want")" "$(json_escape "$got")"
    sep=","
  done
  printf ']}\n'
}

main() {
  local zone name type expected line_no=0
  declare -A seen_zones=()
  while IFS=$'\t' read -r zone name type expected; do
    line_no=$(( line_no + 1 ))
    [[ -z "$zone" || "$zone" == \#* ]] && continue
    [[ -n "$name" && -n "$type" && -n "$expected" ]] \
      || die "records.tsv line $line_no: expected 4 tab-separated columns"
    [[ -n "$ZONE_FILTER" && "$zone" != "$ZONE_FILTER" ]] && continue
    if [[ -z "${seen_zones[$zone]:-}" ]]; then
      seen_zones[$zone]=1
      (( JSON )) || echo "== $zone"
      check_soa_serials "$zone"
    fi
    check_record "$zone" "$name" "${type^^}" "$expected"
  done < "$RECORDS"
  if (( JSON )); then
    print_json
  else
    print_text
  fi
  if (( ERRORS > 0 && ERRORS == CHECKED )); then
    echo "every lookup failed; is the VPN up?" >&2
    exit 2
  fi
  (( ${#DRIFT_ROWS[@]} == 0 ))
}

main
