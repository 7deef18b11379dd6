#!/usr/bin/env bash
#
# etcd-auth-dev.sh -- enable authentication on the local etcd used by the
# orbit config service tests, with one role per service and prefix.
#
#   etcd-auth-dev.sh setup        create root + service users/roles, enable auth
#   etcd-auth-dev.sh verify       prove each role can read its prefix and not others
#   etcd-auth-dev.sh teardown     disable auth and delete the users/roles we made
#
# Passwords for the dev users are generated into .etcd-dev/credentials (0600)
# and read from there by the tests. The script only talks to
# http://127.0.0.1:2379 and only manages the users listed in SERVICES (plus
# root); it never deletes keys.
#
set -Eeuo pipefail

base=$(cd "$(dirname "${BASH_SOURCE[0]}")"/.. && pwd -P)
endpoint=http://127.0.0.1:2379
cred_dir=$base/.etcd-dev
cred_file=$cred_dir/credentials
declare -A SERVICES=(
  [gateway]=/orbit/dev/gateway/
  [billing]=/orbit/dev/billing/
  [search]=/orbit/dev/search/
)

usage() {
  cat <<'EOF'
usage: etcd-auth-dev.sh setup|verify|teardown|rotate SERVICE|export|roles
  setup     create users/roles and enable auth on the local etcd
  verify    check every service can use its own prefix and only that
  teardown  disable auth and remove the dev users and roles
  rotate    new password for one service
  export    write per-service env files for docker compose
  roles     print the roles and their permissions
EOF
}

log() { printf '%(%H:%M:%S)T etcd-auth-dev %s\n' -1 "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

e() { ETCDCTL_API=3 etcdctl --endpoints="$endpoint" "$@"; }
e_root() { e --user "root:$(cred root)" "$@"; }

cred() {
  awk -F: -v u="$1" '$1 == u {print $2}' "$cred_file"
}

gen_password() {
  head -c 18 /dev/urandom | base64 | tr -d '/+=' | cut -c1-20
}

ensure_credentials() {
  install -d -m 0700 "$cred_dir"
  if [[ ! -f $cred_file ]]; then
    umask 077
    {
      printf 'root:%s\n' "$(gen_password)"
      local s
      for s in "${!SERVICES[@]}"; do
        printf '%s:%s\n' "$s" "$(gen_password)"
      done
    } > "$cred_file"
    log "generated dev credentials in ${cred_file#"$base"/}"
  fi
}

auth_enabled() {
  e auth status 2>/dev/null | grep -q 'Authentication Status: true'
}

cmd_setup() {
  ensure_credentials
  if auth_enabled; then
    log "auth already enabled"
    return 0
  fi
  e user add "root:$(cred root)" >/dev/null 2>&1 || log "root user exists"
  e role add root >/dev/null 2>&1 || true
  e user grant-role root root >/dev/null 2>&1 || true
  local s prefix
  for s in "${!SERVICES[@]}"; do
    prefix=${SERVICES[$s]}
    e user add "$s:$(cred "$s")" >/dev/null 2>&1 || log "user $s exists"
    e role add "$s-rw" >/dev/null 2>&1 || true
    e role grant-permission "$s-rw" --prefix=true readwrite "$prefix" >/dev/null
    e user grant-role "$s" "$s-rw" >/dev/null
    log "role $s-rw -> $prefix"
  done
  e auth enable >/dev/null
  log "authentication enabled on $endpoint"
}

cmd_verify() {
  auth_enabled || die "auth is not enabled; run setup first"
  local s other ok=0 bad=0
  for s in "${!SERVICES[@]}"; do
    if e --user "$s:$(cred "$s")" put "${SERVICES[$s]}probe" ok >/dev/null 2>&1; then
      ok=$((ok + 1))
    else
      log "FAIL: $s cannot write its own prefix"
      bad=$((bad + 1))
    fi
    for other in "${!SERVICES[@]}"; do
      [[ $other == "$s" ]] && continue
      if e --user "$s:$(cred "$s")" get "${SERVICES[$other]}probe" >/dev/null 2>&1; then
        log "FAIL: $s can read ${SERVICES[$other]}"
        bad=$((bad + 1))
      fi
    done
    e --user "$s:$(cred "$s")" del "${SERVICES[$s]}probe" >/dev/null 2>&1 || true
  done
  log "$ok service(s) can use their prefix; $bad isolation problem(s)"
  (( bad == 0 ))
}

cmd_teardown() {
  if auth_enabled; then
    e_root auth disable >/dev/null
    log "authentication disabled"
  fi
  local s
  for s in "${!SERVICES[@]}"; do
    e user delete "$s" >/dev/null 2>&1 && log "deleted user $s" || true
    e role delete "$s-rw" >/dev/null 2>&1 || true
  done
  e user delete root >/dev/null 2>&1 || true
  e role delete root >/dev/null 2>&1 || true
  rm -f -- "$cred_file"
  log "dev users and roles removed (keys untouched)"
}

cmd_rotate() {
  # give one service a new password (e.g. after it leaked into a test log)
  local s=${1:?rotate needs a service name}
  [[ -n ${SERVICES[$s]+x} ]] || die "unknown service $s"
  auth_enabled || die "auth is not enabled"
  local new tmp
  new=$(gen_password)
  e_root user passwd "$s" --interactive=false <<<"$new" >/dev/null
  tmp=$(mktemp "$cred_file.XXXX")
  awk -F: -v u="$s" -v p="$new" 'BEGIN {OFS=":"} $1 == u {$2 = p} {print}' "$cred_file" > "$tmp"
  chmod 600 "$tmp"
  mv "$tmp" "$cred_file"
  log "rotated password for $s (stored in ${cred_file#"$base"/})"
}

cmd_export() {
  # write an env file per service for docker compose; values come from the
  # credentials file and the files are 0600 inside .etcd-dev/
  local s out
  for s in "${!SERVICES[@]}"; do
    out=$cred_dir/$s.env
    umask 077
    printf 'ETCD_ENDPOINTS=%s\nETCD_USER=%s\nETCD_PASSWORD=%s\nETCD_PREFIX=%s\n' \
      "http://host.docker.internal:2379" "$s" "$(cred "$s")" "${SERVICES[$s]}" > "$out"
    log "wrote ${out#"$base"/}"
  done
}

cmd_roles() {
  auth_enabled || { log "auth disabled; no roles enforced"; return 0; }
  local r
  for r in $(e_root role list); do
    printf '%s\n' "== $r"
    e_root role get "$r" | sed 's/^/   /'
  done
}

main() {
  command -v etcdctl >/dev/null || die "etcdctl not installed"
  case ${1:-} in
    rotate) shift; ensure_credentials; cmd_rotate "$@"; return ;;
    export) ensure_credentials; cmd_export; return ;;
    roles) cmd_roles; return ;;
  esac
  e endpoint health >/dev/null 2>&1 || e_root endpoint health >/dev/null 2>&1 \
    || die "etcd at $endpoint is not reachable"
  case ${1:-verify} in
    setup) cmd_setup ;;
    verify) cmd_verify ;;
    teardown) cmd_teardown ;;
    -h|--help) usage ;;
    *) usage >&2; exit 2 ;;
  esac
}

main "$@"
