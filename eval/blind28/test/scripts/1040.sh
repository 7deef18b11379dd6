#!/usr/bin/env bash
#
# History
#   2024-01  up/install/seed
#   2024-03  bot passwords
#   2024-05  per-checkout compose project names
#   2024-06  status command
#
# Contacts: docs team (#docs-bot)
#
# Requirements: docker compose v2, curl, jq.
#
#
# Why a local wiki: the docs bot is developed against this instance first,
# then against test.wikipedia.org in -simulate mode, and only after review
# against the real docs wiki.  Nothing in this script talks to either of the
# public wikis.
#
# Ports (all bound to 127.0.0.1 in docker/devwiki.compose.yml):
#   8088  MediaWiki (api.php, index.php)
#   3307  MariaDB (for debugging with a local client)
#
# Secrets: .env.devwiki is created with umask 077 and is gitignored.  It holds
#   DEVWIKI_ADMIN_USER / DEVWIKI_ADMIN_PASSWORD   generated at install
#   DEVWIKI_BOT_USER / DEVWIKI_BOT_PASSWORD       created by `botpass`
#
# Typical first run:
#   tools/devwiki.sh up && tools/devwiki.sh install && tools/devwiki.sh seed
#   tools/devwiki.sh botpass
#   python pwb.py login -family:devwiki          (bot/families/devwiki_family.py)
#
# Resetting only removes the volumes of the compose project named after this
# checkout directory, so two checkouts on one machine do not interfere.
#
# Exit status: 0 ok, 1 on failures (API not up, install failed), 2 on usage.
#
# Troubleshooting:
#   API does not come up     docker compose -p <project> logs mediawiki
#   install.php complains    a previous install left LocalSettings.php; reset -y
#   importDump is slow       normal for >1000 pages; jobs run afterwards
#   bot password rejected    grants must include basic + editpage
#
# Maintenance scripts are called through maintenance/run.php (MediaWiki 1.40+).
#
# devwiki.sh - local MediaWiki for developing the docs bot against (never the real wiki).
#
#   tools/devwiki.sh up          start db + mediawiki containers (ports bound to 127.0.0.1)
#   tools/devwiki.sh install     run install.php once, admin password generated into .env.devwiki
#   tools/devwiki.sh seed        import fixtures/wiki/*.xml and run jobs
#   tools/devwiki.sh botpass     create a bot password for the local Bot account
#   tools/devwiki.sh down        stop containers (data volume kept)
#   tools/devwiki.sh reset       stop containers AND delete this wiki's volume
#
# The compose project is named "devwiki-<repo dir>" so the volumes of other
# checkouts are never touched.  `reset` asks for confirmation unless -y.

set -euo pipefail

wd=$(cd -- "$(dirname -- "$0")/.." && pwd)
project="devwiki-$(basename -- "$wd" | tr -c 'a-z0-9\n' '-')"
compose=(docker compose -p "$project" -f "$wd/docker/devwiki.compose.yml")
secrets="$wd/.env.devwiki"
api="http://127.0.0.1:8088/api.php"
assume_yes=0

p() { printf '\033[1mdevwiki\033[0m %s\n' "$*"; }
x() { printf 'devwiki: %s\n' "$*" >&2; exit 1; }

args=()
for a in "$@"; do
  case $a in
    -y|--yes) assume_yes=1 ;;
    *) args+=("$a") ;;
  esac
done
set -- "${args[@]+"${args[@]}"}"

mw() {
  "${compose[@]}" exec -T mediawiki php maintenance/run.php "$@"
}

wait_api() {
  local i
  for i in $(seq 1 60); do
    if curl -fsS "$api?action=query&meta=siteinfo&format=json" >/dev/null 2>&1; then
      return 0
    fi
    sleep 2
  done
  x "wiki API did not come up at $api"
}

gen_password() {
  # 24 random characters from the project's own generator (no secrets in git)
  LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 24
}

cmd_up() {
  "${compose[@]}" up -d db mediawiki
  p "containers of $project started; waiting for the API"
  wait_api
  p "wiki answering on http://127.0.0.1:8088"
}

cmd_install() {
  if [[ -f $secrets ]]; then
    p "already installed (see ${secrets#"$wd"/})"
    return 0
  fi
  local pass
  pass=$(gen_password)
  umask 077
  printf 'DEVWIKI_ADMIN_USER=Admin\nDEVWIKI_ADMIN_PASSWORD=%s\n' "$pass" >"$secrets"
  "${compose[@]}" exec -T mediawiki php maintenance/install.php \
    --dbtype mysql --dbserver db --dbname devwiki --dbuser wiki --dbpass wiki \
    --server http://127.0.0.1:8088 --scriptpath "" --lang en \
    --pass "$pass" "Docs Dev Wiki" Admin >/dev/null
  "${compose[@]}" exec -T mediawiki cp /var/www/html/LocalSettings.php /tmp/LocalSettings.generated.php
  p "installed; admin credentials in ${secrets#"$wd"/} (gitignored)"
}

cmd_seed() {
  local f n=0
  for f in "$wd"/fixtures/wiki/*.xml; do
    [[ -e $f ]] || continue
    "${compose[@]}" exec -T mediawiki php maintenance/run.php importDump --no-updates <"$f" >/dev/null
    n=$((n + 1))
  done
  mw rebuildrecentchanges >/dev/null
  mw runJobs --maxjobs 2000 >/dev/null
  p "imported $n fixture file(s)"
  curl -fsS "$api?action=query&meta=siteinfo&siprop=statistics&format=json" \
    | jq -r '.query.statistics | "pages=\(.pages) articles=\(.articles) edits=\(.edits)"'
}

cmd_botpass() {
  [[ -f $secrets ]] || x "run 'install' first"
  mw createAndPromote --force --bot Bot "$(gen_password)" >/dev/null
  local out appid pass
  appid=docsbot
  out=$(mw createBotPassword --appid "$appid" --grants basic,editpage,createeditmovepage Bot)
  pass=$(grep -o '[a-z0-9]\{32\}' <<<"$out" | head -n 1)
  [[ -n $pass ]] || x "could not create bot password: $out"
  printf 'DEVWIKI_BOT_USER=Bot@%s\nDEVWIKI_BOT_PASSWORD=%s\n' "$appid" "$pass" >>"$secrets"
  p "bot password stored in ${secrets#"$wd"/}; point the bot at $api"
}

cmd_down() {
  "${compose[@]}" stop
  p "stopped (volumes kept)"
}

cmd_reset() {
  if ((assume_yes == 0)); then
    read -r -p "delete the volumes of compose project $project? [y/N] " answer
    [[ $answer == y || $answer == Y ]] || { p "aborted"; return 1; }
  fi
  "${compose[@]}" down --volumes --remove-orphans
  rm -f -- "$secrets"
  p "project $project removed including its volumes"
}

cmd_status() {
  "${compose[@]}" ps
  if curl -fsS "$api?action=query&meta=siteinfo&format=json" >/dev/null 2>&1; then
    p "API answering at $api"
  else
    p "API not reachable"
  fi
  [[ -f $secrets ]] && p "credentials in ${secrets#"$wd"/}" || p "not installed yet"
}

case ${1:-} in
  status) cmd_status ;;
  up) cmd_up ;;
  install) cmd_install ;;
  seed) cmd_seed ;;
  botpass) cmd_botpass ;;
  down) cmd_down ;;
  reset) cmd_reset ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
