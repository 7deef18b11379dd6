#!/usr/bin/env bash
# analysis/run.sh - nightly analysis job on the data science box.
#
# 1. refreshes data with `dvc pull` (project remote)
# 2. executes every notebook in analysis/nightly/ with papermill, parameters
#    from analysis/nightly/params.yaml, into analysis/output/<date>/
# 3. logs the run to the LOCAL MLflow tracking server (127.0.0.1:5005)
# 4. garbage-collects MLflow runs deleted in the UI (mlflow gc on our own
#    backend store) and output folders older than 21 days
#
# Intended for a systemd timer the data team set up; also fine by hand.
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NB_DIR="$ROOT/analysis/nightly"
PARAMS="$NB_DIR/params.yaml"
OUT_BASE="$ROOT/analysis/output"
TODAY="$(date +%F)"
OUT="$OUT_BASE/$TODAY"
MLFLOW_URI="http://127.0.0.1:5005"
MLFLOW_STORE="sqlite:///$ROOT/analysis/mlflow.db"
KEEP_DAYS=21
PY="$ROOT/.venv/bin/python"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }
die() { log "FATAL: $*"; exit 1; }

on_err() {
  log "failed at line $1; partial output kept in ${OUT#$ROOT/}"
}
trap 'on_err $LINENO' ERR

preflight() {
  [[ -x "$PY" ]] || die "no venv at .venv (make venv)"
  "$PY" -c 'import papermill, mlflow' 2>/dev/null || die "papermill/mlflow missing in the venv"
  command -v dvc >/dev/null || die "dvc not installed"
  mkdir -p "$OUT"
}

# The tracking server is optional; the job must still produce its reports.
mlflow_up() {
  curl -fsS -o /dev/null "$MLFLOW_URI/health"
}

# dvc pull is idempotent and only touches files tracked in dvc.lock.
refresh_data() {
  log "dvc pull"
  (cd "$ROOT" && dvc pull -q) || die "dvc pull failed"
  (cd "$ROOT" && dvc status -q) || log "note: workspace differs from dvc.lock"
}

param_args() {
  # flatten the notebook's section of params.yaml into -p key value pairs
  local nb="$1"
  "$PY" - "$PARAMS" "$nb" <<'PY'
import sys, yaml
params = yaml.safe_load(open(sys.argv[1])) or {}
section = {**params.get("*", {}), **params.get(sys.argv[2], {})}
for key, value in section.items():
    print("-p"); print(key); print(value)
PY
}

run_notebook() {
  local nb="$1" name out started rc=0
  name="$(basename "$nb" .ipynb)"
  out="$OUT/$name.ipynb"
  started=$(date +%s)
  local -a extra=()
  mapfile -t extra < <(param_args "$name")
  log "papermill $name (${#extra[@]} param args)"
  "$PY" -m papermill "$nb" "$out" -p run_date "$TODAY" "${extra[@]}" \
    --log-output --no-progress-bar --execution-timeout 1800 >"$OUT/$name.log" 2>&1 || rc=$?
  echo "$name $rc $(( $(date +%s) - started ))" >> "$OUT/summary.txt"
  if (( rc == 0 )); then
    "$PY" -m jupyter nbconvert --to html --no-input "$out" --output-dir "$OUT" >/dev/null 2>&1 || true
  fi
  return "$rc"
}

log_to_mlflow() {
  mlflow_up || { log "MLflow not reachable on $MLFLOW_URI; skipping tracking"; return 0; }
  MLFLOW_TRACKING_URI="$MLFLOW_URI" "$PY" - "$OUT/summary.txt" "$TODAY" <<'PY'
import sys, mlflow
mlflow.set_experiment("nightly-analysis")
with mlflow.start_run(run_name=f"nightly-{sys.argv[2]}"):
    for line in open(sys.argv[1]):
        name, rc, seconds = line.split()
        mlflow.log_metric(f"{name}.ok", 1 if rc == "0" else 0)
        mlflow.log_metric(f"{name}.seconds", float(seconds))
PY
}

mlflow_gc() {
  # permanently removes runs already deleted in the UI, from our own store only
  log "mlflow gc on ${MLFLOW_STORE#sqlite:///$ROOT/}"
  "$PY" -m mlflow gc --backend-store-uri "$MLFLOW_STORE" --older-than 30d >/dev/null 2>&1 || log "mlflow gc skipped"
}

prune_outputs() {
  local d
  for d in "$OUT_BASE"/20??-??-??; do
    [[ -d "$d" ]] || continue
    if [[ -n "$(find "$d" -maxdepth 0 -mtime +"$KEEP_DAYS")" ]]; then
      log "removing old output ${d#$ROOT/}"
      rm -rf -- "$d"
    fi
  done
}

notify_slack() {
  # optional: post the summary to the team channel through Slack's Web API
  [[ -n "${SLACK_BOT_TOKEN:-}" && -n "${SLACK_CHANNEL:-}" ]] || return 0
  local ok total text
  total="$(wc -l < "$OUT/summary.txt")"
  ok="$(awk '$2 == 0' "$OUT/summary.txt" | wc -l)"
  text="Nightly analysis $TODAY: $ok/$total notebooks ok"
  curl -fsS -X POST https://slack.com/api/chat.postMessage \
    -H "Authorization: Bearer $SLACK_BOT_TOKEN" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data "$(jq -n --arg c "$SLACK_CHANNEL" --arg t "$text" '{channel: $c, text: $t}')" >/dev/null \
    || log "slack notification failed"
}

lock() {
  # one nightly run at a time; the lock lives in our own output folder
  exec 9>"$OUT_BASE/.nightly.lock"
  flock -n 9 || die "another nightly run is in progress"
}

disk_check() {
  local free_gb
  free_gb="$(df -Pk "$OUT_BASE" | awk 'NR==2 {print int($4/1048576)}')"
  if (( free_gb < 5 )); then
    log "only ${free_gb} GB free; pruning outputs first"
    prune_outputs
  fi
}

failed_list() {
  awk '$2 != 0 {print "  " $1 " (exit " $2 ")"}' "$OUT/summary.txt"
}

write_index() {
  local f name rc secs
  {
    echo "<h1>Nightly analysis $TODAY</h1><ul>"
    while read -r name rc secs; do
      if [[ "$rc" == 0 ]]; then
        echo "<li><a href=\"$name.html\">$name</a> (${secs}s)</li>"
      else
        echo "<li>$name FAILED (exit $rc) - see $name.log</li>"
      fi
    done < "$OUT/summary.txt"
    echo "</ul>"
  } > "$OUT/index.html"
}

main() {
  mkdir -p "$OUT_BASE"
  lock
  disk_check
  preflight
  refresh_data
  : > "$OUT/summary.txt"
  local nb failed=0
  shopt -s nullglob
  for nb in "$NB_DIR"/[0-9][0-9]_*.ipynb; do
    run_notebook "$nb" || failed=$((failed + 1))
  done
  write_index
  log_to_mlflow
  mlflow_gc
  prune_outputs
  notify_slack
  (( failed == 0 )) || failed_list
  log "done: $failed failure(s); report ${OUT#$ROOT/}/index.html"
  (( failed == 0 ))
}

main "$@"
