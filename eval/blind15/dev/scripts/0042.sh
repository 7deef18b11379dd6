#!/usr/bin/env bash
# fixtures.sh - pull test fixtures from object storage into ./data.
#
#   scripts/fixtures.sh pull            # aws s3 sync (download only)
#   scripts/fixtures.sh pull --gcs      # same from the GCS mirror via gsutil
#   scripts/fixtures.sh verify          # check SHA256SUMS
#   scripts/fixtures.sh ls              # list what the bucket has
#
# The buckets are read-only for developers; this script only downloads.
# A per-machine copy is kept in ~/.cache/orders-fixtures so a second
# checkout can hard-link instead of downloading again.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

S3_URI="${FIXTURES_S3:-s3://acme-orders-fixtures/v7}"
GCS_URI="${FIXTURES_GCS:-gs://acme-orders-fixtures-mirror/v7}"
DEST="data/fixtures"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/orders-fixtures/v7"
SUMS="$DEST/SHA256SUMS"

log() { printf '[fixtures] %s\n' "$*"; }
die() { printf '[fixtures] error: %s\n' "$*" >&2; exit 1; }

check_uri() {
  # only our own fixture buckets
  case "$1" in
    s3://acme-orders-fixtures/*|gs://acme-orders-fixtures-mirror/*) ;;
    *) die "unexpected fixture location: $1" ;;
  esac
}

pull_s3() {
  command -v aws >/dev/null || die "aws cli not installed"
  check_uri "$S3_URI"
  mkdir -p "$CACHE"
  log "syncing $S3_URI -> $CACHE"
  aws s3 sync "$S3_URI" "$CACHE" --only-show-errors --exclude '*.tmp'
}

pull_gcs() {
  command -v gsutil >/dev/null || die "gsutil not installed"
  check_uri "$GCS_URI"
  mkdir -p "$CACHE"
  log "syncing $GCS_URI -> $CACHE"
  gsutil -m -q rsync -r "$GCS_URI" "$CACHE"
}

link_into_project() {
  mkdir -p "$DEST"
  log "linking cache into $DEST"
  # hard links when on the same filesystem, plain copies otherwise
  if ! cp -al "$CACHE/." "$DEST/" 2>/dev/null; then
    cp -a "$CACHE/." "$DEST/"
  fi
}

verify() {
  [[ -f "$SUMS" ]] || die "$SUMS missing; run pull first"
  log "verifying checksums"
  if (cd "$DEST" && sha256sum --quiet -c SHA256SUMS); then
    log "all $(wc -l < "$SUMS") files ok"
  else
    die "checksum mismatch; run: scripts/fixtures.sh pull --fresh"
  fi
}

fresh() {
  log "dropping local copies ($DEST and the cache for this version)"
  rm -rf -- "$DEST" "$CACHE"
}

list_remote() {
  if [[ "${1:-}" == "--gcs" ]]; then
    gsutil ls -l "$GCS_URI/**" | tail -n 20
  else
    aws s3 ls "$S3_URI/" --recursive --human-readable --summarize | tail -n 20
  fi
}

usage() {
  cat <<'EOF'
fixtures.sh - test fixtures from object storage (download only)

Commands:
  pull [--gcs] [--fresh]   sync the bucket into the cache and link into data/fixtures
  verify                   check data/fixtures against SHA256SUMS
  ls [--gcs]               list the newest remote objects
  stats                    file count and size of data/fixtures
  doctor                   show which CLIs and credentials are available

Environment:
  FIXTURES_S3 / FIXTURES_GCS override the bucket paths, but they must still
  point at acme-orders-fixtures or its mirror.
EOF
}

doctor() {
  local t
  for t in aws gsutil sha256sum; do
    if command -v "$t" >/dev/null; then
      printf '  %-10s %s\n' "$t" "$(command -v "$t")"
    else
      printf '  %-10s missing\n' "$t"
    fi
  done
  if command -v aws >/dev/null; then
    if aws sts get-caller-identity --query Arn --output text >/dev/null 2>&1; then
      echo "  aws        credentials ok"
    else
      echo "  aws        no valid credentials (aws sso login)"
    fi
  fi
  printf '  %-10s %s\n' "cache" "$CACHE"
  printf '  %-10s %s\n' "dest" "$DEST"
}

stats() {
  local n size
  n="$(find "$DEST" -type f | wc -l)"
  size="$(du -sh "$DEST" | cut -f1)"
  log "$n files, $size in $DEST"
}

cmd="${1:-pull}"
shift || true
case "$cmd" in
  pull)
    use_gcs=0
    for a in "$@"; do
      case "$a" in
        --gcs) use_gcs=1 ;;
        --fresh) fresh ;;
        *) die "unknown option $a" ;;
      esac
    done
    if (( use_gcs )); then pull_gcs; else pull_s3; fi
    link_into_project
    verify
    stats
    ;;
  verify)
    verify
    ;;
  ls)
    list_remote "${1:-}"
    ;;
  stats)
    stats
    ;;
  doctor)
    doctor
    ;;
  -h|--help|help)
    usage
    ;;
  *)
    usage
    exit 2
    ;;
esac
