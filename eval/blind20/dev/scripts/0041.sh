#!/usr/bin/env bash
# scripts/corp-proxy-setup.sh - make the dev container builds work behind the
# office proxy: configures docker build args, npm and pip proxies for this repo.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PROXY="${HTTPS_PROXY:-http://proxy.corp.internal:3128}"
CA_SOURCE="https://pki.example.org/proxy/root.crt"
LOCAL_CA="${ROOT}/.cache/proxy-ca.crt"

log() { echo "[proxy-setup] $*"; }

fetch_ca() {
  mkdir -p "$(dirname "$LOCAL_CA")"
  curl -fsSL --retry 3 "$CA_SOURCE" -o "$LOCAL_CA"
  openssl x509 -in "$LOCAL_CA" -noout -subject -fingerprint -sha256
}

anchor_path() {
  if [[ -d /usr/local/share/ca-certificates ]]; then
    echo /usr/local/share/ca-certificates/office-proxy.crt
  else
    echo /etc/pki/ca-trust/source/anchors/office-proxy.crt
  fi
}

trust_ca() {
  local anchor
  anchor="$(anchor_path)"
  sudo tee "$anchor" <"$LOCAL_CA" >/dev/null
  if command -v update-ca-certificates >/dev/null; then
    sudo update-ca-certificates >/dev/null
  else
    sudo update-ca-trust
  fi
  log "proxy CA trusted system-wide"
}

repo_npmrc() {
  cat >"${ROOT}/.npmrc.proxy" <<EOF
proxy=${PROXY}
https-proxy=${PROXY}
cafile=${LOCAL_CA}
EOF
  log "wrote .npmrc.proxy (use: npm --userconfig .npmrc.proxy ci)"
}

repo_pip() {
  mkdir -p "${ROOT}/.cache/pip"
  cat >"${ROOT}/.cache/pip/pip.conf" <<EOF
[global]
proxy = ${PROXY}
cert = ${LOCAL_CA}
EOF
  log "wrote .cache/pip/pip.conf (export PIP_CONFIG_FILE=.cache/pip/pip.conf)"
}

docker_args() {
  cat >"${ROOT}/.cache/docker-proxy.args" <<EOF
--build-arg HTTP_PROXY=${PROXY}
--build-arg HTTPS_PROXY=${PROXY}
--build-arg NO_PROXY=localhost,127.0.0.1,.internal
EOF
  log "wrote .cache/docker-proxy.args"
}

main() {
  fetch_ca
  trust_ca
  repo_npmrc
  repo_pip
  docker_args
  log "done"
}

main "$@"
