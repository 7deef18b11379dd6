#!/usr/bin/env bash
#
# runner-bootstrap.sh -- first-boot setup of an ephemeral self-hosted CI
# runner VM for the ledger project.
#
# The VM image marks itself with /etc/ledger-runner; without it this script
# exits immediately, so it can never reconfigure a developer workstation.
#
# Read-only checks: lsblk/findmnt for the work disk, ufw status, sysctl
# values, timedatectl, snap and flatpak lists, journal usage.
# Changes (all idempotent; --dry-run prints them instead):
#   * hostname ledger-runner-<short machine id> via hostnamectl
#   * timezone UTC
#   * create the unprivileged `runner` user (no sudo group)
#   * format the *empty* attached work disk listed in /etc/ledger-runner
#     (refuses if it has any filesystem signature or partitions) and mount it
#     on /srv/work
#   * apt-mark hold for the pinned docker packages
#   * ufw: default deny incoming, allow OpenSSH (the image ships ufw inactive)
#
set -euo pipefail

marker=/etc/ledger-runner
dry_run=false
[[ ${1:-} == --dry-run ]] && dry_run=true

step() { printf '\n## %s\n' "$*"; }
info() { printf '   %s\n' "$*"; }
die() { printf 'runner-bootstrap: %s\n' "$*" >&2; exit 1; }

do_() {
  if $dry_run; then
    info "(dry-run) $*"
  else
    info "+ $*"
    "$@"
  fi
}

[[ -f $marker ]] || die "$marker missing: not a ledger runner VM"
(( EUID == 0 )) || die "run as root (cloud-init runs it that way)"

# marker file format: key=value lines; work_disk=/dev/vdb
work_disk=$(sed -n 's/^work_disk=//p' "$marker")
pinned=(docker-ce docker-ce-cli containerd.io)

setup_identity() {
  step "identity"
  local id want
  id=$(cut -c1-8 /etc/machine-id)
  want=ledger-runner-$id
  if [[ $(hostnamectl --static) != "$want" ]]; then
    do_ hostnamectl set-hostname "$want"
  else
    info "hostname already $want"
  fi
  if [[ $(timedatectl show -p Timezone --value) != UTC ]]; then
    do_ timedatectl set-timezone UTC
  fi
  info "NTP synchronised: $(timedatectl show -p NTPSynchronized --value)"
}

setup_user() {
  step "runner user"
  if id runner >/dev/null 2>&1; then
    info "runner exists: $(id runner)"
    if id -nG runner | tr ' ' '\n' | grep -qxE 'sudo|wheel|adm'; then
      info "WARNING: runner is in an admin group; the image is misconfigured"
    fi
  else
    do_ useradd --create-home --shell /bin/bash --comment "CI runner" runner
  fi
}

disk_is_blank() {
  local dev=$1
  [[ -z $(lsblk -nrpo NAME "$dev" | tail -n +2) ]] || return 1   # no partitions
  [[ -z $(blkid -p -o value -s TYPE "$dev" 2>/dev/null) ]] || return 1  # no filesystem
  [[ -z $(wipefs --no-act --noheadings "$dev" 2>/dev/null) ]]
}

setup_work_disk() {
  step "work disk"
  if findmnt -rn /srv/work >/dev/null; then
    info "/srv/work already mounted: $(findmnt -rno SOURCE,FSTYPE /srv/work)"
    return
  fi
  [[ -n $work_disk ]] || { info "no work_disk in $marker; using the root disk"; return; }
  [[ -b $work_disk ]] || die "$work_disk is not a block device"
  [[ $(findmnt -rno SOURCE / ) != "$work_disk"* ]] || die "$work_disk holds the root filesystem"
  lsblk -o NAME,SIZE,TYPE,FSTYPE,MOUNTPOINTS "$work_disk" | sed 's/^/   /'
  if ! disk_is_blank "$work_disk"; then
    info "$work_disk is not blank; leaving it alone (mount it by hand if it is a reused work disk)"
    return
  fi
  do_ mkfs.ext4 -q -L ledger-work "$work_disk"
  do_ install -d -m 0755 /srv/work
  if ! grep -q 'LABEL=ledger-work' /etc/fstab; then
    $dry_run || echo 'LABEL=ledger-work /srv/work ext4 defaults,noatime 0 2' >> /etc/fstab
    info "fstab entry for LABEL=ledger-work"
  fi
  do_ mount /srv/work
  do_ chown runner:runner /srv/work
}

setup_packages() {
  step "packages"
  local held p
  held=$(apt-mark showhold)
  for p in "${pinned[@]}"; do
    if grep -qx "$p" <<<"$held"; then
      info "$p held"
    elif dpkg -s "$p" >/dev/null 2>&1; then
      do_ apt-mark hold "$p"
    else
      info "$p not installed (image without docker?)"
    fi
  done
  command -v snap >/dev/null && info "snaps: $(snap list 2>/dev/null | tail -n +2 | awk '{print $1}' | paste -sd' ')"
  command -v flatpak >/dev/null && info "flatpaks: $(flatpak list --columns=application 2>/dev/null | paste -sd' ')"
}

setup_firewall() {
  step "firewall"
  command -v ufw >/dev/null || { info "ufw not installed"; return; }
  local status
  status=$(ufw status | head -n 1)
  info "$status"
  if [[ $status == "Status: inactive" ]]; then
    do_ ufw default deny incoming
    do_ ufw default allow outgoing
    do_ ufw allow OpenSSH
    do_ ufw --force enable
  fi
}

report_kernel() {
  step "kernel (read-only)"
  local k
  for k in vm.max_map_count fs.inotify.max_user_watches kernel.unprivileged_userns_clone; do
    info "$k = $(sysctl -n "$k" 2>/dev/null || echo n/a)"
  done
  info "swap: $(swapon --show --noheadings | wc -l) device(s)"
  info "$(journalctl --disk-usage 2>/dev/null)"
}

setup_limits() {
  step "limits for the runner user"
  local f=/etc/security/limits.d/60-ledger-runner.conf
  local want
  want=$'runner soft nofile 65536\nrunner hard nofile 65536\nrunner soft nproc 8192'
  if [[ -f $f && $(<"$f") == "$want" ]]; then
    info "$f up to date"
    return
  fi
  if $dry_run; then
    info "(dry-run) write $f"
  else
    printf '%s\n' "$want" > "$f"
    chmod 0644 "$f"
    info "wrote $f"
  fi
}

setup_journal() {
  step "journald size cap"
  local conf=/etc/systemd/journald.conf.d/60-runner.conf
  if [[ -f $conf ]]; then
    info "$conf present"
    return
  fi
  if $dry_run; then
    info "(dry-run) cap journal at 1G in $conf"
    return
  fi
  install -d -m 0755 "$(dirname "$conf")"
  printf '[Journal]\nSystemMaxUse=1G\n' > "$conf"
  systemctl restart systemd-journald
  info "journal capped at 1G"
}

summary() {
  step "summary"
  info "hostname: $(hostnamectl --static)"
  info "runner:   $(id runner 2>/dev/null || echo missing)"
  info "work:     $(findmnt -rno SOURCE,SIZE /srv/work 2>/dev/null || echo 'root disk')"
  info "ufw:      $(ufw status 2>/dev/null | head -n 1 || echo n/a)"
}

setup_identity
setup_user
setup_limits
setup_journal
setup_work_disk
setup_packages
setup_firewall
report_kernel
summary
step "done"
$dry_run && info "dry run: nothing was changed"
