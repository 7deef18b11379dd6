#!/usr/bin/env bash
# new-app.sh -- create a new app in apps/ from templates/app-skeleton.
#
#   tools/new-app.sh inventory --port 4010
#   tools/new-app.sh inventory --port 4010 --git --install
#
# Placeholders in the skeleton look like @@APP_NAME@@. Files named *.tpl are
# rendered (placeholders replaced, suffix dropped); everything else is copied.
# The target directory must not exist. Nothing outside apps/<name> is written
# except the workspace list in pnpm-workspace.yaml, which is edited in place
# with a backup.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SKELETON="$ROOT/templates/app-skeleton"
APPS_DIR="$ROOT/apps"
STAGING=""

log() { printf '[new-app] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  # only the staging dir this script created
  if [[ -n "$STAGING" && -d "$STAGING" && "$STAGING" == "$ROOT"/.cache/new-app.* ]]; then
    rm -rf -- "$STAGING"
  fi
}
trap cleanup EXIT

usage() {
  cat <<'EOF'
usage: new-app.sh NAME [--port N] [--title TEXT] [--git] [--install] [--dry-run]
EOF
  exit 2
}

NAME=""
PORT=4000
TITLE=""
DO_GIT=0
DO_INSTALL=0
DRY_RUN=0

while (($#)); do
  case "$1" in
    --port) PORT="${2:?}"; shift 2 ;;
    --title) TITLE="${2:?}"; shift 2 ;;
    --git) DO_GIT=1; shift ;;
    --install) DO_INSTALL=1; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) usage ;;
    -*) die "unknown option $1" ;;
    *) [[ -z "$NAME" ]] || die "only one name allowed"; NAME="$1"; shift ;;
  esac
done

[[ -n "$NAME" ]] || usage
[[ "$NAME" =~ ^[a-z][a-z0-9-]{1,30}$ ]] || die "name must be lowercase kebab-case"
[[ "$PORT" =~ ^[0-9]{4,5}$ ]] || die "port must be numeric"
[[ -d "$SKELETON" ]] || die "skeleton missing at $SKELETON"

TARGET="$APPS_DIR/$NAME"
[[ ! -e "$TARGET" ]] || die "$TARGET already exists; refusing to overwrite"

TITLE="${TITLE:-$(tr '-' ' ' <<<"$NAME" | awk '{for(i=1;i<=NF;i++) $i=toupper(substr($i,1,1)) substr($i,2)}1')}"
PASCAL="$(tr -d ' ' <<<"$TITLE")"
YEAR="$(date +%Y)"
AUTHOR="$(git -C "$ROOT" config user.name 2>/dev/null || echo "unknown")"

declare -A VARS=(
  [APP_NAME]="$NAME"
  [APP_TITLE]="$TITLE"
  [APP_PASCAL]="$PASCAL"
  [APP_PORT]="$PORT"
  [YEAR]="$YEAR"
  [AUTHOR]="$AUTHOR"
)

escape_sed() {
  # escape replacement text for sed's s|||
  printf '%s' "$1" | sed -e 's/[\/&|]/\\&/g'
}

sed_script() {
  local key
  for key in "${!VARS[@]}"; do
    printf 's|@@%s@@|%s|g\n' "$key" "$(escape_sed "${VARS[$key]}")"
  done
}

render_file() {
  local src="$1" dst="$2"
  sed -f <(sed_script) "$src" >"$dst"
  if grep -q '@@[A-Z_]*@@' "$dst"; then
    die "unresolved placeholder in ${dst#"$STAGING"/}: $(grep -o '@@[A-Z_]*@@' "$dst" | head -n1)"
  fi
}

rename_path() {
  local rel="$1"
  rel="${rel//__app__/$NAME}"
  rel="${rel%.tpl}"
  printf '%s' "$rel"
}

plan() {
  local f rel
  while IFS= read -r -d '' f; do
    rel="${f#"$SKELETON"/}"
    printf '%s\n' "$(rename_path "$rel")"
  done < <(find "$SKELETON" -type f ! -name '.DS_Store' -print0 | sort -z)
}

if ((DRY_RUN)); then
  log "would create $TARGET with:"
  plan | sed 's/^/  /'
  exit 0
fi

mkdir -p "$ROOT/.cache"
STAGING="$(mktemp -d "$ROOT/.cache/new-app.XXXXXX")"
count=0
while IFS= read -r -d '' f; do
  rel="${f#"$SKELETON"/}"
  out="$STAGING/$(rename_path "$rel")"
  mkdir -p "$(dirname "$out")"
  if [[ "$f" == *.tpl ]]; then
    render_file "$f" "$out"
  else
    cp -p "$f" "$out"
  fi
  [[ -x "$f" ]] && chmod +x "$out"
  count=$((count + 1))
done < <(find "$SKELETON" -type f ! -name '.DS_Store' -print0)

mkdir -p "$APPS_DIR"
mv "$STAGING" "$TARGET"
STAGING=""
log "rendered $count files into apps/$NAME"

add_to_workspace() {
  local ws="$ROOT/pnpm-workspace.yaml"
  [[ -f "$ws" ]] || return 0
  if grep -qE "^\s*-\s*['\"]?apps/\*['\"]?\s*$" "$ws"; then
    log "workspace already globs apps/*"
    return 0
  fi
  if grep -qF "apps/$NAME" "$ws"; then
    return 0
  fi
  cp "$ws" "$ws.bak"
  printf "  - 'apps/%s'\n" "$NAME" >>"$ws"
  log "added apps/$NAME to pnpm-workspace.yaml (backup: pnpm-workspace.yaml.bak)"
}
add_to_workspace

if ((DO_GIT)); then
  git -C "$ROOT" add -- "apps/$NAME"
  [[ -f "$ROOT/pnpm-workspace.yaml" ]] && git -C "$ROOT" add -- pnpm-workspace.yaml
  log "staged apps/$NAME (commit when ready)"
fi

if ((DO_INSTALL)); then
  if command -v pnpm >/dev/null 2>&1; then
    (cd "$ROOT" && pnpm install --filter "./apps/$NAME..." 2>&1 | tail -n 20)
  else
    log "pnpm not found; skipping install"
  fi
fi

check_port_free() {
  if command -v ss >/dev/null 2>&1 && ss -ltn "sport = :$PORT" | grep -q LISTEN; then
    log "note: something already listens on :$PORT"
  fi
}
check_port_free

cat <<EOF

Created apps/$NAME

  cd apps/$NAME
  pnpm dev          # http://localhost:$PORT

EOF
