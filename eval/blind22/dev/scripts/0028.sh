#!/usr/bin/env bash
# schema-gate.sh - lint, breaking-check and (optionally) push our Buf modules.
#
# Pushing is opt-in (--push) and limited to the modules in PUSHABLE, whose
# BSR names are read from each module's buf.yaml. The token comes from
# BUF_TOKEN or the project's .env and is handed to buf through its env var.
#
# usage: scripts/schema-gate.sh [--against REF] [--push] [--label LABEL] [module...]
set -euo pipefail
shopt -s nullglob

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AGAINST="origin/main"
PUSH=0
LABEL=""
MODULES=()
PUSHABLE=(proto/events proto/billing)
REPORT="$ROOT/reports/schema-gate.txt"
FAILED=()

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { say "FATAL: $*" >&2; exit 1; }

# CI sets SCHEMA_GATE_CI=1; locally we also print the buf version so bug
# reports against the gate say which buf produced them.
print_toolchain() {
  local v
  v="$(buf --version 2>/dev/null || echo missing)"
  say "buf $v"
  if [[ "${SCHEMA_GATE_CI:-0}" == 1 ]]; then
    say "running in CI; --push is ignored unless the branch is main"
    if [[ "$(git rev-parse --abbrev-ref HEAD)" != main ]]; then
      PUSH=0
    fi
  fi
}

while (($#)); do
  case "$1" in
    --against) AGAINST="${2:?--against needs a ref}"; shift 2 ;;
    --push) PUSH=1; shift ;;
    --label) LABEL="${2:?--label needs a value}"; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    -*) die "unknown flag $1" ;;
    *) MODULES+=("$1"); shift ;;
  esac
done

cd "$ROOT"
command -v buf >/dev/null || die "buf not installed"
print_toolchain

if ((${#MODULES[@]} == 0)); then
  for y in proto/*/buf.yaml; do
    MODULES+=("$(dirname "$y")")
  done
fi
((${#MODULES[@]})) || die "no Buf modules found under proto/"

load_token() {
  if [[ -n "${BUF_TOKEN:-}" ]]; then return 0; fi
  if [[ -f .env ]]; then
    local line
    line="$(grep -E '^BUF_TOKEN=' .env | tail -n 1 || true)"
    if [[ -n "$line" ]]; then
      BUF_TOKEN="${line#BUF_TOKEN=}"
      BUF_TOKEN="${BUF_TOKEN%\"}"; BUF_TOKEN="${BUF_TOKEN#\"}"
      export BUF_TOKEN
      return 0
    fi
  fi
  return 1
}

mask() {
  local s="$1"
  local n=${#s}
  if ((n <= 4)); then printf '****'; return; fi
  printf '%*s%s' $((n - 4)) '' "${s: -4}" | tr ' ' '*'
}

module_name() {
  # "name: buf.build/acme/events" -> buf.build/acme/events
  awk -F': *' '/^name:/ {print $2; exit}' "$1/buf.yaml"
}

is_pushable() {
  local m="$1" p
  for p in "${PUSHABLE[@]}"; do
    [[ "$m" == "$p" ]] && return 0
  done
  return 1
}

: > "$REPORT.tmp"
record() { printf '%s\n' "$*" | tee -a "$REPORT.tmp"; }

check_deps_pinned() {
  # every module must pin its deps in buf.lock so pushes are reproducible
  local m="$1"
  if grep -qE '^deps:' "$m/buf.yaml" && [[ ! -f "$m/buf.lock" ]]; then
    record "deps     FAIL  $m (buf.lock missing; run 'buf dep update $m')"
    return 1
  fi
  return 0
}

check_format() {
  local m="$1" diff
  diff="$(buf format "$m" --diff 2>/dev/null || true)"
  if [[ -n "$diff" ]]; then
    record "format   WARN  $m (run 'buf format -w $m')"
  else
    record "format   ok    $m"
  fi
}

show_summary() {
  local total=${#MODULES[@]} bad=${#FAILED[@]}
  say "checked $total module(s) against $AGAINST: $((total - bad)) ok, $bad failed"
  say "full report: ${REPORT#$ROOT/}"
}

for m in "${MODULES[@]}"; do
  check_deps_pinned "$m" || FAILED+=("$m")
  check_format "$m"
done

for m in "${MODULES[@]}"; do
  [[ -f "$m/buf.yaml" ]] || die "$m has no buf.yaml"
  say "module $m"
  if buf lint "$m" >"$REPORT.lint" 2>&1; then
    record "lint     ok    $m"
  else
    record "lint     FAIL  $m"
    sed 's/^/    /' "$REPORT.lint" | tee -a "$REPORT.tmp"
    FAILED+=("$m")
    continue
  fi
  if buf breaking "$m" --against ".git#ref=$AGAINST,subdir=$m" >"$REPORT.brk" 2>&1; then
    record "breaking ok    $m (vs $AGAINST)"
  else
    record "breaking FAIL  $m (vs $AGAINST)"
    sed 's/^/    /' "$REPORT.brk" | tee -a "$REPORT.tmp"
    FAILED+=("$m")
  fi
done
rm -f "$REPORT.lint" "$REPORT.brk"
mkdir -p "$(dirname "$REPORT")"
mv "$REPORT.tmp" "$REPORT"
show_summary

if ((${#FAILED[@]})); then
  say "${#FAILED[@]} module(s) failed: ${FAILED[*]}"
  exit 1
fi
say "all modules pass"

if ((PUSH == 0)); then
  say "not pushing (pass --push to publish to the BSR)"
  exit 0
fi

load_token || die "--push needs BUF_TOKEN (environment or .env)"
say "using BUF_TOKEN $(mask "$BUF_TOKEN")"

if [[ -n "$(git status --porcelain -- proto)" ]]; then
  die "proto/ has uncommitted changes; commit before pushing"
fi
branch="$(git rev-parse --abbrev-ref HEAD)"
[[ -n "$LABEL" ]] || LABEL="$branch"

for m in "${MODULES[@]}"; do
  if ! is_pushable "$m"; then
    say "skip push of $m: not in PUSHABLE"
    continue
  fi
  name="$(module_name "$m")"
  case "$name" in
    buf.build/acme/*) ;;
    *) die "$m has unexpected module name '$name'" ;;
  esac
  attempt=1
  until buf push "$m" --label "$LABEL" --git-metadata; do
    ((attempt >= 3)) && die "push of $m failed after $attempt attempts"
    say "push failed, retrying in $((attempt * 5))s"
    sleep $((attempt * 5))
    ((attempt++))
  done
  say "pushed $name with label $LABEL"
done
