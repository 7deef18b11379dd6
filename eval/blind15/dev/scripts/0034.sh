#!/usr/bin/env bash
# deps-bump.sh - weekly dependency refresh for the monorepo:
#   * cargo update for the Rust workspace (lockfile only)
#   * npm-check-updates --target minor for web/
#   * run the tests; if green, commit on a branch, push it and open a PR
#     through the GitHub REST API (needs GITHUB_TOKEN with repo scope)
#
#   scripts/deps-bump.sh            # full run
#   scripts/deps-bump.sh --no-pr    # leave the changes in the working tree
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

OPEN_PR=1
BRANCH="deps/bump-$(date +%Y-%m-%d)"
for a in "$@"; do
  case "$a" in
    --no-pr) OPEN_PR=0 ;;
    --branch=*) BRANCH="${a#--branch=}" ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done
[[ "$BRANCH" =~ ^[A-Za-z0-9._/-]+$ ]] || { echo "bad branch name" >&2; exit 2; }

log() { printf '\n\033[1m%s\033[0m\n' "$*"; }

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "deps-bump: $1 is required" >&2; exit 1; }
}

need git
need cargo
need jq
need curl

# Crates that must not move without a human looking at them (e.g. because of
# MSRV or wire-format changes). cargo update would otherwise bump them.
HOLD_CRATES=(prost tonic)

hold_crates() {
  local crate current
  for crate in "${HOLD_CRATES[@]}"; do
    current="$(cargo pkgid "$crate" 2>/dev/null | sed -E 's/.*[@#]//')" || continue
    [[ -z "$current" ]] && continue
    cargo update -p "$crate" --precise "$current" >/dev/null 2>&1 || true
    echo "held $crate at $current" | tee -a "$SUMMARY_FILE"
  done
}

rust_outdated_report() {
  # informational only; cargo-outdated is optional
  if command -v cargo-outdated >/dev/null; then
    cargo outdated --root-deps-only --exit-code 0 | tee -a "$SUMMARY_FILE" || true
  fi
}

if [[ -n "$(git status --porcelain)" ]]; then
  echo "working tree not clean; commit or stash first" >&2
  exit 1
fi

BASE="$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | cut -d/ -f2)"
BASE="${BASE:-main}"
git fetch --quiet origin "$BASE"
git checkout -B "$BRANCH" "origin/$BASE"

SUMMARY_FILE="$(mktemp)"
trap 'rm -f "$SUMMARY_FILE"' EXIT

# --- Rust ---------------------------------------------------------------
log "cargo update"
cp Cargo.lock Cargo.lock.before
cargo update 2>&1 | grep -E '^\s+(Updating|Adding|Removing)' | tee -a "$SUMMARY_FILE" || true
hold_crates
if cmp -s Cargo.lock Cargo.lock.before; then
  echo "Rust: nothing to update"
fi
rm -f Cargo.lock.before
rust_outdated_report

# --- web ----------------------------------------------------------------
if [[ -f web/package.json ]]; then
  log "npm-check-updates (minor) in web/"
  pushd web >/dev/null
  if [[ -x node_modules/.bin/ncu ]]; then
    NCU=(node_modules/.bin/ncu)
  elif command -v ncu >/dev/null; then
    NCU=(ncu)
  else
    echo "ncu not installed; add npm-check-updates to devDependencies" >&2
    exit 1
  fi
  "${NCU[@]}" --target minor --upgrade --reject '@types/node' | tee -a "$SUMMARY_FILE"
  npm install --no-audit --no-fund
  popd >/dev/null
fi

if [[ -z "$(git status --porcelain)" ]]; then
  log "everything up to date"
  git checkout --quiet "$BASE"
  git branch -D "$BRANCH" >/dev/null
  exit 0
fi

# --- tests --------------------------------------------------------------
log "cargo test"
cargo test --workspace --quiet
if [[ -f web/package.json ]]; then
  log "web tests"
  (cd web && npm test --silent -- --watch=false)
fi

if [[ $OPEN_PR -eq 0 ]]; then
  log "tests passed; changes left in the working tree (--no-pr)"
  exit 0
fi

# --- commit, push, PR ---------------------------------------------------
git add Cargo.lock web/package.json web/package-lock.json 2>/dev/null || true
git commit -m "chore(deps): weekly dependency bump" --quiet
git push --quiet -u origin HEAD

: "${GITHUB_TOKEN:?GITHUB_TOKEN is needed to open the PR}"
REMOTE_URL="$(git remote get-url origin)"
SLUG="$(sed -E 's#(git@|https://)github.com[:/]##; s#\.git$##' <<<"$REMOTE_URL")"
[[ "$SLUG" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || { echo "cannot parse repo from $REMOTE_URL" >&2; exit 1; }

BODY="$(printf 'Automated weekly bump.\n\n```\n%s\n```\n' "$(head -c 60000 "$SUMMARY_FILE")")"
PAYLOAD="$(jq -n --arg title "chore(deps): weekly dependency bump" \
                 --arg head "$BRANCH" --arg base "$BASE" --arg body "$BODY" \
                 '{title: $title, head: $head, base: $base, body: $body}')"

RESPONSE="$(curl -fsS -X POST \
  -H "Authorization: Bearer $GITHUB_TOKEN" \
  -H "Accept: application/vnd.github+json" \
  -H "X-GitHub-Api-Version: 2022-11-28" \
  "https://api.github.com/repos/$SLUG/pulls" \
  -d "$PAYLOAD")"

PR_URL="$(jq -r .html_url <<<"$RESPONSE")"
PR_NUMBER="$(jq -r .number <<<"$RESPONSE")"

curl -fsS -X POST \
  -H "Authorization: Bearer $GITHUB_TOKEN" \
  -H "Accept: application/vnd.github+json" \
  "https://api.github.com/repos/$SLUG/issues/$PR_NUMBER/labels" \
  -d '{"labels":["dependencies"]}' >/dev/null

log "opened $PR_URL"
git checkout --quiet "$BASE"
