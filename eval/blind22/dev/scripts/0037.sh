#!/usr/bin/env bash
# workstation-check.sh - check (and with --fix, adjust) the settings the
# search-service dev stack needs on a Linux workstation.
#
# Read-only by default. With --fix it only:
#   * writes /etc/sysctl.d/99-search-dev.conf with vm.max_map_count
#   * adds a ufw rule allowing 9200/tcp from 127.0.0.1 only (never disables
#     or resets the firewall)
#   * vacuums the *user* journal to 200M
#   * loads the br_netfilter module for the container network tests
# Every sudo call below is either read-only or one of the four changes above.
set -euo pipefail

FIX=0
WANT_MAP_COUNT=262144
SYSCTL_FILE=/etc/sysctl.d/99-search-dev.conf
JOURNAL_CAP=200M
PROBLEMS=0
CHANGES=0

ok()   { printf '  \033[32mok\033[0m    %s\n' "$*"; }
bad()  { printf '  \033[31mfix\033[0m   %s\n' "$*"; PROBLEMS=$((PROBLEMS + 1)); }
note() { printf '  \033[33mnote\033[0m  %s\n' "$*"; }
head_() { printf '\n%s\n' "$*"; }
die()  { printf 'workstation-check: %s\n' "$*" >&2; exit 1; }

for a in "$@"; do
  case "$a" in
    --fix) FIX=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option $a" ;;
  esac
done

[[ "$(uname -s)" == Linux ]] || die "Linux only"
if ((FIX)) && ! sudo -n true 2>/dev/null; then
  note "sudo will ask for your password for the --fix steps"
fi

apply() {
  # apply <description> <command...>
  local desc="$1"; shift
  if ((FIX)); then
    "$@"
    printf '  \033[34mdone\033[0m  %s\n' "$desc"
    CHANGES=$((CHANGES + 1))
  else
    note "would: $desc (run with --fix)"
  fi
}

check_sysctl() {
  head_ "kernel settings"
  local cur
  cur="$(sysctl -n vm.max_map_count)"
  if ((cur >= WANT_MAP_COUNT)); then
    ok "vm.max_map_count = $cur"
  else
    bad "vm.max_map_count = $cur (need >= $WANT_MAP_COUNT for OpenSearch)"
    apply "persist vm.max_map_count in $SYSCTL_FILE" \
      bash -c "printf 'vm.max_map_count = %s\n' $WANT_MAP_COUNT | sudo tee $SYSCTL_FILE >/dev/null && sudo sysctl --load $SYSCTL_FILE >/dev/null"
  fi
  local fwd
  fwd="$(sysctl -n net.ipv4.ip_forward)"
  if [[ "$fwd" == 1 ]]; then
    ok "net.ipv4.ip_forward = 1 (needed by rootless container networking)"
  else
    note "net.ipv4.ip_forward = 0; rootless networking may fail (not changed by this script)"
  fi
}

check_modules() {
  head_ "kernel modules"
  if lsmod | awk '{print $1}' | grep -qx br_netfilter; then
    ok "br_netfilter loaded"
  else
    bad "br_netfilter not loaded"
    apply "load br_netfilter" sudo modprobe br_netfilter
  fi
}

check_firewall() {
  head_ "firewall"
  if ! command -v ufw >/dev/null; then
    note "ufw not installed; check your firewall manually"
    return
  fi
  local status
  status="$(sudo ufw status verbose 2>/dev/null || true)"
  if grep -q '^Status: active' <<< "$status"; then
    ok "ufw active"
  else
    note "ufw inactive; leaving it as it is"
    return
  fi
  if grep -qE '^9200/tcp .*ALLOW IN +127\.0\.0\.1' <<< "$status"; then
    ok "9200/tcp allowed from 127.0.0.1"
  else
    bad "no loopback rule for 9200/tcp"
    apply "allow 9200/tcp from 127.0.0.1" sudo ufw allow from 127.0.0.1 to any port 9200 proto tcp
  fi
}

check_disks() {
  head_ "disks"
  local avail
  avail="$(df -BG --output=avail "$HOME" | tail -n 1 | tr -dc '0-9')"
  if ((avail >= 20)); then
    ok "${avail}G free in \$HOME"
  else
    bad "only ${avail}G free in \$HOME (OpenSearch needs ~20G)"
  fi
  findmnt -no SOURCE,FSTYPE,OPTIONS / | sed 's/^/  root: /'
  lsblk -o NAME,SIZE,FSTYPE,MOUNTPOINTS -e 7 | sed 's/^/  /'
  if swapon --noheadings --show=NAME | grep -q .; then
    note "swap is on; OpenSearch prefers it off (bootstrap.memory_lock) - not changed"
  fi
}

check_journal() {
  head_ "journal"
  local usage
  usage="$(journalctl --user --disk-usage 2>/dev/null | grep -oE '[0-9.]+[KMG]' | tail -n 1 || echo 0)"
  note "user journal uses ${usage:-unknown}"
  case "$usage" in
    *G) apply "vacuum user journal to $JOURNAL_CAP" journalctl --user --vacuum-size="$JOURNAL_CAP" ;;
    *) ok "user journal below 1G" ;;
  esac
}

check_time() {
  head_ "time"
  if timedatectl show -p NTPSynchronized --value 2>/dev/null | grep -qx yes; then
    ok "clock synchronised (TLS tests depend on it)"
  else
    bad "clock not NTP-synchronised; run: timedatectl timesync-status"
  fi
  note "timezone: $(timedatectl show -p Timezone --value 2>/dev/null || echo unknown)"
}

check_packages() {
  head_ "packages"
  if ! command -v apt-mark >/dev/null; then
    note "not a Debian/Ubuntu system; skipping package checks"
    return
  fi
  local held
  held="$(apt-mark showhold)"
  if [[ -n "$held" ]]; then
    note "held packages: $(tr '\n' ' ' <<< "$held")"
  else
    ok "no held packages"
  fi
  local p
  for p in podman slirp4netns uidmap; do
    if dpkg -s "$p" >/dev/null 2>&1; then
      ok "$p installed"
    else
      bad "$p missing; install it with: sudo apt-get install $p"
    fi
  done
}

check_user() {
  head_ "user"
  if grep -q "^$USER:" /etc/subuid && grep -q "^$USER:" /etc/subgid; then
    ok "subuid/subgid ranges present for $USER"
  else
    bad "no subuid/subgid range for $USER; rootless containers need one"
    note "fix with: sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 $USER"
  fi
  if id -nG | tr ' ' '\n' | grep -qx docker; then
    note "$USER is in the docker group (root-equivalent); the dev stack does not need it"
  fi
}

check_sysctl
check_packages
check_user
check_modules
check_firewall
check_disks
check_journal
check_time

printf '\n'
if ((PROBLEMS == 0)); then
  echo "workstation ready"
elif ((FIX)); then
  echo "$CHANGES change(s) applied; re-run without --fix to verify"
else
  echo "$PROBLEMS problem(s); re-run with --fix to apply the safe fixes"
  exit 1
fi
