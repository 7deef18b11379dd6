#!/usr/bin/env bash
# bootstrap.sh - one-time developer setup for the metrics-platform repository.
#
# What it does (all inside this checkout unless noted):
#   * checks tool versions (python, node, docker, influx, promtool)
#   * creates .venv and installs requirements-dev.txt
#   * installs node deps with `npm ci`
#   * copies .env.example -> .env if missing, generating random local passwords
#   * installs the repository's own git hooks from .githooks/ (symlinks into
#     .git/hooks; pass --no-hooks to skip)
#   * writes tool caches under ${XDG_CACHE_HOME:-~/.cache}/metrics-platform
#   * starts the docker compose dev stack unless --no-stack
#
# Safe to re-run; every step checks whether it is already done.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/metrics-platform"
HOOKS_SRC="$ROOT/.githooks"
WITH_HOOKS=1
WITH_STACK=1
PY_MIN="3.11"
NODE_MIN="20"

log()  { printf '\e[34m==>\e[0m %s\n' "$*"; }
warn() { printf '\e[33mwarn:\e[0m %s\n' "$*" >&2; }
die()  { printf '\e[31merror:\e[0m %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --no-hooks) WITH_HOOKS=0 ;;
    --no-stack) WITH_STACK=0 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown option: $arg" ;;
  esac
done

version_ge() {
  # version_ge 3.12.1 3.11 -> true
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]
}

check_tools() {
  local py node
  command -v python3 >/dev/null || die "python3 missing"
  py="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  version_ge "$py" "$PY_MIN" || die "python $PY_MIN+ required, found $py"
  command -v node >/dev/null || die "node missing"
  node="$(node -p 'process.versions.node')"
  version_ge "$node" "$NODE_MIN" || die "node $NODE_MIN+ required, found $node"
  command -v docker >/dev/null || warn "docker missing: the dev stack cannot start"
  command -v influx >/dev/null || warn "influx CLI missing: tools/influx-*.sh will not work"
  command -v promtool >/dev/null || warn "promtool missing: rule tests will be skipped"
  log "python $py, node $node"
}

setup_venv() {
  if [[ ! -x .venv/bin/python ]]; then
    log "creating .venv"
    python3 -m venv .venv
  fi
  local stamp=.venv/.requirements.sha
  local want
  want="$(sha256sum requirements-dev.txt | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(<"$stamp")" == "$want" ]]; then
    log "python deps up to date"
    return
  fi
  log "installing python deps"
  .venv/bin/pip install --quiet --upgrade pip
  PIP_CACHE_DIR="$CACHE_DIR/pip" .venv/bin/pip install --quiet -r requirements-dev.txt
  echo "$want" > "$stamp"
}

setup_node() {
  if [[ -d node_modules && node_modules/.package-lock.json -nt package-lock.json ]]; then
    log "node deps up to date"
    return
  fi
  log "npm ci"
  npm_config_cache="$CACHE_DIR/npm" npm ci --no-audit --no-fund
}

random_password() {
  # 24 url-safe characters from the kernel CSPRNG
  head -c 18 /dev/urandom | base64 | tr '+/' '-_'
}

setup_env() {
  if [[ -f .env ]]; then
    log ".env exists; leaving it alone"
    return
  fi
  [[ -f .env.example ]] || die ".env.example missing"
  log "creating .env from .env.example with fresh local passwords"
  local line key
  while IFS= read -r line || [[ -n "$line" ]]; do
    key="${line%%=*}"
    case "$line" in
      *=__GENERATE__) printf '%s=%s\n' "$key" "$(random_password)" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done < .env.example > .env.tmp
  chmod 600 .env.tmp
  mv .env.tmp .env
}

install_hooks() {
  (( WITH_HOOKS )) || { log "skipping git hooks (--no-hooks)"; return; }
  [[ -d "$HOOKS_SRC" ]] || { warn "no .githooks directory"; return; }
  local git_dir hook name target
  git_dir="$(git rev-parse --git-dir)"
  mkdir -p "$git_dir/hooks"
  for hook in "$HOOKS_SRC"/*; do
    [[ -f "$hook" ]] || continue
    name="$(basename "$hook")"
    target="$git_dir/hooks/$name"
    chmod +x "$hook"
    if [[ -e "$target" && ! -L "$target" ]]; then
      warn "$target exists and is not ours; leaving it (move it away to use the project hook)"
      continue
    fi
    ln -sfn "$hook" "$target"
    log "hook installed: $name -> .githooks/$name"
  done
}

prime_cache() {
  mkdir -p "$CACHE_DIR"
  # promtool and the rule linter share a small downloaded-schema cache
  printf '{"created":"%s","repo":"%s"}\n' "$(date -u +%FT%TZ)" "$ROOT" > "$CACHE_DIR/meta.json"
  log "cache directory: $CACHE_DIR"
}

start_stack() {
  (( WITH_STACK )) || { log "not starting the dev stack (--no-stack)"; return; }
  command -v docker >/dev/null || return 0
  log "starting dev stack (influxdb, victoriametrics, grafana) bound to localhost"
  docker compose -f dev/compose.yml up -d --wait
  docker compose -f dev/compose.yml ps --format 'table {{.Service}}\t{{.State}}\t{{.Ports}}'
}

wait_for_services() {
  (( WITH_STACK )) || return 0
  command -v docker >/dev/null || return 0
  local url name tries
  for pair in "influxdb=http://localhost:8086/health" "victoriametrics=http://localhost:8428/health"; do
    name="${pair%%=*}"
    url="${pair#*=}"
    tries=0
    until curl -fsS --max-time 2 "$url" >/dev/null 2>&1; do
      tries=$(( tries + 1 ))
      if (( tries > 30 )); then
        warn "$name did not become healthy at $url"
        continue 2
      fi
      sleep 1
    done
    log "$name healthy"
  done
}

make_scripts_executable() {
  local f
  for f in tools/*.sh scripts/*.sh; do
    [[ -f "$f" ]] && chmod +x "$f"
  done
}

main() {
  check_tools
  setup_venv
  setup_node
  setup_env
  install_hooks
  make_scripts_executable
  prime_cache
  start_stack
  wait_for_services
  log "done. activate the venv with: source .venv/bin/activate"
}

main
