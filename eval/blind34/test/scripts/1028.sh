#!/usr/bin/env bash
# wasi-conformance.sh - run the csv filter WASI module against the conformance
# fixtures with three runtimes (wasmtime, wasmer, wasmedge) and compare outputs.
#
#   scripts/wasi-conformance.sh                # all runtimes that are installed
#   scripts/wasi-conformance.sh wasmtime       # one runtime
#   KEEP=1 scripts/wasi-conformance.sh         # keep per-case scratch dirs
#
# Each case directory tests/conformance/<case>/ contains input/ (mapped
# read-only at /in), argv (one argument per line) and expected.txt.  Output is
# written by the module to /out, which is a fresh scratch directory under
# build/conformance/; no other host directory is exposed to the module.

set -euo pipefail
shopt -s nullglob

TOP="$(git rev-parse --show-toplevel)"
MODULE="$TOP/target/wasm32-wasip1/release/csvfilter.wasm"
CASES="$TOP/tests/conformance"
SCRATCH="$TOP/build/conformance"
REPORT="$SCRATCH/report.tsv"
TIMEOUT_S=20

info() { printf '· %s\n' "$*"; }
oops() { printf '✗ %s\n' "$*" >&2; exit 1; }

if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  cat <<'EOF'
wasi-conformance.sh [RUNTIME...]

Runs tests/conformance/<case>/ against the csvfilter WASI module.

Case layout
  input/          mapped read-only into the guest as /in
  argv            one argument per line (lines starting with # are ignored)
  expected.txt    exact expected stdout

Each runtime gets exactly two directory mappings:
  wasmtime  --dir <case>/input::/in   --dir <scratch>/out::/out
  wasmer    --mapdir /in:<case>/input --mapdir /out:<scratch>/out
  wasmedge  --dir /in:<case>/input    --dir /out:<scratch>/out

Outputs
  build/conformance/report.tsv          runtime, case, result, milliseconds
  build/conformance/case-<rt>-<case>/   scratch dirs (removed unless KEEP=1
                                         or a case failed)

A case that fails on only one runtime is reported as "runtime-specific";
those are usually WASI preview differences, not bugs in csvfilter.
EOF
  exit 0
fi

runtime_version() {
  case "$1" in
    wasmtime) wasmtime --version 2>/dev/null | awk '{print $2}' ;;
    wasmer) wasmer --version 2>/dev/null | awk '{print $2}' ;;
    wasmedge) wasmedge --version 2>/dev/null | awk '{print $NF}' ;;
  esac
}

[[ -f "$MODULE" ]] || oops "build the module: cargo build --release --target wasm32-wasip1 -p csvfilter"
[[ -d "$CASES" ]] || oops "no conformance cases in tests/conformance"

declare -a RUNTIMES
if (($#)); then
  RUNTIMES=("$@")
else
  for rt in wasmtime wasmer wasmedge; do
    command -v "$rt" >/dev/null 2>&1 && RUNTIMES+=("$rt")
  done
fi
((${#RUNTIMES[@]})) || oops "no WASI runtime installed"
info "runtimes: ${RUNTIMES[*]}"
for rt in "${RUNTIMES[@]}"; do
  info "  $rt $(runtime_version "$rt")"
done
info "module: ${MODULE#"$TOP"/} ($(stat -c %s "$MODULE") bytes)"

mkdir -p "$SCRATCH"
if [[ -z "${KEEP:-}" ]]; then
  # our own scratch area only
  find "$SCRATCH" -mindepth 1 -maxdepth 1 -type d -name 'case-*' -exec rm -rf -- {} +
fi
printf 'runtime\tcase\tresult\tms\n' > "$REPORT"

# Build the runtime-specific command line.  Only two mappings are ever passed:
# the case's input directory at /in and the scratch output at /out.
invoke() {
  local rt="$1" in_dir="$2" out_dir="$3"; shift 3
  case "$rt" in
    wasmtime)
      timeout "$TIMEOUT_S" wasmtime run \
        --dir "$in_dir::/in" --dir "$out_dir::/out" \
        "$MODULE" -- "$@"
      ;;
    wasmer)
      timeout "$TIMEOUT_S" wasmer run \
        --mapdir "/in:$in_dir" --mapdir "/out:$out_dir" \
        "$MODULE" -- "$@"
      ;;
    wasmedge)
      timeout "$TIMEOUT_S" wasmedge \
        --dir "/in:$in_dir" --dir "/out:$out_dir" \
        "$MODULE" "$@"
      ;;
    *) oops "unsupported runtime $rt" ;;
  esac
}

read_argv() {
  local file="$1"
  ARGV=()
  [[ -f "$file" ]] || return 0
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    ARGV+=("$line")
  done < "$file"
}

compare() {
  local expected="$1" got="$2"
  if diff -u --label expected --label got "$expected" "$got" > "$got.diff"; then
    rm -f "$got.diff"
    return 0
  fi
  return 1
}

pass=0
fail=0
declare -A RT_FAIL
for rt in "${RUNTIMES[@]}"; do
  RT_FAIL[$rt]=0
  for case_dir in "$CASES"/*/; do
    name="$(basename "$case_dir")"
    work="$SCRATCH/case-$rt-$name"
    rm -rf -- "$work"
    mkdir -p "$work/out"
    read_argv "$case_dir/argv"
    started=$(date +%s%N)
    if invoke "$rt" "$case_dir/input" "$work/out" "${ARGV[@]}" > "$work/stdout.txt" 2> "$work/stderr.txt"; then
      status=ok
    else
      status="exit-$?"
    fi
    ms=$(( ($(date +%s%N) - started) / 1000000 ))
    if [[ "$status" == ok ]] && compare "$case_dir/expected.txt" "$work/stdout.txt"; then
      result=pass
      pass=$((pass + 1))
    else
      result="fail($status)"
      fail=$((fail + 1))
      RT_FAIL[$rt]=$(( RT_FAIL[$rt] + 1 ))
    fi
    printf '%s\t%s\t%s\t%s\n' "$rt" "$name" "$result" "$ms" >> "$REPORT"
    printf '%-9s %-28s %-14s %5d ms\n' "$rt" "$name" "$result" "$ms"
  done
done

echo
info "report: ${REPORT#"$TOP"/}"
for rt in "${RUNTIMES[@]}"; do
  info "$rt: ${RT_FAIL[$rt]} failure(s)"
done

# Cases that fail on exactly one runtime point at a runtime difference rather
# than a bug in the module; list them separately.
awk -F'\t' 'NR > 1 && $3 != "pass" {f[$2] = f[$2] " " $1; n[$2]++}
            END {for (c in n) if (n[c] == 1) printf "runtime-specific: %s (%s )\n", c, f[c]}' "$REPORT"

# Timing outliers: a case that is 5x slower on one runtime than the fastest.
awk -F'\t' 'NR > 1 {t[$2, $1] = $4; if (!($2 in best) || $4 < best[$2]) best[$2] = $4; rts[$1] = 1; cs[$2] = 1}
            END {for (c in cs) for (r in rts) if (best[c] > 0 && t[c, r] > 5 * best[c])
                   printf "slow: %s on %s (%d ms vs best %d ms)\n", c, r, t[c, r], best[c]}' "$REPORT"

if [[ -z "${KEEP:-}" && $fail -eq 0 ]]; then
  find "$SCRATCH" -mindepth 1 -maxdepth 1 -type d -name 'case-*' -exec rm -rf -- {} +
fi

info "$pass passed, $fail failed"
(( fail == 0 ))
