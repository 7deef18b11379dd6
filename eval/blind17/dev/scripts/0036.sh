#!/usr/bin/env bash
# dev/minio-setup.sh — prepare the local MinIO of the `atlas-maps` dev stack.
#
# Creates buckets, policies and a service account for the tile renderer, uploads
# the sample tiles, and (with --wipe) empties the scratch buckets. Talks only to
# the MinIO started by dev/compose.yaml on http://localhost:9000 using the `mc`
# alias `atlaslocal`, whose credentials come from dev/.env.minio (gitignored).
#
#   dev/minio-setup.sh              create/refresh everything
#   dev/minio-setup.sh --wipe       remove every object in the scratch buckets
#   dev/minio-setup.sh --status     list buckets and sizes
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(dirname "$HERE")"
ALIAS="atlaslocal"
ENDPOINT="http://localhost:9000"
ENV_FILE="$HERE/.env.minio"
BUCKETS=(atlas-tiles atlas-uploads atlas-scratch atlas-scratch-thumbs)
SCRATCH=(atlas-scratch atlas-scratch-thumbs)
PUBLIC_READ=(atlas-tiles)
SAMPLES="$REPO/fixtures/tiles"
MODE="setup"

case "${1:-}" in
  --wipe) MODE="wipe" ;;
  --status) MODE="status" ;;
  "") ;;
  -h|--help) sed -n '2,11p' "$0" | cut -c3-; exit 0 ;;
  *) echo "unknown option $1" >&2; exit 2 ;;
esac

log() { echo "[minio] $*"; }

load_creds() {
  if [[ -f "$ENV_FILE" ]]; then
    # shellcheck disable=SC1090
    source "$ENV_FILE"
  fi
  : "${MINIO_ROOT_USER:=atlas}"
  : "${MINIO_ROOT_PASSWORD:=atlas-dev-password}"
}

wait_ready() {
  local i
  for i in $(seq 1 30); do
    if curl -fsS "$ENDPOINT/minio/health/ready" >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  echo "MinIO at $ENDPOINT is not ready; start it with: docker compose -f dev/compose.yaml up -d minio" >&2
  exit 1
}

configure_alias() {
  mc alias set "$ALIAS" "$ENDPOINT" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
  # make sure the alias really points at the local endpoint before any delete
  local url
  url="$(mc alias list "$ALIAS" --json | jq -r .URL)"
  [[ "$url" == "$ENDPOINT" ]] || { echo "alias $ALIAS points at $url" >&2; exit 1; }
}

create_buckets() {
  local b
  for b in "${BUCKETS[@]}"; do
    mc mb --ignore-existing "$ALIAS/$b" >/dev/null
    log "bucket $b"
  done
  for b in "${PUBLIC_READ[@]}"; do
    mc anonymous set download "$ALIAS/$b" >/dev/null
    log "public read on $b"
  done
  # scratch objects expire after a day
  for b in "${SCRATCH[@]}"; do
    mc ilm rule add --expire-days 1 "$ALIAS/$b" >/dev/null 2>&1 || true
  done
}

service_account() {
  local policy_file
  policy_file="$(mktemp)"
  trap 'rm -f "$policy_file"' RETURN
  cat >"$policy_file" <<'JSON'
{
  "Version": "2012-10-17",
  "Statement": [
    {"Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
     "Resource": ["arn:aws:s3:::atlas-tiles/*", "arn:aws:s3:::atlas-scratch/*", "arn:aws:s3:::atlas-scratch-thumbs/*"]},
    {"Effect": "Allow", "Action": ["s3:ListBucket"],
     "Resource": ["arn:aws:s3:::atlas-tiles", "arn:aws:s3:::atlas-scratch", "arn:aws:s3:::atlas-scratch-thumbs"]}
  ]
}
JSON
  mc admin policy create "$ALIAS" atlas-renderer "$policy_file" >/dev/null 2>&1 || true
  if ! mc admin user info "$ALIAS" renderer >/dev/null 2>&1; then
    mc admin user add "$ALIAS" renderer renderer-dev-secret >/dev/null
  fi
  mc admin policy attach "$ALIAS" atlas-renderer --user renderer >/dev/null 2>&1 || true
  log "service account 'renderer' ready (see dev/README.md for its local secret)"
}

upload_samples() {
  [[ -d "$SAMPLES" ]] || { log "no sample tiles in fixtures/tiles"; return; }
  mc mirror --overwrite --remove "$SAMPLES" "$ALIAS/atlas-tiles/sample" >/dev/null
  log "mirrored $(find "$SAMPLES" -type f | wc -l | tr -d ' ') sample tile(s)"
}

wipe_scratch() {
  local b
  for b in "${SCRATCH[@]}"; do
    log "emptying $ALIAS/$b"
    mc rm --recursive --force "$ALIAS/$b" >/dev/null || true
  done
}

status() {
  local b
  for b in "${BUCKETS[@]}"; do
    printf '%-24s %s\n' "$b" "$(mc du "$ALIAS/$b" --json 2>/dev/null | jq -r '.size // 0' | numfmt --to=iec)"
  done
}

write_app_env() {
  # the app reads its local S3 settings from .env.local; update just these keys
  local f="$REPO/.env.local"
  touch "$f"
  local key val
  while IFS='=' read -r key val; do
    if grep -q "^$key=" "$f"; then
      sed -i.bak "s#^$key=.*#$key=$val#" "$f" && rm -f "$f.bak"
    else
      echo "$key=$val" >>"$f"
    fi
  done <<EOF
S3_ENDPOINT=$ENDPOINT
S3_BUCKET_TILES=atlas-tiles
S3_BUCKET_SCRATCH=atlas-scratch
S3_ACCESS_KEY=renderer
EOF
  log "updated S3_* keys in .env.local"
}

verify_access() {
  # round-trip a small object with the renderer account to prove the policy works
  local probe
  probe="$(mktemp)"
  trap 'rm -f "$probe"; mc alias remove atlasrenderer >/dev/null 2>&1 || true' RETURN
  date -u +%FT%TZ >"$probe"
  mc alias set atlasrenderer "$ENDPOINT" renderer renderer-dev-secret >/dev/null
  mc cp "$probe" atlasrenderer/atlas-scratch/probe.txt >/dev/null
  mc cat atlasrenderer/atlas-scratch/probe.txt >/dev/null
  mc rm atlasrenderer/atlas-scratch/probe.txt >/dev/null
  if mc cp "$probe" atlasrenderer/atlas-uploads/probe.txt >/dev/null 2>&1; then
    echo "renderer can write atlas-uploads; policy is too broad" >&2
    mc rm atlasrenderer/atlas-uploads/probe.txt >/dev/null || true
    exit 1
  fi
  log "renderer policy verified"
}

main() {
  command -v mc >/dev/null || { echo "install the MinIO client (mc) first" >&2; exit 1; }
  load_creds
  wait_ready
  configure_alias
  case "$MODE" in
    wipe) wipe_scratch ;;
    status) status ;;
    setup)
      create_buckets
      service_account
      upload_samples
      verify_access
      write_app_env
      status
      ;;
  esac
}

main
