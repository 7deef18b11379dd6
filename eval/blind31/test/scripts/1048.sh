#!/usr/bin/env bash
# zulip-dev-bots.sh — prepare the Zulip development server for the bot
# integration tests: realm, test users, bot accounts and their zuliprc files.
#
# Runs inside the Zulip development environment (the Vagrant/Docker dev VM,
# tools/provision already done). Uses the server's own management commands
# (./manage.py) against the *development* database; the script checks
# settings.DEVELOPMENT before doing anything.
#
#   tools/zulip-dev-bots.sh                # create what is missing
#   tools/zulip-dev-bots.sh --reset-bots   # deactivate and recreate our test bots
#
# The generated zuliprc files go to build/zuliprc/<bot>.zuliprc with mode 600;
# they contain dev-server API keys only and are git-ignored.
#
# Requirements: the Zulip dev server running (tools/run-dev) so the final API
# smoke test can reach it, plus jq and curl on the dev VM. The realm owner
# (iago@botlab.localhost) is created together with the realm by
# create_realm below; the realm password here is a dev-only placeholder,
# not a secret.
#
# Re-running is safe: existing bots are kept (their zuliprc is rewritten with
# the current key) unless --reset-bots is given.

set -euo pipefail

ZULIP_DIR="${ZULIP_DIR:-${HOME}/zulip}"
PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${PROJECT}/build/zuliprc"
REALM="botlab"
SITE="http://localhost:9991"
BOT_OWNER="iago@botlab.localhost"
BOTS=(digest-bot label-bot triage-bot)
RESET=0

log() { printf '[zulip-dev] %s\n' "$*"; }
die() { printf '[zulip-dev] %s\n' "$*" >&2; exit 1; }

[[ "${1:-}" == "--reset-bots" ]] && RESET=1
[[ -x "${ZULIP_DIR}/manage.py" ]] || die "no Zulip checkout at ${ZULIP_DIR}"

manage() {
  (cd "${ZULIP_DIR}" && ./manage.py "$@")
}

django_shell() {
  (cd "${ZULIP_DIR}" && ./manage.py shell --command "$1")
}

ensure_development() {
  local dev
  dev="$(django_shell 'from django.conf import settings; print(settings.DEVELOPMENT)' 2>/dev/null | tail -n 1)"
  [[ "${dev}" == "True" ]] || die "settings.DEVELOPMENT is not True; refusing to touch this server"
}

ensure_realm() {
  if manage list_realms 2>/dev/null | awk '{print $2}' | grep -qx "${REALM}"; then
    log "realm ${REALM} exists"
  else
    log "creating realm ${REALM}"
    manage create_realm --string-id="${REALM}" --realm-name="Bot Lab" \
      --email="${BOT_OWNER}" --full-name="Iago" --password=dev-only-password > /dev/null
  fi
}

bot_email() {
  printf '%s-bot@%s.localhost' "${1%-bot}" "${REALM}"
}

bot_exists() {
  django_shell "
from zerver.models import UserProfile
print(UserProfile.objects.filter(delivery_email='$(bot_email "$1")', is_active=True).exists())
" | tail -n 1 | grep -qx True
}

deactivate_bot() {
  log "deactivating $1"
  django_shell "
from zerver.actions.users import do_deactivate_user
from zerver.models import UserProfile
bot = UserProfile.objects.get(delivery_email='$(bot_email "$1")')
do_deactivate_user(bot, acting_user=None)
" > /dev/null
}

create_bot() {
  local name="$1"
  log "creating bot ${name}"
  django_shell "
from zerver.actions.create_user import do_create_user
from zerver.models import UserProfile, get_realm
realm = get_realm('${REALM}')
owner = UserProfile.objects.get(delivery_email='${BOT_OWNER}', realm=realm)
do_create_user('$(bot_email "${name}")', None, realm, '${name}', bot_type=UserProfile.DEFAULT_BOT,
               bot_owner=owner, acting_user=owner)
" > /dev/null
}

write_zuliprc() {
  local name="$1" key file
  key="$(django_shell "
from zerver.models import UserProfile
print(UserProfile.objects.get(delivery_email='$(bot_email "${name}")').api_key)
" | tail -n 1)"
  [[ -n "${key}" ]] || die "could not read API key for ${name}"
  mkdir -p "${OUT}"
  chmod 700 "${OUT}"
  file="${OUT}/${name}.zuliprc"
  umask 077
  cat > "${file}.tmp" <<EOF
[api]
email=$(bot_email "${name}")
key=${key}
site=${SITE}
EOF
  mv -f "${file}.tmp" "${file}"
  chmod 600 "${file}"
  log "wrote ${file#"${PROJECT}/"} (key …${key: -4})"
}

create_test_streams() {
  local stream
  for stream in triage labels digests; do
    manage create_stream -r "${REALM}" "${stream}" > /dev/null 2>&1 || true
  done
  log "streams ready: triage, labels, digests"
}

smoke_test() {
  local rc="${OUT}/${BOTS[0]}.zuliprc"
  local email key
  email="$(awk -F= '$1 == "email" {print $2}' "${rc}")"
  key="$(awk -F= '$1 == "key" {print $2}' "${rc}")"
  if curl -fsS -u "${email}:${key}" "${SITE}/api/v1/users/me" | jq -e '.is_bot == true' > /dev/null; then
    log "API check OK for ${BOTS[0]}"
  else
    die "API check failed for ${BOTS[0]}"
  fi
}

dev_server_running() {
  # run-dev.py listens on 9991; the management commands work without it, the smoke test does not
  if ! curl -fs -o /dev/null "${SITE}/api/v1/server_settings"; then
    die "the dev server is not answering on ${SITE}; start tools/run-dev in the Zulip checkout"
  fi
}

list_bots() {
  log "bots in realm ${REALM}:"
  django_shell "
from zerver.models import UserProfile, get_realm
for bot in UserProfile.objects.filter(realm=get_realm('${REALM}'), is_bot=True).order_by('full_name'):
    print(f'  {bot.full_name:<20} {bot.delivery_email:<40} active={bot.is_active}')
"
}

main() {
  ensure_development
  dev_server_running
  ensure_realm
  create_test_streams
  local bot
  for bot in "${BOTS[@]}"; do
    if bot_exists "${bot}"; then
      if (( RESET )); then
        deactivate_bot "${bot}"
        create_bot "${bot}"
      else
        log "bot ${bot} exists"
      fi
    else
      create_bot "${bot}"
    fi
    write_zuliprc "${bot}"
  done
  smoke_test
  list_bots
  log "done; point the tests at build/zuliprc/"
}

main
