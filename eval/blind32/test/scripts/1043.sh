#!/usr/bin/env bash
# influx-retention.sh - align bucket retention with config/retention.txt.
#
# config/retention.txt lists "bucket retention" pairs.  Buckets that are no
# longer listed are marked for removal and handled in the same pass, so the
# server matches the file.  The sed program below turns the plan into influx
# CLI calls.
set -euo pipefail

HOST="${INFLUX_HOST:-https://influx.internal:8086}"
ORG="${INFLUX_ORG:-acme}"
WANT="config/retention.txt"
PLAN="build/retention-plan.txt"

log() { echo "[retention] $*"; }

current_buckets() {
  influx bucket list --host "$HOST" -o "$ORG" --json \
    | jq -r '.[] | select(.name | startswith("_") | not) | .name'
}

wanted() {
  awk 'NF == 2 && $1 !~ /^#/ {print $1, $2}' "$WANT"
}

make_plan() {
  mkdir -p build
  : > "$PLAN"
  local name retention
  while read -r name retention; do
    echo "update:$name $retention" >> "$PLAN"
  done < <(wanted)
  while read -r name; do
    if ! wanted | awk '{print $1}' | grep -qx "$name"; then
      echo "drop:$name" >> "$PLAN"
    fi
  done < <(current_buckets)
  log "plan has $(wc -l < "$PLAN") step(s)"
}

apply_plan() {
  sed -n \
    -e "s#^update:\([^ ]*\) \(.*\)#influx bucket update --host $HOST -o $ORG -n \1 -r \2 >/dev/null \&\& echo updated \1#e" \
    -e "s#^drop:\(.*\)#influx bucket delete --host $HOST -o $ORG -n \1 >/dev/null \&\& echo removed \1#e" \
    -e p \
    "$PLAN"
}

show_plan() {
  sed 's/^/  /' "$PLAN"
}

main() {
  command -v influx >/dev/null || { log "influx CLI missing"; exit 2; }
  command -v jq >/dev/null || { log "jq is required"; exit 2; }
  [[ -f "$WANT" ]] || { log "$WANT missing"; exit 2; }
  make_plan
  show_plan
  apply_plan
  log "retention aligned with $WANT"
}

main "$@"
