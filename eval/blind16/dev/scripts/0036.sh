#!/usr/bin/env bash
# Codemod: replace the deprecated `useLegacyFetch(url, opts)` hook with
# `useQuery({ url, ...opts })` across the web app, using ast-grep (sg).
#
#   tools/codemod_legacy_fetch.sh            rewrite files in place
#   tools/codemod_legacy_fetch.sh --check    exit 1 if anything would change (CI)
#   tools/codemod_legacy_fetch.sh --diff     show the diff, change nothing
#
# Only git-tracked files under apps/web/src and packages/ui/src are touched.
# Refuses to run on a dirty tree (so the rewrite is a clean, reviewable diff),
# then runs prettier and eslint --fix on exactly the files that changed, and
# finally type-checks. Rule files are generated into a temp dir removed on exit.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
SCOPES=(apps/web/src packages/ui/src)
RULES="$(mktemp -d "${TMPDIR:-/tmp}/codemod-rules.XXXXXX")"
CHANGED="$RULES/changed.txt"
trap 'rm -rf "$RULES"' EXIT

mode="write"
case "${1:-}" in
  --check) mode="check" ;;
  --diff) mode="diff" ;;
  "") ;;
  *) echo "usage: $0 [--check|--diff]" >&2; exit 2 ;;
esac

need() { command -v "$1" >/dev/null || { echo "missing tool: $1" >&2; exit 1; }; }
need git
need pnpm
SG="$(pnpm bin)/sg"
[[ -x "$SG" ]] || SG="$(command -v sg || command -v ast-grep || true)"
[[ -n "$SG" ]] || { echo "ast-grep not found (pnpm add -D @ast-grep/cli)" >&2; exit 1; }

write_rules() {
  cat >"$RULES/two-args.yml" <<'YAML'
id: legacy-fetch-with-opts
language: tsx
rule:
  pattern: useLegacyFetch($URL, $OPTS)
fix: useQuery({ url: $URL, ...$OPTS })
YAML
  cat >"$RULES/one-arg.yml" <<'YAML'
id: legacy-fetch-url-only
language: tsx
rule:
  pattern: useLegacyFetch($URL)
fix: useQuery({ url: $URL })
YAML
  cat >"$RULES/import.yml" <<'YAML'
id: legacy-fetch-import
language: tsx
rule:
  pattern: import { useLegacyFetch } from '@trailmix/data'
fix: import { useQuery } from '@trailmix/data'
YAML
}

tracked_sources() {
  git ls-files -- "${SCOPES[@]/%//*.ts}" "${SCOPES[@]/%//*.tsx}" | grep -v '\.d\.ts$' || true
}

candidates() {
  tracked_sources | xargs -r grep -l 'useLegacyFetch' || true
}

ensure_clean() {
  if [[ -n "$(git status --porcelain -- "${SCOPES[@]}")" ]]; then
    echo "uncommitted changes under ${SCOPES[*]}; commit or stash them yourself first" >&2
    exit 1
  fi
}

apply_rules() {
  local files=("$@") rule
  for rule in "$RULES"/*.yml; do
    "$SG" scan --rule "$rule" --update-all "${files[@]}" >/dev/null
  done
}

preview() {
  local files=("$@") rule
  for rule in "$RULES"/*.yml; do
    "$SG" scan --rule "$rule" "${files[@]}" || true
  done
}

post_process() {
  local files=("$@")
  pnpm exec prettier --write "${files[@]}" >/dev/null
  pnpm exec eslint --fix "${files[@]}" || echo "eslint reported issues; review them before committing"
}

typecheck() {
  pnpm --filter @trailmix/web exec tsc --noEmit -p tsconfig.json
  pnpm --filter @trailmix/ui exec tsc --noEmit -p tsconfig.json
}

report_leftovers() {
  local left
  left="$(tracked_sources | xargs -r grep -n 'useLegacyFetch' || true)"
  if [[ -n "$left" ]]; then
    echo "occurrences the codemod could not rewrite (handle by hand):"
    printf '%s\n' "$left" | sed 's/^/  /'
  fi
}

stats() {
  # Per-scope count of remaining call sites, useful for tracking a staged migration.
  local scope n
  for scope in "${SCOPES[@]}"; do
    n="$(git ls-files -- "$scope" | xargs -r grep -c 'useLegacyFetch' 2>/dev/null \
      | awk -F: '{ s += $2 } END { print s + 0 }')"
    printf '  %-20s %s call sites\n' "$scope" "$n"
  done
}

main() {
  stats
  write_rules
  mapfile -t files < <(candidates)
  if (( ${#files[@]} == 0 )); then
    echo "nothing to do: no useLegacyFetch calls in ${SCOPES[*]}"
    exit 0
  fi
  echo "${#files[@]} files reference useLegacyFetch"

  case "$mode" in
    diff)
      preview "${files[@]}"
      ;;
    check)
      preview "${files[@]}"
      exit 1
      ;;
    write)
      ensure_clean
      apply_rules "${files[@]}"
      git diff --name-only -- "${SCOPES[@]}" >"$CHANGED"
      mapfile -t changed <"$CHANGED"
      if (( ${#changed[@]} )); then
        post_process "${changed[@]}"
        typecheck
      fi
      echo "rewrote ${#changed[@]} files"
      git diff --stat -- "${SCOPES[@]}" | tail -n 1
      report_leftovers
      ;;
  esac
}

main
