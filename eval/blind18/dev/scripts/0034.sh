#!/usr/bin/env bash
# mr-report.sh - weekly merge request report for the GitLab group "acme/platform".
#
# Pages through the GitLab REST API (gitlab.com) with the token in
# GITLAB_TOKEN, which is sent only in the PRIVATE-TOKEN header to gitlab.com.
# Produces reports/mr-YYYY-WW.md with: merged MRs per project, open MRs older
# than N days, and MRs waiting on review. With --post it also leaves the report
# as a comment on the tracking issue given by --issue (same API, same host).
set -euo pipefail

API="https://gitlab.com/api/v4"
GROUP="acme/platform"
STALE_DAYS=14
POST=0
ISSUE=""
OUT_DIR="$(git rev-parse --show-toplevel 2>/dev/null || pwd)/reports"
CURL_TMP=""

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --group) GROUP="$2"; shift ;;
    --stale-days) STALE_DAYS="$2"; shift ;;
    --post) POST=1 ;;
    --issue) ISSUE="$2"; shift ;;   # project_path#iid
    -h|--help) usage 0 ;;
    *) echo "unknown argument $1" >&2; usage 2 ;;
  esac
  shift
done

: "${GITLAB_TOKEN:?set GITLAB_TOKEN (read_api scope is enough without --post)}"
command -v jq >/dev/null || { echo "jq required" >&2; exit 1; }

CURL_TMP="$(mktemp -d "${TMPDIR:-/tmp}/mr-report.XXXXXX")"
trap 'rm -rf "$CURL_TMP"' EXIT

# jq filter helpers live here so the sections stay short
# (.references.full looks like "acme/platform/api!123")
urlencode() {
  jq -rn --arg v "$1" '$v | @uri'
}

# GET with pagination via the x-next-page header; prints one JSON array per page
gl_get_all() {
  local path="$1" query="$2" page=1 headers body next
  while [[ -n "$page" ]]; do
    headers="$CURL_TMP/h"
    body="$CURL_TMP/b"
    curl -sS --fail-with-body \
      -H "PRIVATE-TOKEN: $GITLAB_TOKEN" \
      -D "$headers" -o "$body" \
      "$API/$path?$query&per_page=100&page=$page"
    cat "$body"
    echo
    next="$(awk -F': ' 'tolower($1) == "x-next-page" { gsub("\r", "", $2); print $2 }' "$headers")"
    page="$next"
  done
}

gl_post() {
  local path="$1" data="$2"
  curl -sS --fail-with-body -X POST \
    -H "PRIVATE-TOKEN: $GITLAB_TOKEN" \
    -H "Content-Type: application/json" \
    --data "$data" \
    "$API/$path" >/dev/null
}

iso_days_ago() {
  local days="$1"
  if date -u -d "-$days days" +%Y-%m-%dT%H:%M:%SZ >/dev/null 2>&1; then
    date -u -d "-$days days" +%Y-%m-%dT%H:%M:%SZ
  else
    date -u -v "-${days}d" +%Y-%m-%dT%H:%M:%SZ
  fi
}

group_mrs() {
  local state="$1" extra="$2" gid
  gid="$(urlencode "$GROUP")"
  gl_get_all "groups/$gid/merge_requests" "state=$state&scope=all&$extra" | jq -s 'add // []'
}

section_merged() {
  local since
  since="$(iso_days_ago 7)"
  group_mrs merged "updated_after=$since" > "$CURL_TMP/merged.json"
  echo "## Merged in the last 7 days"
  echo
  jq -r --arg since "$since" '
    map(select(.merged_at != null and .merged_at >= $since))
    | group_by(.references.full | split("!")[0])
    | .[]
    | "### \(.[0].references.full | split("!")[0]) (\(length))\n" +
      (map("- !\(.iid) \(.title) — @\(.author.username)") | join("\n")) + "\n"
  ' "$CURL_TMP/merged.json"
}

section_stale() {
  local before
  before="$(iso_days_ago "$STALE_DAYS")"
  group_mrs opened "updated_before=$before&wip=no" > "$CURL_TMP/stale.json"
  echo "## Open and untouched for ${STALE_DAYS}+ days"
  echo
  jq -r 'sort_by(.updated_at) | .[] |
    "- \(.references.full) \(.title) — @\(.author.username), last update \(.updated_at[0:10])"' \
    "$CURL_TMP/stale.json"
  echo
}

section_review() {
  group_mrs opened "wip=no&reviewer_id=Any" > "$CURL_TMP/review.json"
  echo "## Waiting for review"
  echo
  jq -r '
    map(select((.detailed_merge_status // "") == "not_approved" or (.detailed_merge_status // "") == "requested_changes"))
    | sort_by(.created_at) | .[] |
    "- \(.references.full) \(.title) — reviewers: \([.reviewers[].username] | join(", "))"' \
    "$CURL_TMP/review.json"
  echo
}

section_pipelines() {
  # failed default-branch pipelines per project in the group, last 7 days
  local gid since
  gid="$(urlencode "$GROUP")"
  since="$(iso_days_ago 7)"
  gl_get_all "groups/$gid/projects" "include_subgroups=true&archived=false&simple=true" |
    jq -s 'add // [] | map({id, path_with_namespace, default_branch})' > "$CURL_TMP/projects.json"
  echo "## Failed pipelines on default branches (7 days)"
  echo
  local id path branch count
  while IFS=$'\t' read -r id path branch; do
    [[ -n "$branch" && "$branch" != null ]] || continue
    count="$(gl_get_all "projects/$id/pipelines" "ref=$(urlencode "$branch")&status=failed&updated_after=$since" |
      jq -s 'add // [] | length')"
    if ((count > 0)); then
      echo "- $path ($branch): $count failed"
    fi
  done < <(jq -r '.[] | [.id, .path_with_namespace, .default_branch] | @tsv' "$CURL_TMP/projects.json")
  echo
}

post_comment() {
  local file="$1" project iid
  [[ -n "$ISSUE" ]] || { echo "--post needs --issue project/path#iid" >&2; exit 2; }
  project="$(urlencode "${ISSUE%%#*}")"
  iid="${ISSUE##*#}"
  [[ "$iid" =~ ^[0-9]+$ ]] || { echo "bad issue reference $ISSUE" >&2; exit 2; }
  gl_post "projects/$project/issues/$iid/notes" "$(jq -Rs '{body: .}' "$file")"
  echo "posted report to $ISSUE"
}

main() {
  mkdir -p "$OUT_DIR"
  local week file
  week="$(date -u +%G-%V)"
  file="$OUT_DIR/mr-$week.md"
  {
    echo "# Merge request report $week ($GROUP)"
    echo
    section_merged
    section_stale
    section_review
    section_pipelines
    echo "_generated by scripts/mr-report.sh on $(date -u +%Y-%m-%d)_"
  } > "$file"
  echo "wrote ${file#"$OUT_DIR"/../}"
  if ((POST)); then
    post_comment "$file"
  fi
  local merged stale
  merged="$(jq length "$CURL_TMP/merged.json")"
  stale="$(jq length "$CURL_TMP/stale.json")"
  echo "merged: $merged, stale: $stale"
}

main
