#!/usr/bin/env bash
# wg-lint.sh - lint the WireGuard configs in vpn/out and watch the local tunnel.
#
#   tools/wg-lint.sh lint           static checks of vpn/out/*.conf
#   tools/wg-lint.sh watch [IFACE]  print handshake ages every 10 s (sudo wg show)
#   tools/wg-lint.sh diff IFACE     compare the running interface with its file
#
# Static checks: permissions 600, one [Interface], PrivateKey is 44 base64 chars
# and matches the PublicKey listed in vpn/peers.tsv, no AllowedIPs overlap
# between peers, Endpoint resolves.  `watch` and `diff` need sudo for `wg show`
# (read-only); private keys are never printed - `wg showconf` output is piped
# through a filter that drops them before diffing.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || echo "$PWD")"
CONF_DIR="$ROOT/vpn/out"
PEERS_TSV="$ROOT/vpn/peers.tsv"
ERRORS=0

log() { printf '%s\n' "$*"; }
err() { printf 'ERROR %s\n' "$*"; ERRORS=$(( ERRORS + 1 )); }
die() { printf 'fatal: %s\n' "$*" >&2; exit 2; }

strip_private() {
  sed -E '/^[[:space:]]*(PrivateKey|PresharedKey)[[:space:]]*=/d'
}

section_count() {
  grep -c '^\[Interface\]' "$1"
}

value_of() {
  # value_of FILE KEY -> first value for KEY
  awk -F'=' -v k="$2" '{gsub(/[ \t]/, "", $1)} $1 == k {sub(/^[^=]*=[ \t]*/, ""); print; exit}' "$1"
}

check_perms() {
  local f="$1" mode
  mode="$(stat -c %a "$f")"
  [[ "$mode" == 600 ]] || err "$(basename "$f"): mode $mode, expected 600"
}

check_key() {
  local f="$1" key pub expected name
  name="$(basename "$f" .conf)"
  key="$(value_of "$f" PrivateKey)"
  if [[ ! "$key" =~ ^[A-Za-z0-9+/]{43}=$ ]]; then
    err "$name: PrivateKey is not a 32-byte base64 key"
    return
  fi
  pub="$(printf '%s' "$key" | wg pubkey)"
  expected="$(awk -F'\t' -v n="$name" '$1 == n {print $3}' "$PEERS_TSV" 2>/dev/null)"
  if [[ -n "$expected" && "$pub" != "$expected" ]]; then
    err "$name: public key does not match vpn/peers.tsv"
  fi
}

check_endpoint() {
  local f="$1" ep host
  ep="$(value_of "$f" Endpoint)"
  [[ -n "$ep" ]] || return 0
  host="${ep%:*}"
  host="${host#[}"; host="${host%]}"
  if ! getent ahosts "$host" >/dev/null; then
    err "$(basename "$f"): endpoint host $host does not resolve"
  fi
}

collect_allowed() {
  local f
  for f in "$CONF_DIR"/*.conf; do
    [[ "$(basename "$f")" == wg0-peers.conf ]] || continue
    awk -F'=' '/^AllowedIPs/ {gsub(/ /, "", $2); n = split($2, a, ","); for (i = 1; i <= n; i++) print a[i]}' "$f"
  done
}

check_overlaps() {
  local dupes
  dupes="$(collect_allowed | sort | uniq -d)"
  if [[ -n "$dupes" ]]; then
    while read -r cidr; do
      err "AllowedIPs $cidr is assigned to more than one peer"
    done <<<"$dupes"
  fi
}

cmd_lint() {
  shopt -s nullglob
  local files=("$CONF_DIR"/*.conf) f
  (( ${#files[@]} )) || die "no configs in vpn/out (run tools/wg-peers first)"
  for f in "${files[@]}"; do
    if [[ "$(basename "$f")" == wg0-peers.conf ]]; then
      check_perms "$f"
      continue
    fi
    [[ "$(section_count "$f")" == 1 ]] || err "$(basename "$f"): expected exactly one [Interface]"
    check_perms "$f"
    check_key "$f"
    check_endpoint "$f"
  done
  check_overlaps
  log "${#files[@]} file(s) checked, $ERRORS error(s)"
  (( ERRORS == 0 ))
}

age_of() {
  local ts="$1" now
  now="$(date +%s)"
  if (( ts == 0 )); then
    echo "never"
  else
    echo "$(( now - ts ))s"
  fi
}

cmd_watch() {
  local iface="${1:-wg0}"
  ip link show "$iface" >/dev/null 2>&1 || die "interface $iface is not up"
  log "watching $iface (Ctrl-C to stop)"
  while true; do
    clear
    printf '%-46s %-22s %s\n' "peer" "endpoint" "handshake"
    paste <(sudo wg show "$iface" latest-handshakes) <(sudo wg show "$iface" endpoints | cut -f2) \
      | while IFS=$'\t' read -r peer ts endpoint; do
          printf '%-46s %-22s %s\n' "$peer" "$endpoint" "$(age_of "$ts")"
        done
    sleep 10
  done
}

cmd_diff() {
  local iface="${1:?interface name}" file
  file="$CONF_DIR/$iface.conf"
  [[ -f "$file" ]] || file="$CONF_DIR/wg0-peers.conf"
  diff -u \
    <(wg-quick strip "$file" | strip_private | sed '/^$/d') \
    <(sudo wg showconf "$iface" | strip_private | sed '/^$/d') \
    && log "running $iface matches $(basename "$file")"
}

cmd_mtu() {
  # suggest an MTU per client from the path MTU towards its endpoint
  local f ep host mtu
  for f in "$CONF_DIR"/*.conf; do
    [[ "$(basename "$f")" == wg0-peers.conf ]] && continue
    ep="$(value_of "$f" Endpoint)"
    [[ -n "$ep" ]] || continue
    host="${ep%:*}"
    mtu="$(tracepath -n -m 8 "$host" 2>/dev/null | awk '/pmtu/ {v = $NF} END {print v}')"
    if [[ -n "$mtu" ]]; then
      printf '%-20s path MTU %-5s -> suggested wg MTU %s\n' "$(basename "$f" .conf)" "$mtu" "$(( mtu - 80 ))"
    else
      printf '%-20s path MTU unknown\n' "$(basename "$f" .conf)"
    fi
  done
}

cmd_summary() {
  local f n=0 keepalive=0
  for f in "$CONF_DIR"/*.conf; do
    [[ -e "$f" ]] || continue
    [[ "$(basename "$f")" == wg0-peers.conf ]] && continue
    n=$(( n + 1 ))
    [[ -n "$(value_of "$f" PersistentKeepalive)" ]] && keepalive=$(( keepalive + 1 ))
  done
  log "$n client config(s), $keepalive with PersistentKeepalive"
}

main() {
  command -v wg >/dev/null || die "wireguard-tools not installed"
  case "${1:-lint}" in
    lint) cmd_lint ;;
    mtu) cmd_mtu ;;
    summary) cmd_summary ;;
    watch) cmd_watch "${2:-wg0}" ;;
    diff) cmd_diff "${2:-}" ;;
    *) die "unknown command ${1}" ;;
  esac
}

main "$@"
