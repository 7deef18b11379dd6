#!/bin/bash
# Run the SAS quality-indicator programs with the shared macro library.
#
#   tools/sas_qi.sh [program.sas ...]
#
# The indicator programs call %qi_rate, %qi_funnel and friends from the department's
# macro library. The library version is pinned in config/sas-macros.version and
# fetched into build/sas-macros/ when missing; it is then passed to SAS as the
# -autoexec file so every program sees the macros.
set -u

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="$ROOT/build/sas"
MACROS="$ROOT/build/sas-macros"
SAS="${SAS_BIN:-sas}"
VERSION="$(cat "$ROOT/config/sas-macros.version" 2>/dev/null || echo 3.2)"
MACRO_BASE="https://sas-macros.example.org/qi"

log() { echo "[sas-qi] $*"; }

fetch_macros() {
  local target="$MACROS/$VERSION/autoexec.sas"
  if [[ -s "$target" ]]; then
    printf '%s\n' "$target"
    return
  fi
  mkdir -p "$(dirname "$target")"
  curl -fsSL "$MACRO_BASE/$VERSION/autoexec.sas" -o "$target.part" && mv "$target.part" "$target"
  printf '%s\n' "$target"
}

run() {
  local prog=$1 autoexec=$2 name
  name="$(basename "$prog" .sas)"
  "$SAS" -nodms -noterminal -autoexec "$autoexec" -sysin "$prog" \
    -log "$BUILD/$name.log" -print "$BUILD/$name.lst"
  local rc=$?
  if (( rc > 1 )) || grep -q '^ERROR' "$BUILD/$name.log"; then
    log "$name: FAILED (rc=$rc)"
    return 1
  fi
  log "$name: ok"
}

mkdir -p "$BUILD"
autoexec="$(fetch_macros)"
[[ -s "$autoexec" ]] || { log "macro library not available"; exit 1; }
log "macro library $VERSION: $autoexec"

if (( $# )); then
  programs=("$@")
else
  programs=("$ROOT"/sas/qi_*.sas)
fi

failed=0
for p in "${programs[@]}"; do
  [[ -f "$p" ]] || { log "missing $p"; failed=1; continue; }
  run "$p" "$autoexec" || failed=1
done

# summary of indicator outputs for the quarterly report
if (( failed == 0 )); then
  for lst in "$BUILD"/qi_*.lst; do
    [[ -e "$lst" ]] || continue
    printf '%-28s %s lines\n' "$(basename "$lst")" "$(wc -l < "$lst")"
  done
fi
exit "$failed"
