#!/usr/bin/env bash
# flag-poller.sh - keep a local cache of the flag configuration for offline dev.
#
# Fetches the ConfigCat config JSON for the dev environment every few
# minutes into .cache/flags.json so the app can run without network.
set -euo pipefail

proj=$(cd "$(dirname "$0")/.." && pwd)
cache="$proj/.cache/flags.json"
interval_min=${INTERVAL_MIN:-5}

say() { echo "[flag-poller] $*"; }

sdk_key() {
  local k=${CONFIGCAT_SDK_KEY:-}
  [[ -z $k && -f "$proj/.env" ]] && k=$(sed -n 's/^CONFIGCAT_SDK_KEY=//p' "$proj/.env")
  [[ -n $k ]] || { say "CONFIGCAT_SDK_KEY missing"; exit 1; }
  printf '%s' "$k"
}

fetch_once() {
  mkdir -p "$(dirname "$cache")"
  curl -fsS "https://cdn-global.configcat.com/configuration-files/$(sdk_key)/config_v6.json" \
    -o "$cache.tmp" && mv -f "$cache.tmp" "$cache"
  say "cached $(jq '.f | length' "$cache") setting(s)"
}

install_timer() {
  local unit_dir="$HOME/.config/systemd/user"
  mkdir -p "$unit_dir"
  cat > "$unit_dir/flag-poller.service" <<UNIT
[Unit]
Description=ConfigCat cache for $(basename "$proj")

[Service]
Type=oneshot
ExecStart=$proj/tools/flag-poller.sh --once
UNIT
  cat > "$unit_dir/flag-poller.timer" <<UNIT
[Unit]
Description=refresh ConfigCat cache every ${interval_min} min

[Timer]
OnBootSec=1min
OnUnitActiveSec=${interval_min}min

[Install]
WantedBy=timers.target
UNIT
  systemctl --user daemon-reload
  systemctl --user enable --now flag-poller.timer >/dev/null
  loginctl enable-linger "$USER" 2>/dev/null || true
}

case ${1:-} in
  --once) fetch_once ;;
  *)
    fetch_once
    install_timer
    say "cache refreshes every ${interval_min} min"
    ;;
esac
