#!/usr/bin/env bash
# fix-perms.sh - repair ownership and modes inside the repository after running
# containers that wrote files as root (docker compose bind mounts do that).
#
#   tools/fix-perms.sh                 # report only
#   tools/fix-perms.sh --fix           # chmod files we own
#   tools/fix-perms.sh --fix --sudo    # also chown root-owned files back to you
#
# Every path is checked against the repository root before anything changes;
# `sudo` is only ever used for `chown` of paths inside the repository, with the
# list of paths passed explicitly (no recursion outside, no globs expanded by root).
set -Eeuo pipefail
shopt -s nullglob

die() { printf 'fix-perms: %s\n' "$*" >&2; exit 1; }
log() { printf 'fix-perms: %s\n' "$*"; }

trap 'die "failed at line $LINENO: $BASH_COMMAND"' ERR

ROOT="$(git rev-parse --show-toplevel)" || die "not a git checkout"
ROOT="$(realpath -- "$ROOT")"
ME="$(id -un)"
MY_GROUP="$(id -gn)"
FIX=0
USE_SUDO=0
declare -a PATHS=()

while (( $# )); do
  case "$1" in
    --fix) FIX=1 ;;
    --sudo) USE_SUDO=1 ;;
    --) shift; PATHS+=("$@"); break ;;
    -*) die "unknown flag $1" ;;
    *) PATHS+=("$1") ;;
  esac
  shift
done
(( ${#PATHS[@]} )) || PATHS=("$ROOT")

# --- guards -----------------------------------------------------------------

require_inside() {
  local p real
  for p in "$@"; do
    real="$(realpath -m -- "$p")"
    case "$real" in
      "$ROOT"|"$ROOT"/*) ;;
      *) die "refusing '$p': resolves to $real, outside $ROOT" ;;
    esac
    [[ "$real" == / ]] && die "refusing /"
  done
}

require_inside "${PATHS[@]}"

PRUNE_EXPR=( -path "$ROOT/.git" -o -path "$ROOT/node_modules" -o -path "$ROOT/.venv" )

# --- 1. foreign ownership -----------------------------------------------------

declare -a FOREIGN=()
while IFS= read -r -d '' f; do
  FOREIGN+=("$f")
done < <(find "${PATHS[@]}" \( "${PRUNE_EXPR[@]}" \) -prune -o ! -user "$ME" -print0)

if (( ${#FOREIGN[@]} )); then
  log "${#FOREIGN[@]} path(s) not owned by $ME:"
  printf '  %s\n' "${FOREIGN[@]:0:20}" | sed "s#$ROOT/##"
  (( ${#FOREIGN[@]} > 20 )) && log "  ... and $(( ${#FOREIGN[@]} - 20 )) more"
  if (( FIX && USE_SUDO )); then
    require_inside "${FOREIGN[@]}"
    # -h: change symlinks themselves, never their targets
    printf '%s\0' "${FOREIGN[@]}" | sudo xargs -0 -r chown -h "$ME:$MY_GROUP" --
    log "ownership restored with sudo chown"
  elif (( FIX )); then
    log "re-run with --sudo to chown them back (only these paths are touched)"
  fi
fi

# --- 2. world/group writable ----------------------------------------------------

declare -a WRITABLE=()
while IFS= read -r -d '' f; do
  WRITABLE+=("$f")
done < <(find "${PATHS[@]}" \( "${PRUNE_EXPR[@]}" \) -prune -o -user "$ME" \
          \( -perm -o+w -o -perm -g+w \) ! -type l -print0)

if (( ${#WRITABLE[@]} )); then
  log "${#WRITABLE[@]} path(s) writable by group/other"
  if (( FIX )); then
    chmod go-w -- "${WRITABLE[@]}"
    log "removed go-w"
  fi
fi

# --- 3. scripts that should be executable ----------------------------------------

declare -a NEED_X=()
for dir in scripts tools ci; do
  [[ -d "$ROOT/$dir" ]] || continue
  while IFS= read -r -d '' f; do
    if [[ "$(head -c 2 -- "$f")" == '#!' && ! -x "$f" ]]; then
      NEED_X+=("$f")
    fi
  done < <(find "$ROOT/$dir" -type f -print0)
done
if (( ${#NEED_X[@]} )); then
  log "${#NEED_X[@]} script(s) with a shebang but no +x"
  (( FIX )) && chmod u+x -- "${NEED_X[@]}" && log "added u+x"
fi

# --- 4. private files ---------------------------------------------------------------

declare -a PRIVATE=()
for f in "$ROOT"/.env "$ROOT"/.env.* "$ROOT"/secrets/*; do
  [[ -f "$f" ]] || continue
  mode="$(stat -c '%a' -- "$f")"
  [[ "$mode" == 600 ]] || PRIVATE+=("$f")
done
if (( ${#PRIVATE[@]} )); then
  log "${#PRIVATE[@]} secret file(s) readable by others:"
  for f in "${PRIVATE[@]}"; do
    printf '  %s %s\n' "$(stat -c '%a' -- "$f")" "${f#"$ROOT"/}"
  done
  (( FIX )) && chmod 600 -- "${PRIVATE[@]}" && log "set to 600"
fi

# --- 5. immutable flags left by tooling ---------------------------------------------

if command -v lsattr >/dev/null; then
  immut="$(lsattr -R -- "$ROOT/build" 2>/dev/null | awk '$1 ~ /i/ {print $2}' || true)"
  if [[ -n "$immut" ]]; then
    log "immutable files in build/ (cannot be cleaned):"
    printf '%s\n' "$immut" | sed 's/^/  /'
    log "these were set by someone with root; inspect before running chattr -i yourself"
  fi
fi

# --- 6. default ACL on the shared upload dir (docker-compose web container) ---------

UPLOADS="$ROOT/var/uploads"
if [[ -d "$UPLOADS" ]] && command -v setfacl >/dev/null && getent group www-data >/dev/null; then
  require_inside "$UPLOADS"
  if ! getfacl -p -- "$UPLOADS" 2>/dev/null | grep -q '^default:group:www-data:r-x'; then
    log "var/uploads lacks a default read ACL for www-data"
    (( FIX )) && setfacl -R -m g:www-data:rX -m d:g:www-data:rX -- "$UPLOADS" && log "ACL set"
  fi
fi

# --- 7. git's view of executable bits ---------------------------------------------

mode_mismatches=0
while IFS=$'\t' read -r meta rel; do
  mode="${meta%% *}"
  [[ -f "$ROOT/$rel" ]] || continue
  if [[ -x "$ROOT/$rel" && "$mode" == 100644 ]]; then
    log "git records $rel as 644 but it is executable on disk"
    mode_mismatches=$(( mode_mismatches + 1 ))
  elif [[ ! -x "$ROOT/$rel" && "$mode" == 100755 ]]; then
    log "git records $rel as 755 but it is not executable on disk"
    mode_mismatches=$(( mode_mismatches + 1 ))
    (( FIX )) && chmod u+x -- "$ROOT/$rel"
  fi
done < <(git -C "$ROOT" ls-files -s -- scripts tools ci 2>/dev/null | awk '{print $1 "\t" $4}')
if (( mode_mismatches )) && [[ "$(git -C "$ROOT" config core.fileMode || echo true)" == false ]]; then
  log "core.fileMode is false in this clone; git will not notice mode changes"
fi

# --- 8. report for CI ---------------------------------------------------------------

mkdir -p "$ROOT/build"
{
  printf 'foreign_owner=%d\n' "${#FOREIGN[@]}"
  printf 'group_or_world_writable=%d\n' "${#WRITABLE[@]}"
  printf 'missing_exec=%d\n' "${#NEED_X[@]}"
  printf 'private_too_open=%d\n' "${#PRIVATE[@]}"
  printf 'index_mode_mismatch=%d\n' "$mode_mismatches"
} >"$ROOT/build/perms-report.txt"

# --- summary ----------------------------------------------------------------------

umask_now="$(umask)"
if [[ "$umask_now" != 0022 && "$umask_now" != 0002 ]]; then
  log "note: your umask is $umask_now; files created by tools may get unusual modes"
fi

if (( ! FIX )); then
  log "report only; pass --fix to apply"
else
  log "done"
fi
