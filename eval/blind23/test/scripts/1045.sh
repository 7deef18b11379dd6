#!/usr/bin/env bash
#
# rename-namespace.sh - move C++ code from one namespace / macro prefix to
# another across src/ include/ tests/, with preview, backup and rollback.
#
#   tools/rename-namespace.sh tessera::v1 tessera::v2           # preview (diff)
#   tools/rename-namespace.sh tessera::v1 tessera::v2 --write   # rewrite + clang-format
#   tools/rename-namespace.sh --rollback                        # restore last backup
#   tools/rename-namespace.sh TSR_V1_ TSR_V2_ --macros --write  # macro prefix rename
#
# Files considered: tracked (git ls-files) *.h *.hpp *.cc *.cpp *.ipp under
# src/ include/ tests/.  Third-party code in extern/ is never touched.
# Backups: _build/rename-backup/<stamp>/ plus a manifest; --rollback restores
# the newest one and deletes it.

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly BACKUPS="$TOP/_build/rename-backup"
readonly -a SEARCH_DIRS=(src include tests)
readonly -a EXTS=('*.h' '*.hpp' '*.cc' '*.cpp' '*.ipp')
WRITE=false
MACROS=false
ROLLBACK=false
declare -a POSITIONAL=()

info() { printf '%s: %s\n' "$PROG" "$*" >&2; }
bail() { info "$*"; exit 1; }

while (( $# )); do
  case $1 in
    --write) WRITE=true ;;
    --macros) MACROS=true ;;
    --rollback) ROLLBACK=true ;;
    -h|--help) sed -n '3,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --*) bail "unknown option $1" ;;
    *) POSITIONAL+=("$1") ;;
  esac
  shift
done

rollback() {
  local latest
  latest=$(ls -1d "$BACKUPS"/*/ 2>/dev/null | sort | tail -n 1)
  [[ -n $latest ]] || bail "no backup to roll back"
  local manifest="$latest/MANIFEST" rel n=0
  [[ -f $manifest ]] || bail "backup $latest has no manifest"
  while IFS= read -r rel; do
    cp -p -- "$latest/files/$rel" "$TOP/$rel"
    n=$((n + 1))
  done <"$manifest"
  rm -rf -- "$latest"
  info "restored $n file(s) from ${latest#"$TOP"/}"
}

if $ROLLBACK; then
  rollback
  exit 0
fi

list_backups() {
  local d n
  for d in "$BACKUPS"/*/; do
    [[ -d $d ]] || continue
    n=$(wc -l <"$d/MANIFEST" 2>/dev/null || echo 0)
    printf '  %s  %3d file(s)\n' "$(basename -- "$d")" "$n"
  done
}

occurrence_table() {
  # per-file counts, most affected first, to judge the blast radius
  local rel
  for rel in "$@"; do
    printf '%5d  %s\n' "$(grep -oF -- "$OLD" "$TOP/$rel" | wc -l)" "$rel"
  done | sort -rn | head -n 20 >&2
}

compile_check() {
  # quick syntax-only compile of touched translation units if a compile db exists
  local db="$TOP/_build/compile_commands.json" rel failed=0
  [[ -f $db ]] && command -v jq >/dev/null || return 0
  for rel in "$@"; do
    [[ $rel == *.cpp || $rel == *.cc ]] || continue
    local cmd
    cmd=$(jq -r --arg f "$TOP/$rel" '.[] | select(.file == $f) | .command' "$db" | head -n1)
    [[ -n $cmd ]] || continue
    if ! (cd "$TOP/_build" && eval "${cmd% -o *} -fsyntax-only" >/dev/null 2>&1); then
      info "syntax check failed: $rel"
      failed=1
    fi
  done
  return "$failed"
}

if [[ ${POSITIONAL[0]:-} == list-backups ]]; then
  list_backups
  exit 0
fi

(( ${#POSITIONAL[@]} == 2 )) || bail "usage: $PROG OLD NEW [--write] [--macros]"
readonly OLD=${POSITIONAL[0]} NEW=${POSITIONAL[1]}
[[ $OLD != "$NEW" ]] || bail "OLD and NEW are identical"

# Build a perl program that is safe for literal text: \Q..\E quotes OLD.
# Namespaces: also rewrite `namespace tessera { namespace v1 {` style openers
# when OLD has exactly two components.
if $MACROS; then
  PERL_PROG='s/\b\Q$ENV{RN_OLD}\E(?=[A-Z0-9_])/$ENV{RN_NEW}/g'
else
  PERL_PROG='s/\Q$ENV{RN_OLD}\E(?=::|\b)/$ENV{RN_NEW}/g'
  if [[ $OLD == *::* && $OLD != *::*::* ]]; then
    export RN_OLD_A=${OLD%%::*} RN_OLD_B=${OLD##*::} RN_NEW_B=${NEW##*::}
    PERL_PROG+='; s/(namespace\s+\Q$ENV{RN_OLD_A}\E\s*\{\s*(?:inline\s+)?namespace\s+)\Q$ENV{RN_OLD_B}\E\b/${1}$ENV{RN_NEW_B}/g'
  fi
fi
export RN_OLD=$OLD RN_NEW=$NEW

candidates() {
  local pattern
  for pattern in "${EXTS[@]}"; do
    git -C "$TOP" ls-files -z -- "${SEARCH_DIRS[@]/%//$pattern}"
  done | sort -zu
}

declare -a FILES=()
while IFS= read -r -d '' rel; do
  [[ $rel == extern/* ]] && continue
  grep -qF -- "$OLD" "$TOP/$rel" && FILES+=("$rel")
done < <(candidates)

(( ${#FILES[@]} )) || { info "no occurrences of '$OLD'"; exit 0; }
info "${#FILES[@]} file(s) mention '$OLD'"
occurrence_table "${FILES[@]}"

if ! $WRITE; then
  for rel in "${FILES[@]}"; do
    diff -u --label "a/$rel" --label "b/$rel" -- "$TOP/$rel" \
      <(perl -pe "$PERL_PROG" -- "$TOP/$rel") || true
  done | less -FRX
  info "preview only; pass --write to apply"
  exit 0
fi

dirty=$(git -C "$TOP" status --porcelain -- "${FILES[@]}")
[[ -z $dirty ]] || bail "some files have uncommitted changes; commit or stash them first"

stamp=$(date +%Y%m%d-%H%M%S)
dest="$BACKUPS/$stamp"
mkdir -p -- "$dest/files"
: >"$dest/MANIFEST"
for rel in "${FILES[@]}"; do
  mkdir -p -- "$dest/files/$(dirname -- "$rel")"
  cp -p -- "$TOP/$rel" "$dest/files/$rel"
  printf '%s\n' "$rel" >>"$dest/MANIFEST"
  perl -pi -e "$PERL_PROG" -- "$TOP/$rel"
done
info "rewrote ${#FILES[@]} file(s); backup ${dest#"$TOP"/}"

if command -v clang-format >/dev/null && [[ -f $TOP/.clang-format ]]; then
  (cd "$TOP" && clang-format -i --style=file -- "${FILES[@]}")
  info "clang-format applied to touched files"
fi

compile_check "${FILES[@]}" || info "fix the errors above or run --rollback"

remaining=$(cd "$TOP" && grep -lF -- "$OLD" "${FILES[@]}" 2>/dev/null | wc -l)
if (( remaining > 0 )); then
  info "$remaining file(s) still contain '$OLD' (comments/strings?); check: git grep -n -- '$OLD'"
fi

# keep at most 5 backups
ls -1d "$BACKUPS"/*/ 2>/dev/null | sort | head -n -5 | while read -r old; do
  rm -rf -- "$old"
done

git -C "$TOP" --no-pager diff --stat -- "${FILES[@]}" | tail -n 1

# CMake and docs often mention the namespace in strings; list, never rewrite.
others=$(git -C "$TOP" grep -lF -- "$OLD" -- 'CMakeLists.txt' '*.cmake' 'docs/*' 2>/dev/null || true)
if [[ -n $others ]]; then
  info "also mentioned (not changed):"
  printf '  %s\n' $others >&2
fi
info "build check: cmake --build _build (rollback with --rollback)"
