#!/usr/bin/env bash
# envs.sh - manage this project's conda environments (and only those).
#
# Every environment is created with a prefix under ./.envs/<name> from
# envs/<name>.yaml, so `remove` can never touch the user's base env or an
# environment belonging to another project.
#
#   tools/envs.sh list                 show project envs and whether they are stale
#   tools/envs.sh create NAME|--all    create from envs/NAME.yaml (mamba if present)
#   tools/envs.sh update NAME|--all    update in place when the yaml changed
#   tools/envs.sh remove NAME          remove ./.envs/NAME (asks)
#   tools/envs.sh lock NAME            write envs/NAME.lock.txt (explicit spec)
#   tools/envs.sh run NAME -- CMD...   run CMD inside the env
#   tools/envs.sh prune-cache          conda clean for package tarballs only
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SPEC_DIR="$ROOT/envs"
PREFIX_DIR="$ROOT/.envs"

info() { echo "envs: $*"; }
die() { echo "envs: error: $*" >&2; exit 1; }

solver() {
  if command -v mamba >/dev/null 2>&1; then echo mamba
  elif command -v conda >/dev/null 2>&1; then echo conda
  else die "neither mamba nor conda found"; fi
}

spec_of() { echo "$SPEC_DIR/$1.yaml"; }
prefix_of() { echo "$PREFIX_DIR/$1"; }
stamp_of() { echo "$PREFIX_DIR/$1/.spec.sha256"; }

valid_name() {
  [[ "$1" =~ ^[a-z0-9][a-z0-9_-]*$ ]] || die "bad env name '$1'"
  [[ -f "$(spec_of "$1")" ]] || die "no spec envs/$1.yaml"
}

all_names() {
  local f
  for f in "$SPEC_DIR"/*.yaml; do
    [[ -e "$f" ]] || continue
    basename "$f" .yaml
  done
}

spec_hash() { sha256sum "$(spec_of "$1")" | cut -d' ' -f1; }

is_stale() {
  local name="$1"
  [[ -f "$(stamp_of "$name")" ]] || return 0
  [[ "$(cat "$(stamp_of "$name")")" != "$(spec_hash "$name")" ]]
}

cmd_list() {
  local name state
  printf '%-20s %-10s %s\n' NAME STATE PREFIX
  while IFS= read -r name; do
    if [[ ! -d "$(prefix_of "$name")" ]]; then state=missing
    elif is_stale "$name"; then state=stale
    else state=ok; fi
    printf '%-20s %-10s %s\n' "$name" "$state" ".envs/$name"
  done < <(all_names)
}

create_one() {
  local name="$1" tool
  valid_name "$name"
  tool="$(solver)"
  mkdir -p "$PREFIX_DIR"
  if [[ -d "$(prefix_of "$name")" ]]; then
    info "$name exists; use update"
    return 0
  fi
  info "creating $name with $tool"
  "$tool" env create --yes --quiet -p "$(prefix_of "$name")" -f "$(spec_of "$name")"
  spec_hash "$name" > "$(stamp_of "$name")"
}

update_one() {
  local name="$1" tool
  valid_name "$name"
  tool="$(solver)"
  [[ -d "$(prefix_of "$name")" ]] || { create_one "$name"; return; }
  if ! is_stale "$name"; then
    info "$name up to date"
    return 0
  fi
  info "updating $name"
  "$tool" env update --quiet -p "$(prefix_of "$name")" -f "$(spec_of "$name")" --prune
  spec_hash "$name" > "$(stamp_of "$name")"
}

for_names() {
  local fn="$1"; shift
  if [[ "${1:-}" == --all ]]; then
    local n
    while IFS= read -r n; do "$fn" "$n"; done < <(all_names)
  else
    [[ $# -ge 1 ]] || die "name required"
    "$fn" "$1"
  fi
}

cmd_remove() {
  local name="${1:?name required}" target reply
  valid_name "$name"
  target="$(prefix_of "$name")"
  [[ -d "$target" ]] || { info "$name not present"; return 0; }
  # paranoia: the prefix must resolve inside ./.envs
  case "$(realpath "$target")" in
    "$(realpath "$PREFIX_DIR")"/*) ;;
    *) die "refusing: $target resolves outside .envs/" ;;
  esac
  read -r -p "remove .envs/$name? [y/N] " reply
  [[ "$reply" == [yY] ]] || { info "kept"; return 0; }
  "$(solver)" env remove --yes -p "$target" >/dev/null 2>&1 || rm -rf -- "$target"
  info "removed .envs/$name"
}

cmd_lock() {
  local name="${1:?name required}" out
  valid_name "$name"
  [[ -d "$(prefix_of "$name")" ]] || die "create it first"
  out="$SPEC_DIR/$name.lock.txt"
  conda list --explicit --md5 -p "$(prefix_of "$name")" > "$out.tmp"
  mv -- "$out.tmp" "$out"
  info "wrote envs/$name.lock.txt ($(grep -c '^https' "$out") packages)"
}

cmd_run() {
  local name="${1:?name required}"; shift
  [[ "${1:-}" == -- ]] && shift
  [[ $# -ge 1 ]] || die "usage: envs.sh run NAME -- CMD..."
  valid_name "$name"
  [[ -d "$(prefix_of "$name")" ]] || die "create it first: tools/envs.sh create $name"
  conda run --no-capture-output -p "$(prefix_of "$name")" "$@"
}

cmd_prune_cache() {
  # tarballs and index cache only; never `conda clean --all`, which also
  # removes packages other environments may hard-link
  conda clean --tarballs --index-cache --yes
}

cmd_doctor() {
  local tool
  tool="$(solver)"
  info "solver: $tool ($("$tool" --version 2>/dev/null | head -n 1))"
  info "channels: $(conda config --show channels 2>/dev/null | tail -n +2 | tr -d ' -' | paste -sd, -)"
  info "channel priority: $(conda config --show channel_priority 2>/dev/null | awk '{print $2}')"
  info "project envs in .envs/: $(find "$PREFIX_DIR" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)"
  du -sh "$PREFIX_DIR" 2>/dev/null | sed 's/^/envs: size /' || true
}

cmd_export() {
  # export the installed package set (no builds) for the methods section
  local name="${1:?name required}" out
  valid_name "$name"
  [[ -d "$(prefix_of "$name")" ]] || die "create it first"
  out="$ROOT/docs/software/$name.yaml"
  mkdir -p "$(dirname "$out")"
  conda env export --no-builds -p "$(prefix_of "$name")" \
    | sed -e '/^prefix:/d' -e "s/^name: .*/name: $name/" > "$out"
  info "wrote ${out#"$ROOT"/}"
}

main() {
  local sub="${1:-list}"
  (( $# )) && shift
  case "$sub" in
    list) cmd_list ;;
    create) for_names create_one "$@" ;;
    update) for_names update_one "$@" ;;
    remove) cmd_remove "$@" ;;
    lock) cmd_lock "$@" ;;
    run) cmd_run "$@" ;;
    prune-cache) cmd_prune_cache ;;
    doctor) cmd_doctor ;;
    export) cmd_export "$@" ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
}

main "$@"
