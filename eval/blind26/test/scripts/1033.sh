#!/usr/bin/env bash
# qa-datasets.sh - disposable QA copies of the production dataset.
#
#   tools/qa-datasets.sh create          # copy production -> qa-YYYYMMDD
#   tools/qa-datasets.sh list
#   tools/qa-datasets.sh expire [days]   # delete qa-YYYYMMDD datasets older than N days (default 14)
#
# Deleting is restricted to datasets whose name matches ^qa-[0-9]{8}$; the
# names production, staging and development can never be deleted by this
# script, even if someone edits the pattern. `sanity dataset copy` reads
# production; it does not modify it.
set -euo pipefail

# The studio lives in studio/ next to tools/; all sanity CLI calls run there so
# the project id and API version come from studio/sanity.cli.ts.
STUDIO="$(cd "$(dirname "$0")/../studio" && pwd)"
SOURCE_DATASET="production"
PROTECTED=(production staging development)
QA_RE='^qa-[0-9]{8}$'

say() { printf '[qa-datasets] %s\n' "$*"; }
die() { printf '[qa-datasets] error: %s\n' "$*" >&2; exit 1; }

sanity() {
  (cd "$STUDIO" && npx --no-install sanity "$@")
}

datasets() {
  sanity dataset list 2>/dev/null | sed 's/[[:space:]]*$//' | grep -v '^$'
}

is_protected() {
  local name="$1" p
  for p in "${PROTECTED[@]}"; do
    [[ "$name" == "$p" ]] && return 0
  done
  return 1
}

days_old() {
  local name="$1" ymd epoch now
  ymd="${name#qa-}"
  epoch="$(date -d "${ymd:0:4}-${ymd:4:2}-${ymd:6:2}" +%s 2>/dev/null)" || { echo -1; return; }
  now="$(date +%s)"
  echo $(( (now - epoch) / 86400 ))
}

cmd_create() {
  local name="qa-$(date +%Y%m%d)"
  if datasets | grep -qx "$name"; then
    say "$name already exists"
    return 0
  fi
  say "copying $SOURCE_DATASET -> $name (history skipped)"
  sanity dataset copy "$SOURCE_DATASET" "$name" --skip-history
  sanity dataset visibility set "$name" private >/dev/null 2>&1 || true
  say "point the studio at it with SANITY_STUDIO_DATASET=$name"
  write_env_hint "$name"
}

write_env_hint() {
  local name="$1" file="$STUDIO/.env.qa"
  printf 'SANITY_STUDIO_DATASET=%s\n' "$name" >"$file"
  say "wrote ${file#$STUDIO/} (use: npm run dev -- --mode qa)"
}

cmd_list() {
  local name age
  while IFS= read -r name; do
    if [[ "$name" =~ $QA_RE ]]; then
      age="$(days_old "$name")"
      printf '%-16s qa copy, %s day(s) old\n' "$name" "$age"
    else
      printf '%-16s %s\n' "$name" "$(is_protected "$name" && echo protected || echo other)"
    fi
  done < <(datasets)
}

cmd_expire() {
  local max_days="${1:-14}" name age removed=0
  [[ "$max_days" =~ ^[0-9]+$ ]] && (( max_days >= 1 )) || die "days must be a positive number"
  while IFS= read -r name; do
    [[ "$name" =~ $QA_RE ]] || continue
    if is_protected "$name"; then
      die "refusing: $name is protected"
    fi
    age="$(days_old "$name")"
    (( age >= 0 )) || { say "cannot parse date in $name; skipping"; continue; }
    if (( age > max_days )); then
      say "deleting $name ($age days old)"
      sanity dataset delete "$name" --force
      removed=$((removed + 1))
    fi
  done < <(datasets)
  say "$removed dataset(s) expired"
}

cmd_doc_counts() {
  # compare document counts between production and the newest QA copy
  local newest
  newest="$(datasets | grep -E "$QA_RE" | sort | tail -n 1)"
  [[ -n "$newest" ]] || { say "no qa dataset"; return 0; }
  local q='count(*[!(_id in path("drafts.**"))])'
  local a b
  a="$(sanity documents query --dataset "$SOURCE_DATASET" "$q" 2>/dev/null | tr -d '[:space:]')"
  b="$(sanity documents query --dataset "$newest" "$q" 2>/dev/null | tr -d '[:space:]')"
  say "$SOURCE_DATASET: ${a:-?} published docs, $newest: ${b:-?}"
}

cmd_quota() {
  # the plan allows a limited number of datasets; warn before hitting it
  local count limit="${SANITY_DATASET_LIMIT:-10}"
  count="$(datasets | wc -l | tr -d ' ')"
  say "$count of $limit datasets used"
  if (( count >= limit - 1 )); then
    say "close to the dataset limit; run: $0 expire 7"
  fi
}

cmd_prune_env_files() {
  # remove .env.qa when it points at a dataset that no longer exists
  local file="$STUDIO/.env.qa" name
  [[ -f "$file" ]] || return 0
  name="$(sed -n 's/^SANITY_STUDIO_DATASET=//p' "$file")"
  if ! datasets | grep -qx "$name"; then
    rm -f -- "$file"
    say "removed stale .env.qa (dataset $name is gone)"
  fi
}

cmd_smoke() {
  # quick smoke test of the newest QA copy: key document types must exist
  local newest type count missing=0
  newest="$(datasets | grep -E "$QA_RE" | sort | tail -n 1)"
  [[ -n "$newest" ]] || die "no qa dataset; run: $0 create"
  for type in siteSettings navigation page product author; do
    count="$(sanity documents query --dataset "$newest" "count(*[_type == \"$type\"])" 2>/dev/null | tr -d '[:space:]')"
    if [[ -z "$count" || "$count" == 0 ]]; then
      say "  $type: MISSING"
      missing=$((missing + 1))
    else
      say "  $type: $count"
    fi
  done
  (( missing == 0 )) && say "smoke test passed for $newest" || die "$missing document type(s) missing in $newest"
}

cmd_cors_check() {
  # the QA studio runs on localhost:3333; make sure the project allows that origin
  local origins
  origins="$(sanity cors list 2>/dev/null || true)"
  if grep -q 'http://localhost:3333' <<<"$origins"; then
    say "CORS origin for the local studio is configured"
  else
    say "add it with: npx sanity cors add http://localhost:3333 --credentials"
  fi
}

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

main() {
  [[ -d "$STUDIO" ]] || die "studio/ not found"
  local cmd="${1:-list}"
  shift || true
  case "$cmd" in
    create) cmd_create; cmd_quota ;;
    list) cmd_list ;;
    expire) cmd_expire "$@"; cmd_prune_env_files ;;
    counts) cmd_doc_counts ;;
    quota) cmd_quota ;;
    smoke) cmd_smoke ;;
    cors) cmd_cors_check ;;
    -h|--help|help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
