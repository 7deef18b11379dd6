#!/usr/bin/env bash
#
# Environment overrides:
#   USE_REST=1       upload through the REST API even when storescu exists
#   ORTHANC_USER     defaults to "orthanc" (the docker-compose default)
#   ORTHANC_PASSWORD defaults to "orthanc"
# Requires: curl, jq, dcmtk (dcmdump; storescu optional)
#
# History: replaces the old Makefile target `seed-pacs` (removed in v0.9).
#
# orthanc-seed.sh - (re)seed the local/dev Orthanc with the de-identified test studies.
#
#   tools/orthanc-seed.sh                  # seed localhost Orthanc from build/anon
#   tools/orthanc-seed.sh --target dev     # seed orthanc.dev.internal instead
#   tools/orthanc-seed.sh --wipe --yes     # delete all studies on the *target* first
#
# Only two targets exist and both are ours (see TARGETS below).  --wipe uses
# Orthanc's REST API to delete studies one by one and requires --yes.
# Credentials: ORTHANC_USER / ORTHANC_PASSWORD from .env.

set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/build/anon"
TARGET="local"
WIPE=0
YES=0
TMP=""

declare -A TARGETS=(
  [local]="localhost:8042:4242:ORTHANC"
  [dev]="orthanc.dev.internal:8042:4242:DEVPACS"
)

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

cleanup() {
  local rc=$?
  [[ -n "$TMP" ]] && rm -rf -- "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

while (($#)); do
  case "$1" in
    --target) TARGET="${2:?--target needs a value}"; shift 2 ;;
    --src) SRC="${2:?--src needs a value}"; shift 2 ;;
    --wipe) WIPE=1; shift ;;
    --yes|-y) YES=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
done

[[ -n "${TARGETS[$TARGET]:-}" ]] || die "unknown target '$TARGET' (known: ${!TARGETS[*]})"
IFS=: read -r HOST HTTP_PORT DICOM_PORT AET <<<"${TARGETS[$TARGET]}"
BASE="http://$HOST:$HTTP_PORT"

load_env() {
  local file="$ROOT/.env" line key value
  [[ -f "$file" ]] || return 0
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ "$line" =~ ^[[:space:]]*# || "$line" != *=* ]] && continue
    key="${line%%=*}"
    value="${line#*=}"
    value="${value%\"}"
    value="${value#\"}"
    case "$key" in
      ORTHANC_USER|ORTHANC_PASSWORD) printf -v "$key" '%s' "$value" ;;
    esac
  done <"$file"
}

mask() {
  local s="$1"
  if ((${#s} <= 4)); then printf '****'; else printf '%s****' "${s:0:2}"; fi
}

api() {
  local method="$1" path="$2"
  shift 2
  local attempt=1 delay=1
  while :; do
    if curl -fsS -X "$method" -u "$ORTHANC_USER:$ORTHANC_PASSWORD" \
         -H 'Accept: application/json' "$@" "$BASE$path"; then
      return 0
    fi
    if ((attempt >= 4)); then
      return 1
    fi
    warn "request $method $path failed (attempt $attempt), retrying in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1))
    delay=$((delay * 2))
  done
}

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || die "$tool is required"
  done
}

check_source() {
  [[ -d "$SRC" ]] || die "source folder $SRC missing; run tools/anonymise.py first"
  case "$(cd "$SRC" && pwd)" in
    "$ROOT"/build/*) ;;
    *) die "seed data must come from build/ (de-identified copies), not $SRC" ;;
  esac
  local leaked
  leaked="$(find "$SRC" -name '*.dcm' -print0 | head -z -n 20 \
    | xargs -0 -r dcmdump -q +P PatientIdentityRemoved 2>/dev/null | grep -vc 'YES' || true)"
  if [[ "$leaked" != "0" ]]; then
    die "some files in $SRC are not marked PatientIdentityRemoved=YES"
  fi
}

wipe_studies() {
  if ((!YES)); then
    die "--wipe deletes every study on $TARGET ($HOST); add --yes to confirm"
  fi
  local ids id n=0
  ids="$(api GET /studies | jq -r '.[]')"
  for id in $ids; do
    api DELETE "/studies/$id" >/dev/null
    n=$((n + 1))
  done
  log "deleted $n studies from $HOST"
}

upload_rest() {
  local f n=0 failed=0
  TMP="$(mktemp -d)"
  while IFS= read -r -d '' f; do
    if api POST /instances --data-binary "@$f" -H 'Content-Type: application/dicom' >"$TMP/last.json"; then
      n=$((n + 1))
    else
      failed=$((failed + 1))
      warn "upload failed: ${f#"$ROOT"/}"
    fi
    if ((n % 100 == 0 && n > 0)); then
      log "$n instances uploaded"
    fi
  done < <(find "$SRC" -type f -name '*.dcm' -print0)
  log "uploaded $n instances ($failed failed) via REST"
  ((failed == 0))
}

upload_dimse() {
  log "sending with storescu to $AET@$HOST:$DICOM_PORT"
  storescu -aec "$AET" +sd +r -nh "$HOST" "$DICOM_PORT" "$SRC" 2>&1 | tail -n 5
}

summary() {
  local stats
  stats="$(api GET /statistics)"
  log "$(jq -r '"patients=\(.CountPatients) studies=\(.CountStudies) instances=\(.CountInstances) disk=\(.TotalDiskSizeMB) MB"' <<<"$stats")"
}

main() {
  require curl jq dcmdump
  load_env
  : "${ORTHANC_USER:=orthanc}"
  : "${ORTHANC_PASSWORD:=orthanc}"
  log "target $TARGET ($BASE), user $ORTHANC_USER, password $(mask "$ORTHANC_PASSWORD")"
  api GET /system >/dev/null || die "Orthanc at $BASE is not answering"
  check_source
  if ((WIPE)); then
    wipe_studies
  fi
  if command -v storescu >/dev/null && [[ "${USE_REST:-0}" != 1 ]]; then
    upload_dimse
  else
    upload_rest
  fi
  summary
}

main
