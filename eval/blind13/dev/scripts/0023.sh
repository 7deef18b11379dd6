#!/usr/bin/env bash
# Install a pinned terraform binary into ./.bin for this repo, verifying the
# HashiCorp SHA256SUMS before unpacking. The binary is never run here except
# for a final "version" check.
set -euo pipefail

TF_VERSION="${TF_VERSION:-1.8.5}"
BIN_DIR="./.bin"
BASE="https://releases.hashicorp.com/terraform/${TF_VERSION}"
workdir=""

on_exit() {
  [[ -n "$workdir" && -d "$workdir" ]] && rm -rf -- "$workdir"
}
trap on_exit EXIT INT TERM

platform() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "unsupported OS $(uname -s)" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64|amd64) arch=amd64 ;;
    arm64|aarch64) arch=arm64 ;;
    *) echo "unsupported arch $(uname -m)" >&2; return 1 ;;
  esac
  echo "${os}_${arch}"
}

fetch() {
  local url="$1" out="$2" attempt
  for attempt in 1 2 3; do
    if curl -fsSL --proto '=https' --tlsv1.2 -o "$out" "$url"; then
      return 0
    fi
    echo "download failed (attempt $attempt): $url" >&2
    sleep $((attempt * 2))
  done
  return 1
}

sha_tool() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$@"
  else
    shasum -a 256 "$@"
  fi
}

already_installed() {
  [[ -x "$BIN_DIR/terraform" ]] || return 1
  "$BIN_DIR/terraform" version -json 2>/dev/null | grep -q "\"terraform_version\": \"${TF_VERSION}\""
}

main() {
  if already_installed; then
    echo "terraform ${TF_VERSION} already in ${BIN_DIR}"
    return 0
  fi
  local plat zip sums expected actual
  plat="$(platform)"
  zip="terraform_${TF_VERSION}_${plat}.zip"
  sums="terraform_${TF_VERSION}_SHA256SUMS"
  workdir="$(mktemp -d -t tf-install.XXXXXX)"

  fetch "${BASE}/${zip}" "${workdir}/${zip}"
  fetch "${BASE}/${sums}" "${workdir}/${sums}"

  expected="$(awk -v f="$zip" '$2 == f {print $1}' "${workdir}/${sums}")"
  [[ -n "$expected" ]] || { echo "no checksum for $zip" >&2; return 1; }
  actual="$(sha_tool "${workdir}/${zip}" | awk '{print $1}')"
  if [[ "$expected" != "$actual" ]]; then
    echo "checksum mismatch: expected $expected got $actual" >&2
    return 1
  fi

  mkdir -p "$BIN_DIR"
  unzip -o -q "${workdir}/${zip}" terraform -d "$BIN_DIR"
  chmod 0755 "$BIN_DIR/terraform"
  "$BIN_DIR/terraform" version
  grep -qxF '.bin/' .gitignore 2>/dev/null || echo '.bin/' >> .gitignore
}

main "$@"
