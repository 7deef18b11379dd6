#!/usr/bin/env bash
# log-digest.sh - daily digest of errors from the user-level dev services and the
# project's JSON logs; optionally posted as a note on the tracking issue in GitLab.
#
#   tools/log-digest.sh                       # print digest for the last 24h
#   tools/log-digest.sh --since "6 hours ago"
#   tools/log-digest.sh --post                # also add a note to the issue
#
# GitLab settings come from deploy/gitlab.env (project id, issue iid) and the
# token from GITLAB_TOKEN (env or .env).  The token is only sent to gitlab.com in
# the PRIVATE-TOKEN header and is never printed.
set -Eeuo pipefail

die() { echo "log-digest: $*" >&2; exit 1; }
log() { echo "log-digest: $*" >&2; }

ROOT="$(git rev-parse --show-toplevel)"
SINCE="24 hours ago"
POST=0
TOP=10
UNITS=(relay-api.service relay-worker.service relay-scheduler.service)
GITLAB_API="https://gitlab.com/api/v4"
TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT

while (( $# )); do
  case "$1" in
    --since) SINCE="$2"; shift 2 ;;
    --post) POST=1; shift ;;
    --top) TOP="$2"; shift 2 ;;
    *) die "unknown option $1" ;;
  esac
done

command -v jq >/dev/null || die "jq required"
command -v curl >/dev/null || die "curl required"

usage() {
  cat <<'EOF'
log-digest.sh [--since WHEN] [--top N] [--post]

  --since WHEN   any `date -d` expression (default: "24 hours ago")
  --top N        number of message groups to show (default 10)
  --post         add the digest as a note on the GitLab tracking issue

Environment:
  GITLAB_TOKEN          personal/project access token with api scope
  GITLAB_PROJECT_ID     numeric project id (or in deploy/gitlab.env)
  GITLAB_DIGEST_ISSUE   issue iid that collects the digests
  FORCE_POST=1          post even when there is nothing to report
EOF
}
[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && { usage; exit 0; }

# journalctl --user needs a user session bus; explain instead of failing silently
if ! systemctl --user is-system-running >/dev/null 2>&1; then
  state="$(systemctl --user is-system-running 2>/dev/null || true)"
  [[ "$state" == degraded || "$state" == running ]] || \
    log "note: no user systemd session ($state); journal section will be empty"
fi

env_get() {
  # KEY from the environment, else from a KEY=VALUE file; never sourced
  local key="$1" file="$2" line
  if [[ -n "${!key:-}" ]]; then printf '%s' "${!key}"; return; fi
  [[ -f "$file" ]] || return 1
  while IFS= read -r line; do
    if [[ "$line" == "$key="* ]]; then
      line="${line#*=}"; line="${line%\"}"; line="${line#\"}"
      printf '%s' "$line"
      return
    fi
  done <"$file"
  return 1
}

normalise() {
  sed -E \
    -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/<uuid>/g' \
    -e 's/\b[0-9]{3,}\b/<n>/g' \
    -e 's#/tmp/[^ ]+#<tmp>#g' \
    -e 's/ +$//'
}

# 1. user-level systemd services started by `make dev-up` (journalctl --user only)
for unit in "${UNITS[@]}"; do
  journalctl --user -u "$unit" --since "$SINCE" -p warning -o cat --no-pager 2>/dev/null \
    | normalise | sed "s/^/${unit%.service}: /" >>"$TMP/journal.txt" || true
done

# 2. JSON logs written by the services into logs/
since_iso="$(date -u -d "$SINCE" +%Y-%m-%dT%H:%M:%S)"
shopt -s nullglob
json_logs=("$ROOT"/logs/*.jsonl)
shopt -u nullglob
if (( ${#json_logs[@]} )); then
  jq -r --arg s "$since_iso" \
    'select((.ts // "") >= $s and ((.level // "") | test("error|critical")))
     | "\(.service // "?"): \(.msg // "")"' "${json_logs[@]}" 2>/dev/null \
    | normalise >>"$TMP/json.txt" || true
fi

cat "$TMP"/journal.txt "$TMP"/json.txt 2>/dev/null | sort | uniq -c | sort -rn \
  | head -n "$TOP" >"$TMP/top.txt" || true
total="$(cat "$TMP"/journal.txt "$TMP"/json.txt 2>/dev/null | wc -l)"

{
  printf '### Dev log digest since %s\n\n' "$SINCE"
  printf '%s warning/error lines in total.\n\n' "$total"
  if [[ -s "$TMP/top.txt" ]]; then
    printf '| count | message |\n|---:|---|\n'
    while read -r count msg; do
      msg="${msg//|/\\|}"
      printf '| %s | `%s` |\n' "$count" "${msg:0:140}"
    done <"$TMP/top.txt"
  else
    printf 'Nothing to report.\n'
  fi
} >"$TMP/digest.md"

# 3. crash/panic markers deserve their own section even when rare
grep -hE 'panic:|SIGSEGV|AddressSanitizer|core dumped|Traceback' \
  "$TMP"/journal.txt "$TMP"/json.txt 2>/dev/null | sort | uniq -c | sort -rn | head -n 5 \
  >"$TMP/crashes.txt" || true
if [[ -s "$TMP/crashes.txt" ]]; then
  {
    printf '\n#### Crash markers\n\n'
    while read -r count msg; do
      printf -- '- %s x `%s`\n' "$count" "${msg:0:160}"
    done <"$TMP/crashes.txt"
  } >>"$TMP/digest.md"
fi

# 4. compare with the previous digest to highlight new messages
prev="$ROOT/build/log-digest.prev.txt"
cut -c9- "$TMP/top.txt" 2>/dev/null | sort >"$TMP/current-keys.txt" || true
if [[ -f "$prev" ]]; then
  new_msgs="$(comm -13 "$prev" "$TMP/current-keys.txt" | head -n 5)"
  if [[ -n "$new_msgs" ]]; then
    {
      printf '\n#### New since last digest\n\n'
      while IFS= read -r m; do printf -- '- `%s`\n' "${m:0:160}"; done <<<"$new_msgs"
    } >>"$TMP/digest.md"
  fi
fi

mkdir -p "$ROOT/build"
cp "$TMP/current-keys.txt" "$prev" 2>/dev/null || true
cp "$TMP/digest.md" "$ROOT/build/log-digest.md"
cat "$TMP/digest.md"

# Only post when there is something worth reading, unless forced.
if (( POST )) && [[ "$total" -eq 0 && "${FORCE_POST:-0}" != 1 ]]; then
  log "nothing to report; not posting (set FORCE_POST=1 to post anyway)"
  exit 0
fi

(( POST )) || exit 0

project_id="$(env_get GITLAB_PROJECT_ID "$ROOT/deploy/gitlab.env")" || die "GITLAB_PROJECT_ID missing"
issue_iid="$(env_get GITLAB_DIGEST_ISSUE "$ROOT/deploy/gitlab.env")" || die "GITLAB_DIGEST_ISSUE missing"
token="$(env_get GITLAB_TOKEN "$ROOT/.env")" || die "GITLAB_TOKEN missing (env or .env)"

[[ "$project_id" =~ ^[0-9]+$ ]] || die "GITLAB_PROJECT_ID must be numeric"
[[ "$issue_iid" =~ ^[0-9]+$ ]] || die "GITLAB_DIGEST_ISSUE must be numeric"

jq -Rs '{body: .}' <"$TMP/digest.md" >"$TMP/payload.json"

attempt=1
until curl -fsS -o "$TMP/resp.json" -X POST \
        -H "PRIVATE-TOKEN: $token" -H 'Content-Type: application/json' \
        --data @"$TMP/payload.json" \
        "$GITLAB_API/projects/$project_id/issues/$issue_iid/notes"; do
  (( attempt >= 4 )) && die "posting failed after $attempt attempts"
  sleep $(( attempt * 3 ))
  attempt=$(( attempt + 1 ))
done
log "note $(jq -r .id "$TMP/resp.json") added to issue #$issue_iid"

# Link back to the issue for the terminal user (web_url comes from the API).
if curl -fsS -H "PRIVATE-TOKEN: $token" -o "$TMP/issue.json" \
     "$GITLAB_API/projects/$project_id/issues/$issue_iid"; then
  log "issue: $(jq -r '.web_url // empty' "$TMP/issue.json")"
  state="$(jq -r '.state // empty' "$TMP/issue.json")"
  [[ "$state" == closed ]] && log "warning: the digest issue is closed; reopen it or pick a new one"
fi
