#!/usr/bin/env bash
# go-deps-upgrade.sh - upgrade Go module dependencies in a controlled way.
#
# Modes:
#   patch   (default) go get -u=patch ./...
#   minor   go get -u ./...  (minor + patch, same major)
#   single  go get <module>@latest for the modules given with -m
#
# Flow: refuse on protected branches / dirty tree -> create deps/go-<date> branch ->
# upgrade -> go mod tidy -> go vet + go test -> write build/go-deps.md ->
# optional --commit, optional --push (which also opens a PR with gh).
#
# Nothing is pushed unless --push is given explicitly.
set -Eeuo pipefail

die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }
log() { printf '\033[36m::\033[0m %s\n' "$*"; }

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
MODE=patch
COMMIT=0
PUSH=0
SKIP_TESTS=0
declare -a MODULES=()
BRANCH="deps/go-$(date +%Y%m%d)"

while (( $# )); do
  case "$1" in
    patch|minor|single) MODE="$1" ;;
    -m) shift; MODULES+=("${1:?-m needs a module path}") ;;
    --commit) COMMIT=1 ;;
    --push) PUSH=1 ;;
    --skip-tests) SKIP_TESTS=1 ;;
    --branch) shift; BRANCH="${1:?}" ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

(( PUSH && ! COMMIT )) && die "--push needs --commit"
[[ "$MODE" == single && ${#MODULES[@]} -eq 0 ]] && die "single mode needs at least one -m"
[[ -f go.mod ]] || die "no go.mod at $ROOT"
command -v go >/dev/null || die "go not installed"

current="$(git rev-parse --abbrev-ref HEAD)"
case "$current" in
  main|master|release/*|hotfix/*)
    log "on protected branch $current; switching to $BRANCH" ;;
esac
[[ -z "$(git status --porcelain)" ]] || die "working tree is dirty"

if git show-ref --verify --quiet "refs/heads/$BRANCH"; then
  git switch "$BRANCH"
else
  git switch -c "$BRANCH"
fi

cp go.mod build-go.mod.orig 2>/dev/null || { mkdir -p build; cp go.mod build/go.mod.orig; }
mkdir -p build
mv -f build-go.mod.orig build/go.mod.orig 2>/dev/null || true
cp go.sum build/go.sum.orig 2>/dev/null || true

restore_on_failure() {
  local rc=$?
  if (( rc != 0 )); then
    log "restoring go.mod/go.sum after failure"
    cp build/go.mod.orig go.mod 2>/dev/null || true
    cp build/go.sum.orig go.sum 2>/dev/null || true
  fi
}
trap restore_on_failure EXIT

list_direct() {
  go list -m -f '{{if and (not .Indirect) (not .Main)}}{{.Path}} {{.Version}}{{end}}' all
}

before="$(list_direct)"

case "$MODE" in
  patch)  log "go get -u=patch ./..."; go get -u=patch ./... ;;
  minor)  log "go get -u ./..."; go get -u ./... ;;
  single)
    for m in "${MODULES[@]}"; do
      log "go get $m@latest"
      go get "$m@latest"
    done ;;
esac

log "go mod tidy"
go mod tidy

after="$(list_direct)"

report=build/go-deps.md
{
  printf '## Go dependency upgrade (%s, %s)\n\n' "$MODE" "$(date +%F)"
  printf '| module | before | after |\n|---|---|---|\n'
  join -j1 <(sort <<<"$before") <(sort <<<"$after") | while read -r mod old new; do
    [[ "$old" != "$new" ]] && printf '| %s | %s | %s |\n' "$mod" "$old" "$new"
  done
  comm -13 <(cut -d' ' -f1 <<<"$before" | sort) <(cut -d' ' -f1 <<<"$after" | sort) \
    | sed 's/^/| added: /; s/$/ | | |/'
} >"$report"
changed="$(grep -c '^| [^m-]' "$report" || true)"
log "report: $report ($changed change(s))"

if [[ -z "$(git status --porcelain -- go.mod go.sum)" ]]; then
  log "nothing to upgrade"
  exit 0
fi

if (( ! SKIP_TESTS )); then
  log "go vet ./..."
  go vet ./...
  log "go test ./... (race detector)"
  go test -race -count=1 ./... 2>&1 | tail -n 40
  status="${PIPESTATUS[0]}"
  (( status == 0 )) || die "tests failed; changes left in place for inspection"
fi

# Major-version bumps need a new import path in Go; list the ones available so
# a human can decide (this script never rewrites import paths).
list_majors() {
  go list -m -u -json all 2>/dev/null | jq -r '
    select(.Update != null and (.Indirect | not) and (.Main | not))
    | "\(.Path) \(.Version) -> \(.Update.Version)"' | while read -r mod old _ new; do
      if [[ "${old%%.*}" != "${new%%.*}" ]]; then
        printf '  major available: %s %s -> %s\n' "$mod" "$old" "$new"
      fi
    done
}
majors="$(list_majors || true)"
if [[ -n "$majors" ]]; then
  log "major upgrades not applied:"
  printf '%s\n' "$majors"
  printf '\n### Not applied (major versions)\n\n%s\n' "$majors" >>"$report"
fi

# retracted versions are a signal the upstream pulled a bad release
retracted="$(go list -m -retracted -f '{{if .Retracted}}{{.Path}} {{.Version}}{{end}}' all 2>/dev/null \
             | sed '/^$/d' || true)"
if [[ -n "$retracted" ]]; then
  log "retracted versions still in the build list:"
  printf '  %s\n' "$retracted"
fi

# the toolchain directive may have been bumped by `go get`; surface it
if git diff --quiet -- go.mod; then
  :
elif git diff -- go.mod | grep -qE '^[-+](go|toolchain) '; then
  log "note: the go/toolchain directive in go.mod changed:"
  git --no-pager diff -- go.mod | grep -E '^[-+](go|toolchain) '
fi

if command -v govulncheck >/dev/null; then
  log "govulncheck"
  govulncheck ./... | tail -n 20 || log "govulncheck reported issues (not fatal)"
fi

# vendor/ must be refreshed when the repository vendors its modules
if [[ -d vendor ]]; then
  log "go mod vendor"
  go mod vendor
  git add -A vendor >/dev/null 2>&1 || true
fi

# go.work users: make sure the workspace still resolves
if [[ -f go.work ]]; then
  log "go work sync"
  go work sync
fi

if (( COMMIT )); then
  git add go.mod go.sum
  git commit -q -m "chore(deps): go $MODE upgrade" -m "$(tail -n +3 "$report")"
  log "committed on $BRANCH"
fi

if (( PUSH )); then
  git push -u origin "$BRANCH"
  if command -v gh >/dev/null; then
    gh pr create --title "chore(deps): go $MODE upgrade $(date +%F)" \
      --body-file "$report" --label dependencies
  else
    log "gh not installed; open the PR manually"
  fi
fi

rm -f build/go.mod.orig build/go.sum.orig
trap - EXIT
log "done (branch $BRANCH, started on $current)"
