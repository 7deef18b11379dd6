#!/usr/bin/env bash
# Maintain the Munki repository that lives in this git repo (munki_repo/).
#
#   tools/munki_repo.sh check              # lint pkginfo files, report problems
#   tools/munki_repo.sh catalogs           # makecatalogs + summary
#   tools/munki_repo.sh promote Firefox 126.0 testing production
#   tools/munki_repo.sh sync --apply       # rsync the repo to the internal web server
#
# The repo is served by munki.internal; pushing it there is the only network
# step and needs --apply.  pkginfo files are edited with PlistBuddy/plutil on
# macOS or python3's plistlib elsewhere, never by hand-rolled sed.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
REPO="${PROJECT}/munki_repo"
SERVER="munki-sync@munki.internal"
SERVER_PATH="/srv/munki/repo/"
CATALOGS=(testing production)

log() { printf '[munki] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ -d "${REPO}/pkgsinfo" ]] || die "no pkgsinfo/ in ${REPO}"

plist_get() {
  # plist_get FILE KEY -> value of a top-level string/array key (arrays comma-joined)
  python3 - "$1" "$2" <<'PY'
import plistlib, sys
with open(sys.argv[1], "rb") as fh:
    data = plistlib.load(fh)
value = data.get(sys.argv[2], "")
print(",".join(value) if isinstance(value, list) else value)
PY
}

plist_set_catalogs() {
  python3 - "$1" "$2" <<'PY'
import os, plistlib, sys, tempfile
path, catalogs = sys.argv[1], [c for c in sys.argv[2].split(",") if c]
with open(path, "rb") as fh:
    data = plistlib.load(fh)
data["catalogs"] = catalogs
fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
with os.fdopen(fd, "wb") as out:
    plistlib.dump(data, out)
os.replace(tmp, path)
PY
}

cmd_check() {
  local problems=0 f name ver cats installer
  while IFS= read -r -d '' f; do
    if ! python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "${f}" 2>/dev/null; then
      log "invalid plist: ${f#"${REPO}/"}"
      problems=$((problems + 1))
      continue
    fi
    name="$(plist_get "${f}" name)"
    ver="$(plist_get "${f}" version)"
    cats="$(plist_get "${f}" catalogs)"
    installer="$(plist_get "${f}" installer_item_location)"
    [[ -n "${name}" && -n "${ver}" ]] || { log "missing name/version: ${f#"${REPO}/"}"; problems=$((problems + 1)); }
    [[ -n "${cats}" ]] || { log "no catalogs: ${name} ${ver}"; problems=$((problems + 1)); }
    if [[ -n "${installer}" && ! -f "${REPO}/pkgs/${installer}" ]]; then
      log "installer missing for ${name} ${ver}: pkgs/${installer}"
      problems=$((problems + 1))
    fi
    # scripts embedded in pkginfo run as root on every client; flag them for review
    for key in preinstall_script postinstall_script installcheck_script uninstall_script; do
      if [[ -n "$(plist_get "${f}" "${key}")" ]]; then
        log "review: ${name} ${ver} has ${key}"
      fi
    done
  done < <(find "${REPO}/pkgsinfo" -type f \( -name '*.plist' -o -name '*.pkginfo' \) -print0)
  log "check finished: ${problems} problem(s)"
  ((problems == 0))
}

cmd_catalogs() {
  command -v makecatalogs >/dev/null || die "makecatalogs not found (install the Munki tools)"
  makecatalogs "${REPO}" 2>&1 | grep -v '^Adding' || true
  local c
  for c in "${CATALOGS[@]}"; do
    if [[ -f "${REPO}/catalogs/${c}" ]]; then
      n="$(python3 -c 'import plistlib,sys; print(len(plistlib.load(open(sys.argv[1],"rb"))))' "${REPO}/catalogs/${c}")"
      log "catalog ${c}: ${n} item(s)"
    fi
  done
}

cmd_promote() {
  local name="${1:?name}" version="${2:?version}" from="${3:?from catalog}" to="${4:?to catalog}"
  local f found=0 cats
  while IFS= read -r -d '' f; do
    [[ "$(plist_get "${f}" name)" == "${name}" && "$(plist_get "${f}" version)" == "${version}" ]] || continue
    cats="$(plist_get "${f}" catalogs)"
    if [[ ",${cats}," != *",${from},"* ]]; then
      die "${name} ${version} is not in ${from} (catalogs: ${cats})"
    fi
    if [[ ",${cats}," == *",${to},"* ]]; then
      log "${name} ${version} already in ${to}"
    else
      plist_set_catalogs "${f}" "${cats},${to}"
      log "promoted ${name} ${version}: ${cats} -> ${cats},${to}"
    fi
    found=1
  done < <(find "${REPO}/pkgsinfo" -type f -print0)
  ((found)) || die "no pkginfo for ${name} ${version}"
  cmd_catalogs
  git -C "${PROJECT}" add -- "${REPO}/pkgsinfo" "${REPO}/catalogs"
  log "staged changes; review with: git diff --cached --stat"
}

cmd_sync() {
  local apply=0
  [[ "${1:-}" == "--apply" ]] && apply=1
  local rsync_args=(-rlt --delete-after --exclude '.git*' --exclude '.DS_Store' --itemize-changes)
  ((apply)) || rsync_args+=(--dry-run)
  cmd_check || die "fix the problems above before syncing"
  cmd_catalogs
  log "$( ((apply)) && echo syncing || echo 'dry run for' ) ${SERVER}:${SERVER_PATH}"
  rsync "${rsync_args[@]}" -e "ssh -o BatchMode=yes" "${REPO}/" "${SERVER}:${SERVER_PATH}" \
    | sed 's/^/  /' >&2
  ((apply)) || log "nothing changed on the server; re-run with --apply"
}

cmd_list() {
  # name, version and catalogs of every pkginfo, sorted, for the change review
  local f
  while IFS= read -r -d '' f; do
    printf '%-32s %-16s %s\n' "$(plist_get "${f}" name)" "$(plist_get "${f}" version)" "$(plist_get "${f}" catalogs)"
  done < <(find "${REPO}/pkgsinfo" -type f -print0) | sort -f
}

cmd_import() {
  # import an installer that was dropped into incoming/ (inside this repo)
  local item="${1:?path to pkg/dmg in incoming/}" subdir="${2:-apps}"
  local abs
  abs="$(realpath -- "${item}")"
  case "${abs}" in
    "${PROJECT}/incoming/"*) ;;
    *) die "only installers from ${PROJECT}/incoming can be imported" ;;
  esac
  command -v munkiimport >/dev/null || die "munkiimport not found"
  if command -v pkgutil >/dev/null && [[ "${abs}" == *.pkg ]]; then
    pkgutil --check-signature "${abs}" | sed 's/^/  /' >&2 || log "warning: package is not signed"
  fi
  munkiimport --nointeractive --repo-url "file://${REPO}" --subdirectory "${subdir}" \
    --catalog testing "${abs}"
  log "imported into testing; run '$0 check' and commit the new pkginfo"
}

cmd_orphans() {
  # installers in pkgs/ that no pkginfo references (candidates for removal by a human)
  local f rel referenced
  referenced="$(mktemp)"
  while IFS= read -r -d '' f; do
    plist_get "${f}" installer_item_location
  done < <(find "${REPO}/pkgsinfo" -type f -print0) | sort -u > "${referenced}"
  while IFS= read -r -d '' f; do
    rel="${f#"${REPO}/pkgs/"}"
    grep -qxF -- "${rel}" "${referenced}" || printf 'orphan: pkgs/%s\n' "${rel}"
  done < <(find "${REPO}/pkgs" -type f -print0 2>/dev/null)
  rm -f -- "${referenced}"
}

cmd_stats() {
  local total pkgs size
  total="$(find "${REPO}/pkgsinfo" -type f | wc -l)"
  pkgs="$(find "${REPO}/pkgs" -type f 2>/dev/null | wc -l)"
  size="$(du -sh -- "${REPO}/pkgs" 2>/dev/null | cut -f1)"
  log "${total} pkginfo file(s), ${pkgs} installer(s), ${size:-0} of installers"
}

case "${1:-}" in
  list) cmd_list ;;
  import) shift; cmd_import "$@" ;;
  stats) cmd_stats ;;
  orphans) cmd_orphans ;;
  check) cmd_check ;;
  catalogs) cmd_catalogs ;;
  promote) shift; cmd_promote "$@" ;;
  sync) shift; cmd_sync "$@" ;;
  *) sed -n '2,11p' "$0"; exit 1 ;;
esac
