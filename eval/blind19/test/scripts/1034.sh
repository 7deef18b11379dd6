#!/usr/bin/env bash
# scripts/local-config.sh - render config/app.local.yaml from the 1Password template.
#
# config/app.tpl.yaml contains op:// references ({{ op://Dev/... }}). This runs
# `op inject` to produce config/app.local.yaml (git-ignored, mode 600), starts
# the app with it, and shreds the rendered file when the app exits unless
# KEEP_CONFIG=1. The rendered file never leaves the repository folder.
#
#   scripts/local-config.sh render      render only
#   scripts/local-config.sh run         render, run `go run ./cmd/api`, clean up
#   scripts/local-config.sh check       verify every reference resolves (no output of values)
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
TEMPLATE="$REPO/config/app.tpl.yaml"
RENDERED="$REPO/config/app.local.yaml"
APP_CMD=(go run ./cmd/api --config "$RENDERED")

info() { echo "local-config: $*"; }
die() { echo "local-config: $*" >&2; exit 1; }

require_op() {
  command -v op >/dev/null || die "1Password CLI (op) not installed"
  op whoami >/dev/null 2>&1 || die "not signed in: eval \$(op signin)"
}

assert_ignored() {
  git -C "$REPO" check-ignore -q "$RENDERED" || die "${RENDERED#$REPO/} is not git-ignored; add it to .gitignore first"
}

# Sorted and de-duplicated so check output is stable between runs.
references() {
  grep -o 'op://[^ }"]*' "$TEMPLATE" | sort -u
}

check_refs() {
  local ref bad=0
  while read -r ref; do
    if op read --no-newline "$ref" >/dev/null 2>&1; then
      printf '  ok       %s\n' "$ref"
    else
      printf '  MISSING  %s\n' "$ref"
      bad=$((bad + 1))
    fi
  done < <(references)
  ((bad == 0)) || die "$bad reference(s) do not resolve"
}

render() {
  assert_ignored
  umask 077
  op inject --in-file "$TEMPLATE" --out-file "$RENDERED" --force >/dev/null
  chmod 600 "$RENDERED"
  info "rendered ${RENDERED#$REPO/} ($(grep -c . "$RENDERED") lines)"
}

# Called from an EXIT trap as well, so it must be safe to run twice.
shred_rendered() {
  [[ -f "$RENDERED" ]] || return 0
  if [[ "${KEEP_CONFIG:-0}" == 1 ]]; then
    info "keeping ${RENDERED#$REPO/} (KEEP_CONFIG=1)"
    return 0
  fi
  if command -v shred >/dev/null; then
    shred -u "$RENDERED"
  else
    rm -f "$RENDERED"
  fi
  info "removed ${RENDERED#$REPO/}"
}

diff_keys() {
  # keys present in the template but not in the example config (docs drift)
  local example="$REPO/config/app.example.yaml"
  [[ -f "$example" ]] || return 0
  comm -23 \
    <(grep -oE '^[a-z_]+:' "$TEMPLATE" | sort -u) \
    <(grep -oE '^[a-z_]+:' "$example" | sort -u) | sed 's/^/  not in example: /'
}

run_app() {
  render
  trap shred_rendered EXIT
  info "starting: ${APP_CMD[*]}"
  (cd "$REPO" && "${APP_CMD[@]}")
}

lint_template() {
  # every secret must come from the Dev vault; Prod references do not belong here
  if grep -q 'op://Prod' "$TEMPLATE"; then
    die "template references the Prod vault; local config must use Dev"
  fi
  local n
  n="$(references | wc -l)"
  info "$n distinct reference(s) in template"
}

wait_for_app() {
  # the API listens on 127.0.0.1:8080 once config is loaded; used by `run --smoke`
  local i
  for i in $(seq 1 60); do
    if curl -fsS -o /dev/null http://127.0.0.1:8080/healthz 2>/dev/null; then
      info "API healthy on 127.0.0.1:8080"
      return 0
    fi
    sleep 1
  done
  die "API did not become healthy"
}

smoke() {
  # start the app in the background, hit a few endpoints, stop it again
  render
  trap shred_rendered EXIT
  (cd "$REPO" && "${APP_CMD[@]}") >"$REPO/.cache/local-config-smoke.log" 2>&1 &
  local app_pid=$!
  wait_for_app
  local path code failed=0
  for path in /healthz /v1/version /v1/products?limit=1; do
    code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:8080$path")"
    printf '  %-28s %s\n' "$path" "$code"
    [[ "$code" == 200 ]] || failed=$((failed + 1))
  done
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  ((failed == 0)) || die "$failed smoke request(s) failed"
}

stale_check() {
  # a rendered file older than the template means someone edited the template
  [[ -f "$RENDERED" ]] || return 0
  if [[ "$TEMPLATE" -nt "$RENDERED" ]]; then
    info "rendered config is older than the template; re-rendering"
    render
  fi
}

permissions_check() {
  [[ -f "$RENDERED" ]] || return 0
  local mode
  mode="$(stat -c %a "$RENDERED" 2>/dev/null || stat -f %Lp "$RENDERED")"
  if [[ "$mode" != 600 ]]; then
    info "fixing mode $mode -> 600 on ${RENDERED#$REPO/}"
    chmod 600 "$RENDERED"
  fi
}

status() {
  if [[ -f "$RENDERED" ]]; then
    info "rendered config present ($(date -r "$RENDERED" '+%F %T'))"
    permissions_check
  else
    info "no rendered config"
  fi
  info "template references: $(references | wc -l)"
  if op whoami >/dev/null 2>&1; then
    info "1Password: signed in as $(op whoami --format json | jq -r .email)"
  else
    info "1Password: not signed in"
  fi
}

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }

main() {
  [[ -f "$TEMPLATE" ]] || die "missing ${TEMPLATE#$REPO/}"
  local cmd="${1:-run}"
  case "$cmd" in
    render) require_op; lint_template; render ;;
    run) require_op; lint_template; run_app ;;
    check) require_op; lint_template; check_refs; diff_keys ;;
    clean) shred_rendered ;;
    smoke) require_op; mkdir -p "$REPO/.cache"; smoke ;;
    status) status ;;
    refresh) require_op; stale_check ;;
    -h|--help) usage ;;
    *) usage; die "unknown command $cmd" ;;
  esac
}

main "$@"
