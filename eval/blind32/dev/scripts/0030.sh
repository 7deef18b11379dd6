#!/bin/sh
# Read-only report of the lab OpenWrt router (gw.internal) for docs/network.md.
#
# Collects over ssh: firmware release, installed packages, uci network,
# wireless (keys masked), dhcp leases count, firewall zones and forwardings,
# WireGuard interface peers (public keys and handshakes only) and disk/mem use.
# Nothing is written on the router: only `uci show`, `cat`, `ubus call` and
# `wg show` are executed there.
#
# Usage: tools/router-report.sh [-H host] [-o out.md] [--raw]
# POSIX sh on purpose: the same file is sometimes run from the router itself
# with ROUTER=local.
set -eu

ROUTER="${ROUTER:-root@gw.internal}"
OUT="docs/generated/router.md"
RAW=0
TMPD=""

log() { printf '%s\n' "router-report: $*" >&2; }
die() { log "$*"; exit 1; }

cleanup() {
  if [ -n "$TMPD" ] && [ -d "$TMPD" ]; then
    rm -rf "$TMPD"
  fi
}
trap cleanup EXIT INT TERM

while [ $# -gt 0 ]; do
  case "$1" in
    -H) ROUTER="$2"; shift 2 ;;
    -o) OUT="$2"; shift 2 ;;
    --raw) RAW=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
done

case "$ROUTER" in
  local|*@*.internal|*.internal) ;;
  *) die "ROUTER must be 'local' or a *.internal host (got $ROUTER)" ;;
esac

r() {
  # run one read-only command on the router
  if [ "$ROUTER" = local ]; then
    sh -c "$1"
  else
    ssh -o BatchMode=yes -o ConnectTimeout=8 "$ROUTER" "$1"
  fi
}

mask_secrets() {
  # uci values for key, password, private_key and psk are replaced with ***
  sed -E "s/(\.(key|password|private_key|preshared_key|sae_password)=)'[^']*'/\1'***'/"
}

TMPD="$(mktemp -d "${TMPDIR:-/tmp}/router-report.XXXXXX")"

log "collecting from $ROUTER"
r 'cat /etc/openwrt_release' > "$TMPD/release" || die "cannot reach $ROUTER"
r 'uname -r' > "$TMPD/kernel"
r 'opkg list-installed' > "$TMPD/packages" 2>/dev/null || : > "$TMPD/packages"
r 'uci show network' | mask_secrets > "$TMPD/network"
r 'uci show wireless' | mask_secrets > "$TMPD/wireless" 2>/dev/null || : > "$TMPD/wireless"
r 'uci show firewall' > "$TMPD/firewall"
r 'uci show dhcp' > "$TMPD/dhcp"
r 'cat /tmp/dhcp.leases 2>/dev/null || true' > "$TMPD/leases"
r 'ubus call system info' > "$TMPD/sysinfo" 2>/dev/null || echo '{}' > "$TMPD/sysinfo"
r 'df -h /overlay 2>/dev/null | tail -n 1' > "$TMPD/overlay" || : > "$TMPD/overlay"
r 'command -v wg >/dev/null && wg show all dump || true' > "$TMPD/wg"

release_field() {
  sed -n "s/^$1='\(.*\)'$/\1/p" "$TMPD/release"
}

section_interfaces() {
  echo "## Interfaces"
  echo
  echo "| interface | proto | address | device |"
  echo "|---|---|---|---|"
  for iface in $(sed -n "s/^network\.\([^.=]*\)=interface$/\1/p" "$TMPD/network"); do
    proto=$(sed -n "s/^network\.$iface\.proto='\(.*\)'$/\1/p" "$TMPD/network")
    addr=$(sed -n "s/^network\.$iface\.ipaddr='\(.*\)'$/\1/p" "$TMPD/network")
    dev=$(sed -n "s/^network\.$iface\.device='\(.*\)'$/\1/p" "$TMPD/network")
    echo "| $iface | ${proto:--} | ${addr:--} | ${dev:--} |"
  done
  echo
}

section_wireless() {
  echo "## Wireless"
  echo
  if [ ! -s "$TMPD/wireless" ]; then
    echo "_no wireless configuration_"
    echo
    return
  fi
  echo "| section | ssid | encryption | network |"
  echo "|---|---|---|---|"
  for s in $(sed -n "s/^wireless\.\([^.=]*\)=wifi-iface$/\1/p" "$TMPD/wireless"); do
    ssid=$(sed -n "s/^wireless\.$s\.ssid='\(.*\)'$/\1/p" "$TMPD/wireless")
    enc=$(sed -n "s/^wireless\.$s\.encryption='\(.*\)'$/\1/p" "$TMPD/wireless")
    net=$(sed -n "s/^wireless\.$s\.network='\(.*\)'$/\1/p" "$TMPD/wireless")
    echo "| $s | ${ssid:--} | ${enc:--} | ${net:--} |"
  done
  echo
}

section_firewall() {
  echo "## Firewall zones"
  echo
  echo "| zone | input | output | forward | masq |"
  echo "|---|---|---|---|---|"
  for z in $(sed -n "s/^firewall\.\([^.=]*\)=zone$/\1/p" "$TMPD/firewall"); do
    get() { sed -n "s/^firewall\.$z\.$1='\(.*\)'$/\1/p" "$TMPD/firewall"; }
    echo "| $(get name) | $(get input) | $(get output) | $(get forward) | $(get masq) |"
  done
  echo
  echo "Forwardings:"
  echo
  for f in $(sed -n "s/^firewall\.\([^.=]*\)=forwarding$/\1/p" "$TMPD/firewall"); do
    src=$(sed -n "s/^firewall\.$f\.src='\(.*\)'$/\1/p" "$TMPD/firewall")
    dst=$(sed -n "s/^firewall\.$f\.dest='\(.*\)'$/\1/p" "$TMPD/firewall")
    echo "- $src -> $dst"
  done
  echo
}

section_wireguard() {
  echo "## WireGuard"
  echo
  if [ ! -s "$TMPD/wg" ]; then
    echo "_wireguard not installed or no interfaces_"
    echo
    return
  fi
  echo "| interface | peer public key | endpoint | latest handshake |"
  echo "|---|---|---|---|"
  # dump format: interface lines have 5 fields (incl. private key), peer lines 9.
  # Only peer lines are printed; the interface private key is never shown.
  awk -F'\t' 'NF == 9 {
      hs = ($6 == 0) ? "never" : strftime("%Y-%m-%d %H:%M", $6)
      printf "| %s | %s | %s | %s |\n", $1, $2, $4, hs
    }' "$TMPD/wg"
  echo
}

section_system() {
  echo "## System"
  echo
  echo "- release: $(release_field DISTRIB_DESCRIPTION)"
  echo "- target: $(release_field DISTRIB_TARGET)"
  echo "- kernel: $(cat "$TMPD/kernel")"
  echo "- packages installed: $(wc -l < "$TMPD/packages" | tr -d ' ')"
  echo "- active DHCP leases: $(wc -l < "$TMPD/leases" | tr -d ' ')"
  echo "- overlay: $(awk '{print $3 " used of " $2 " (" $5 ")"}' "$TMPD/overlay")"
  if command -v jq >/dev/null 2>&1; then
    echo "- uptime: $(jq -r '.uptime // 0 | (. / 86400 | floor | tostring) + " days"' "$TMPD/sysinfo")"
    echo "- memory free: $(jq -r '(.memory.free // 0) / 1048576 | floor | tostring + " MiB"' "$TMPD/sysinfo")"
  fi
  echo
}

section_packages() {
  echo "## Notable packages"
  echo
  grep -E '^(wireguard-tools|luci|dnsmasq|adblock|https-dns-proxy|banip|sqm-scripts) ' "$TMPD/packages" \
    | sed 's/^/- /' || echo "- none of the tracked packages installed"
  echo
}

mkdir -p "$(dirname "$OUT")"
{
  echo "# Router report: ${ROUTER#*@}"
  echo
  echo "_generated $(date -u '+%Y-%m-%d %H:%M UTC') by tools/router-report.sh - do not edit_"
  echo
  section_system
  section_interfaces
  section_wireless
  section_firewall
  section_wireguard
  section_packages
} > "$TMPD/report.md"

mv "$TMPD/report.md" "$OUT"
log "wrote $OUT"

if [ "$RAW" = 1 ]; then
  rawdir="build/router-raw"
  mkdir -p "$rawdir"
  for f in release packages network wireless firewall dhcp; do
    cp "$TMPD/$f" "$rawdir/$f.txt"
  done
  log "raw (masked) uci output copied to $rawdir"
fi
