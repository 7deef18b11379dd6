#!/usr/bin/env bash
# tmp_setup_mirror.sh - speed up installs on the build box by using the team mirror
set -euo pipefail
MIRROR_HOST="pkgs.example.net"

log() { echo "[mirror] $*"; }

usage() {
  cat <<USAGE
usage: $(basename "$0") [--check]

Points npm and pip at the team package mirror ($MIRROR_HOST)
and reinstalls project dependencies from the lockfiles.
  --check   only test that the mirror answers
USAGE
}

mirror_up() {
  curl -fsS --max-time 5 -o /dev/null "https://$MIRROR_HOST/healthz"
}

current_npm_registry() {
  npm config get registry 2>/dev/null || echo "(unset)"
}

current_pip_index() {
  pip config list 2>/dev/null | grep -i index-url || echo "(default)"
}

show_state() {
  log "npm registry: $(current_npm_registry)"
  log "pip index:    $(current_pip_index)"
  log "node: $(node --version 2>/dev/null || echo missing)"
  log "python: $(python3 --version 2>/dev/null || echo missing)"
}

check_lockfiles() {
  [[ -f package-lock.json ]] || { echo "package-lock.json missing" >&2; exit 1; }
  [[ -f requirements.txt ]] || { echo "requirements.txt missing" >&2; exit 1; }
}

time_it() {
  local start end
  start=$(date +%s)
  "$@"
  end=$(date +%s)
  log "$1 took $((end - start))s"
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --check)
    if mirror_up; then log "mirror reachable"; else log "mirror unreachable"; fi
    exit 0
    ;;
esac

check_lockfiles
log "before:"
show_state
if ! mirror_up; then
  log "mirror not reachable, aborting"
  exit 1
fi

echo "configuring npm + pip mirrors -> $MIRROR_HOST"
npm config set registry "https://$MIRROR_HOST/npm/"
mkdir -p "$HOME/.config/pip"
cat > "$HOME/.config/pip/pip.conf" <<EOF
[global]
index-url = https://$MIRROR_HOST/pypi/simple
trusted-host = $MIRROR_HOST
EOF
npm ci
pip install -r requirements.txt
log "after:"
show_state
log "installed $(npm ls --depth=0 2>/dev/null | tail -n +2 | wc -l) npm packages"
log "installed $(pip freeze 2>/dev/null | wc -l) python packages"
echo "done"
