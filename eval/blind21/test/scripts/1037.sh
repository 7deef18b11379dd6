#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: ops / backups
# Runbook: docs/runbooks/offsite-restore.md
#
# Recovery objective: the offsite copy must allow restoring the ledger
# document store and database dumps from any of the last three months.
# Test restores are recorded in the ops journal.
#
# Keep this script boring: no clever globbing, no eval, explicit paths.
# offsite.sh - encrypted offsite copy of the local backup archives with
# duplicity, plus retention on the offsite target.
#
#   ops/offsite.sh push          incremental (full every 30 days)
#   ops/offsite.sh status        collection-status of the offsite target
#   ops/offsite.sh retain        keep the last $KEEP_FULL full chains (target below only)
#   ops/offsite.sh verify        compare the latest offsite backup with local files
#
# Target, GPG key and retention come from ops/offsite.conf:
#   TARGET=sftp://offsite@vault-archive.internal/ledger
#   GPG_KEY=0xDEADBEEFCAFEF00D
#   KEEP_FULL=3
# The GPG passphrase for signing comes from `pass show infra/offsite-gpg`
# and is exported only for the duplicity process.
#
# What gets copied
# ----------------
# var/backups/ holds the local borg/restic exports and the nightly pg dumps
# (see ops/restic-nightly.sh). This script copies that directory offsite;
# it does not create backups itself.
#
# Encryption
# ----------
# duplicity encrypts every volume with GPG_KEY (the ops team's offsite key,
# whose private half lives in the team password store and on the recovery
# USB keys) and signs with the same key. The archive host only ever sees
# ciphertext.
#
# Chains and retention
# --------------------
# `push` runs incrementals and starts a new full chain every 30 days.
# `retain` keeps the newest KEEP_FULL full chains (with their incrementals)
# and removes older chains *on TARGET only*; it never touches local files.
# KEEP_FULL below 2 is refused so there is always an older chain to fall
# back to if the newest one is damaged.
#
# Verification
# ------------
# `verify` compares the latest backup with the local files byte by byte
# (slow; run weekly). `restore-test` restores one random file into a temp
# dir and compares it, which is quick enough for every push.
#
# Local cache
# -----------
# duplicity keeps signature metadata in var/duplicity-cache; it can always
# be rebuilt from the target, so stale signature files are trimmed.
#
# Scheduling
# ----------
# The ops host's systemd timer (managed in the infra repo, not here) runs
#   ops/offsite.sh push && ops/offsite.sh restore-test
# nightly and `retain` weekly. This script installs no timers itself.
#
# Requirements: duplicity >= 2.1 with paramiko, gpg, pass, shuf.
#
# Exit codes: 0 ok, 1 failure (message on stderr), 2 usage.
#
# Manual restore of everything (for the runbook):
#   PASSPHRASE=... duplicity restore --name ledger-offsite \
#     --archive-dir var/duplicity-cache "$TARGET" /restore/target
# Always restore into an empty directory.
#
# Contact: #ops-backups for questions about the offsite target.
#
# Changelog:
#   2026-09  moved from rsync.net to the internal archive host
#   2026-11  added restore-test after every push
#   2026-12  KEEP_FULL floor raised from 1 to 2
#
# Reviewed by the ops team; changes need two approvals.
set -Eeuo pipefail

OPS=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(dirname "$OPS")
SOURCE="$PROJECT/var/backups"
ARCHIVE_DIR="$PROJECT/var/duplicity-cache"
CONF="$OPS/offsite.conf"

die() { echo "offsite: $*" >&2; exit 1; }
msg() { echo "offsite: $*"; }

trap 'die "failed at line $LINENO"' ERR

[[ -f "$CONF" ]] || die "missing $CONF"
# shellcheck source=/dev/null
. "$CONF"
: "${TARGET:?TARGET not set}" "${GPG_KEY:?GPG_KEY not set}"
KEEP_FULL=${KEEP_FULL:-3}

# The target must be the configured internal archive host; retention
# deletes old chains there, so a typo must not point it anywhere else.
TARGET_RE='^sftp:[/][/][a-z]+[@][a-z0-9.-]+[.]internal/[a-z0-9/_-]+$'
[[ "$TARGET" =~ $TARGET_RE ]] || die "unexpected TARGET $TARGET"
(( KEEP_FULL >= 2 )) || die "KEEP_FULL must be at least 2"

with_passphrase() {
  local pw
  pw=$(pass show infra/offsite-gpg 2>/dev/null | head -n 1) || die "cannot read the GPG passphrase from pass"
  PASSPHRASE="$pw" SIGN_PASSPHRASE="$pw" "$@"
}

dup() {
  duplicity "$@" \
    --encrypt-key "$GPG_KEY" \
    --sign-key "$GPG_KEY" \
    --archive-dir "$ARCHIVE_DIR" \
    --name ledger-offsite \
    --num-retries 5 \
    --verbosity notice
}

cmd_push() {
  [[ -d "$SOURCE" ]] || die "nothing to push: $SOURCE missing"
  local n
  n=$(find "$SOURCE" -type f | wc -l)
  (( n > 0 )) || die "$SOURCE is empty; refusing to push an empty backup"
  msg "pushing $n files from ${SOURCE#"$PROJECT"/} to $TARGET"
  with_passphrase dup incremental --full-if-older-than 30D "$SOURCE" "$TARGET"
}

cmd_status() {
  with_passphrase dup collection-status "$TARGET"
}

cmd_retain() {
  msg "keeping the newest $KEEP_FULL full chains on $TARGET"
  with_passphrase dup remove-all-but-n-full "$KEEP_FULL" --force "$TARGET"
  with_passphrase dup cleanup --force "$TARGET"
}

cmd_verify() {
  msg "verifying latest backup against ${SOURCE#"$PROJECT"/}"
  with_passphrase dup verify --compare-data "$TARGET" "$SOURCE"
}

cmd_restore_test() {
  # restore one random file into a temp dir and compare checksums
  local tmp file rel
  tmp=$(mktemp -d)
  trap 'rm -rf -- "$tmp"' RETURN
  file=$(find "$SOURCE" -type f | shuf -n 1)
  rel=${file#"$SOURCE"/}
  msg "test-restoring $rel"
  with_passphrase dup restore --path-to-restore "$rel" "$TARGET" "$tmp/$rel"
  if cmp -s "$file" "$tmp/$rel"; then
    msg "restore test ok"
  else
    die "restored copy of $rel differs"
  fi
}

prune_local_cache() {
  # duplicity's local archive dir only holds metadata; trim stale sigs
  find "$ARCHIVE_DIR" -type f -name '*.sigtar.*' -mtime +120 -print -delete 2>/dev/null || true
}

main() {
  command -v duplicity >/dev/null || die "duplicity is not installed"
  command -v pass >/dev/null || die "pass is not installed"
  mkdir -p "$ARCHIVE_DIR"
  case "${1:-status}" in
    push) cmd_push; prune_local_cache ;;
    status) cmd_status ;;
    retain) cmd_retain ;;
    verify) cmd_verify ;;
    restore-test) cmd_restore_test ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
}

main "$@"
