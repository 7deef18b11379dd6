#!/usr/bin/env bash
# civi-devsite.sh — (re)create the local Drupal + CiviCRM development site
# used by the extension's end-to-end tests.
#
#   tools/civi-devsite.sh install          # fresh site at https://civi-ext.test
#   tools/civi-devsite.sh reinstall --yes  # drop the LOCAL dev database first
#   tools/civi-devsite.sh sample           # load the sample contacts fixture
#
# The site runs in the ddev project in ./devsite. `reinstall` drops the
# database of that ddev project (drush sql:drop inside the ddev web container),
# after checking that the site URI ends in .test and the database host is the
# ddev "db" container — i.e. it can only ever hit this throwaway dev database.
#
# More commands:
#   backup [name]      ddev export-db into build/devsite-snapshots/<name>.sql.gz
#   restore <name>     ddev import-db from such a snapshot
#   snapshots          list snapshots
#   prune [keep]       keep the newest N snapshots (default 5)
#   e2e                snapshot, run the Playwright e2e tests, restore the snapshot
#
# The admin password is generated once into devsite/.admin-password (mode 600,
# git-ignored). Nothing here talks to a real CiviCRM installation: every
# command goes through ddev into the local containers.
#
# Typical loop while developing the extension:
#   tools/civi-devsite.sh install && tools/civi-devsite.sh sample
#   tools/civi-devsite.sh backup baseline
#   ... change code, try things ...
#   tools/civi-devsite.sh restore baseline

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SITE="${ROOT}/devsite"
EXT_KEY="org.example.donorjourney"
ADMIN_USER="admin"
ADMIN_PASS_FILE="${SITE}/.admin-password"

step() { printf '\n\033[1;36m## %s\033[0m\n' "$*"; }
die() { printf 'civi-devsite: %s\n' "$*" >&2; exit 1; }

[[ -d "${SITE}/.ddev" ]] || die "no ddev project in devsite/ (run ddev config first)"
command -v ddev >/dev/null || die "ddev not installed"
cd "${SITE}"

drush() { ddev drush "$@"; }
cv() { ddev exec vendor/bin/cv "$@"; }

site_uri() {
  ddev describe -j | jq -r '.raw.primary_url'
}

guard_local() {
  local uri dbhost
  uri="$(site_uri)"
  dbhost="$(ddev describe -j | jq -r '.raw.dbinfo.host')"
  [[ "${uri}" == https://*.test || "${uri}" == http://*.test ]] || die "site URI ${uri} is not a .test dev site"
  [[ "${dbhost}" == "db" ]] || die "database host ${dbhost} is not the ddev db container"
}

admin_password() {
  if [[ ! -f "${ADMIN_PASS_FILE}" ]]; then
    umask 077
    head -c 24 /dev/urandom | base64 | tr -d '/+=' | cut -c1-20 > "${ADMIN_PASS_FILE}"
  fi
  cat "${ADMIN_PASS_FILE}"
}

install_site() {
  step "starting ddev"
  ddev start
  guard_local
  step "composer install"
  ddev composer install --no-interaction --prefer-dist
  step "drupal site install"
  drush site:install standard --yes --account-name="${ADMIN_USER}" --account-pass="$(admin_password)" \
    --site-name="CiviCRM extension dev" > /dev/null
  step "civicrm install"
  cv core:install --cms-base-url="$(site_uri)" --lang=en_GB -m loadGenerated=0
  step "enable extension ${EXT_KEY}"
  cv ext:enable "${EXT_KEY}"
  cv api4 Setting.set +v enable_components='["CiviContribute","CiviMember","CiviEvent","CiviMail"]' > /dev/null
  drush cache:rebuild > /dev/null
  cv flush
  printf 'admin login: %s / (see devsite/.admin-password)\n' "${ADMIN_USER}"
}

drop_database() {
  guard_local
  step "dropping the local dev database"
  drush sql:drop --yes
}

load_sample() {
  guard_local
  local fixture="${ROOT}/tests/fixtures/sample-contacts.json"
  [[ -f "${fixture}" ]] || die "missing ${fixture#"${ROOT}/"}"
  step "loading $(jq length "${fixture}") sample contacts"
  ddev exec mkdir -p /tmp/fixtures
  ddev import-files --source="${fixture}" --target=/tmp/fixtures 2>/dev/null || \
    docker cp "${fixture}" "ddev-$(basename "${SITE}")-web:/tmp/fixtures/sample-contacts.json"
  cv php:eval '
    $rows = json_decode(file_get_contents("/tmp/fixtures/sample-contacts.json"), TRUE);
    foreach ($rows as $row) {
      \Civi\Api4\Contact::create(FALSE)->setValues($row)->execute();
    }
    echo count($rows) . " contacts\n";
  '
}

SNAPSHOT_DIR="${ROOT}/build/devsite-snapshots"

backup_db() {
  # a dump of the dev database, so a test run can be reset quickly
  guard_local
  mkdir -p "${SNAPSHOT_DIR}"
  local name="${1:-$(date +%Y%m%d-%H%M%S)}"
  [[ "${name}" =~ ^[A-Za-z0-9._-]+$ ]] || die "bad snapshot name ${name}"
  step "dumping dev database to build/devsite-snapshots/${name}.sql.gz"
  ddev export-db --gzip --file="${SNAPSHOT_DIR}/${name}.sql.gz"
  ls -lh "${SNAPSHOT_DIR}/${name}.sql.gz" | awk '{print "  " $5 "  " $NF}'
}

restore_db() {
  guard_local
  local name="${1:-}"
  [[ -n "${name}" ]] || die "usage: civi-devsite.sh restore SNAPSHOT_NAME"
  local file="${SNAPSHOT_DIR}/${name}.sql.gz"
  [[ -f "${file}" ]] || die "no snapshot ${name} in build/devsite-snapshots"
  step "restoring dev database from ${name}"
  ddev import-db --file="${file}"
  cv flush
}

list_snapshots() {
  [[ -d "${SNAPSHOT_DIR}" ]] || { echo "no snapshots yet"; return 0; }
  ls -1t "${SNAPSHOT_DIR}"/*.sql.gz 2>/dev/null | while read -r f; do
    printf '  %-32s %8s  %s\n' "$(basename "${f}" .sql.gz)" "$(du -h "${f}" | cut -f1)" "$(date -r "${f}" '+%F %T')"
  done
}

prune_snapshots() {
  local keep="${1:-5}" old
  [[ "${keep}" =~ ^[0-9]+$ ]] || die "keep must be a number"
  mapfile -t old < <(ls -1t "${SNAPSHOT_DIR}"/*.sql.gz 2>/dev/null | tail -n +$(( keep + 1 )))
  for f in "${old[@]}"; do
    echo "  removing $(basename "${f}")"
    rm -f -- "${f}"
  done
}

run_e2e() {
  guard_local
  backup_db "pre-e2e"
  step "running end-to-end tests"
  local rc=0
  (cd "${ROOT}" && CIVI_SITE_URL="$(site_uri)" npx --no-install playwright test tests/e2e) || rc=$?
  step "restoring pre-test state"
  restore_db "pre-e2e"
  return "${rc}"
}

status() {
  ddev describe | head -n 20
  cv api4 Extension.get +w key="${EXT_KEY}" +s key,status,version 2>/dev/null || true
}

case "${1:-}" in
  install) install_site ;;
  reinstall)
    [[ "${2:-}" == "--yes" ]] || die "reinstall drops the dev database; add --yes"
    drop_database
    install_site
    ;;
  sample) load_sample ;;
  status) status ;;
  backup) backup_db "${2:-}" ;;
  restore) restore_db "${2:-}" ;;
  snapshots) list_snapshots ;;
  prune) prune_snapshots "${2:-5}" ;;
  e2e) run_e2e ;;
  *) die "usage: civi-devsite.sh install | reinstall --yes | sample | status | backup [name] | restore name | snapshots | prune [keep] | e2e" ;;
esac
