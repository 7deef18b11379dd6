#!/usr/bin/env bash
# sf-drift.sh - detect metadata drift between an org and force-app/.
#
#   tools/sf-drift.sh --target-org uat
#   tools/sf-drift.sh --target-org feat-x --manifest manifest/package-core.xml
#
# Retrieves the metadata listed in the manifest into a temporary project
# (read-only for the org), converts nothing in force-app/, and prints which
# components differ, exist only in the org, or only in the repo. The
# temporary project is removed by the EXIT trap.
set -Eeuo pipefail

REPO_DIR="$(git rev-parse --show-toplevel)"
MANIFEST="$REPO_DIR/manifest/package.xml"
TARGET_ORG=""
OUT="$REPO_DIR/reports/drift"
TMP_PROJECT=""
IGNORE_FILE="$REPO_DIR/.driftignore"
VERBOSE=0

note() { printf '%s\n' "drift: $*"; }
oops() { printf '%s\n' "drift: error: $*" >&2; exit 1; }

on_exit() {
  local rc=$?
  if [[ -n "$TMP_PROJECT" && -d "$TMP_PROJECT" ]]; then
    rm -rf -- "$TMP_PROJECT"
  fi
  exit "$rc"
}
trap on_exit EXIT

args() {
  while (( $# )); do
    case "$1" in
      --target-org|-o) TARGET_ORG="$2"; shift ;;
      --manifest|-x) MANIFEST="$2"; shift ;;
      -v|--verbose) VERBOSE=1 ;;
      -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
      *) oops "unknown option $1" ;;
    esac
    shift
  done
  [[ -n "$TARGET_ORG" ]] || oops "--target-org is required"
  [[ -f "$MANIFEST" ]] || oops "manifest $MANIFEST not found"
}

org_info() {
  sf org display --target-org "$TARGET_ORG" --json \
    | jq -r '.result | "\(.username) (\(.instanceUrl | sub("^https://"; "")))"'
}

make_temp_project() {
  TMP_PROJECT="$(mktemp -d "${TMPDIR:-/tmp}/sf-drift.XXXXXX")"
  local api
  api="$(jq -r '.sourceApiVersion // "62.0"' "$REPO_DIR/sfdx-project.json")"
  cat >"$TMP_PROJECT/sfdx-project.json" <<EOF
{
  "packageDirectories": [{ "path": "force-app", "default": true }],
  "sourceApiVersion": "$api"
}
EOF
  mkdir -p "$TMP_PROJECT/force-app"
}

retrieve() {
  note "retrieving components from $TARGET_ORG"
  (
    cd "$TMP_PROJECT"
    sf project retrieve start --manifest "$MANIFEST" --target-org "$TARGET_ORG" \
      --ignore-conflicts --wait 30 --json >"$TMP_PROJECT/retrieve.json"
  ) || {
    jq -r '.message // "retrieve failed"' "$TMP_PROJECT/retrieve.json" >&2
    oops "retrieve failed"
  }
  local n
  n="$(jq '.result.files | length' "$TMP_PROJECT/retrieve.json")"
  note "$n file(s) retrieved"
}

ignored() {
  local path="$1" pattern
  [[ -f "$IGNORE_FILE" ]] || return 1
  while IFS= read -r pattern; do
    [[ -z "$pattern" || "$pattern" == \#* ]] && continue
    # shellcheck disable=SC2053
    [[ "$path" == $pattern ]] && return 0
  done <"$IGNORE_FILE"
  return 1
}

normalise() {
  # strip volatile bits (API version tags, trailing whitespace) before comparing
  sed -E 's/[[:space:]]+$//; /<apiVersion>[0-9.]+<\/apiVersion>/d' "$1"
}

compare_trees() {
  local org_tree="$TMP_PROJECT/force-app" repo_tree="$REPO_DIR/force-app"
  local changed=0 org_only=0 repo_only=0 rel
  : >"$OUT/changed.txt"
  : >"$OUT/org-only.txt"
  : >"$OUT/repo-only.txt"
  while IFS= read -r -d '' f; do
    rel="${f#$org_tree/}"
    ignored "$rel" && continue
    if [[ ! -f "$repo_tree/$rel" ]]; then
      echo "$rel" >>"$OUT/org-only.txt"
      org_only=$((org_only + 1))
    elif ! diff -q <(normalise "$f") <(normalise "$repo_tree/$rel") >/dev/null; then
      echo "$rel" >>"$OUT/changed.txt"
      changed=$((changed + 1))
      if (( VERBOSE )); then
        diff -u <(normalise "$repo_tree/$rel") <(normalise "$f") | head -n 40 || true
      fi
    fi
  done < <(find "$org_tree" -type f -print0)
  while IFS= read -r -d '' f; do
    rel="${f#$repo_tree/}"
    ignored "$rel" && continue
    if [[ ! -f "$org_tree/$rel" ]] && in_manifest_scope "$rel"; then
      echo "$rel" >>"$OUT/repo-only.txt"
      repo_only=$((repo_only + 1))
    fi
  done < <(find "$repo_tree" -type f -print0)
  note "$changed changed, $org_only only in org, $repo_only only in repo"
  DRIFT_TOTAL=$((changed + org_only + repo_only))
}

in_manifest_scope() {
  # only report repo-only files for metadata types listed in the manifest
  local rel="$1" type_dir
  type_dir="$(cut -d/ -f3 <<<"$rel")"
  grep -q "<name>$(type_for_dir "$type_dir")</name>" "$MANIFEST"
}

type_for_dir() {
  case "$1" in
    classes) echo ApexClass ;;
    triggers) echo ApexTrigger ;;
    objects) echo CustomObject ;;
    lwc) echo LightningComponentBundle ;;
    flows) echo Flow ;;
    layouts) echo Layout ;;
    permissionsets) echo PermissionSet ;;
    *) echo "__none__" ;;
  esac
}

write_summary() {
  {
    echo "# Metadata drift: $TARGET_ORG"
    echo
    echo "org: $(org_info)"
    echo "manifest: ${MANIFEST#$REPO_DIR/}"
    echo "repo commit: $(git -C "$REPO_DIR" rev-parse --short HEAD)"
    echo
    for kind in changed org-only repo-only; do
      echo "## $kind ($(wc -l <"$OUT/$kind.txt" | tr -d ' '))"
      sed 's/^/- /' "$OUT/$kind.txt" | head -n 100
      echo
    done
  } >"$OUT/README.md"
  note "report: ${OUT#$REPO_DIR/}/README.md"
}

main() {
  args "$@"
  command -v sf >/dev/null || oops "sf CLI missing"
  command -v jq >/dev/null || oops "jq missing"
  mkdir -p "$OUT"
  note "org: $(org_info)"
  make_temp_project
  retrieve
  DRIFT_TOTAL=0
  compare_trees
  write_summary
  if (( DRIFT_TOTAL > 0 )); then
    note "drift detected; review before the next deployment"
    exit 3
  fi
  note "no drift"
}

main "$@"
