#!/usr/bin/env bash
# notes-export.sh - pull the "Project Docs" notebook from our Joplin Server and
# turn it into docs/notes/ Markdown for the static site.
#
# A project-local Joplin profile (.joplin-profile/, git-ignored) is used so the
# developer's own Joplin desktop data is never touched.  Sync target is the
# team's Joplin Server at https://notes.internal; the account and password
# come from .env (JOPLIN_SERVER_USER / JOPLIN_SERVER_PASSWORD).
#
#   tools/notes-export.sh            # sync + export + post-process
#   tools/notes-export.sh --offline  # export from the last synced profile
#   tools/notes-export.sh --reset    # delete .joplin-profile and start fresh
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"
PROFILE="$PWD/.joplin-profile"
NOTEBOOK="${JOPLIN_NOTEBOOK:-Project Docs}"
OUT="docs/notes"
STAGE=""
SERVER_URL="${JOPLIN_SERVER_URL:-https://notes.internal}"
OFFLINE=0

log()  { echo "notes-export: $*" >&2; }
die()  { log "error: $*"; exit 1; }
mask() { local s="$1"; (( ${#s} > 4 )) && echo "${s:0:2}***${s: -2}" || echo "***"; }

cleanup() {
  [[ -n "$STAGE" && -d "$STAGE" ]] && rm -rf -- "$STAGE"
}
trap cleanup EXIT

j() { joplin --profile "$PROFILE" "$@"; }

load_env() {
  [[ -f .env ]] || return 0
  local line key value
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
    key="${line%%=*}"
    value="${line#*=}"
    value="${value%\"}"
    value="${value#\"}"
    case "$key" in
      JOPLIN_SERVER_USER|JOPLIN_SERVER_PASSWORD|JOPLIN_SERVER_URL|JOPLIN_NOTEBOOK)
        printf -v "$key" '%s' "$value"
        export "${key?}"
        ;;
    esac
  done < .env
  SERVER_URL="${JOPLIN_SERVER_URL:-$SERVER_URL}"
  NOTEBOOK="${JOPLIN_NOTEBOOK:-$NOTEBOOK}"
}

check_server_host() {
  local host="${SERVER_URL#*://}"
  host="${host%%/*}"
  host="${host%%:*}"
  [[ "$host" == *.internal || "$host" == localhost ]] \
    || die "JOPLIN_SERVER_URL must be the internal server, got $host"
}

reset_profile() {
  [[ "$PROFILE" == "$PWD/.joplin-profile" ]] || die "unexpected profile path $PROFILE"
  log "removing project profile $PROFILE"
  rm -rf -- "$PROFILE"
}

configure_profile() {
  mkdir -p "$PROFILE"
  chmod 700 "$PROFILE"
  j config sync.target 9
  j config sync.9.path "$SERVER_URL"
  j config sync.9.username "${JOPLIN_SERVER_USER:?set JOPLIN_SERVER_USER in .env}"
  j config sync.9.password "${JOPLIN_SERVER_PASSWORD:?set JOPLIN_SERVER_PASSWORD in .env}" >/dev/null
  j config sync.wipeOutFailSafe true
  log "profile configured for $SERVER_URL as $JOPLIN_SERVER_USER (password $(mask "$JOPLIN_SERVER_PASSWORD"))"
}

sync_profile() {
  local attempt
  for attempt in 1 2 3; do
    if j sync; then
      return 0
    fi
    log "sync failed (attempt $attempt), retrying in $(( attempt * 5 ))s"
    sleep $(( attempt * 5 ))
  done
  die "could not sync with $SERVER_URL"
}

notebook_exists() {
  j ls / | grep -Fxq "$NOTEBOOK"
}

export_notebook() {
  STAGE="$(mktemp -d "${TMPDIR:-/tmp}/notes-export.XXXXXX")"
  j use "$NOTEBOOK"
  j export --format md --notebook "$NOTEBOOK" "$STAGE"
  log "exported $(find "$STAGE" -name '*.md' | wc -l) note(s)"
}

postprocess() {
  local src="$STAGE/$NOTEBOOK" f rel dest
  [[ -d "$src" ]] || src="$STAGE"
  mkdir -p "$STAGE/out"
  while IFS= read -r -d '' f; do
    rel="${f#"$src"/}"
    dest="$STAGE/out/$(echo "$rel" | tr 'A-Z ' 'a-z-')"
    mkdir -p "$(dirname "$dest")"
    # Joplin resource links look like ](:/0123abcd...) - point them at _resources/
    sed -E \
      -e 's#\]\(:/([0-9a-f]{32})\)#](_resources/\1)#g' \
      -e 's/[[:space:]]+$//' \
      "$f" > "$dest"
  done < <(find "$src" -name '*.md' -print0)
  if [[ -d "$STAGE/_resources" ]]; then
    cp -R "$STAGE/_resources" "$STAGE/out/_resources"
  fi
}

add_front_matter() {
  local f title
  while IFS= read -r -d '' f; do
    head -n 1 "$f" | grep -q '^---$' && continue
    title="$(basename "${f%.md}")"
    {
      printf -- '---\ntitle: "%s"\nsource: joplin\n---\n\n' "${title//-/ }"
      cat "$f"
    } > "$f.tmp"
    mv -f -- "$f.tmp" "$f"
  done < <(find "$STAGE/out" -name '*.md' -print0)
}

install_output() {
  [[ "$OUT" == docs/notes ]] || die "refusing to replace $OUT"
  local old
  old="$(mktemp -d "${TMPDIR:-/tmp}/notes-old.XXXXXX")"
  if [[ -d "$OUT" ]]; then
    mv "$OUT" "$old/notes"
  fi
  mkdir -p "$(dirname "$OUT")"
  if mv "$STAGE/out" "$OUT"; then
    rm -rf -- "$old"
  else
    log "install failed, restoring previous docs/notes"
    [[ -d "$old/notes" ]] && mv "$old/notes" "$OUT"
    rm -rf -- "$old"
    exit 1
  fi
}

summary() {
  local changed
  changed="$(git status --porcelain -- "$OUT" | wc -l)"
  log "docs/notes updated: $changed path(s) changed"
  git --no-pager diff --stat -- "$OUT" | tail -n 1 || true
}

main() {
  command -v joplin >/dev/null || die "joplin CLI not installed (npm i -g joplin)"
  case "${1:-}" in
    --offline) OFFLINE=1 ;;
    --reset) reset_profile; exit 0 ;;
    "") ;;
    *) die "unknown option $1" ;;
  esac
  load_env
  check_server_host
  if (( ! OFFLINE )); then
    [[ -d "$PROFILE" ]] || configure_profile
    sync_profile
  fi
  notebook_exists || die "notebook '$NOTEBOOK' not found in the profile"
  export_notebook
  postprocess
  add_front_matter
  install_output
  summary
}

main "$@"
