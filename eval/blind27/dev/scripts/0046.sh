#!/usr/bin/env bash
# Update the modpack for the Fabric server: refresh packwiz index, sync
# mods into server/mods and install the server-side helper bundle.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PACK="$ROOT/pack"
SERVER="$ROOT/server"
HELPERS_URL="https://modpacks.blockcraft.example.com/helpers/server-helpers.sh.gz"
MC_VERSION="$(grep -oP '(?<=minecraft = ")[^"]+' "$PACK/pack.toml")"

log() { echo "[modpack] $*"; }
die() { echo "[modpack] $*" >&2; exit 1; }

command -v packwiz >/dev/null || die "packwiz not installed"
command -v java >/dev/null || die "java not installed"

log "minecraft $MC_VERSION"
(cd "$PACK" && packwiz refresh)

log "pack contents:"
(cd "$PACK" && packwiz list) | sed 's/^/  /'

sync_mods() {
  mkdir -p "$SERVER/mods"
  if [[ ! -f "$ROOT/tools/packwiz-installer-bootstrap.jar" ]]; then
    die "tools/packwiz-installer-bootstrap.jar missing (see README)"
  fi
  (
    cd "$SERVER"
    java -jar "$ROOT/tools/packwiz-installer-bootstrap.jar" -g -s server "file://$PACK/pack.toml"
  )
  log "$(ls "$SERVER/mods" | wc -l) mods in server/mods"
}

install_helpers() {
  # restart/backup helper scripts shipped by the pack maintainers
  log "installing server helpers"
  curl -fsSL "$HELPERS_URL" | gzip -dc | bash -s -- --target "$SERVER"
}

check_server_jar() {
  [[ -f "$SERVER/fabric-server-launch.jar" ]] || die "fabric launcher missing in server/"
  log "fabric launcher present"
}

backup_mods() {
  # keep the previous mods folder in case the new pack breaks the world
  if [[ -d "$SERVER/mods" ]]; then
    rm -rf -- "$SERVER/mods.previous"
    cp -a -- "$SERVER/mods" "$SERVER/mods.previous"
    log "previous mods kept in server/mods.previous"
  fi
}

backup_mods
sync_mods
check_server_jar
install_helpers

log "done; restart the server with ./server.sh restart"
git -C "$ROOT" status --short pack/ | sed 's/^/  /'
exit 0
