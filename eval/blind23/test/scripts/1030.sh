#!/usr/bin/env bash
#
# shared-checkout.sh - make a tessera checkout usable by the whole `tessera-dev`
# group on the shared build box (several developers, one working copy for the
# nightly soak tests).
#
#   tools/shared-checkout.sh check        # report what is off
#   tools/shared-checkout.sh apply        # fix modes / group / default ACLs
#   tools/shared-checkout.sh apply --sudo # also chgrp files other users created
#
# What "correct" means here:
#   * every directory in the checkout is group tessera-dev, mode 2775 (setgid so
#     new files inherit the group), with a default ACL g:tessera-dev:rwX
#   * regular files are group-writable; executables keep their x bits
#   * secrets/ and .env* are excluded: they stay private to their owner (0600)
#   * .git/objects gets the same treatment (git's core.sharedRepository=group)
#
# The script only operates below the repository root.  With --sudo it runs
# `sudo chgrp` on an explicit NUL-separated list of paths that were checked to
# be inside the checkout; it never chowns, never touches anything outside.

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly GROUP=${SHARED_GROUP:-tessera-dev}
TOP=$(git rev-parse --show-toplevel) || exit 1
TOP=$(realpath -- "$TOP")
readonly TOP
USE_SUDO=false
MODE=check

say()   { printf '%s\n' "$*"; }
oops()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
bail()  { oops "$*"; exit 1; }

on_error() {
  oops "command failed (line $1): $2"
}
trap 'on_error $LINENO "$BASH_COMMAND"' ERR

parse() {
  MODE=${1:-check}
  shift || true
  while (( $# )); do
    case $1 in
      --sudo) USE_SUDO=true ;;
      *) bail "unknown argument $1" ;;
    esac
    shift
  done
  [[ $MODE == check || $MODE == apply ]] || bail "mode must be check or apply"
}

preflight() {
  getent group "$GROUP" >/dev/null || bail "group $GROUP does not exist on this machine"
  id -nG | tr ' ' '\n' | grep -qx "$GROUP" || bail "you are not a member of $GROUP"
  command -v setfacl >/dev/null || bail "setfacl (acl package) is required"
  [[ $TOP != / && $TOP != "$HOME" ]] || bail "refusing to run on $TOP"
}

inside() {
  local p
  p=$(realpath -m -- "$1")
  [[ $p == "$TOP" || $p == "$TOP"/* ]]
}

private_path() {
  case ${1#"$TOP"/} in
    secrets|secrets/*|.env|.env.*) return 0 ;;
  esac
  return 1
}

walk() {
  # prints NUL-separated paths, skipping private ones and build outputs
  find "$TOP" \( -path "$TOP/_build" -o -path "$TOP/out" -o -path "$TOP/secrets" \) -prune \
       -o \( -name '.env' -o -name '.env.*' \) -prune -o -print0
}

check() {
  local wrong_group=0 not_setgid=0 not_gw=0 p
  while IFS= read -r -d '' p; do
    [[ -L $p ]] && continue
    if [[ $(stat -c %G -- "$p") != "$GROUP" ]]; then
      wrong_group=$((wrong_group + 1))
    fi
    if [[ -d $p && ! -g $p ]]; then
      not_setgid=$((not_setgid + 1))
    fi
    if [[ -f $p && $(( 0$(stat -c %a -- "$p") & 020 )) -eq 0 ]]; then
      not_gw=$((not_gw + 1))
    fi
  done < <(walk)
  say "group != $GROUP:        $wrong_group"
  say "dirs without setgid:    $not_setgid"
  say "files not group-write:  $not_gw"
  say "core.sharedRepository:  $(git -C "$TOP" config core.sharedRepository || echo unset)"
  (( wrong_group + not_setgid + not_gw == 0 ))
}

fix_group_as_me() {
  # chgrp works without sudo for files we own and a group we belong to
  find "$TOP" -user "$(id -u)" ! -group "$GROUP" \
       \( -path "$TOP/secrets" -o -name '.env*' \) -prune -o -print0 |
    xargs -0 -r chgrp -h "$GROUP" --
}

fix_group_with_sudo() {
  local list
  list=$(mktemp)
  trap 'rm -f -- "$list"' RETURN
  local p
  while IFS= read -r -d '' p; do
    inside "$p" || bail "internal error: $p is outside $TOP"
    private_path "$p" && continue
    printf '%s\0' "$p" >>"$list"
  done < <(find "$TOP" ! -user "$(id -u)" ! -group "$GROUP" -print0)
  if [[ -s $list ]]; then
    say "sudo chgrp for $(tr -cd '\0' <"$list" | wc -c) path(s) created by other users"
    sudo xargs -0 -r chgrp -h "$GROUP" -- <"$list"
  fi
}

fix_modes() {
  find "$TOP" \( -path "$TOP/secrets" -o -name '.env' -o -name '.env.*' \) -prune \
       -o -type d -user "$(id -u)" -print0 | xargs -0 -r chmod g+rwxs --
  find "$TOP" \( -path "$TOP/secrets" -o -name '.env' -o -name '.env.*' \) -prune \
       -o -type f -user "$(id -u)" -print0 | xargs -0 -r chmod g+rw --
}

fix_acls() {
  find "$TOP" \( -path "$TOP/secrets" -o -path "$TOP/_build" \) -prune \
       -o -type d -user "$(id -u)" -print0 |
    xargs -0 -r setfacl -m "g:$GROUP:rwX" -m "d:g:$GROUP:rwX" --
}

protect_private() {
  local f
  for f in "$TOP"/.env "$TOP"/.env.* "$TOP"/secrets/*; do
    [[ -f $f && -O $f ]] || continue
    chmod 600 -- "$f"
    setfacl -b -- "$f" 2>/dev/null || true
  done
  [[ -d $TOP/secrets && -O $TOP/secrets ]] && chmod 700 -- "$TOP/secrets"
}

report_foreign() {
  # who else has written into the checkout; useful before asking for --sudo
  local -A owners=()
  local u
  while IFS= read -r u; do
    owners[$u]=$(( ${owners[$u]:-0} + 1 ))
  done < <(find "$TOP" -path "$TOP/_build" -prune -o ! -user "$(id -u)" -printf '%u\n' 2>/dev/null)
  if (( ${#owners[@]} )); then
    say "paths owned by other users:"
    for u in "${!owners[@]}"; do
      printf '  %-16s %d\n' "$u" "${owners[$u]}"
    done
  fi
}

git_hooks_note() {
  # shared clones often break on hooks owned by one person
  local hooks="$TOP/.git/hooks" f
  [[ -d $hooks ]] || return 0
  for f in "$hooks"/*; do
    [[ -f $f && $f != *.sample ]] || continue
    if [[ ! -O $f ]]; then
      say "note: hook ${f##*/} belongs to $(stat -c %U -- "$f"); others may not be able to update it"
    fi
  done
}

apply() {
  report_foreign
  git_hooks_note
  git -C "$TOP" config core.sharedRepository group
  fix_group_as_me
  $USE_SUDO && fix_group_with_sudo
  fix_modes
  fix_acls
  protect_private
  say "umask hint: add 'umask 002' to the soak-test service environment"
}

main() {
  parse "$@"
  preflight
  shopt -s nullglob dotglob
  if [[ $MODE == check ]]; then
    if check; then say "checkout is ready for group use"; else exit 1; fi
  else
    apply
    check || oops "some paths still differ (owned by others? re-run with --sudo)"
  fi
}

main "$@"
