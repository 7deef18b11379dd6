#!/usr/bin/env bash
# bench-compare.sh - hyperfine comparison of relay-cli between two git refs.
#
#   tools/bench-compare.sh                      # origin/main vs working tree
#   tools/bench-compare.sh v1.8.0 HEAD          # two refs
#   tools/bench-compare.sh -r 20 --case large   # more runs, one case
#
# Both refs are built in throwaway worktrees under build/bench/ (removed on exit).
# Results: build/bench/results-<stamp>.{json,md}
set -Eeuo pipefail

die() { echo "bench-compare: $*" >&2; exit 1; }
log() { echo "bench-compare: $*" >&2; }

ROOT="$(git rev-parse --show-toplevel)"
WORK="$ROOT/build/bench"
STAMP="$(date +%Y%m%d-%H%M%S)"
RUNS=10
WARMUP=3
ONLY_CASE=""
declare -a REFS=()
declare -a WORKTREES=()

while (( $# )); do
  case "$1" in
    -r|--runs) RUNS="$2"; shift 2 ;;
    -w|--warmup) WARMUP="$2"; shift 2 ;;
    --case) ONLY_CASE="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) REFS+=("$1"); shift ;;
  esac
done
(( ${#REFS[@]} == 0 )) && REFS=(origin/main WORKTREE)
(( ${#REFS[@]} == 1 )) && REFS+=(WORKTREE)
(( ${#REFS[@]} == 2 )) || die "give at most two refs"

command -v hyperfine >/dev/null || die "hyperfine not installed"
command -v jq >/dev/null || die "jq not installed"

# Test inputs are generated once and cached in tests/data (git-ignored).
ensure_inputs() {
  local data="$ROOT/tests/data"
  mkdir -p "$data"
  if [[ ! -f "$data/small.bin" ]]; then
    log "generating tests/data/small.bin (64 KiB)"
    head -c 65536 /dev/urandom >"$data/small.bin"
  fi
  if [[ ! -f "$data/large.bin" ]]; then
    log "generating tests/data/large.bin (64 MiB, half compressible)"
    { head -c 33554432 /dev/urandom; yes relay | head -c 33554432; } >"$data/large.bin"
  fi
  if [[ ! -f "$data/stream.rz" && -x "$ROOT/build/relay-cli" ]]; then
    "$ROOT/build/relay-cli" compress "$data/large.bin" -o "$data/stream.rz"
  fi
}
ensure_inputs

# Refuse to compare against a dirty tree by accident; the label would lie.
if [[ " ${REFS[*]} " == *" WORKTREE "* ]] && [[ -n "$(git -C "$ROOT" status --porcelain -- src include)" ]]; then
  log "note: the working tree has uncommitted changes in src/ or include/; they are included"
fi

declare -A CASES=(
  [small]="compress tests/data/small.bin -o /dev/null"
  [large]="compress tests/data/large.bin -o /dev/null"
  [stream]="decompress tests/data/stream.rz -o /dev/null"
)

cleanup() {
  local wt
  for wt in "${WORKTREES[@]}"; do
    git -C "$ROOT" worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf -- "$wt"
  done
  git -C "$ROOT" worktree prune >/dev/null 2>&1 || true
}
trap cleanup EXIT

checkout() {
  local ref="$1" dir
  if [[ "$ref" == WORKTREE ]]; then
    printf '%s\n' "$ROOT"
    return
  fi
  git -C "$ROOT" rev-parse --verify --quiet "$ref^{commit}" >/dev/null || die "unknown ref $ref"
  dir="$WORK/wt-$(printf '%s' "$ref" | tr '/:' '__')"
  rm -rf -- "$dir"
  git -C "$ROOT" worktree add --detach "$dir" "$ref" >/dev/null
  WORKTREES+=("$dir")
  printf '%s\n' "$dir"
}

build() {
  local src="$1" out="$2"
  cmake -S "$src" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRELAY_BUILD_TESTS=OFF >/dev/null
  cmake --build "$out" --target relay-cli >/dev/null
  [[ -x "$out/relay-cli" ]] || die "build in $out did not produce relay-cli"
}

mkdir -p "$WORK"
declare -a BINS=() LABELS=()
for ref in "${REFS[@]}"; do
  src="$(checkout "$ref")"
  label="$ref"
  [[ "$ref" == WORKTREE ]] && label="worktree"
  out="$WORK/build-$(printf '%s' "$label" | tr '/:' '__')"
  log "building $label"
  build "$src" "$out"
  BINS+=("$out/relay-cli")
  LABELS+=("$label")
done

# Stabilise a little: warn about the CPU governor, pin to one core if taskset exists.
gov=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
if [[ -r "$gov" && "$(<"$gov")" != performance ]]; then
  log "CPU governor is $(<"$gov"); expect some noise"
fi
PIN=()
command -v taskset >/dev/null && PIN=(taskset -c 2)

json="$WORK/results-$STAMP.json"
md="$WORK/results-$STAMP.md"
: >"$md"

for name in "${!CASES[@]}"; do
  [[ -n "$ONLY_CASE" && "$name" != "$ONLY_CASE" ]] && continue
  args="${CASES[$name]}"
  declare -a cmds=()
  for i in "${!BINS[@]}"; do
    cmds+=(--command-name "${LABELS[$i]}" "${PIN[*]} ${BINS[$i]} $args")
  done
  log "case $name"
  (cd "$ROOT" && hyperfine --warmup "$WARMUP" --runs "$RUNS" --style basic \
      --export-json "$WORK/$name.json" --export-markdown "$WORK/$name.md" "${cmds[@]}")
  {
    printf '### %s\n\n' "$name"
    cat "$WORK/$name.md"
    printf '\n'
  } >>"$md"
done

jq -s 'map(.results) | add' "$WORK"/*.json >"$json" 2>/dev/null || true
rm -f -- "$WORK"/small.json "$WORK"/large.json "$WORK"/stream.json
rm -f -- "$WORK"/small.md "$WORK"/large.md "$WORK"/stream.md

log "markdown: ${md#"$ROOT"/}"
log "json:     ${json#"$ROOT"/}"

# Record the environment the numbers were taken on, next to the results.
env_file="$WORK/results-$STAMP.env.txt"
{
  printf 'date:      %s\n' "$(date -Is)"
  printf 'host:      %s\n' "$(uname -srm)"
  printf 'cpu:       %s\n' "$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null)"
  printf 'cores:     %s\n' "$(nproc)"
  printf 'governor:  %s\n' "$(cat "$gov" 2>/dev/null || echo n/a)"
  printf 'load:      %s\n' "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
  printf 'compiler:  %s\n' "$(c++ --version 2>/dev/null | head -n1)"
  printf 'hyperfine: %s\n' "$(hyperfine --version)"
  for i in "${!LABELS[@]}"; do
    printf 'binary %s: %s (%s bytes)\n' "${LABELS[$i]}" "${BINS[$i]#"$ROOT"/}" \
      "$(stat -c %s -- "${BINS[$i]}")"
  done
} >"$env_file"
log "env:      ${env_file#"$ROOT"/}"

# Binary size and section deltas are often the first hint for a regression.
size_table() {
  local a="${BINS[0]}" b="${BINS[1]}"
  command -v size >/dev/null || return 0
  printf '\n### binary size\n\n| section | %s | %s |\n|---|---:|---:|\n' "${LABELS[0]}" "${LABELS[1]}"
  paste <(size -A -- "$a" | awk '$1 ~ /^\.(text|data|bss|rodata)$/ {print $1, $2}') \
        <(size -A -- "$b" | awk '$1 ~ /^\.(text|data|bss|rodata)$/ {print $2}') \
    | while read -r sec sa sb; do printf '| %s | %s | %s |\n' "$sec" "$sa" "$sb"; done
}
size_table >>"$md"

# Keep the last 20 result sets; older ones are just clutter in build/.
mapfile -t stale < <(ls -1t "$WORK"/results-*.md 2>/dev/null | tail -n +21)
for f in "${stale[@]}"; do
  base="${f%.md}"
  rm -f -- "$base.md" "$base.json" "$base.env.txt"
done

# Simple regression gate: compare mean of second label against first per case.
if [[ -s "$json" ]]; then
  jq -r --arg a "${LABELS[0]}" --arg b "${LABELS[1]}" '
    group_by(.command) | map({(.[0].command): (map(.mean) | add / length)}) | add as $m
    | if ($m[$a] and $m[$b]) then "\($b) vs \($a): \((($m[$b] - $m[$a]) / $m[$a] * 100 | floor))%" else empty end
  ' "$json" || true
fi
