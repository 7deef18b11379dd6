#!/usr/bin/env bash
# package-toolbox.sh — build the `vibekit` Octave package tarball, install it
# into a throwaway prefix, run its built-in tests, and stage the release files.
#
#   tools/package-toolbox.sh            # build + test, output in dist/
#   tools/package-toolbox.sh --sign     # also create a detached GPG signature
#
# Octave's `pkg install` normally writes into ~/.local/share/octave (or the
# system prefix). To keep the user's package list untouched we point
# `pkg prefix` and `pkg local_list` at a temporary directory for the whole run
# and remove it afterwards.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PKG_SRC="${ROOT}/toolbox"
DIST="${ROOT}/dist"
SIGN=0
OCT=(octave-cli --no-gui --norc --quiet --no-history)

log() { printf '[package] %s\n' "$*"; }
die() { printf '[package] error: %s\n' "$*" >&2; exit 1; }

for a in "$@"; do
  case "${a}" in
    --sign) SIGN=1 ;;
    *) die "unknown option ${a}" ;;
  esac
done

command -v octave-cli >/dev/null || die "octave-cli not found"
[[ -f "${PKG_SRC}/DESCRIPTION" ]] || die "toolbox/DESCRIPTION missing"

desc() {
  # desc FIELD -> value from the DESCRIPTION file
  awk -F': *' -v f="$1" 'tolower($1) == tolower(f) {print $2; exit}' "${PKG_SRC}/DESCRIPTION"
}

NAME="$(desc Name)"
VERSION="$(desc Version)"
[[ -n "${NAME}" && -n "${VERSION}" ]] || die "DESCRIPTION needs Name and Version"
TARBALL="${DIST}/${NAME}-${VERSION}.tar.gz"

STAGE="$(mktemp -d -t octpkg.XXXXXX)"
PREFIX="${STAGE}/prefix"
cleanup() { rm -rf -- "${STAGE}"; }
trap cleanup EXIT

check_version_tag() {
  local tag
  tag="$(git -C "${ROOT}" describe --tags --exact-match 2>/dev/null || true)"
  if [[ -n "${tag}" && "${tag#v}" != "${VERSION}" ]]; then
    die "git tag ${tag} does not match DESCRIPTION version ${VERSION}"
  fi
}

lint_sources() {
  local problems=0 f
  while IFS= read -r f; do
    if grep -nE '\bkeyboard\b|\bdbstop\b' "${f}" >/dev/null; then
      log "debug statement left in ${f#"${ROOT}/"}"
      problems=$(( problems + 1 ))
    fi
    if ! head -n 5 "${f}" | grep -q 'Copyright'; then
      log "missing copyright header: ${f#"${ROOT}/"}"
      problems=$(( problems + 1 ))
    fi
  done < <(find "${PKG_SRC}/inst" -name '*.m' | sort)
  (( problems == 0 )) || die "${problems} lint problem(s)"
}

build_tarball() {
  mkdir -p "${DIST}"
  local tree="${STAGE}/${NAME}"
  cp -a "${PKG_SRC}" "${tree}"
  find "${tree}" \( -name '*.orig' -o -name '*~' -o -name '.DS_Store' \) -delete
  tar -C "${STAGE}" --owner=0 --group=0 --sort=name --mtime="@$(git -C "${ROOT}" log -1 --format=%ct)" \
    -czf "${TARBALL}.tmp" "${NAME}"
  mv -f "${TARBALL}.tmp" "${TARBALL}"
  log "built ${TARBALL#"${ROOT}/"} ($(du -h "${TARBALL}" | cut -f1))"
}

install_into_prefix() {
  mkdir -p "${PREFIX}"
  "${OCT[@]}" --eval "
    pkg prefix '${PREFIX}' '${PREFIX}';
    pkg local_list '${PREFIX}/octave_packages';
    pkg install -nodeps '${TARBALL}';
    pkg list;
  " > "${STAGE}/install.log" 2>&1 || { cat "${STAGE}/install.log"; die "pkg install failed"; }
  log "installed into temporary prefix"
}

run_tests() {
  local log_file="${STAGE}/test.log"
  if "${OCT[@]}" --eval "
      pkg local_list '${PREFIX}/octave_packages';
      pkg load ${NAME};
      d = fileparts(which('${NAME}_version'));
      files = dir(fullfile(d, '*.m'));
      failed = 0;
      for k = 1:numel(files)
        [n, nmax] = test(fullfile(d, files(k).name), 'quiet', stdout);
        if n < nmax, failed++; printf('FAIL %s (%d/%d)\n', files(k).name, n, nmax); end
      end
      exit(failed > 0);
    " > "${log_file}" 2>&1; then
    log "tests passed"
  else
    grep -E '^FAIL|error:' "${log_file}" | head -n 30
    die "tests failed (full log kept in dist/test.log)"
  fi
  cp "${log_file}" "${DIST}/test.log"
}

checksums() {
  (cd "${DIST}" && sha256sum "$(basename "${TARBALL}")" > "$(basename "${TARBALL}").sha256")
  if (( SIGN )); then
    command -v gpg >/dev/null || die "--sign needs gpg"
    gpg --batch --yes --armor --detach-sign --output "${TARBALL}.asc" "${TARBALL}"
    log "signature: ${TARBALL#"${ROOT}/"}.asc"
  fi
}

check_description() {
  # fields Octave Forge requires, plus a sanity check of the Depends line
  local field missing=0
  for field in Name Version Date Author Maintainer Title Description License; do
    if [[ -z "$(desc "${field}")" ]]; then
      log "DESCRIPTION lacks ${field}"
      missing=$(( missing + 1 ))
    fi
  done
  local depends
  depends="$(desc Depends)"
  if [[ -n "${depends}" && "${depends}" != *octave* ]]; then
    log "Depends should name the minimum octave version (got: ${depends})"
    missing=$(( missing + 1 ))
  fi
  (( missing == 0 )) || die "fix DESCRIPTION first"
}

index_file() {
  # every public function in inst/ must be listed in INDEX, or pkg describe hides it
  local index="${PKG_SRC}/INDEX" f name unlisted=0
  [[ -f "${index}" ]] || { log "no INDEX file; Octave will generate one"; return 0; }
  while IFS= read -r f; do
    name="$(basename "${f}" .m)"
    [[ "${name}" == private* ]] && continue
    if ! grep -qw "${name}" "${index}"; then
      log "not in INDEX: ${name}"
      unlisted=$(( unlisted + 1 ))
    fi
  done < <(find "${PKG_SRC}/inst" -maxdepth 1 -name '*.m')
  (( unlisted == 0 )) || die "${unlisted} function(s) missing from INDEX"
}

release_notes() {
  local notes="${DIST}/${NAME}-${VERSION}.NEWS.txt"
  awk -v v="${VERSION}" '
    $0 ~ "^Summary of changes in " ("vibekit " v) {on = 1; next}
    on && /^Summary of changes in / {exit}
    on {print}
  ' "${PKG_SRC}/NEWS" > "${notes}"
  [[ -s "${notes}" ]] || log "warning: no NEWS section for ${VERSION}"
}

main() {
  check_description
  index_file
  check_version_tag
  lint_sources
  build_tarball
  install_into_prefix
  run_tests
  checksums
  release_notes
  log "release files in ${DIST#"${ROOT}/"}:"
  ls -1 "${DIST}" | sed 's/^/  /'
}

main
