#!/usr/bin/env bash
# snapshots.sh -- review and accept snapshot changes across the workspace.
#
# Supports cargo-insta (Rust crates), vitest/jest (JS packages) and
# pytest-syrupy (Python). Default is a dry run: tests are executed with
# snapshot updates written to a scratch copy, and the diff is shown.
# --accept writes the new snapshots into the working tree.
#
#   tools/snapshots.sh                 # all kinds, dry run
#   tools/snapshots.sh --only rust     # one kind
#   tools/snapshots.sh --accept        # write
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

ACCEPT=0
ONLY=""
KEEP=0
SCRATCH=""
REPORT="$ROOT/reports/snapshots.txt"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf 'snapshots: %s\n' "$*" >&2; exit 1; }

cleanup() {
  if [[ -n "$SCRATCH" && -d "$SCRATCH" && $KEEP -eq 0 ]]; then
    git worktree remove --force "$SCRATCH" >/dev/null 2>&1 || rm -rf -- "$SCRATCH"
  fi
}
trap cleanup EXIT INT TERM

while (($#)); do
  case "$1" in
    --accept) ACCEPT=1 ;;
    --only) ONLY="${2:?--only needs rust|js|python}"; shift ;;
    --keep) KEEP=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

want() { [[ -z "$ONLY" || "$ONLY" == "$1" ]]; }

if [[ -n "$(git status --porcelain -- '*.snap' '**/__snapshots__/**' '**/snapshots/**')" ]]; then
  die "there are uncommitted snapshot changes already; commit or stash them first"
fi

prepare_scratch() {
  SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/snapshots.XXXXXX")"
  rmdir "$SCRATCH"
  git worktree add --detach --quiet "$SCRATCH" HEAD
  # carry over uncommitted non-snapshot edits so the run reflects the working tree
  git diff HEAD --binary -- . ':(exclude)*.snap' | (cd "$SCRATCH" && git apply --allow-empty --whitespace=nowarn)
  if [[ -d node_modules ]]; then
    ln -s "$ROOT/node_modules" "$SCRATCH/node_modules"
  fi
}

run_rust() {
  local dir="$1"
  command -v cargo-insta >/dev/null 2>&1 || { log "cargo-insta missing; skip rust"; return 0; }
  log "rust: cargo insta test --accept (in ${dir#"$ROOT"/})"
  (cd "$dir" && INSTA_FORCE_PASS=1 cargo insta test --workspace --accept --color never 2>&1 | tail -n 25) || true
}

run_js() {
  local dir="$1" pkg
  while IFS= read -r pkg; do
    local pdir="$dir/$(dirname "$pkg")"
    if grep -q '"vitest"' "$pdir/package.json"; then
      log "js: vitest -u in ${pdir#"$dir"/}"
      (cd "$pdir" && npx --no-install vitest run -u --reporter=dot 2>&1 | tail -n 15) || true
    elif grep -q '"jest"' "$pdir/package.json"; then
      log "js: jest -u in ${pdir#"$dir"/}"
      (cd "$pdir" && CI=1 npx --no-install jest -u --silent 2>&1 | tail -n 15) || true
    fi
  done < <(cd "$dir" && git ls-files -- 'package.json' '*/package.json' | grep -v node_modules)
}

run_python() {
  local dir="$1"
  [[ -f "$dir/pyproject.toml" ]] || return 0
  log "python: pytest --snapshot-update"
  (cd "$dir" && python -m pytest -q --snapshot-update -p no:cacheprovider 2>&1 | tail -n 15) || true
}

collect_diff() {
  local dir="$1"
  (cd "$dir" && git add -N . >/dev/null 2>&1 && git diff --stat -- '*.snap' '*.ambr' 'snapshots/**')
  (cd "$dir" && git diff --no-color -- '*.snap' '*.ambr' 'snapshots/**')
}

copy_back() {
  local dir="$1" f n=0
  while IFS= read -r f; do
    case "$f" in
      *..*|/*) die "suspicious path from git: $f" ;;
    esac
    mkdir -p "$ROOT/$(dirname "$f")"
    cp -p "$dir/$f" "$ROOT/$f"
    n=$((n + 1))
  done < <(cd "$dir" && git diff --name-only -- '*.snap' '*.ambr' 'snapshots/**'; git ls-files --others --exclude-standard -- '*.snap' '*.ambr')
  log "accepted $n snapshot file(s)"
}

pending_files() {
  # leftovers from interrupted runs: insta's .snap.new/.pending-snap and
  # vitest's obsolete markers; listed, and removed only with --accept
  local dir="$1"
  (cd "$dir" && git ls-files --others --exclude-standard -- '*.snap.new' '*.pending-snap') || true
}

clean_pending() {
  local f n=0
  while IFS= read -r f; do
    [[ -n "$f" ]] || continue
    case "$f" in
      *..*|/*) die "refusing odd path $f" ;;
    esac
    rm -f -- "$ROOT/$f"
    n=$((n + 1))
  done < <(pending_files "$ROOT")
  ((n == 0)) || log "removed $n stale pending snapshot file(s)"
}

check_tools() {
  local missing=()
  want rust && [[ -f Cargo.toml ]] && ! command -v cargo >/dev/null && missing+=(cargo)
  want js && [[ -f package.json ]] && ! command -v npx >/dev/null && missing+=(npx)
  want python && [[ -f pyproject.toml ]] && ! command -v python >/dev/null && missing+=(python)
  if ((${#missing[@]})); then
    die "missing tools: ${missing[*]}"
  fi
}

describe_plan() {
  log "mode: $( ((ACCEPT)) && echo accept || echo dry-run ), kinds: ${ONLY:-all}"
  log "scratch worktree under ${TMPDIR:-/tmp}; report: ${REPORT#"$ROOT"/}"
}

check_tools
describe_plan
if [[ -n "$(pending_files "$ROOT")" ]]; then
  log "pending snapshot files found in the working tree:"
  pending_files "$ROOT" | sed 's/^/  /' >&2
  ((ACCEPT)) && clean_pending
fi

prepare_scratch
want rust && [[ -f "$SCRATCH/Cargo.toml" ]] && run_rust "$SCRATCH"
want js && [[ -f "$SCRATCH/package.json" ]] && run_js "$SCRATCH"
want python && run_python "$SCRATCH"

mkdir -p "$(dirname "$REPORT")"
collect_diff "$SCRATCH" | tee "$REPORT" | ${PAGER:-less -R} || true

if [[ ! -s "$REPORT" ]]; then
  log "no snapshot changes"
  exit 0
fi

if ((ACCEPT)); then
  copy_back "$SCRATCH"
  log "review with: git diff -- '*.snap'"
else
  log "dry run; diff saved to ${REPORT#"$ROOT"/}. Re-run with --accept to write."
fi

summary() {
  local added removed
  added=$(grep -c '^+[^+]' "$REPORT" || true)
  removed=$(grep -c '^-[^-]' "$REPORT" || true)
  printf 'snapshot lines: +%s -%s\n' "$added" "$removed"
}
summary

if ((KEEP)); then
  log "scratch worktree kept at $SCRATCH (git worktree remove it when done)"
fi

stale_worktrees() {
  git worktree list --porcelain | awk '/^worktree /{print $2}' | grep '/snapshots\.' || true
}
if [[ -n "$(stale_worktrees)" ]]; then
  log "stale snapshot worktrees exist; prune with: git worktree prune"
fi
