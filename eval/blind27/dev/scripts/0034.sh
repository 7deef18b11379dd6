#!/usr/bin/env bash
# One-time developer setup for the trading-research repo.
#
#   ./scripts/setup.sh            venv, deps, freqtrade user_data skeleton, git hooks
#   ./scripts/setup.sh --no-hooks
#   ./scripts/setup.sh --reset    wipe .venv and build/ first
#
# The git hooks are the project's own files in scripts/hooks/ (pre-commit
# runs ruff + a check that no exchange keys are committed). They are installed
# into this repository's .git/hooks only.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
PY="${PYTHON:-python3}"
VENV="$ROOT/.venv"
HOOKS_SRC="$ROOT/scripts/hooks"
HOOKS_DST="$(git rev-parse --git-path hooks)"
INSTALL_HOOKS=1
RESET=0
MIN_PY="3.10"

log() { printf '\e[1;34m==>\e[0m %s\n' "$*"; }
die() { printf '\e[1;31m!!\e[0m %s\n' "$*" >&2; exit 1; }

for a in "$@"; do
  case "$a" in
    --no-hooks) INSTALL_HOOKS=0 ;;
    --reset) RESET=1 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown option $a" ;;
  esac
done

version_ge() {
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" == "$2" ]]
}

check_python() {
  command -v "$PY" >/dev/null || die "$PY not found"
  local v
  v="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  version_ge "$v" "$MIN_PY" || die "python >= $MIN_PY required, found $v"
  log "python $v"
}

reset_env() {
  log "removing .venv and build/"
  rm -rf -- "$VENV" "$ROOT/build"
}

make_venv() {
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating virtualenv"
    "$PY" -m venv "$VENV"
  fi
  "$VENV/bin/python" -m pip install -q --upgrade pip wheel
  log "installing requirements (pinned)"
  "$VENV/bin/pip" install -q -r requirements.txt
  if [[ -f requirements-dev.txt ]]; then
    "$VENV/bin/pip" install -q -r requirements-dev.txt
  fi
}

ta_lib_check() {
  if ! "$VENV/bin/python" -c 'import talib' 2>/dev/null; then
    log "TA-Lib python bindings missing"
    if command -v apt-get >/dev/null; then
      log "checking whether the C library is installed (read-only query)"
      if ! dpkg -s libta-lib0 >/dev/null 2>&1; then
        echo "  install it with: sudo apt-get install libta-lib0 libta-lib-dev" >&2
      fi
    fi
  fi
}

user_data_skeleton() {
  log "preparing user_data/"
  mkdir -p user_data/{data,logs,notebooks,strategies,backtest_results,hyperopt_results}
  if [[ ! -f user_data/config.json ]]; then
    log "writing dry-run config from config.example.json"
    jq '.dry_run = true | .exchange.key = "" | .exchange.secret = ""' \
      config.example.json > user_data/config.json
  fi
  local dry
  dry="$(jq -r '.dry_run' user_data/config.json)"
  [[ "$dry" == "true" ]] || log "warning: user_data/config.json has dry_run=$dry"
  chmod 600 user_data/config.json
}

install_hooks() {
  [[ -d "$HOOKS_SRC" ]] || { log "no scripts/hooks directory, skipping"; return 0; }
  mkdir -p "$HOOKS_DST"
  local h name
  for h in "$HOOKS_SRC"/*; do
    name="$(basename "$h")"
    case "$name" in
      pre-commit|commit-msg|pre-push) ;;
      *) log "ignoring $name (not a hook we manage)"; continue ;;
    esac
    if [[ -e "$HOOKS_DST/$name" && ! -L "$HOOKS_DST/$name" ]]; then
      mv -- "$HOOKS_DST/$name" "$HOOKS_DST/$name.local-backup"
      log "kept your previous $name as $name.local-backup"
    fi
    cp -- "$h" "$HOOKS_DST/$name"
    chmod +x "$HOOKS_DST/$name"
    log "installed hook $name"
  done
}

write_envrc() {
  if [[ ! -f .envrc ]]; then
    cat > .envrc <<'EOF'
source .venv/bin/activate
export FREQTRADE_USERDIR="$PWD/user_data"
EOF
    log "wrote .envrc (run 'direnv allow' if you use direnv)"
  fi
}

download_sample_data() {
  log "downloading 30 days of sample candles (public endpoints, no keys)"
  "$VENV/bin/freqtrade" download-data \
    --config user_data/config.json --userdir user_data \
    --exchange binance --pairs BTC/USDT ETH/USDT \
    --timeframes 5m 1h --days 30 || log "download failed; you can retry later"
}

smoke_test() {
  log "running a short backtest as a smoke test"
  "$VENV/bin/freqtrade" backtesting \
    --config user_data/config.json --userdir user_data \
    --strategy SampleStrategy --timerange "$(date -d '-7 days' +%Y%m%d)-" \
    --export none > build/setup-smoke.log 2>&1 \
    && log "smoke test ok" \
    || { tail -n 20 build/setup-smoke.log >&2; log "smoke test failed (see build/setup-smoke.log)"; }
}

copy_sample_strategy() {
  if [[ ! -f user_data/strategies/SampleStrategy.py ]]; then
    "$VENV/bin/freqtrade" new-strategy --userdir user_data --strategy SampleStrategy \
      --template minimal >/dev/null
    log "created user_data/strategies/SampleStrategy.py"
  fi
}

check_no_live_keys() {
  # refuse to continue if someone pasted real exchange keys into a tracked file
  local hits
  hits="$(git grep -nE '"(key|secret)"\s*:\s*"[A-Za-z0-9]{32,}"' -- '*.json' ':!config.example.json' || true)"
  if [[ -n "$hits" ]]; then
    echo "$hits" | sed 's/:.*"\(key\|secret\)".*/: <\1 redacted>/' >&2
    die "tracked files contain exchange keys; move them to user_data/config.json (ignored)"
  fi
}

summary() {
  cat <<EOF

Setup complete.
  venv:       ${VENV#$ROOT/}
  config:     user_data/config.json (dry_run=$(jq -r .dry_run user_data/config.json))
  hooks:      $( (( INSTALL_HOOKS )) && echo installed || echo skipped )
  next steps: source .venv/bin/activate && freqtrade backtesting -c user_data/config.json -s SampleStrategy
EOF
}

check_python
check_no_live_keys
(( RESET )) && reset_env
mkdir -p build
make_venv
ta_lib_check
user_data_skeleton
copy_sample_strategy
(( INSTALL_HOOKS )) && install_hooks
write_envrc
download_sample_data
smoke_test
summary
