#!/usr/bin/env bash
# Validate the TEI edition before a release.
#
# Checks, in order, for every tei/**/*.xml (or the files given on the command line):
#   1. well-formedness (xmllint --noout)
#   2. RELAX NG validity against schema/edition.rng (jing if present, else xmllint)
#   3. Schematron rules in schema/edition.sch compiled with the ISO skeleton
#      (xsltproc, stylesheets vendored in tools/schematron/)
#   4. cross references: every @ref="#id" / @corresp must resolve in
#      register/persons.xml, register/places.xml or the same file
#   5. facsimile links: every graphic/@url must exist under facs/
# Results go to build/validation/report.txt and a JUnit XML file for CI.
#
#   tools/validate_tei.sh                # whole edition
#   tools/validate_tei.sh tei/letters/letter042.xml
#   JOBS=8 tools/validate_tei.sh --fail-fast
set -uo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
RNG="${PROJECT}/schema/edition.rng"
SCH="${PROJECT}/schema/edition.sch"
SCH_TOOLS="${PROJECT}/tools/schematron"
OUT="${PROJECT}/build/validation"
JOBS="${JOBS:-4}"
FAIL_FAST=0
TMP="$(mktemp -d "${TMPDIR:-/tmp}/tei-validate.XXXXXX")"

log() { printf '[tei] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 2; }
trap 'rm -rf -- "${TMP}"' EXIT

FILES=()
for arg in "$@"; do
  case "${arg}" in
    --fail-fast) FAIL_FAST=1 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) FILES+=("${arg}") ;;
  esac
done
if ((${#FILES[@]} == 0)); then
  mapfile -d '' FILES < <(find "${PROJECT}/tei" -name '*.xml' -print0 | sort -z)
fi
((${#FILES[@]})) || die "no TEI files found"

command -v xmllint >/dev/null || die "xmllint missing (libxml2-utils)"
command -v xsltproc >/dev/null || die "xsltproc missing"
JING=""
if command -v jing >/dev/null; then
  JING="jing"
elif [[ -f "${PROJECT}/tools/jing.jar" ]]; then
  JING="java -jar ${PROJECT}/tools/jing.jar"
fi

mkdir -p "${OUT}"

# ---- compile schematron once -------------------------------------------------
SCH_XSL=""
if [[ -f "${SCH}" && -d "${SCH_TOOLS}" ]]; then
  log "compiling Schematron"
  xsltproc "${SCH_TOOLS}/iso_dsdl_include.xsl" "${SCH}" > "${TMP}/step1.sch"
  xsltproc "${SCH_TOOLS}/iso_abstract_expand.xsl" "${TMP}/step1.sch" > "${TMP}/step2.sch"
  xsltproc "${SCH_TOOLS}/iso_svrl_for_xslt1.xsl" "${TMP}/step2.sch" > "${TMP}/edition-sch.xsl"
  SCH_XSL="${TMP}/edition-sch.xsl"
fi

# ---- register ids --------------------------------------------------------------
collect_ids() {
  local f
  for f in "$@"; do
    [[ -f "${f}" ]] || continue
    xmllint --xpath '//*[@*[local-name()="id"]]/@*[local-name()="id"]' "${f}" 2>/dev/null \
      | grep -o '"[^"]*"' | tr -d '"'
  done
}
collect_ids "${PROJECT}/register/persons.xml" "${PROJECT}/register/places.xml" \
  | sort -u > "${TMP}/register-ids.txt"
log "$(wc -l < "${TMP}/register-ids.txt") register ids"

# ---- per-file check (run in parallel with xargs) ------------------------------
check_one() {
  local f="$1" rel="${1#"${PROJECT}/"}" errs=0 key
  key="$(printf '%s' "${rel}" | tr '/ ' '__')"
  local res="${TMP}/${key}.result"
  : > "${res}"

  if ! xmllint --noout "${f}" 2> "${TMP}/${key}.wf"; then
    echo "WELLFORMED ${rel}: $(head -n 1 "${TMP}/${key}.wf")" >> "${res}"
    echo 1 > "${TMP}/${key}.status"
    return
  fi

  if [[ -n "${JING}" ]]; then
    ${JING} "${RNG}" "${f}" > "${TMP}/${key}.rng" 2>&1 || errs=$((errs + 1))
  else
    xmllint --noout --relaxng "${RNG}" "${f}" > "${TMP}/${key}.rng" 2>&1 || errs=$((errs + 1))
  fi
  if ((errs)); then
    sed "s|^|RNG ${rel}: |" "${TMP}/${key}.rng" | grep -v 'validates$' | head -n 20 >> "${res}"
  fi

  if [[ -n "${SCH_XSL}" ]]; then
    xsltproc "${SCH_XSL}" "${f}" > "${TMP}/${key}.svrl" 2>/dev/null
    if grep -q 'failed-assert\|successful-report' "${TMP}/${key}.svrl"; then
      xmllint --xpath '//*[local-name()="failed-assert"]/*[local-name()="text"]/text()' \
        "${TMP}/${key}.svrl" 2>/dev/null | sed "s|^|SCH ${rel}: |" | head -n 20 >> "${res}"
      errs=$((errs + 1))
    fi
  fi

  # cross references
  local local_ids
  local_ids="$(collect_ids "${f}")"
  while IFS= read -r ref; do
    ref="${ref#\#}"
    [[ -z "${ref}" ]] && continue
    if ! grep -qxF -- "${ref}" "${TMP}/register-ids.txt" && ! grep -qxF -- "${ref}" <<<"${local_ids}"; then
      echo "REF ${rel}: unresolved #${ref}" >> "${res}"
      errs=$((errs + 1))
    fi
  done < <(grep -o '\(ref\|corresp\)="#[^"]*"' "${f}" | cut -d'"' -f2 | tr ' ' '\n' | sort -u)

  # facsimile images
  while IFS= read -r url; do
    [[ "${url}" == http* ]] && continue
    if [[ ! -f "${PROJECT}/facs/${url#facs/}" ]]; then
      echo "FACS ${rel}: missing ${url}" >> "${res}"
      errs=$((errs + 1))
    fi
  done < <(grep -o '<graphic[^>]*url="[^"]*"' "${f}" | sed 's/.*url="\([^"]*\)".*/\1/')

  echo $((errs > 0)) > "${TMP}/${key}.status"
}
export -f check_one collect_ids
export PROJECT RNG SCH_XSL TMP JING

printf '%s\0' "${FILES[@]}" | xargs -0 -P "${JOBS}" -I{} bash -c 'check_one "$1"' _ {}

# ---- report -------------------------------------------------------------------
REPORT="${OUT}/report.txt"
JUNIT="${OUT}/junit.xml"
failed=0
: > "${REPORT}"
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuite name=\"tei-validation\" tests=\"${#FILES[@]}\">"
} > "${JUNIT}.tmp"

xml_escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'; }

for f in "${FILES[@]}"; do
  rel="${f#"${PROJECT}/"}"
  key="$(printf '%s' "${rel}" | tr '/ ' '__')"
  status="$(cat "${TMP}/${key}.status" 2>/dev/null || echo 1)"
  printf '  <testcase classname="tei" name="%s">' "$(printf '%s' "${rel}" | xml_escape)" >> "${JUNIT}.tmp"
  if [[ "${status}" == 1 ]]; then
    failed=$((failed + 1))
    cat "${TMP}/${key}.result" >> "${REPORT}"
    printf '<failure message="invalid">%s</failure>' "$(xml_escape < "${TMP}/${key}.result")" >> "${JUNIT}.tmp"
    if ((FAIL_FAST)); then
      echo '</testcase>' >> "${JUNIT}.tmp"
      break
    fi
  fi
  echo '</testcase>' >> "${JUNIT}.tmp"
done
echo '</testsuite>' >> "${JUNIT}.tmp"
mv -f "${JUNIT}.tmp" "${JUNIT}"

log "${#FILES[@]} file(s) checked, ${failed} with problems"
if [[ -s "${REPORT}" ]]; then
  log "problems by kind:"
  cut -d' ' -f1 "${REPORT}" | sort | uniq -c | sort -rn | while read -r n kind; do
    log "  ${kind}: ${n}"
  done
fi
if ((failed)); then
  log "first problems:"
  head -n 15 "${REPORT}" >&2
  exit 1
fi
log "edition is valid"
