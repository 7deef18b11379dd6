#!/usr/bin/env bash
# ai-dev.sh - local model setup for the support-assistant feature.
#
#   scripts/ai-dev.sh setup     pull the base models listed in ai/models.txt,
#                               build the acme-support model from ai/Modelfile
#   scripts/ai-dev.sh check     confirm the daemon listens on loopback only and
#                               the models answer a smoke prompt
#   scripts/ai-dev.sh serve     run `ollama serve` in the foreground bound to
#                               127.0.0.1 (for machines without the desktop app)
#   scripts/ai-dev.sh prune     remove acme-* models not defined in ai/
#
# The Modelfile's sha256 is recorded in ai/.modelfile.sha so `setup` only
# rebuilds when the Modelfile changed.
set -euo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)"
MODELS_FILE="$ROOT/ai/models.txt"
MODELFILE="$ROOT/ai/Modelfile"
STAMP="$ROOT/ai/.modelfile.sha"
CUSTOM="acme-support"
HOST="127.0.0.1:11434"
API="http://$HOST"

# all messages go to stdout except fatal errors
msg() { printf 'ai-dev: %s\n' "$*"; }
die() { printf 'ai-dev: %s\n' "$*" >&2; exit 1; }

need() {
  command -v "$1" >/dev/null || die "$1 is required"
}

daemon_up() {
  curl -fs "$API/api/version" >/dev/null 2>&1
}

listening_address() {
  # which address ollama is bound to; we want loopback only
  if command -v ss >/dev/null; then
    ss -ltnp 2>/dev/null | awk '/:11434 / { print $4 }' | head -n 1
  elif command -v lsof >/dev/null; then
    lsof -nP -iTCP:11434 -sTCP:LISTEN 2>/dev/null | awk 'NR == 2 { print $9 }'
  fi
}

sha_of() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

installed_models() {
  curl -fs "$API/api/tags" | jq -r '.models[].name'
}

wanted_models() {
  grep -vE '^\s*(#|$)' "$MODELS_FILE"
}

pull_missing() {
  local have m
  have="$(installed_models)"
  while IFS= read -r m; do
    [[ "$m" == *:* ]] || m="$m:latest"
    if grep -qxF "$m" <<<"$have"; then
      msg "have $m"
    else
      msg "pulling $m"
      ollama pull "$m"
    fi
  done < <(wanted_models)
}

build_custom() {
  local now old=""
  now="$(sha_of "$MODELFILE")"
  [[ -f "$STAMP" ]] && old="$(cat "$STAMP")"
  if [[ "$now" == "$old" ]] && installed_models | grep -q "^$CUSTOM:"; then
    msg "$CUSTOM is up to date"
    return 0
  fi
  msg "building $CUSTOM from ai/Modelfile"
  (cd "$ROOT/ai" && ollama create "$CUSTOM" -f Modelfile)
  echo "$now" > "$STAMP"
}

smoke() {
  local model="$1" reply
  reply="$(curl -fs "$API/api/generate" -d "$(jq -n --arg m "$model" \
    '{model: $m, prompt: "Reply with the single word: pong", stream: false, options: {num_predict: 8, temperature: 0}}')" |
    jq -r '.response')"
  if [[ "${reply,,}" == *pong* ]]; then
    msg "smoke ok: $model"
  else
    msg "smoke unexpected reply from $model: ${reply:0:60}"
    return 1
  fi
}

cmd_setup() {
  need ollama
  need jq
  daemon_up || die "ollama is not running on $HOST (open the app or run: $0 serve)"
  pull_missing
  build_custom
  smoke "$CUSTOM"
}

cmd_check() {
  need jq
  daemon_up || die "daemon not reachable on $HOST"
  local addr
  addr="$(listening_address || true)"
  case "$addr" in
    127.0.0.1:11434|localhost:11434|"[::1]:11434"|"") msg "listening on ${addr:-loopback (unknown tool)}" ;;
    *) msg "WARNING: ollama listens on $addr; set OLLAMA_HOST=127.0.0.1 for dev machines" ;;
  esac
  local m failed=0
  for m in $(installed_models | grep -E "^($CUSTOM|$(wanted_models | cut -d: -f1 | paste -sd'|' -)):" || true); do
    smoke "$m" || failed=1
  done
  return "$failed"
}

cmd_serve() {
  need ollama
  daemon_up && die "a daemon is already running on $HOST"
  msg "serving on $HOST (Ctrl-C to stop)"
  OLLAMA_HOST="$HOST" exec ollama serve
}

cmd_prune() {
  need ollama
  daemon_up || die "daemon not reachable on $HOST"
  local m removed=0
  while IFS= read -r m; do
    case "${m%%:*}" in
      "$CUSTOM") continue ;;
      acme-*)
        msg "removing stale project model $m"
        ollama rm "$m"
        removed=$((removed + 1))
        ;;
    esac
  done < <(installed_models)
  msg "$removed stale model(s) removed"
}

usage() {
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
}

cmd_bench() {
  # rough tokens/s for the custom model, to compare laptops
  need jq
  daemon_up || die "daemon not reachable on $HOST"
  local out
  out="$(curl -fs "$API/api/generate" -d "$(jq -n --arg m "$CUSTOM" \
    '{model: $m, prompt: "Write three sentences about parcel tracking.", stream: false, options: {temperature: 0}}')")"
  jq -r '
    "eval tokens:   \(.eval_count)",
    "eval seconds:  \((.eval_duration / 1e9 * 100 | floor) / 100)",
    "tokens/s:      \((.eval_count / (.eval_duration / 1e9)) * 10 | floor / 10)",
    "load seconds:  \((.load_duration / 1e9 * 100 | floor) / 100)"' <<<"$out"
}

disk_usage() {
  # size of the models this project uses, from the API (no filesystem access)
  curl -fs "$API/api/tags" |
    jq -r --arg c "$CUSTOM" '.models[] | select(.name | startswith($c) or startswith("llama") or startswith("nomic")) |
      "\(.name)\t\((.size / 1e9 * 10 | floor) / 10) GB"' |
    column -t
}

case "${1:-}" in
  setup) cmd_setup ;;
  check) cmd_check ;;
  serve) cmd_serve ;;
  prune) cmd_prune ;;
  du) disk_usage ;;
  bench) cmd_bench ;;
  *) usage; exit 2 ;;
esac
