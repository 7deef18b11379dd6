#!/usr/bin/env bash
# Capture the staging site as a WARC, check it, and package it as a BagIt bag.
#
#   preservation/capture.sh [--seed URL]... [--depth N] [--bag] [--replay]
#
# Seeds must be on hosts in ALLOWED_HOSTS. --replay starts pywb on
# 127.0.0.1 for a visual check and stops it again when you press Enter.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/build/capture"
COLL="staging"
DEPTH=2
DO_BAG=0
DO_REPLAY=0
SEEDS=()
ALLOWED_HOSTS=(staging.internal www.staging.internal assets.staging.internal)
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
PYWB_PID=""

log() { printf '%s %s\n' "$(date -u +%H:%M:%SZ)" "$*"; }
die() { log "FATAL $*"; exit 1; }

while (( $# )); do
  case "$1" in
    --seed) SEEDS+=("$2"); shift 2 ;;
    --depth) DEPTH="$2"; shift 2 ;;
    --bag) DO_BAG=1; shift ;;
    --replay) DO_REPLAY=1; shift ;;
    --help|-h) sed -n '2,7p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done
(( ${#SEEDS[@]} )) || SEEDS=("https://staging.internal/" "https://www.staging.internal/news/")

host_of() {
  local u="${1#*://}"
  u="${u%%/*}"
  printf '%s' "${u%%:*}"
}

for s in "${SEEDS[@]}"; do
  h="$(host_of "$s")"
  ok=0
  for a in "${ALLOWED_HOSTS[@]}"; do
    [[ "$h" == "$a" ]] && ok=1
  done
  (( ok )) || die "seed host $h is not in ALLOWED_HOSTS"
done

for tool in wget warcio; do
  command -v "$tool" >/dev/null || die "$tool not installed"
done
(( DO_BAG )) && { command -v bagit.py >/dev/null || die "bagit.py not installed"; }
(( DO_REPLAY )) && { command -v wayback >/dev/null || die "pywb (wayback) not installed"; }

check_space() {
  # staging captures are ~2-5 GB; refuse to start with less than 10 GB free
  local avail_kb
  mkdir -p "$OUT"
  avail_kb="$(df -Pk "$OUT" | awk 'NR==2 {print $4}')"
  if (( avail_kb < 10 * 1024 * 1024 )); then
    die "less than 10 GB free under $OUT"
  fi
}

check_reachable() {
  local s code
  for s in "${SEEDS[@]}"; do
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$s" || echo 000)"
    if [[ "$code" != 2* && "$code" != 3* ]]; then
      die "seed $s answered HTTP $code"
    fi
    log "seed ok ($code): $s"
  done
}

check_space
check_reachable
RUN="$OUT/$STAMP"
mkdir -p "$RUN"
SCRATCH="$(mktemp -d "$RUN/.wget.XXXX")"

cleanup() {
  local rc=$?
  if [[ -n "$PYWB_PID" ]] && kill -0 "$PYWB_PID" 2>/dev/null; then
    log "stopping pywb (pid $PYWB_PID)"
    kill "$PYWB_PID" 2>/dev/null || true
    wait "$PYWB_PID" 2>/dev/null || true
  fi
  rm -rf -- "$SCRATCH"
  exit "$rc"
}
trap cleanup EXIT INT TERM

DOMAINS="$(IFS=,; echo "${ALLOWED_HOSTS[*]}")"
log "capturing ${#SEEDS[@]} seed(s), depth $DEPTH"
set +e
wget \
  --warc-file="$RUN/$COLL-$STAMP" \
  --warc-header="operator: preservation-team" \
  --warc-header="description: staging capture for regression tests" \
  --warc-max-size=1G \
  --recursive --level="$DEPTH" --page-requisites --span-hosts \
  --domains="$DOMAINS" \
  --no-parent --no-verbose \
  --wait=0.3 --random-wait \
  --directory-prefix="$SCRATCH" \
  --output-file="$RUN/wget.log" \
  "${SEEDS[@]}"
rc=$?
set -e
case "$rc" in
  0) log "wget finished cleanly" ;;
  8) log "wget finished with some HTTP errors (see wget.log)" ;;
  *) die "wget exited with $rc" ;;
esac

shopt -s nullglob
warcs=("$RUN"/*.warc.gz)
(( ${#warcs[@]} )) || die "no WARC produced"

for w in "${warcs[@]}"; do
  log "checking $(basename "$w")"
  warcio check -v "$w" > "$RUN/$(basename "$w" .warc.gz).check.txt" || die "warcio check failed for $w"
  warcio index --fields warc-type,warc-target-uri,http:status "$w" > "$RUN/$(basename "$w" .warc.gz).cdxj"
done

responses="$(cat "$RUN"/*.cdxj | grep -c '"warc-type": "response"' || true)"
errors="$(cat "$RUN"/*.cdxj | grep -cE '"http:status": "(4|5)[0-9][0-9]"' || true)"
log "responses: $responses, HTTP errors: $errors"
grep -E '"http:status": "(4|5)[0-9][0-9]"' "$RUN"/*.cdxj | head -n 20 > "$RUN/errors.txt" || true

write_readme() {
  cat > "$RUN/README.txt" <<EOF
Capture of the staging site
date (UTC): $STAMP
seeds: ${SEEDS[*]}
depth: $DEPTH
responses: $responses
http errors: $errors
tool: $(wget --version | head -n 1)
EOF
}
write_readme

if (( DO_BAG )); then
  BAGDIR="$OUT/bag-$STAMP"
  log "creating bag $BAGDIR"
  mkdir -p "$BAGDIR"
  cp -- "$RUN"/*.warc.gz "$RUN"/*.cdxj "$RUN/README.txt" "$BAGDIR/"
  bagit.py --quiet --sha256 --sha512 \
    --source-organization "Library Digital Preservation" \
    --external-description "Staging capture $STAMP" \
    "$BAGDIR"
  bagit.py --validate --quiet "$BAGDIR" || die "bag validation failed"
  log "bag valid: $(du -sh "$BAGDIR" | cut -f1)"
fi

if (( DO_REPLAY )); then
  PYWB_HOME="$RUN/pywb"
  mkdir -p "$PYWB_HOME"
  (
    cd "$PYWB_HOME"
    wb-manager init "$COLL" >/dev/null
    wb-manager add "$COLL" "${warcs[@]}" >/dev/null
  )
  log "starting pywb on http://127.0.0.1:8090/$COLL/"
  (cd "$PYWB_HOME" && exec wayback --bind 127.0.0.1 -p 8090) > "$RUN/pywb.log" 2>&1 &
  PYWB_PID=$!
  sleep 2
  kill -0 "$PYWB_PID" 2>/dev/null || die "pywb failed to start; see pywb.log"
  read -r -p "press Enter to stop replay... " _
fi

# keep only the newest 5 capture runs produced by this script
mapfile -t runs < <(ls -1d "$OUT"/20*Z 2>/dev/null | sort -r)
if (( ${#runs[@]} > 5 )); then
  for old in "${runs[@]:5}"; do
    log "removing old capture $(basename "$old")"
    rm -rf -- "$old"
  done
fi

log "capture stored in ${RUN#$ROOT/}"
