#!/usr/bin/env bash
# hardening-check.sh — verify compiler hardening flags on the binaries we ship
# in the gateway firmware, using radare2's rabin2 (read-only analysis).
#
#   tools/hardening-check.sh build/firmware/rootfs
#   tools/hardening-check.sh --baseline tools/hardening-baseline.tsv build/firmware/rootfs
#
# For every ELF under the given root: PIE, NX, stack canary, RELRO, stripped,
# RPATH/RUNPATH, and imports of functions our coding standard bans. Output is a
# TSV in build/hardening/ and a non-zero exit code when a binary regresses
# compared with the committed baseline. r2/rabin2 are only ever run without
# -w, so the binaries are opened read-only.

set -euo pipefail
shopt -s nullglob

OUT_DIR="build/hardening"
BASELINE=""
BANNED_IMPORTS="strcpy strcat sprintf vsprintf gets system popen mktemp tmpnam"
ROOTFS=""

msg() { printf '[hardening] %s\n' "$*" >&2; }
die() { msg "error: $*"; exit 2; }

usage() {
  cat >&2 <<'EOF'
usage: hardening-check.sh [--baseline FILE] ROOTFS_DIR
EOF
  exit 2
}

while (( $# )); do
  case "$1" in
    --baseline) BASELINE="$2"; shift 2 ;;
    -h|--help) usage ;;
    -*) die "unknown option $1" ;;
    *) ROOTFS="$1"; shift ;;
  esac
done
[[ -n "${ROOTFS}" && -d "${ROOTFS}" ]] || usage
for t in rabin2 r2 file; do command -v "${t}" >/dev/null || die "${t} not installed"; done

TMPD="$(mktemp -d)"
trap 'rm -rf -- "${TMPD}"' EXIT

elf_files() {
  find "${ROOTFS}" -type f -perm -u+x -print0 2>/dev/null |
    while IFS= read -r -d '' f; do
      if file -b "${f}" | grep -q '^ELF'; then
        printf '%s\n' "${f}"
      fi
    done
}

field() {
  # field NAME <rabin2 -I output>
  awk -v k="$1" '$1 == k {print $2; exit}' "$2"
}

relro_level() {
  local info="$1" relro
  relro="$(field relro "${info}")"
  case "${relro}" in
    full|partial|no) echo "${relro}" ;;
    *) echo "no" ;;
  esac
}

banned_imports_of() {
  local bin="$1" found="" sym
  rabin2 -i "${bin}" 2>/dev/null | awk 'NR > 2 {print $NF}' > "${TMPD}/imports"
  for sym in ${BANNED_IMPORTS}; do
    if grep -qx "${sym}" "${TMPD}/imports"; then
      found+="${sym},"
    fi
  done
  printf '%s' "${found%,}"
}

rpath_of() {
  rabin2 -l "${1}" 2>/dev/null | grep -iE 'r(un)?path' | awk '{print $NF}' | paste -sd, - || true
}

function_count() {
  # quick sanity number; aa is cheap and does not write anything
  r2 -q -e bin.cache=true -c 'aa; aflc' "$1" 2>/dev/null || echo "?"
}

check_binary() {
  local bin="$1" rel info pie nx canary relro stripped banned rpath funcs
  rel="${bin#"${ROOTFS}/"}"
  info="${TMPD}/info"
  rabin2 -I "${bin}" > "${info}" 2>/dev/null || { msg "rabin2 could not parse ${rel}"; return 0; }
  pie="$(field pic "${info}")"
  nx="$(field nx "${info}")"
  canary="$(field canary "${info}")"
  stripped="$(field stripped "${info}")"
  relro="$(relro_level "${info}")"
  banned="$(banned_imports_of "${bin}")"
  rpath="$(rpath_of "${bin}")"
  funcs="$(function_count "${bin}")"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
    "${rel}" "${pie:-?}" "${nx:-?}" "${canary:-?}" "${relro}" "${stripped:-?}" "${rpath:--}" "${banned:--}" "${funcs}"
}

compare_baseline() {
  local current="$1" regressions=0
  [[ -n "${BASELINE}" ]] || return 0
  [[ -f "${BASELINE}" ]] || die "baseline ${BASELINE} not found"
  # a regression: a flag that was true in the baseline is false now, or new banned imports
  while IFS=$'\t' read -r rel pie nx canary relro _stripped _rpath banned _funcs; do
    local base
    base="$(awk -F'\t' -v r="${rel}" '$1 == r' "${BASELINE}")"
    [[ -n "${base}" ]] || { msg "new binary: ${rel}"; continue; }
    IFS=$'\t' read -r _ bpie bnx bcanary brelro _ _ bbanned _ <<< "${base}"
    [[ "${bpie}" == true && "${pie}" != true ]] && { msg "REGRESSION ${rel}: PIE lost"; regressions=$((regressions + 1)); }
    [[ "${bnx}" == true && "${nx}" != true ]] && { msg "REGRESSION ${rel}: NX lost"; regressions=$((regressions + 1)); }
    [[ "${bcanary}" == true && "${canary}" != true ]] && { msg "REGRESSION ${rel}: canary lost"; regressions=$((regressions + 1)); }
    [[ "${brelro}" == full && "${relro}" != full ]] && { msg "REGRESSION ${rel}: RELRO ${relro}"; regressions=$((regressions + 1)); }
    if [[ "${banned}" != "-" && "${banned}" != "${bbanned}" ]]; then
      msg "REGRESSION ${rel}: banned imports ${banned} (baseline ${bbanned})"
      regressions=$((regressions + 1))
    fi
  done < <(tail -n +2 "${current}")
  return "$(( regressions > 0 ))"
}

summary() {
  local tsv="$1"
  awk -F'\t' 'NR > 1 {
      n++
      if ($2 != "true") nopie++
      if ($3 != "true") nonx++
      if ($4 != "true") nocanary++
      if ($5 != "full") weakrelro++
      if ($8 != "-") banned++
    }
    END {
      printf "%d binaries: %d without PIE, %d without NX, %d without canary, %d without full RELRO, %d with banned imports\n",
        n, nopie, nonx, nocanary, weakrelro, banned
    }' "${tsv}"
}

write_markdown() {
  # table for the release checklist issue
  local tsv="$1" md="${OUT_DIR}/hardening.md"
  {
    echo "| binary | PIE | NX | canary | RELRO | stripped | banned imports |"
    echo "|---|---|---|---|---|---|---|"
    tail -n +2 "${tsv}" | awk -F'\t' '{
      printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $8
    }'
  } > "${md}"
  msg "markdown: ${md}"
}

worst_offenders() {
  # binaries missing the most protections first
  tail -n +2 "$1" | awk -F'\t' '{
      s = 0
      if ($2 != "true") s++
      if ($3 != "true") s++
      if ($4 != "true") s++
      if ($5 != "full") s++
      if ($8 != "-") s += 2
      if (s > 0) printf "%d\t%s\n", s, $1
    }' | sort -rn | head -n 10 | awk -F'\t' '{printf "  score %d  %s\n", $1, $2}'
}

main() {
  mkdir -p "${OUT_DIR}"
  local tsv="${OUT_DIR}/hardening-$(date +%F).tsv" count=0 bin
  printf 'binary\tpie\tnx\tcanary\trelro\tstripped\trpath\tbanned_imports\tfunctions\n' > "${tsv}.tmp"
  while IFS= read -r bin; do
    check_binary "${bin}" >> "${tsv}.tmp"
    count=$((count + 1))
  done < <(elf_files)
  mv -f "${tsv}.tmp" "${tsv}"
  (( count > 0 )) || die "no ELF binaries under ${ROOTFS}"
  summary "${tsv}"
  msg "table: ${tsv}"
  write_markdown "${tsv}"
  msg "worst offenders:"
  worst_offenders "${tsv}" >&2
  compare_baseline "${tsv}"
}

main
