#!/usr/bin/env bash
# new-docs-site.sh -- scaffold an MkDocs documentation site inside docs/ for a
# package of this monorepo, from templates/docs-site.
#
#   scripts/new-docs-site.sh packages/billing "Billing SDK"
#   scripts/new-docs-site.sh packages/billing "Billing SDK" --serve
#
# Writes packages/<pkg>/docs/ and packages/<pkg>/mkdocs.yml (refuses if either
# exists), adds the site to docs/sites.txt, and optionally runs `mkdocs serve`
# on 127.0.0.1 until Ctrl-C (the server process is ours and is stopped then).
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TEMPLATE="$ROOT/templates/docs-site"
SITES="$ROOT/docs/sites.txt"
SERVE=0
PORT=8001
SERVER_PID=""

note() { printf 'docs: %s\n' "$*" >&2; }
quit() { note "error: $*"; exit 1; }

stop_server() {
  if [[ -n "${SERVER_PID}" ]] && kill -0 "${SERVER_PID}" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    note "mkdocs server stopped"
  fi
}
trap stop_server EXIT

(($# >= 2)) || quit "usage: new-docs-site.sh PACKAGE_DIR TITLE [--serve] [--port N]"
PKG_REL="${1%/}"
TITLE="$2"
shift 2
while (($#)); do
  case "$1" in
    --serve) SERVE=1 ;;
    --port) PORT="$2"; shift ;;
    *) quit "unknown option $1" ;;
  esac
  shift
done

PKG="$(realpath -m "$ROOT/$PKG_REL")"
case "$PKG" in
  "$ROOT"/packages/*) ;;
  *) quit "package dir must be under packages/" ;;
esac
[[ -d "$PKG" ]] || quit "$PKG_REL does not exist"
[[ -d "$TEMPLATE" ]] || quit "missing templates/docs-site"
[[ ! -e "$PKG/docs" ]] || quit "$PKG_REL/docs already exists"
[[ ! -e "$PKG/mkdocs.yml" ]] || quit "$PKG_REL/mkdocs.yml already exists"
[[ "$PORT" =~ ^[0-9]{4,5}$ ]] || quit "bad port"

PKG_NAME="$(basename "$PKG")"
REPO_URL="$(git remote get-url origin 2>/dev/null | sed -E 's#^git@([^:]+):#https://\1/#; s#\.git$##')"
YEAR="$(date +%Y)"

escape() { printf '%s' "$1" | sed -e 's/[&|\\]/\\&/g'; }

render() {
  local src="$1" dst="$2"
  sed -e "s|{{title}}|$(escape "$TITLE")|g" \
      -e "s|{{package}}|$(escape "$PKG_NAME")|g" \
      -e "s|{{repo_url}}|$(escape "$REPO_URL")|g" \
      -e "s|{{year}}|$YEAR|g" "$src" >"$dst"
  if grep -q '{{[a-z_]*}}' "$dst"; then
    quit "unrendered placeholder in ${dst#"$ROOT"/}: $(grep -o '{{[a-z_]*}}' "$dst" | head -n1)"
  fi
}

stage="$(mktemp -d "$ROOT/.cache/docs-site.XXXXXX" 2>/dev/null || mktemp -d)"
cleanup_stage() { [[ -d "$stage" ]] && rm -rf -- "$stage"; stop_server; }
trap cleanup_stage EXIT

count=0
while IFS= read -r -d '' f; do
  rel="${f#"$TEMPLATE"/}"
  out="$stage/${rel%.tpl}"
  mkdir -p "$(dirname "$out")"
  if [[ "$f" == *.tpl ]]; then
    render "$f" "$out"
  else
    cp -p "$f" "$out"
  fi
  count=$((count + 1))
done < <(find "$TEMPLATE" -type f ! -name '.DS_Store' -print0)

[[ -f "$stage/mkdocs.yml" ]] || quit "template has no mkdocs.yml(.tpl)"

api_pages() {
  # one stub page per public module, if the package is Python
  local mod n=0
  [[ -d "$PKG/src" ]] || return 0
  mkdir -p "$stage/docs/reference"
  while IFS= read -r mod; do
    mod="${mod#"$PKG"/src/}"
    mod="${mod%.py}"
    mod="${mod//\//.}"
    [[ "$mod" == *._* || "$mod" == _* ]] && continue
    printf '# `%s`\n\n::: %s\n' "$mod" "$mod" >"$stage/docs/reference/$mod.md"
    n=$((n + 1))
  done < <(find "$PKG/src" -name '*.py' ! -name '__init__.py' | sort)
  note "$n API reference stub(s)"
}
api_pages

mv "$stage/mkdocs.yml" "$PKG/mkdocs.yml"
mv "$stage/docs" "$PKG/docs"
note "created $PKG_REL/mkdocs.yml and $PKG_REL/docs ($count template files)"

mkdir -p "$(dirname "$SITES")"
touch "$SITES"
if ! grep -qxF "$PKG_REL" "$SITES"; then
  printf '%s\n' "$PKG_REL" >>"$SITES"
  sort -u -o "$SITES" "$SITES"
  note "registered in docs/sites.txt"
fi

check_mkdocs() {
  if ! command -v mkdocs >/dev/null; then
    note "mkdocs not installed (uv tool install mkdocs --with mkdocs-material --with mkdocstrings-python)"
    return 1
  fi
  (cd "$PKG" && mkdocs build --strict --site-dir "$stage/site" >/dev/null 2>"$stage/build.log") || {
    note "mkdocs build --strict failed:"
    tail -n 20 "$stage/build.log" >&2
    return 1
  }
  note "strict build OK"
}

nav_from_pages() {
  # rebuild the nav: section in mkdocs.yml from the docs/ tree, alphabetical,
  # index.md first in each folder; writes only the package's own mkdocs.yml
  local yml="$PKG/mkdocs.yml" tmp
  grep -q '^nav:' "$yml" && return 0
  tmp="$(mktemp)"
  {
    cat "$yml"
    printf '\nnav:\n'
    printf '  - Home: index.md\n'
    find "$PKG/docs" -maxdepth 1 -name '*.md' ! -name index.md | sort | while read -r p; do
      local title
      title="$(head -n 1 "$p" | sed -E 's/^#+ *//')"
      printf '  - "%s": %s\n' "${title:-$(basename "$p" .md)}" "$(basename "$p")"
    done
    if [[ -d "$PKG/docs/reference" ]]; then
      printf '  - Reference:\n'
      find "$PKG/docs/reference" -name '*.md' | sort | while read -r p; do
        printf '      - reference/%s\n' "$(basename "$p")"
      done
    fi
  } >"$tmp"
  mv -f "$tmp" "$yml"
  note "generated nav: in mkdocs.yml"
}

link_check() {
  # relative links between pages that point at files that do not exist
  local bad=0 md target
  while IFS= read -r md; do
    while IFS= read -r target; do
      [[ "$target" == http* || "$target" == \#* ]] && continue
      target="${target%%#*}"
      if [[ -n "$target" && ! -e "$(dirname "$md")/$target" ]]; then
        note "broken link in ${md#"$PKG"/}: $target"
        bad=$((bad + 1))
      fi
    done < <(grep -oE '\]\([^)]+\)' "$md" | sed -E 's/^\]\((.*)\)$/\1/')
  done < <(find "$PKG/docs" -name '*.md')
  return 0
}

nav_from_pages
link_check

if check_mkdocs && ((SERVE)); then
  note "serving on http://127.0.0.1:$PORT (Ctrl-C to stop)"
  (cd "$PKG" && exec mkdocs serve --dev-addr "127.0.0.1:$PORT") &
  SERVER_PID=$!
  wait "$SERVER_PID" || true
fi

git -C "$ROOT" add -- "$PKG_REL/mkdocs.yml" "$PKG_REL/docs" "docs/sites.txt"
note "staged; commit with: git commit -m 'docs($PKG_NAME): add documentation site'"
