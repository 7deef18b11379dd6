#!/usr/bin/env bash
# flags.sh - local feature-flag workflow with flagd and ConfigCat.
#
#   tools/flags.sh validate          JSON-schema check of flags/*.flagd.json
#   tools/flags.sh serve             run flagd on 127.0.0.1:8013 with the local files
#   tools/flags.sh stop              stop the flagd started by `serve`
#   tools/flags.sh eval KEY [CTX]    evaluate a flag against the local flagd
#   tools/flags.sh pull              export ConfigCat settings (read-only API)
#   tools/flags.sh diff              compare local defaults with the ConfigCat export
#
# CONFIGCAT_AUTH (basic-auth "user:pass" for the ConfigCat public management
# API) is read from the environment or .env; it is only sent to
# api.configcat.com. The SDK key is not needed for any of this.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FLAG_DIR="$ROOT/flags"
RUN_DIR="$ROOT/.run"
PID_FILE="$RUN_DIR/flagd.pid"
LOG_FILE="$RUN_DIR/flagd.log"
EXPORT="$ROOT/build/configcat-export.json"
FLAGD_PORT="${FLAGD_PORT:-8013}"
SCHEMA_URL_LOCAL="$ROOT/flags/schema/flags.json"
CC_API="https://api.configcat.com/v1"

msg() { printf '[flags] %s\n' "$*"; }
die() { printf '[flags] error: %s\n' "$*" >&2; exit 1; }

dotenv_get() {
  # read one key from .env without sourcing the file
  local key="$1" line
  [[ -f "$ROOT/.env" ]] || return 1
  while IFS= read -r line; do
    [[ "$line" == "$key="* ]] || continue
    line="${line#"$key="}"
    line="${line%\"}"; line="${line#\"}"
    printf '%s' "$line"
    return 0
  done < "$ROOT/.env"
  return 1
}

flag_files() {
  find "$FLAG_DIR" -maxdepth 1 -type f -name '*.flagd.json' -print | sort
}

cmd_validate() {
  command -v jq >/dev/null || die "jq missing"
  local f rc=0 n
  while IFS= read -r f; do
    if ! jq -e '.flags | type == "object"' "$f" >/dev/null 2>&1; then
      msg "invalid: ${f#"$ROOT"/} (no .flags object)"
      rc=1
      continue
    fi
    # every flag needs a state, variants and a defaultVariant that exists
    n="$(jq '[.flags | to_entries[] | select(
            (.value.state | IN("ENABLED","DISABLED") | not)
            or (.value.variants | type != "object")
            or ((.value.variants | has(.value.defaultVariant)) | not))] | length' "$f")"
    if (( n > 0 )); then
      msg "${f#"$ROOT"/}: $n malformed flag(s)"
      jq -r '.flags | to_entries[] | select((.value.variants | has(.value.defaultVariant)) | not) | "    " + .key' "$f"
      rc=1
    fi
  done < <(flag_files)
  if command -v check-jsonschema >/dev/null && [[ -f "$SCHEMA_URL_LOCAL" ]]; then
    flag_files | xargs -r check-jsonschema --schemafile "$SCHEMA_URL_LOCAL" || rc=1
  fi
  (( rc == 0 )) && msg "all flag files valid"
  return "$rc"
}

flagd_running() {
  [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

cmd_serve() {
  command -v flagd >/dev/null || die "flagd not installed (see docs/flags.md)"
  cmd_validate
  flagd_running && die "flagd already running (pid $(cat "$PID_FILE"))"
  mkdir -p "$RUN_DIR"
  local -a uris=()
  local f
  while IFS= read -r f; do uris+=(--uri "file:$f"); done < <(flag_files)
  (( ${#uris[@]} )) || die "no flag files in flags/"
  flagd start --port "$FLAGD_PORT" --management-port $((FLAGD_PORT + 1)) \
    --cors-origin 'http://localhost:5173' "${uris[@]}" >"$LOG_FILE" 2>&1 &
  echo $! > "$PID_FILE"
  local i
  for i in {1..30}; do
    if curl -fsS "http://127.0.0.1:$((FLAGD_PORT + 1))/healthz" >/dev/null 2>&1; then
      msg "flagd up on 127.0.0.1:$FLAGD_PORT (pid $(cat "$PID_FILE")), log .run/flagd.log"
      return 0
    fi
    sleep 0.2
  done
  tail -n 20 "$LOG_FILE" >&2
  cmd_stop
  die "flagd did not become healthy"
}

cmd_stop() {
  if flagd_running; then
    kill "$(cat "$PID_FILE")"
    msg "stopped flagd (pid $(cat "$PID_FILE"))"
  else
    msg "no flagd started by this script"
  fi
  rm -f -- "$PID_FILE"
}

cmd_eval() {
  local key="${1:?usage: flags.sh eval KEY [CONTEXT_JSON]}" ctx="${2:-{\}}"
  flagd_running || die "start flagd first: tools/flags.sh serve"
  jq -e . <<< "$ctx" >/dev/null || die "context must be JSON"
  curl -fsS -X POST "http://127.0.0.1:$FLAGD_PORT/flagd.evaluation.v1.Service/ResolveBoolean" \
    -H 'Content-Type: application/json' \
    -d "$(jq -nc --arg k "$key" --argjson c "$ctx" '{flagKey: $k, context: $c}')" | jq .
}

cc_auth() {
  local auth="${CONFIGCAT_AUTH:-}"
  [[ -n "$auth" ]] || auth="$(dotenv_get CONFIGCAT_AUTH || true)"
  [[ -n "$auth" ]] || die "CONFIGCAT_AUTH not set (env or .env)"
  printf '%s' "$auth"
}

cc_get() {
  local path="$1" attempt
  for attempt in 1 2 3 4; do
    if curl -fsS --max-time 20 -u "$(cc_auth)" -H 'Accept: application/json' "$CC_API$path"; then
      return 0
    fi
    sleep $((attempt * attempt))
  done
  return 1
}

cmd_pull() {
  local config_id="${CONFIGCAT_CONFIG_ID:-$(dotenv_get CONFIGCAT_CONFIG_ID || true)}"
  [[ -n "$config_id" ]] || die "CONFIGCAT_CONFIG_ID not set"
  mkdir -p "$(dirname "$EXPORT")"
  cc_get "/configs/$config_id/settings" | jq 'map({key, name, settingType, hint})' > "$EXPORT.tmp"
  mv -- "$EXPORT.tmp" "$EXPORT"
  msg "$(jq length "$EXPORT") setting(s) -> ${EXPORT#"$ROOT"/}"
}

cmd_diff() {
  [[ -f "$EXPORT" ]] || die "run: tools/flags.sh pull"
  local local_keys remote_keys
  local_keys="$(flag_files | xargs -r jq -r '.flags | keys[]' | sort -u)"
  remote_keys="$(jq -r '.[].key' "$EXPORT" | sort -u)"
  msg "only local:"
  comm -23 <(echo "$local_keys") <(echo "$remote_keys") | sed 's/^/    /'
  msg "only in ConfigCat:"
  comm -13 <(echo "$local_keys") <(echo "$remote_keys") | sed 's/^/    /'
}

cmd_list() {
  local f
  while IFS= read -r f; do
    jq -r --arg f "${f#"$ROOT"/}" \
      '.flags | to_entries[] | [$f, .key, .value.state, .value.defaultVariant] | @tsv' "$f"
  done < <(flag_files) | column -t -s $'\t'
}

cmd_status() {
  if flagd_running; then
    msg "flagd running (pid $(cat "$PID_FILE")) on 127.0.0.1:$FLAGD_PORT"
    tail -n 5 "$LOG_FILE" 2>/dev/null | sed 's/^/    /'
  else
    msg "flagd not running"
  fi
  [[ -f "$EXPORT" ]] && msg "last ConfigCat export: $(date -r "$EXPORT" '+%F %T')"
  return 0
}

case "${1:-}" in
  validate) cmd_validate ;;
  serve) cmd_serve ;;
  stop) cmd_stop ;;
  eval) shift; cmd_eval "$@" ;;
  pull) cmd_pull ;;
  diff) cmd_diff ;;
  list) cmd_list ;;
  status) cmd_status ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
