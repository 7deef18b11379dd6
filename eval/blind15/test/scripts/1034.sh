#!/usr/bin/env bash
# go-deps.sh - patch-level Go dependency refresh with a GitLab merge request.
#
#   ci/go-deps.sh                 # go get -u=patch, tidy, vet, test, MR
#   ci/go-deps.sh --minor         # allow minor upgrades too
#   ci/go-deps.sh --dry-run       # show what would change, leave tree alone
#
# Talks to gitlab.com's REST API with GITLAB_TOKEN (api scope) to open the
# merge request; the project path comes from CI_PROJECT_PATH or the origin
# remote. govulncheck runs afterwards if installed.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

MODE="patch"
DRY_RUN=0
API="https://gitlab.com/api/v4"
for arg in "$@"; do
  case "$arg" in
    --minor) MODE="minor" ;;
    --dry-run) DRY_RUN=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $arg" >&2; exit 2 ;;
  esac
done

log() { printf '%s %s\n' "$(date +%T)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

# restore the original branch if anything below fails half-way
START_BRANCH="$(git branch --show-current)"
on_fail() {
  local rc=$?
  if (( rc != 0 )) && [[ -n "$START_BRANCH" ]]; then
    log "failed (exit $rc); switching back to $START_BRANCH"
    git switch -q "$START_BRANCH" 2>/dev/null || true
  fi
}
trap on_fail EXIT

command -v go >/dev/null || die "go not installed"
command -v jq >/dev/null || die "jq not installed"
[[ -z "$(git status --porcelain)" ]] || die "uncommitted changes present; commit or stash them"

list_updates() {
  go list -m -u -json all 2>/dev/null \
    | jq -r 'select(.Update != null and .Main != true and (.Indirect | not)) | "\(.Path) \(.Version) \(.Update.Version)"'
}

same_minor() {
  local a="${1#v}" b="${2#v}"
  [[ "${a%.*}" == "${b%.*}" ]]
}

same_major() {
  local a="${1#v}" b="${2#v}"
  [[ "${a%%.*}" == "${b%%.*}" ]]
}

pick() {
  local path cur next
  while read -r path cur next; do
    [[ -z "$path" ]] && continue
    if [[ "$MODE" == patch ]] && ! same_minor "$cur" "$next"; then
      continue
    fi
    if [[ "$MODE" == minor ]] && ! same_major "$cur" "$next"; then
      continue
    fi
    printf '%s %s %s\n' "$path" "$cur" "$next"
  done
}

retracted_check() {
  # modules whose current version has been retracted upstream deserve a note
  go list -m -u -retracted -json all 2>/dev/null \
    | jq -r 'select(.Retracted != null) | "  retracted: \(.Path) \(.Version) (\(.Retracted | join("; ")))"' || true
}

toolchain_note() {
  local want have
  want="$(awk '/^go [0-9]/ {print $2}' go.mod)"
  have="$(go env GOVERSION | sed 's/^go//')"
  log "go.mod wants go $want; local toolchain is $have"
}

mr_exists() {
  # do not open a second MR for the same branch
  local branch="$1" project_id="$2"
  [[ -n "${GITLAB_TOKEN:-}" ]] || return 1
  curl -fsS -G "$API/projects/$project_id/merge_requests" \
    --data-urlencode "source_branch=$branch" --data-urlencode "state=opened" \
    -H "PRIVATE-TOKEN: $GITLAB_TOKEN" | jq -e 'length > 0' >/dev/null 2>&1
}

summary_table() {
  printf '%s\n' "$PLAN" | awk 'BEGIN { printf "%-50s %-14s %s\n", "module", "from", "to" } { printf "%-50s %-14s %s\n", $1, $2, $3 }'
}

toolchain_note
retracted_check

PLAN="$(list_updates | pick || true)"
if [[ -z "$PLAN" ]]; then
  log "no $MODE updates available"
  exit 0
fi
log "planned updates ($MODE):"
summary_table
(( DRY_RUN )) && exit 0

BRANCH="deps/go-$MODE-$(date +%Y%m%d)"
git switch -c "$BRANCH"

while read -r path _ next; do
  go get "$path@$next"
done <<< "$PLAN"
go mod tidy

log "vet + test"
go vet ./...
go test -count=1 ./...

if command -v govulncheck >/dev/null; then
  log "govulncheck"
  govulncheck ./... || log "govulncheck reported findings (see above)"
fi

git add go.mod go.sum
git commit -q -m "chore(deps): go $MODE updates"
git push -q -u origin HEAD

: "${GITLAB_TOKEN:?GITLAB_TOKEN is required to open the merge request}"
PROJECT_PATH="${CI_PROJECT_PATH:-$(git remote get-url origin | sed -E 's#^(git@gitlab\.com:|https://gitlab\.com/)##; s#\.git$##')}"
[[ "$PROJECT_PATH" =~ ^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+$ ]] || die "cannot determine project path"
PROJECT_ID="$(jq -rn --arg p "$PROJECT_PATH" '$p | @uri')"
TARGET="${CI_DEFAULT_BRANCH:-main}"
if mr_exists "$BRANCH" "$PROJECT_ID"; then
  log "a merge request for $BRANCH is already open; branch updated only"
  git switch -q -
  exit 0
fi

DESCRIPTION="$(printf 'Automated Go %s updates:\n\n%s\n' "$MODE" "$(printf '%s\n' "$PLAN" | awk '{ printf "- `%s` %s -> %s\n", $1, $2, $3 }')")"
BODY="$(jq -n --arg s "$BRANCH" --arg t "$TARGET" --arg title "chore(deps): go $MODE updates" --arg d "$DESCRIPTION" \
  '{source_branch: $s, target_branch: $t, title: $title, description: $d, remove_source_branch: true, labels: "dependencies"}')"

RESP="$(curl -fsS -X POST "$API/projects/$PROJECT_ID/merge_requests" \
  -H "PRIVATE-TOKEN: $GITLAB_TOKEN" \
  -H "Content-Type: application/json" \
  --data "$BODY")"
log "merge request: $(jq -r .web_url <<< "$RESP")"
git switch -q -
