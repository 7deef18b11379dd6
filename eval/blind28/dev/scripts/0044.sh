#!/usr/bin/env bash
#
# config/domains.txt: one signing domain per line, comments with '#'.
#   mail.internal
#   lists.mail.internal     # Mailman list traffic
#
# Rotation runbook (docs/ops/dkim.md):
#   1. tools/dkim-rotate.sh            -> commit keys/ (git-crypt) and build/dns-records.txt
#   2. publish the TXT records, wait one TTL
#   3. tools/dkim-rotate.sh --check    -> must say "key OK" for every domain
#   4. deploy roles/opendkim with ansible (separate step, separate review)
#   5. after a week: tools/dkim-rotate.sh --prune --apply
#
# dkim-rotate.sh - create a new DKIM selector for each domain in config/domains.txt
#
#   tools/dkim-rotate.sh                 generate keys into keys/<domain>/, print DNS records
#   tools/dkim-rotate.sh --check         run opendkim-testkey for the current selectors
#   tools/dkim-rotate.sh --prune --apply remove selectors older than the last two (keys/ only)
#
# Keys never leave the repository's keys/ directory (which is git-crypt'ed).
# The DNS records are printed for a human to publish.  The ansible role
# (roles/opendkim) deploys keys/ to the mail hosts; this script does not.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KEYS="$ROOT/keys"
DOMAINS_FILE="$ROOT/config/domains.txt"
BITS="${BITS:-2048}"
PREFIX="${PREFIX:-s}"
CHECK=0
PRUNE=0
APPLY=0
WORK=""

log() { printf 'dkim: %s\n' "$*"; }
die() { printf 'dkim: error: %s\n' "$*" >&2; exit 1; }

finish() {
  [[ -n "$WORK" && -d "$WORK" ]] && rm -rf -- "$WORK"
  return 0
}
trap finish EXIT

for arg in "$@"; do
  case "$arg" in
    --check) CHECK=1 ;;
    --prune) PRUNE=1 ;;
    --apply) APPLY=1 ;;
    --help|-h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option: $arg" ;;
  esac
done

domains() {
  [[ -f "$DOMAINS_FILE" ]] || die "missing $DOMAINS_FILE"
  grep -Ev '^\s*(#|$)' "$DOMAINS_FILE" | awk '{print $1}'
}

valid_domain() {
  [[ "$1" =~ ^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$ ]]
}

selector_for_today() {
  printf '%s%s' "$PREFIX" "$(date +%Y%m)"
}

current_selector() {
  local domain="$1"
  awk -v d="$domain" '$2 ~ "^"d":" {split($2, a, ":"); print a[2]; exit}' "$KEYS/KeyTable" 2>/dev/null
}

record_from_txt() {
  # opendkim-genkey writes the record split into quoted chunks; join them
  tr -d '\n' <"$1" | sed -E 's/^[^(]*\(//; s/\).*$//; s/"[[:space:]]*"//g; s/"//g; s/[[:space:]]+/ /g; s/^ //'
}

generate() {
  local domain="$1" selector dir
  selector="$(selector_for_today)"
  dir="$KEYS/$domain"
  if [[ -f "$dir/$selector.private" ]]; then
    log "$domain: selector $selector already present"
    return 0
  fi
  command -v opendkim-genkey >/dev/null || die "opendkim-genkey not installed (opendkim-tools)"
  WORK="$(mktemp -d)"
  opendkim-genkey -b "$BITS" -d "$domain" -s "$selector" -D "$WORK" -r
  mkdir -p "$dir"
  chmod 700 "$dir"
  mv -- "$WORK/$selector.private" "$dir/$selector.private"
  mv -- "$WORK/$selector.txt" "$dir/$selector.txt"
  chmod 600 "$dir/$selector.private"
  rm -rf -- "$WORK"
  WORK=""
  log "$domain: new key keys/$domain/$selector.private"
  printf '%s._domainkey.%s IN TXT "%s"\n' "$selector" "$domain" "$(record_from_txt "$dir/$selector.txt")" \
    >>"$ROOT/build/dns-records.txt"
}

rewrite_tables() {
  local domain selector tmp_k tmp_s
  tmp_k="$(mktemp "$KEYS/.KeyTable.XXXX")"
  tmp_s="$(mktemp "$KEYS/.SigningTable.XXXX")"
  while IFS= read -r domain; do
    selector="$(ls -1t "$KEYS/$domain"/*.private 2>/dev/null | head -n 1 | xargs -r basename | sed 's/\.private$//')"
    [[ -n "$selector" ]] || continue
    printf '%s._domainkey.%s %s:%s:/etc/opendkim/keys/%s/%s.private\n' \
      "$selector" "$domain" "$domain" "$selector" "$domain" "$selector" >>"$tmp_k"
    printf '*@%s %s._domainkey.%s\n' "$domain" "$selector" "$domain" >>"$tmp_s"
  done < <(domains)
  mv -f -- "$tmp_k" "$KEYS/KeyTable"
  mv -f -- "$tmp_s" "$KEYS/SigningTable"
  log "KeyTable and SigningTable updated"
}

check() {
  command -v opendkim-testkey >/dev/null || die "opendkim-testkey not installed"
  local domain selector rc=0
  while IFS= read -r domain; do
    selector="$(current_selector "$domain")"
    if [[ -z "$selector" ]]; then
      log "$domain: no selector in KeyTable"
      rc=1
      continue
    fi
    if opendkim-testkey -d "$domain" -s "$selector" -k "$KEYS/$domain/$selector.private" -vvv 2>&1 \
        | grep -q 'key OK'; then
      log "$domain: $selector key OK"
    else
      log "$domain: $selector not published or mismatching"
      rc=1
    fi
  done < <(domains)
  return "$rc"
}

prune() {
  local domain old n=0
  while IFS= read -r domain; do
    [[ -d "$KEYS/$domain" ]] || continue
    while IFS= read -r old; do
      [[ -n "$old" ]] || continue
      if ((APPLY)); then
        rm -f -- "$old" "${old%.private}.txt"
        log "removed ${old#"$ROOT"/}"
      else
        log "would remove ${old#"$ROOT"/} (add --apply)"
      fi
      n=$((n + 1))
    done < <(ls -1t "$KEYS/$domain"/*.private 2>/dev/null | tail -n +3)
  done < <(domains)
  log "$n old selector(s) $( ((APPLY)) && echo removed || echo listed)"
}

main() {
  mkdir -p "$KEYS" "$ROOT/build"
  if ((CHECK)); then
    check
    return
  fi
  if ((PRUNE)); then
    prune
    return
  fi
  : >"$ROOT/build/dns-records.txt"
  local domain
  while IFS= read -r domain; do
    valid_domain "$domain" || die "invalid domain in config: $domain"
    generate "$domain"
  done < <(domains)
  rewrite_tables
  if [[ -s "$ROOT/build/dns-records.txt" ]]; then
    log "publish these records, wait for TTL, then run --check:"
    cat "$ROOT/build/dns-records.txt"
  else
    log "no new selectors"
  fi
}

main
