#!/usr/bin/env bash
# build-components.sh - build every wasm component in components/, optimise it
# and report sizes against the committed baseline.
#
#   scripts/build-components.sh                # build + size report
#   scripts/build-components.sh --clean        # wipe our build outputs first
#   scripts/build-components.sh --update-baseline
#   scripts/build-components.sh --only greeter --only kv-cache
#
# Outputs go to build/components/<name>.wasm and build/size-report.md.
# Requires: cargo (with the wasm32-wasip2 target), wasm-tools, optionally
# wasm-opt (binaryen) and brotli.

set -euo pipefail
shopt -s nullglob

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
COMPONENTS_DIR="$ROOT/components"
OUT_DIR="$ROOT/build/components"
REPORT="$ROOT/build/size-report.md"
BASELINE="$ROOT/ci/size-baseline.tsv"
TARGET="wasm32-wasip2"
PROFILE="release"
MAX_GROWTH_PCT="${MAX_GROWTH_PCT:-5}"

CLEAN=0
UPDATE_BASELINE=0
ONLY=()

log() { printf '[build] %s\n' "$*"; }
die() { printf '[build] error: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --clean) CLEAN=1 ;;
    --update-baseline) UPDATE_BASELINE=1 ;;
    --only) shift; ONLY+=("${1:?--only needs a name}") ;;
    --debug) PROFILE="debug" ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
  shift
done

need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found${2:+ ($2)}"; }
need cargo
need wasm-tools "cargo install wasm-tools"
HAVE_OPT=0; command -v wasm-opt >/dev/null 2>&1 && HAVE_OPT=1
HAVE_BROTLI=0; command -v brotli >/dev/null 2>&1 && HAVE_BROTLI=1

if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
  die "rust target $TARGET missing: rustup target add $TARGET"
fi

# Only our own output folders are removed, and only if they sit inside ROOT.
safe_rm() {
  local path
  for path in "$@"; do
    [[ -e "$path" ]] || continue
    case "$(realpath -m "$path")" in
      "$ROOT"/build/*|"$ROOT"/target/"$TARGET"|"$ROOT"/target/"$TARGET"/*) rm -rf -- "$path" ;;
      *) die "refusing to remove $path (outside build outputs)" ;;
    esac
  done
}

if (( CLEAN )); then
  log "cleaning build outputs"
  safe_rm "$OUT_DIR" "$ROOT/target/$TARGET" "$REPORT"
fi
mkdir -p "$OUT_DIR"

STAGE="$(mktemp -d "$ROOT/build/.stage.XXXXXX")"
trap 'rm -rf -- "$STAGE"' EXIT

component_names() {
  local dir name
  for dir in "$COMPONENTS_DIR"/*/; do
    [[ -f "$dir/Cargo.toml" ]] || continue
    name="$(basename "$dir")"
    if ((${#ONLY[@]})); then
      local wanted=0 o
      for o in "${ONLY[@]}"; do [[ "$o" == "$name" ]] && wanted=1; done
      (( wanted )) || continue
    fi
    printf '%s\n' "$name"
  done
}

crate_name() {
  # package name from Cargo.toml, with dashes turned into underscores
  awk -F'"' '/^\[package\]/{p=1} p && /^name *=/{print $2; exit}' "$1/Cargo.toml" | tr '-' '_'
}

build_one() {
  local name="$1" dir="$COMPONENTS_DIR/$1" crate artefact staged
  crate="$(crate_name "$dir")"
  [[ -n "$crate" ]] || die "$name: cannot read package name"
  log "$name: cargo build ($PROFILE)"
  local flags=(--manifest-path "$dir/Cargo.toml" --target "$TARGET")
  [[ "$PROFILE" == "release" ]] && flags+=(--release)
  cargo build "${flags[@]}" --quiet
  artefact="$ROOT/target/$TARGET/$PROFILE/$crate.wasm"
  [[ -f "$artefact" ]] || die "$name: expected $artefact"

  staged="$STAGE/$name.wasm"
  cp "$artefact" "$staged"
  wasm-tools validate --features component-model "$staged" \
    || die "$name: wasm-tools validate failed"
  if (( HAVE_OPT )) && [[ "$PROFILE" == "release" ]]; then
    wasm-opt -Oz --strip-debug --enable-bulk-memory -o "$staged.opt" "$staged" 2>/dev/null \
      && mv "$staged.opt" "$staged" \
      || log "$name: wasm-opt skipped (not a core module)"
  fi
  wasm-tools strip --all "$staged" -o "$staged.stripped" && mv "$staged.stripped" "$staged"
  wasm-tools component wit "$staged" > "$STAGE/$name.wit" 2>/dev/null || true
  mv -f "$staged" "$OUT_DIR/$name.wasm"
  [[ -s "$STAGE/$name.wit" ]] && mv -f "$STAGE/$name.wit" "$OUT_DIR/$name.wit"
}

size_of() { stat -c %s "$1"; }

compressed_size() {
  if (( HAVE_BROTLI )); then
    brotli -c -q 11 "$1" | wc -c
  else
    gzip -c -9 "$1" | wc -c
  fi
}

declare -A BASE
if [[ -f "$BASELINE" ]]; then
  while IFS=$'\t' read -r name bytes; do
    [[ "$name" == "#"* || -z "$name" ]] && continue
    BASE[$name]="$bytes"
  done < "$BASELINE"
fi

mapfile -t NAMES < <(component_names)
((${#NAMES[@]})) || die "no components matched"

for name in "${NAMES[@]}"; do
  build_one "$name"
done

# --- report -----------------------------------------------------------------------
status=0
{
  printf '# Component sizes (%s, %s)\n\n' "$TARGET" "$PROFILE"
  printf '| component | bytes | %s | baseline | change |\n' "$( ((HAVE_BROTLI)) && echo brotli || echo gzip )"
  printf '|---|---:|---:|---:|---:|\n'
} > "$REPORT"

for name in "${NAMES[@]}"; do
  file="$OUT_DIR/$name.wasm"
  bytes="$(size_of "$file")"
  comp="$(compressed_size "$file")"
  base="${BASE[$name]:-}"
  change="new"
  if [[ -n "$base" && "$base" -gt 0 ]]; then
    pct=$(( (bytes - base) * 100 / base ))
    change="${pct}%"
    if (( pct > MAX_GROWTH_PCT )); then
      log "$name grew ${pct}% (limit ${MAX_GROWTH_PCT}%)"
      status=1
    fi
  fi
  printf '| %s | %s | %s | %s | %s |\n' "$name" "$bytes" "$comp" "${base:--}" "$change" >> "$REPORT"
done

log "report: ${REPORT#"$ROOT"/}"
column -t -s '|' "$REPORT" | tail -n +3

if (( UPDATE_BASELINE )); then
  tmp="$(mktemp "$STAGE/baseline.XXXX")"
  printf '# name\tbytes (generated by build-components.sh)\n' > "$tmp"
  for name in "${NAMES[@]}"; do
    printf '%s\t%s\n' "$name" "$(size_of "$OUT_DIR/$name.wasm")" >> "$tmp"
  done
  for key in "${!BASE[@]}"; do
    printf '%s\n' "${NAMES[@]}" | grep -qx "$key" || printf '%s\t%s\n' "$key" "${BASE[$key]}" >> "$tmp"
  done
  mv "$tmp" "$BASELINE"
  log "baseline updated; commit ci/size-baseline.tsv"
  status=0
fi

exit "$status"
