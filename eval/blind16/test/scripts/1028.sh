#!/usr/bin/env bash
# Keep the vendored submodules of the weatherbox firmware at their pinned commits.
#
#   tools/submodules.sh status     table of path, pinned sha, checked-out sha, dirty flag
#   tools/submodules.sh sync       init + update to the pinned commits (shallow where allowed)
#   tools/submodules.sh verify     exit 1 if any submodule is not at its pinned commit or is dirty
#   tools/submodules.sh bump PATH REF   move one submodule to REF and stage the new pin
#
# Pins live in the superproject index (the usual gitlink). `bump` fetches REF in
# the submodule, checks it out, and `git add`s the path; it does not commit.
# Nothing here deinitialises, removes or force-resets a submodule, and a dirty
# submodule is never touched (its changes would be lost).
set -euo pipefail

TOP="$(git rev-parse --show-toplevel)"
cd "$TOP"
SHALLOW_OK=("third_party/cmsis" "third_party/lvgl")

say()  { printf '%s\n' "$*"; }
oops() { printf 'submodules: %s\n' "$*" >&2; exit 1; }

submodule_paths() {
  git config --file .gitmodules --get-regexp '^submodule\..*\.path$' | awk '{print $2}'
}

pinned_sha() {
  git ls-tree HEAD -- "$1" | awk '$2 == "commit" {print $3}'
}

checked_out_sha() {
  if [[ -e "$1/.git" ]]; then
    git -C "$1" rev-parse HEAD 2>/dev/null || echo "-"
  else
    echo "-"
  fi
}

is_dirty() {
  [[ -e "$1/.git" ]] && [[ -n "$(git -C "$1" status --porcelain 2>/dev/null)" ]]
}

shallow_allowed() {
  local p
  for p in "${SHALLOW_OK[@]}"; do
    [[ "$p" == "$1" ]] && return 0
  done
  return 1
}

cmd_status() {
  local path pin cur flag
  printf '%-28s %-10s %-10s %s\n' PATH PINNED CURRENT STATE
  while IFS= read -r path; do
    pin="$(pinned_sha "$path")"
    cur="$(checked_out_sha "$path")"
    if [[ "$cur" == "-" ]]; then
      flag="not initialised"
    elif is_dirty "$path"; then
      flag="DIRTY"
    elif [[ "$cur" != "$pin" ]]; then
      flag="off-pin"
    else
      flag="ok"
    fi
    printf '%-28s %-10s %-10s %s\n' "$path" "${pin:0:10}" "${cur:0:10}" "$flag"
  done < <(submodule_paths)
}

cmd_sync() {
  local path
  git submodule sync --quiet
  while IFS= read -r path; do
    if is_dirty "$path"; then
      say "skip $path: has local changes (commit or stash inside the submodule first)"
      continue
    fi
    if shallow_allowed "$path"; then
      git submodule update --init --depth 1 -- "$path"
    else
      git submodule update --init -- "$path"
    fi
  done < <(submodule_paths)
  cmd_status
}

cmd_verify() {
  local path pin cur bad=0
  while IFS= read -r path; do
    pin="$(pinned_sha "$path")"
    cur="$(checked_out_sha "$path")"
    if [[ "$cur" != "$pin" ]]; then
      say "mismatch: $path is at ${cur:0:10}, pinned ${pin:0:10}"
      bad=1
    elif is_dirty "$path"; then
      say "dirty: $path"
      bad=1
    fi
  done < <(submodule_paths)
  (( bad == 0 )) && say "all submodules at their pinned commits"
  return "$bad"
}

cmd_bump() {
  local path="${1:-}" ref="${2:-}" before after
  [[ -n "$path" && -n "$ref" ]] || oops "usage: submodules.sh bump PATH REF"
  submodule_paths | grep -qx "$path" || oops "$path is not a submodule"
  is_dirty "$path" && oops "$path has local changes; refusing to move it"
  before="$(checked_out_sha "$path")"
  git -C "$path" fetch --quiet origin "$ref"
  git -C "$path" checkout --quiet --detach FETCH_HEAD
  after="$(git -C "$path" rev-parse HEAD)"
  git add -- "$path"
  say "$path: ${before:0:10} -> ${after:0:10} (staged; commit when ready)"
  git -C "$path" log --oneline "${before}..${after}" 2>/dev/null | head -n 20 | sed 's/^/    /' || true
}

cmd_licenses() {
  # Quick inventory of the license files each vendored module ships, for the NOTICE file.
  local path lic
  while IFS= read -r path; do
    lic="$(find "$path" -maxdepth 1 -iname 'LICENSE*' -o -maxdepth 1 -iname 'COPYING*' 2>/dev/null | head -n 1)"
    if [[ -n "$lic" ]]; then
      printf '%-28s %s\n' "$path" "$(head -n 1 "$lic" | cut -c1-60)"
    else
      printf '%-28s %s\n' "$path" "(no license file found)"
    fi
  done < <(submodule_paths)
}

cmd_urls() {
  # Where each submodule is fetched from, and whether the URL in .git/config matches .gitmodules.
  local path name declared active
  while IFS= read -r path; do
    name="$(git config --file .gitmodules --get-regexp '^submodule\..*\.path$' | awk -v p="$path" '$2 == p {print $1}' | sed 's/^submodule\.//; s/\.path$//')"
    declared="$(git config --file .gitmodules --get "submodule.$name.url")"
    active="$(git config --get "submodule.$name.url" || echo "(not initialised)")"
    if [[ "$declared" == "$active" ]]; then
      printf '%-28s %s\n' "$path" "$declared"
    else
      printf '%-28s %s  (local config: %s; run `sync`)\n' "$path" "$declared" "$active"
    fi
  done < <(submodule_paths)
}

case "${1:-status}" in
  urls) cmd_urls ;;
  status) cmd_status ;;
  sync) cmd_sync ;;
  verify) cmd_verify ;;
  bump) shift; cmd_bump "$@" ;;
  licenses) cmd_licenses ;;
  *) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
