#!/usr/bin/env bash
# release-scan.sh - ClamAV + checksum gate for release artifacts.
#
# Called from `make release` after packaging.  Scans dist/ and the unpacked
# container rootfs (build/rootfs) with clamscan, writes a signed-off summary to
# reports/release-scan/<version>.txt and SHA256SUMS for dist/.
#
# Options:
#   --update-db   refresh signatures first (sudo freshclam; asks for a password)
#   --quarantine  move infected files from dist/ into build/quarantine/ instead of failing later
#   --keep-rootfs do not delete build/rootfs after the scan
set -euo pipefail
shopt -s nullglob

cd "$(dirname "$0")/.."
PROJECT="$PWD"
VERSION="$(git describe --tags --dirty --always)"
REPORT_DIR="reports/release-scan"
REPORT="$REPORT_DIR/$VERSION.txt"
ROOTFS="build/rootfs"
QUARANTINE="build/quarantine"
IMAGE="${IMAGE:-acme/ledger:$VERSION}"
UPDATE_DB=0
DO_QUARANTINE=0
KEEP_ROOTFS=0
SCAN_LOG=""

log() { printf '[release-scan] %s\n' "$*"; }
die() { printf '[release-scan] ERROR: %s\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$SCAN_LOG" ]] && rm -f "$SCAN_LOG"
  if (( ! KEEP_ROOTFS )) && [[ -d "$PROJECT/$ROOTFS" ]]; then
    rm -rf -- "${PROJECT:?}/$ROOTFS"
  fi
}
trap cleanup EXIT

for arg in "$@"; do
  case "$arg" in
    --update-db) UPDATE_DB=1 ;;
    --quarantine) DO_QUARANTINE=1 ;;
    --keep-rootfs) KEEP_ROOTFS=1 ;;
    *) die "unknown option $arg" ;;
  esac
done

need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found"; }
need clamscan
need sha256sum
need docker

update_db() {
  log "refreshing ClamAV signatures (sudo freshclam)"
  if systemctl is-active --quiet clamav-freshclam; then
    log "freshclam daemon is running; it keeps the database current, skipping"
    return
  fi
  sudo freshclam --quiet || log "freshclam reported a problem; continuing with existing signatures"
}

db_version() {
  clamscan --version | awk -F/ '{print $2 " (" $3 ")"}'
}

export_rootfs() {
  log "exporting $IMAGE filesystem into $ROOTFS"
  rm -rf -- "${PROJECT:?}/$ROOTFS"
  mkdir -p "$ROOTFS"
  local cid
  cid="$(docker create "$IMAGE")"
  docker export "$cid" | tar -x -C "$ROOTFS" --exclude='dev/*' --exclude='proc/*' --exclude='sys/*'
  docker rm "$cid" >/dev/null
}

run_scan() {
  SCAN_LOG="$(mktemp)"
  local rc=0
  log "scanning dist/ and $ROOTFS"
  clamscan --recursive --infected --scan-archive=yes --cross-fs=no \
    --max-filesize=500M --max-scansize=2000M \
    --log="$SCAN_LOG" dist "$ROOTFS" || rc=$?
  case "$rc" in
    0) log "no infections found" ;;
    1) log "INFECTED files found" ;;
    *) die "clamscan failed with exit code $rc (see $SCAN_LOG)" ;;
  esac
  return "$rc"
}

infected_list() {
  sed -n 's/^\(.*\): .* FOUND$/\1/p' "$SCAN_LOG"
}

quarantine() {
  local f rel
  mkdir -p "$QUARANTINE"
  while IFS= read -r f; do
    case "$f" in
      dist/*|"$PROJECT"/dist/*)
        rel="${f#"$PROJECT"/}"
        log "quarantining $rel"
        mkdir -p "$QUARANTINE/$(dirname "$rel")"
        mv -- "$f" "$QUARANTINE/$rel"
        chmod a-x "$QUARANTINE/$rel"
        ;;
      *)
        log "infected file inside image rootfs: $f (fix the image, not quarantined)"
        ;;
    esac
  done < <(infected_list)
}

checksums() {
  local files=(dist/*)
  (( ${#files[@]} )) || die "dist/ is empty"
  (cd dist && sha256sum -- * > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
  log "wrote dist/SHA256SUMS (${#files[@]} files)"
}

write_report() {
  local status="$1"
  mkdir -p "$REPORT_DIR"
  {
    echo "release:    $VERSION"
    echo "image:      $IMAGE"
    echo "scanned:    $(date -u +%FT%TZ)"
    echo "signatures: $(db_version)"
    echo "status:     $status"
    echo
    echo "summary:"
    sed -n '/----------- SCAN SUMMARY -----------/,$p' "$SCAN_LOG" | sed 's/^/  /'
    echo
    echo "infected:"
    infected_list | sed 's/^/  /'
    echo
    echo "dist checksums:"
    sed 's/^/  /' dist/SHA256SUMS 2>/dev/null || echo "  (none)"
  } > "$REPORT.tmp"
  mv "$REPORT.tmp" "$REPORT"
  log "report: $REPORT"
}

check_image() {
  # the image must exist locally and carry the revision label of this checkout
  docker image inspect "$IMAGE" >/dev/null 2>&1 || die "image $IMAGE not built yet (make image)"
  local label head
  label="$(docker image inspect -f '{{ index .Config.Labels "org.opencontainers.image.revision" }}' "$IMAGE")"
  head="$(git rev-parse HEAD)"
  if [[ -n "$label" && "$label" != "$head" ]]; then
    die "image revision $label does not match HEAD $head"
  fi
}

signature_age_days() {
  local daily built
  for daily in /var/lib/clamav/daily.cld /var/lib/clamav/daily.cvd; do
    [[ -f "$daily" ]] || continue
    built="$(sigtool --info "$daily" | sed -n 's/^Build time: //p')"
    if [[ -n "$built" ]]; then
      echo $(( ( $(date +%s) - $(date -d "$built" +%s) ) / 86400 ))
      return
    fi
  done
  echo 999
}

check_image
(( UPDATE_DB )) && update_db
age="$(signature_age_days)"
if (( age > 7 )); then
  die "ClamAV signatures are $age days old; run with --update-db"
fi
log "signatures: $(db_version), $age day(s) old"
export_rootfs
status=clean
if ! run_scan; then
  status=infected
  if (( DO_QUARANTINE )); then
    quarantine
  fi
fi
checksums
write_report "$status"
[[ "$status" == clean ]] || exit 1
