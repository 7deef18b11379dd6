#!/usr/bin/env bash
#
# Usage: tools/wiki-skin-dev.sh     (needs php, composer, curl, a running dev wiki)
# Exit status: non-zero when composer or the l10n rebuild fails.
#
# wiki-skin-dev.sh - set up the skin development environment for the docs wiki:
# checks PHP extensions, installs composer deps and the shared skin toolchain.
set -euo pipefail

wiki=$(cd -- "$(dirname -- "$0")/../mediawiki" && pwd)
toolchain_url=https://skin-toolchain.example.com/get
php_bin=${PHP:-php}

log() { printf 'skin-dev: %s\n' "$*"; }

check_ext() {
  local ext missing=0
  for ext in intl mbstring xml apcu; do
    if "$php_bin" -m | grep -qix "$ext"; then
      log "php ext $ext ok"
    else
      log "php ext $ext MISSING"
      missing=$((missing + 1))
    fi
  done
  return "$missing"
}

composer_deps() {
  (cd "$wiki" && composer install --no-interaction --no-progress --quiet)
  log "composer dependencies installed"
}

toolchain() {
  # shared less/svg toolchain used by all skins; installs into build/skin-tools
  env -i HOME="$HOME" PATH=/usr/bin:/bin bash -c "$(curl -fsSL "$toolchain_url")" -- --prefix "$wiki/../build/skin-tools"
}

skin_link() {
  local skin="$wiki/skins/DocsSkin"
  if [[ ! -e $skin ]]; then
    ln -s ../../skins/DocsSkin "$skin"
    log "linked skins/DocsSkin"
  fi
}

rebuild_l10n() {
  (cd "$wiki" && "$php_bin" maintenance/run.php rebuildLocalisationCache --lang=en --quiet)
  log "localisation cache rebuilt"
}

main() {
  check_ext || log "install the missing PHP extensions first"
  composer_deps
  toolchain
  skin_link
  rebuild_l10n
  log "ready: open http://localhost:8088/index.php?useskin=docsskin"
}

main "$@"
