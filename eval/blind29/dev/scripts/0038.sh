#!/usr/bin/env bash
# Engrave every score of the edition with LilyPond and export parts/MIDI.
#
#   scripts/engrave.sh                 # all scores/*.ly, PDF + MIDI into build/
#   scripts/engrave.sh scores/sonata.ly --png
#   scripts/engrave.sh --musescore     # also convert scores/*.mscz with MuseScore
#
# Notes
#  * LilyPond runs in its default safe mode for files from contributors
#    (-dsafe): scores in scores/contrib/ may come from outside the team and
#    Scheme in them must not be able to touch the file system.
#  * convert-ly is run in dry mode first; if the syntax is outdated the
#    score is upgraded in a temp copy, never in place.
#  * builds are incremental: a score is skipped when its PDF is newer than the
#    .ly file and every \include it references.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
SCORES="${PROJECT}/scores"
INCLUDES="${PROJECT}/includes"
BUILD="${PROJECT}/build"
FORMATS=(--pdf)
WANT_MSCORE=0
FORCE=0
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
TMP="$(mktemp -d)"
PIDS=()

log() { printf '[engrave] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

stop_children() {
  local pid
  for pid in "${PIDS[@]:-}"; do
    [[ -n "${pid}" ]] && kill "${pid}" 2>/dev/null || true
  done
  rm -rf -- "${TMP}"
}
trap stop_children EXIT
trap 'log "interrupted"; exit 130' INT TERM

TARGETS=()
for arg in "$@"; do
  case "${arg}" in
    --png) FORMATS+=(--png -dresolution=150) ;;
    --svg) FORMATS+=(--svg) ;;
    --musescore) WANT_MSCORE=1 ;;
    --force) FORCE=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) die "unknown option ${arg}" ;;
    *) TARGETS+=("$(realpath -- "${arg}")") ;;
  esac
done
if ((${#TARGETS[@]} == 0)); then
  mapfile -t TARGETS < <(find "${SCORES}" -name '*.ly' ! -name '_*' | sort)
fi
((${#TARGETS[@]})) || die "no scores found"

command -v lilypond >/dev/null || die "lilypond not installed (see docs/setup.md)"
LY_VERSION="$(lilypond --version | head -n 1 | awk '{print $3}')"
log "LilyPond ${LY_VERSION}, ${#TARGETS[@]} score(s), ${JOBS} parallel job(s)"

includes_of() {
  # list \include "file" references relative to the score and to includes/
  local score="$1" dir inc
  dir="$(dirname "${score}")"
  grep -o '\\include *"[^"]*"' "${score}" | sed 's/.*"\(.*\)"/\1/' | while read -r inc; do
    if [[ -f "${dir}/${inc}" ]]; then
      printf '%s\n' "${dir}/${inc}"
    elif [[ -f "${INCLUDES}/${inc}" ]]; then
      printf '%s\n' "${INCLUDES}/${inc}"
    fi
  done
}

up_to_date() {
  local score="$1" pdf="$2" dep
  ((FORCE)) && return 1
  [[ -f "${pdf}" ]] || return 1
  [[ "${pdf}" -nt "${score}" ]] || return 1
  while IFS= read -r dep; do
    [[ "${pdf}" -nt "${dep}" ]] || return 1
  done < <(includes_of "${score}")
  return 0
}

prepare_source() {
  # echo the path LilyPond should compile: the score itself, or an upgraded temp copy
  local score="$1" copy
  if convert-ly --from="$(grep -o '\\version *"[^"]*"' "${score}" | head -n 1 | cut -d'"' -f2)" \
       --to="${LY_VERSION}" --diff-version-update -n "${score}" 2>&1 | grep -q '^Applying conversion'; then
    copy="${TMP}/$(basename "${score}")"
    cp -- "${score}" "${copy}"
    convert-ly -e -q "${copy}" 2>/dev/null
    log "$(basename "${score}"): syntax upgraded in a temp copy (run convert-ly -e on it when convenient)"
    printf '%s\n' "${copy}"
  else
    printf '%s\n' "${score}"
  fi
}

engrave_one() {
  local score="$1" rel name outdir src safe_flag=()
  rel="${score#"${SCORES}/"}"
  name="$(basename "${score}" .ly)"
  outdir="${BUILD}/$(dirname "${rel}")"
  mkdir -p -- "${outdir}"
  if up_to_date "${score}" "${outdir}/${name}.pdf"; then
    log "${rel}: up to date"
    return 0
  fi
  [[ "${rel}" == contrib/* ]] && safe_flag=(-dsafe)
  src="$(prepare_source "${score}")"
  if lilypond "${safe_flag[@]}" "${FORMATS[@]}" -I "${INCLUDES}" -I "$(dirname "${score}")" \
       -o "${outdir}/${name}" "${src}" > "${TMP}/${name}.log" 2>&1; then
    local warnings
    warnings="$(grep -c 'warning:' "${TMP}/${name}.log" || true)"
    log "${rel}: ok (${warnings} warning(s))"
  else
    log "${rel}: FAILED"
    grep -m 5 'error:' "${TMP}/${name}.log" | sed 's/^/    /' >&2
    cp -- "${TMP}/${name}.log" "${outdir}/${name}.log"
    return 1
  fi
}

failures=0
running=0
for score in "${TARGETS[@]}"; do
  engrave_one "${score}" &
  PIDS+=("$!")
  running=$((running + 1))
  if ((running >= JOBS)); then
    wait -n || failures=$((failures + 1))
    running=$((running - 1))
  fi
done
while ((running > 0)); do
  wait -n || failures=$((failures + 1))
  running=$((running - 1))
done
PIDS=()

if ((WANT_MSCORE)); then
  MSCORE="$(command -v mscore4portable || command -v mscore || command -v musescore || true)"
  if [[ -z "${MSCORE}" ]]; then
    log "MuseScore not found; skipping .mscz conversion"
  else
    shopt -s nullglob
    JOBFILE="${TMP}/mscore-jobs.json"
    {
      echo '['
      sep=""
      for m in "${SCORES}"/*.mscz; do
        n="$(basename "${m}" .mscz)"
        printf '%s{"in": "%s", "out": ["%s/%s.pdf", "%s/%s.musicxml"]}\n' \
          "${sep}" "${m}" "${BUILD}" "${n}" "${BUILD}" "${n}"
        sep=","
      done
      echo ']'
    } > "${JOBFILE}"
    log "MuseScore batch conversion"
    QT_QPA_PLATFORM=offscreen "${MSCORE}" -j "${JOBFILE}" > "${TMP}/mscore.log" 2>&1 \
      || { log "MuseScore conversion failed"; tail -n 5 "${TMP}/mscore.log" >&2; failures=$((failures + 1)); }
  fi
fi

# index page for the proof-readers
INDEX="${BUILD}/index.html"
{
  echo '<!doctype html><meta charset="utf-8"><title>Edition proofs</title><h1>Edition proofs</h1><ul>'
  find "${BUILD}" -name '*.pdf' -printf '%P\n' | sort | while read -r p; do
    printf '<li><a href="%s">%s</a></li>\n' "${p}" "${p%.pdf}"
  done
  echo "</ul><p>Built $(date '+%F %H:%M') with LilyPond ${LY_VERSION}</p>"
} > "${INDEX}.tmp"
mv -f "${INDEX}.tmp" "${INDEX}"

log "$(find "${BUILD}" -name '*.pdf' | wc -l) PDF(s) in build/, ${failures} failure(s)"
((failures == 0))
