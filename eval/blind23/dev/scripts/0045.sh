#!/usr/bin/env bash
# bulk-replace.sh - project-wide search/replace with preview, backup and undo.
#
#   tools/bulk-replace.sh 'OldClient' 'ApiClient'                 # preview diff
#   tools/bulk-replace.sh 'OldClient' 'ApiClient' --apply         # rewrite + backup
#   tools/bulk-replace.sh --undo                                  # restore last backup
#   tools/bulk-replace.sh 'colour' 'color' --glob '*.md' --apply
#
# Candidate files come from `git ls-files` filtered with `rg -l`, so only tracked
# files inside the repository are touched.  Backups go to build/replace-backup/.
# Line endings and file modes are preserved; binary files are skipped.
set -Eeuo pipefail

die() { printf 'bulk-replace: %s\n' "$*" >&2; exit 1; }
log() { printf 'bulk-replace: %s\n' "$*" >&2; }

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
BACKUPS="$ROOT/build/replace-backup"
APPLY=0
UNDO=0
FIXED=1
declare -a GLOBS=()
declare -a POS=()

while (( $# )); do
  case "$1" in
    --apply) APPLY=1 ;;
    --undo) UNDO=1 ;;
    --regex) FIXED=0 ;;
    --glob) shift; GLOBS+=("${1:?--glob needs a pattern}") ;;
    --) shift; POS+=("$@"); break ;;
    -*) die "unknown option $1" ;;
    *) POS+=("$1") ;;
  esac
  shift
done

latest_backup() {
  ls -1d "$BACKUPS"/*/ 2>/dev/null | sort | tail -n 1
}

if (( UNDO )); then
  last="$(latest_backup)"
  [[ -n "$last" ]] || die "no backup to restore"
  n=0
  while IFS= read -r -d '' f; do
    rel="${f#"$last"}"
    cp -p -- "$f" "$ROOT/$rel"
    n=$(( n + 1 ))
  done < <(find "$last" -type f -print0)
  log "restored $n file(s) from ${last#"$ROOT"/}"
  exit 0
fi

(( ${#POS[@]} == 2 )) || die "usage: $0 OLD NEW [--apply] [--regex] [--glob PATTERN]"
OLD="${POS[0]}"
NEW="${POS[1]}"
[[ -n "$OLD" ]] || die "OLD must not be empty"

command -v rg >/dev/null || die "ripgrep (rg) is required"
command -v perl >/dev/null || die "perl is required"

rg_args=(--files-with-matches --null)
(( FIXED )) && rg_args+=(--fixed-strings)
for g in "${GLOBS[@]}"; do rg_args+=(--glob "$g"); done
rg_args+=(--glob '!third_party/**' --glob '!*.lock' --glob '!build/**')

# tracked files only, so a stray symlink to $HOME cannot pull in outside files
declare -A TRACKED=()
while IFS= read -r -d '' f; do TRACKED["$f"]=1; done < <(git ls-files -z)

declare -a FILES=()
while IFS= read -r -d '' f; do
  f="${f#./}"
  [[ -n "${TRACKED[$f]:-}" ]] || continue
  [[ -L "$f" ]] && continue
  FILES+=("$f")
done < <(rg "${rg_args[@]}" -- "$OLD" . || true)

(( ${#FILES[@]} )) || { log "no matches for '$OLD'"; exit 0; }
log "${#FILES[@]} file(s) contain '$OLD'"

# Refuse to run on top of unrelated uncommitted edits in the same files, so the
# backup + git diff always show exactly what this tool did.
dirty=()
for f in "${FILES[@]}"; do
  if ! git diff --quiet -- "$f" || ! git diff --cached --quiet -- "$f"; then
    dirty+=("$f")
  fi
done
if (( ${#dirty[@]} )) && (( APPLY )) && [[ "${BR_ALLOW_DIRTY:-0}" != 1 ]]; then
  log "these files already have uncommitted changes:"
  printf '  %s\n' "${dirty[@]:0:15}" >&2
  die "commit/stash them first or set BR_ALLOW_DIRTY=1"
fi

# Per-file occurrence counts give a feel for the blast radius before the diff.
count_report() {
  local f n total=0
  for f in "${FILES[@]}"; do
    if (( FIXED )); then
      n="$(rg --count-matches --fixed-strings -- "$OLD" "$f" 2>/dev/null || echo 0)"
    else
      n="$(rg --count-matches -- "$OLD" "$f" 2>/dev/null || echo 0)"
    fi
    total=$(( total + n ))
    printf '%6d  %s\n' "$n" "$f"
  done | sort -rn | head -n 25 >&2
}
count_report

# CRLF files are rewritten with perl -pi, which keeps \r\n intact; warn anyway
# because mixed endings in one file usually mean an editor problem.
for f in "${FILES[@]}"; do
  if grep -q $'\r' -- "$f" && grep -qv $'\r$' -- "$f"; then
    log "warning: $f has mixed line endings"
  fi
done

# perl does the substitution: \Q...\E for fixed strings, raw for --regex.
export BR_OLD="$OLD" BR_NEW="$NEW" BR_FIXED="$FIXED"
PERL_EXPR='my $o = $ENV{BR_OLD}; my $n = $ENV{BR_NEW};
  if ($ENV{BR_FIXED}) { s/\Q$o\E/$n/g } else { s/$o/$n/g }'

preview_one() {
  local f="$1"
  diff -u --label "a/$f" --label "b/$f" -- "$f" <(perl -pe "$PERL_EXPR" -- "$f") || true
}

if (( ! APPLY )); then
  for f in "${FILES[@]}"; do
    preview_one "$f"
  done | { if [[ -t 1 ]] && command -v delta >/dev/null; then delta; else cat; fi; }
  log "preview only; re-run with --apply"
  exit 0
fi

stamp="$(date +%Y%m%d-%H%M%S)"
dest="$BACKUPS/$stamp"
mkdir -p "$dest"

changed=0
for f in "${FILES[@]}"; do
  if file --mime-encoding -b -- "$f" | grep -q binary; then
    log "skip binary $f"
    continue
  fi
  mkdir -p "$dest/$(dirname -- "$f")"
  cp -p -- "$f" "$dest/$f"
  perl -pi -e "$PERL_EXPR" -- "$f"
  if cmp -s -- "$f" "$dest/$f"; then
    rm -f -- "$dest/$f"
  else
    changed=$(( changed + 1 ))
  fi
done

find "$dest" -type d -empty -delete 2>/dev/null || true
log "rewrote $changed file(s); backup in ${dest#"$ROOT"/}"
log "undo with: $0 --undo"

# keep only the five most recent backups
mapfile -t old < <(ls -1d "$BACKUPS"/*/ 2>/dev/null | sort | head -n -5)
for d in "${old[@]}"; do
  rm -rf -- "$d"
done

git --no-pager diff --stat

# Quick compile/syntax sanity for the languages we touched, so a bad regex
# replacement is noticed now rather than in CI.
declare -A EXT_SEEN=()
for f in "${FILES[@]}"; do EXT_SEEN["${f##*.}"]=1; done
if [[ -n "${EXT_SEEN[py]:-}" ]] && command -v python3 >/dev/null; then
  for f in "${FILES[@]}"; do
    [[ "$f" == *.py ]] || continue
    python3 -m py_compile "$f" 2>/dev/null || log "syntax error after rewrite: $f"
  done
fi
if [[ -n "${EXT_SEEN[sh]:-}" ]]; then
  for f in "${FILES[@]}"; do
    [[ "$f" == *.sh ]] || continue
    bash -n "$f" 2>/dev/null || log "syntax error after rewrite: $f"
  done
fi
if [[ -n "${EXT_SEEN[json]:-}" ]] && command -v jq >/dev/null; then
  for f in "${FILES[@]}"; do
    [[ "$f" == *.json ]] || continue
    jq empty "$f" 2>/dev/null || log "invalid JSON after rewrite: $f"
  done
fi
