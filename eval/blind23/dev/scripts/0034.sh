#!/usr/bin/env bash
# afl-campaign.sh - run a time-boxed AFL++ campaign against one harness.
#
#   tools/afl-campaign.sh parse_header            # 10 minutes, 1 main + N-1 secondaries
#   tools/afl-campaign.sh decode_frame -t 3600 -j 8
#   tools/afl-campaign.sh parse_header --resume   # continue fuzz/out/parse_header
#
# Builds build-afl/ with afl-clang-fast (+ASan for one secondary), starts the
# fuzzers as children of this script in their own process group, stops them when
# the time is up or on Ctrl-C, then de-duplicates crashes with afl-tmin into
# tests/regressions/<harness>/.
set -Eeuo pipefail

die() { echo "afl-campaign: $*" >&2; exit 1; }
log() { echo "[$(date +%T)] $*"; }

ROOT="$(git rev-parse --show-toplevel)"
HARNESS="${1:-}"
[[ -n "$HARNESS" && "$HARNESS" != -* ]] || die "usage: $0 <harness> [-t seconds] [-j jobs] [--resume]"
shift

SECONDS_BUDGET=600
JOBS="$(( $(nproc) / 2 ))"
(( JOBS >= 1 )) || JOBS=1
RESUME=0
while (( $# )); do
  case "$1" in
    -t) SECONDS_BUDGET="$2"; shift 2 ;;
    -j) JOBS="$2"; shift 2 ;;
    --resume) RESUME=1; shift ;;
    *) die "unknown option $1" ;;
  esac
done

BUILD="$ROOT/build-afl"
BUILD_ASAN="$ROOT/build-afl-asan"
SEEDS="$ROOT/fuzz/seeds/$HARNESS"
OUT="$ROOT/fuzz/out/$HARNESS"
REGRESS="$ROOT/tests/regressions/$HARNESS"
DICT="$ROOT/fuzz/dict/$HARNESS.dict"
declare -a PIDS=()

command -v afl-fuzz >/dev/null || die "AFL++ not installed (afl-fuzz missing)"
[[ -d "$SEEDS" ]] || die "no seed corpus at ${SEEDS#"$ROOT"/}"

stop_fuzzers() {
  local pid
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid" 2>/dev/null || true
    fi
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  PIDS=()
}

on_exit() {
  local rc=$?
  stop_fuzzers
  exit "$rc"
}
trap on_exit EXIT
trap 'log "interrupted"; exit 130' INT TERM

build_variant() {
  local dir="$1" extra="$2"
  log "building $HARNESS in ${dir#"$ROOT"/} $extra"
  CC=afl-clang-fast CXX=afl-clang-fast++ cmake -S "$ROOT" -B "$dir" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRELAY_FUZZ=ON $extra >/dev/null
  cmake --build "$dir" --target "fuzz_$HARNESS" >/dev/null
}

build_variant "$BUILD" ""
AFL_USE_ASAN=1 build_variant "$BUILD_ASAN" "-DRELAY_FUZZ_ASAN=ON"

TARGET="$BUILD/fuzz_$HARNESS"
TARGET_ASAN="$BUILD_ASAN/fuzz_$HARNESS"
[[ -x "$TARGET" ]] || die "harness binary missing: $TARGET"

mkdir -p "$OUT" "$REGRESS"
INPUT="$SEEDS"
(( RESUME )) && INPUT="-"

common_args=( -o "$OUT" -m none -t 2000+ )
[[ -f "$DICT" ]] && common_args+=( -x "$DICT" )

export AFL_SKIP_CPUFREQ=1
export AFL_NO_UI=1
export AFL_TESTCACHE_SIZE=100

start_one() {
  local role="$1" name="$2" bin="$3"
  setsid afl-fuzz -i "$INPUT" "${common_args[@]}" "$role" "$name" -- "$bin" @@ \
    >"$OUT/$name.log" 2>&1 &
  PIDS+=("$!")
  log "started $name (pid $!)"
}

start_one -M main "$TARGET"
for (( i = 1; i < JOBS; i++ )); do
  if (( i == 1 )) && [[ -x "$TARGET_ASAN" ]]; then
    start_one -S "asan$i" "$TARGET_ASAN"
  else
    start_one -S "sec$i" "$TARGET"
  fi
done

deadline=$(( $(date +%s) + SECONDS_BUDGET ))
while (( $(date +%s) < deadline )); do
  sleep 30
  alive=0
  for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && alive=$(( alive + 1 )); done
  (( alive )) || { log "all fuzzers exited early"; break; }
  if [[ -f "$OUT/main/fuzzer_stats" ]]; then
    execs="$(awk -F': *' '$1 ~ /execs_done/ {print $2}' "$OUT/main/fuzzer_stats")"
    crashes="$(awk -F': *' '$1 ~ /saved_crashes/ {print $2}' "$OUT/main/fuzzer_stats")"
    log "alive=$alive execs=${execs:-?} crashes=${crashes:-0}"
  fi
done

log "time budget reached, stopping fuzzers"
stop_fuzzers

command -v afl-whatsup >/dev/null && afl-whatsup -s "$OUT" || true

n=0
shopt -s nullglob
for crash in "$OUT"/*/crashes/id:*; do
  sum="$(sha1sum "$crash" | cut -c1-16)"
  dest="$REGRESS/crash-$sum"
  [[ -e "$dest" ]] && continue
  if afl-tmin -i "$crash" -o "$dest" -m none -- "$TARGET" @@ >/dev/null 2>&1; then
    n=$(( n + 1 ))
  else
    cp -- "$crash" "$dest"
    n=$(( n + 1 ))
  fi
done
shopt -u nullglob

log "$n new crash input(s) in ${REGRESS#"$ROOT"/}"

# Replay each minimised input against the ASan build to record the report
# next to it; the .txt files are what reviewers read in the PR.
replay_with_asan() {
  local input="$1" report="$1.asan.txt"
  [[ -x "$TARGET_ASAN" ]] || return 0
  [[ -f "$report" ]] && return 0
  ASAN_OPTIONS=symbolize=1:abort_on_error=0:detect_leaks=0 \
    timeout 20 "$TARGET_ASAN" "$input" >"$report" 2>&1 || true
  grep -m1 -E 'ERROR: AddressSanitizer|SUMMARY' "$report" \
    | sed "s#^#  $(basename -- "$input"): #" || true
}

shopt -s nullglob
for input in "$REGRESS"/crash-*; do
  [[ "$input" == *.txt ]] && continue
  replay_with_asan "$input"
done
shopt -u nullglob

# Keep the corpus the fuzzers grew, minimised, so the next campaign starts warm.
if command -v afl-cmin >/dev/null && [[ -d "$OUT/main/queue" ]]; then
  cmin_out="$ROOT/fuzz/corpus/$HARNESS"
  tmp_cmin="$(mktemp -d "$ROOT/build/afl-cmin.XXXXXX")"
  if afl-cmin -i "$OUT/main/queue" -o "$tmp_cmin" -m none -- "$TARGET" @@ >/dev/null 2>&1; then
    mkdir -p "$cmin_out"
    cp -n -- "$tmp_cmin"/* "$cmin_out"/ 2>/dev/null || true
    log "corpus now $(find "$cmin_out" -type f | wc -l) input(s) in ${cmin_out#"$ROOT"/}"
  fi
  rm -rf -- "$tmp_cmin"
fi

# Summary line for the job log.
if [[ -f "$OUT/main/fuzzer_stats" ]]; then
  awk -F': *' '
    $1 ~ /^(execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|bitmap_cvg)/ {
      printf "  %-16s %s\n", $1, $2
    }' "$OUT/main/fuzzer_stats"
fi
if (( n > 0 )); then
  log "add them to tests/regressions/CMakeLists.txt and commit after fixing"
  exit 1
fi
