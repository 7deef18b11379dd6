#!/usr/bin/env bash
# install-recorder.sh - run the MQTT sensor recorder in the background on the
# lab PC so overnight greenhouse data is captured.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
UNIT_DIR="$HOME/.config/systemd/user"
UNIT="greenhouse-recorder.service"
PY="$ROOT/.venv/bin/python"

log() { echo "[recorder] $*"; }

check() {
  [[ -x "$PY" ]] || { log "create the venv first: python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"; exit 1; }
  [[ -f "$ROOT/tools/recorder.py" ]] || { log "tools/recorder.py missing"; exit 1; }
}

unit_text() {
  cat <<EOF
[Unit]
Description=Greenhouse MQTT recorder
After=network-online.target

[Service]
WorkingDirectory=$ROOT
ExecStart=$PY $ROOT/tools/recorder.py --broker localhost --out $ROOT/data/recordings
Restart=always
RestartSec=10

[Install]
WantedBy=default.target
EOF
}

install_unit() {
  mkdir -p "$UNIT_DIR"
  unit_text >"$UNIT_DIR/$UNIT"
  systemctl --user daemon-reload
  systemctl --user enable --now "$UNIT"
  loginctl enable-linger "$USER" 2>/dev/null || true
  log "installed and started $UNIT"
}

status() {
  systemctl --user --no-pager status "$UNIT" | head -n 12 || true
}

uninstall() {
  systemctl --user disable --now "$UNIT" 2>/dev/null || true
  rm -f "$UNIT_DIR/$UNIT"
  systemctl --user daemon-reload
  log "removed"
}

main() {
  case "${1:-install}" in
    install) check; install_unit; status ;;
    status) status ;;
    uninstall) uninstall ;;
    *) echo "usage: $0 [install|status|uninstall]"; exit 2 ;;
  esac
}

main "$@"
