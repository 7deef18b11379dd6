#!/usr/bin/env bash
# rom-fixtures.sh - keep the emulator test ROM fixtures honest.
#
# Subcommands:
#   verify   mame -verifyroms / -verifysamples against test/fixtures/roms
#   hashes   (re)write test/fixtures/roms/SHA1SUMS and compare with git
#   dat      build a small Logiqx DAT for the fixture sets from `mame -listxml`
#   clean    remove build/rom-scratch and the fixture dir's *.tmp leftovers
#   all      verify + hashes + dat
#
# The fixtures are homebrew / freely distributable sets only; the script never
# downloads ROMs.  All paths are inside the repository.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
FIX="$REPO/test/fixtures/roms"
SAMPLES="$REPO/test/fixtures/samples"
SCRATCH="$REPO/build/rom-scratch"
DAT_OUT="$REPO/test/fixtures/dats/fixtures.dat"
MAME="${MAME:-mame}"
INI_DIR=""

log() { printf '[roms] %s\n' "$*"; }
die() { printf '[roms] fatal: %s\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$INI_DIR" && -d "$INI_DIR" ]] && rm -rf -- "$INI_DIR"
  return 0
}
trap cleanup EXIT

mame_quiet() {
  # a private inipath so the user's ~/.mame/mame.ini (rompath etc.) is ignored
  if [[ -z "$INI_DIR" ]]; then
    INI_DIR="$(mktemp -d "${TMPDIR:-/tmp}/mame-ini.XXXXXX")"
    "$MAME" -createconfig -inipath "$INI_DIR" >/dev/null 2>&1 || true
  fi
  (cd "$INI_DIR" && "$MAME" -inipath "$INI_DIR" -rompath "$FIX" -samplepath "$SAMPLES" \
     -cfg_directory "$SCRATCH/cfg" -nvram_directory "$SCRATCH/nvram" "$@")
}

fixture_sets() {
  local z
  for z in "$FIX"/*.zip "$FIX"/*.7z; do
    [[ -e "$z" ]] || continue
    z="${z##*/}"
    echo "${z%.*}"
  done | sort -u
}

cmd_verify() {
  mkdir -p "$SCRATCH"
  local sets=() out rc=0
  mapfile -t sets < <(fixture_sets)
  (( ${#sets[@]} )) || die "no fixture sets in $FIX"
  log "verifying ${#sets[@]} set(s)"
  out="$SCRATCH/verifyroms.txt"
  mame_quiet -verifyroms "${sets[@]}" > "$out" 2>&1 || rc=$?
  # mame exits 1 if some sets are bad, 2 if none were found
  if (( rc == 2 )); then
    cat "$out"
    die "mame found none of the fixture sets; wrong rompath?"
  fi
  local bad
  bad="$(grep -E 'is bad$' "$out" || true)"
  if [[ -n "$bad" ]]; then
    echo "$bad" | sed 's/^/  /'
    log "$(echo "$bad" | wc -l) bad set(s)"
    return 1
  fi
  tail -n 1 "$out"
  if [[ -d "$SAMPLES" ]]; then
    mame_quiet -verifysamples "${sets[@]}" > "$SCRATCH/verifysamples.txt" 2>&1 || true
    tail -n 1 "$SCRATCH/verifysamples.txt"
  fi
}

cmd_hashes() {
  local sums="$FIX/SHA1SUMS" tmp
  tmp="$(mktemp "$FIX/.SHA1SUMS.XXXXXX")"
  (
    cd "$FIX"
    local z
    for z in *.zip *.7z; do
      [[ -e "$z" ]] || continue
      if [[ "$z" == *.zip ]]; then
        # hash the members, not the container: re-zipping must not change sums
        unzip -Z1 "$z" | sort | while IFS= read -r member; do
          printf '%s  %s/%s\n' "$(unzip -p "$z" "$member" | sha1sum | cut -d' ' -f1)" "${z%.zip}" "$member"
        done
      else
        printf '%s  %s\n' "$(sha1sum < "$z" | cut -d' ' -f1)" "$z"
      fi
    done
  ) > "$tmp"
  mv -f -- "$tmp" "$sums"
  if git -C "$REPO" diff --quiet -- "$sums"; then
    log "SHA1SUMS unchanged"
  else
    log "SHA1SUMS changed:"
    git -C "$REPO" --no-pager diff --stat -- "$sums"
  fi
}

cmd_dat() {
  local sets=() xml
  mapfile -t sets < <(fixture_sets)
  mkdir -p "$SCRATCH" "$(dirname "$DAT_OUT")"
  xml="$SCRATCH/listxml.xml"
  mame_quiet -listxml "${sets[@]}" > "$xml"
  command -v xsltproc >/dev/null || die "xsltproc needed for the DAT conversion"
  xsltproc --stringparam name "fixtures" "$REPO/tools/listxml-to-logiqx.xsl" "$xml" > "$DAT_OUT.tmp"
  mv -f -- "$DAT_OUT.tmp" "$DAT_OUT"
  log "wrote ${DAT_OUT#"$REPO"/} ($(grep -c '<game ' "$DAT_OUT") games)"
}

cmd_clean() {
  [[ "$SCRATCH" == "$REPO/build/rom-scratch" ]] || die "unexpected scratch path"
  rm -rf -- "$SCRATCH"
  find "$FIX" -maxdepth 1 -type f \( -name '*.tmp' -o -name '.SHA1SUMS.*' \) -print -delete
  log "cleaned scratch output"
}

cmd_stats() {
  local sets n size
  sets="$(fixture_sets | wc -l)"
  size="$(du -sh "$FIX" | cut -f1)"
  n="$(find "$FIX" -maxdepth 1 -type f | wc -l)"
  log "$sets set(s), $n file(s), $size in ${FIX#"$REPO"/}"
}

cmd_check_licences() {
  # every fixture set needs an entry in LICENSES.tsv (set<TAB>licence<TAB>source)
  local table="$FIX/LICENSES.tsv" set missing=0
  [[ -f "$table" ]] || die "missing ${table#"$REPO"/}"
  while IFS= read -r set; do
    if ! awk -F'\t' -v s="$set" '$1 == s {found=1} END {exit !found}' "$table"; then
      log "no licence entry for $set"
      missing=$(( missing + 1 ))
    fi
  done < <(fixture_sets)
  local orphan
  while IFS=$'\t' read -r orphan _; do
    [[ "$orphan" == set || -z "$orphan" ]] && continue
    if [[ ! -e "$FIX/$orphan.zip" && ! -e "$FIX/$orphan.7z" ]]; then
      log "licence entry for missing set $orphan"
    fi
  done < "$table"
  (( missing == 0 )) || die "$missing fixture set(s) without licence information"
  log "licence table complete"
}

cmd_sizes() {
  # fixtures must stay small; CI clones them on every run
  local limit_kb="${MAX_FIXTURE_KB:-512}" z kb over=0
  for z in "$FIX"/*.zip "$FIX"/*.7z; do
    [[ -e "$z" ]] || continue
    kb=$(( $(stat -c %s "$z") / 1024 ))
    if (( kb > limit_kb )); then
      log "${z##*/} is ${kb} KiB (limit ${limit_kb} KiB)"
      over=$(( over + 1 ))
    fi
  done
  (( over == 0 )) || return 1
}

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

main() {
  command -v "$MAME" >/dev/null || die "mame not found (set MAME=/path/to/mame)"
  case "${1:-all}" in
    verify) cmd_verify ;;
    hashes) cmd_hashes ;;
    dat) cmd_dat ;;
    clean) cmd_clean ;;
    stats) cmd_stats ;;
    licences) cmd_check_licences ;;
    sizes) cmd_sizes ;;
    all) cmd_stats; cmd_check_licences; cmd_sizes; cmd_verify; cmd_hashes; cmd_dat ;;
    -h|--help|help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
