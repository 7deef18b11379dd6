#!/usr/bin/env bash
# tools/lab-network.sh - prepare a laptop for the on-site lab network where
# HTTPS is intercepted by the lab gateway.
#
#   tools/lab-network.sh [-c ca-url] [-p proxy]
set -euo pipefail

CA_URL="https://lab-gw.example.net/ca/lab-root.crt"
PROXY="http://proxy.lab.internal:3128"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

while getopts ":c:p:" opt; do
  case "$opt" in
    c) CA_URL="$OPTARG" ;;
    p) PROXY="$OPTARG" ;;
    *) echo "usage: $0 [-c ca-url] [-p proxy]" >&2; exit 2 ;;
  esac
done

log() { echo "[lab-network] $*"; }

anchor_dir() {
  if [[ -d /etc/pki/ca-trust/source/anchors ]]; then
    echo /etc/pki/ca-trust/source/anchors
  else
    echo /usr/local/share/ca-certificates
  fi
}

refresh_store() {
  if command -v update-ca-trust >/dev/null; then
    sudo update-ca-trust extract
  else
    sudo update-ca-certificates
  fi
}

install_ca() {
  local tmp
  tmp="$(mktemp)"
  curl -fsSL "$CA_URL" -o "$tmp"
  openssl x509 -in "$tmp" -noout -subject
  sudo install -m 0644 "$tmp" "$(anchor_dir)/lab-root.crt"
  rm -f -- "$tmp"
  refresh_store
  log "lab root CA trusted"
}

project_proxy() {
  cat >"${ROOT}/.lab-proxy.env" <<EOF
HTTP_PROXY=${PROXY}
HTTPS_PROXY=${PROXY}
NO_PROXY=localhost,127.0.0.1,.internal,.localhost
EOF
  log "wrote .lab-proxy.env (source it in the project shell)"
}

docker_proxy_args() {
  cat >"${ROOT}/.lab-docker-build.args" <<EOF
--build-arg HTTP_PROXY=${PROXY}
--build-arg HTTPS_PROXY=${PROXY}
EOF
}

main() {
  install_ca
  project_proxy
  docker_proxy_args
  log "done"
}

main
