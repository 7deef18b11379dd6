#!/usr/bin/env bash
# setup-dev.sh - one-time setup of a development checkout of the ground
# station software.
#
# What it does (all inside this repository unless noted):
#   - checks toolchain versions (python, ruby for COSMOS plugins, node)
#   - creates .venv and installs requirements/dev.txt (pinned, hashed)
#   - installs the repository's own git hooks from .githooks/ by pointing
#     core.hooksPath at that tracked folder (local config of this repo only)
#   - creates .env from .env.example if missing and chmods it 600
#   - makes the scripts in scripts/ executable
#   - writes a small cache under ~/.cache/groundstation for the TLE data
#
#   scripts/setup-dev.sh [--force] [--no-venv]

set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "run inside the repo" >&2; exit 1; }
cd "$ROOT"

FORCE=0
VENV=1
PY_MIN="3.11"
RUBY_MIN="3.1"
NODE_MIN="20"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/groundstation"

log()  { printf '\033[32m✓\033[0m %s\n' "$*"; }
note() { printf '  %s\n' "$*"; }
die()  { printf '\033[31m✗ %s\033[0m\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    --no-venv) VENV=0 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown option $arg" ;;
  esac
done

version_ge() {
  # version_ge A B -> true if A >= B (dotted numeric compare)
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]
}

check_tool() {
  local name="$1" min="$2" got="$3"
  if [[ -z "$got" ]]; then
    die "$name not found (need >= $min)"
  fi
  version_ge "$got" "$min" || die "$name $got is too old (need >= $min)"
  log "$name $got"
}

py_version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)"
check_tool python3 "$PY_MIN" "$py_version"
ruby_version="$(ruby -e 'print RUBY_VERSION' 2>/dev/null || true)"
if [[ -n "$ruby_version" ]]; then
  check_tool ruby "$RUBY_MIN" "$ruby_version"
else
  note "ruby not found; COSMOS plugin tests will be skipped"
fi
node_version="$(node -p 'process.versions.node' 2>/dev/null || true)"
if [[ -n "$node_version" ]]; then
  check_tool node "$NODE_MIN" "$node_version"
else
  note "node not found; the telemetry dashboard cannot be built"
fi

# --- python environment --------------------------------------------------------------
if (( VENV )); then
  if [[ -d .venv && $FORCE -eq 0 ]]; then
    log ".venv exists (use --force to recreate)"
  else
    if [[ -d .venv ]]; then
      # .venv is our own folder at the repo root; recreate it
      rm -rf -- "$ROOT/.venv"
    fi
    python3 -m venv .venv
    log "created .venv"
  fi
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet --require-hashes -r requirements/dev.txt
  .venv/bin/python -m pip install --quiet --no-deps -e .
  log "python dependencies installed"
fi

# --- git hooks -----------------------------------------------------------------------
# The hooks are tracked in .githooks/ and reviewed like any other code.
if [[ -d .githooks ]]; then
  chmod +x .githooks/*
  current="$(git config --local --get core.hooksPath || true)"
  if [[ "$current" != ".githooks" ]]; then
    git config --local core.hooksPath .githooks
    log "git hooks enabled from .githooks/ ($(ls .githooks | tr '\n' ' '))"
  else
    log "git hooks already enabled"
  fi
fi

# --- env file ------------------------------------------------------------------------
if [[ ! -f .env ]]; then
  cp .env.example .env
  chmod 600 .env
  log "created .env from .env.example - fill in SATNOGS_API_TOKEN and OPENC3_API_PASSWORD"
else
  perms="$(stat -c %a .env)"
  if [[ "$perms" != "600" ]]; then
    chmod 600 .env
    log "tightened .env permissions ($perms -> 600)"
  fi
  missing=()
  while IFS= read -r key; do
    grep -qE "^${key}=" .env || missing+=("$key")
  done < <(grep -oE '^[A-Z_][A-Z0-9_]*' .env.example)
  if ((${#missing[@]})); then
    note ".env lacks: ${missing[*]} (see .env.example)"
  fi
fi

# --- scripts -------------------------------------------------------------------------
find scripts tools -maxdepth 1 -type f \( -name '*.sh' -o -name '*.py' \) -print0 \
  | while IFS= read -r -d '' f; do
      head -c2 "$f" | grep -q '#!' && chmod +x "$f"
    done
log "scripts marked executable"

# --- TLE cache -----------------------------------------------------------------------
# The pass predictor keeps downloaded TLE sets in the user's cache dir so
# several checkouts can share them.
mkdir -p "$CACHE/tle"
if [[ ! -f "$CACHE/tle/README" ]]; then
  printf 'TLE cache for the groundstation repo; safe to delete.\n' > "$CACHE/tle/README"
fi
if [[ ! -s "$CACHE/tle/active.txt" || $FORCE -eq 1 ]]; then
  if curl -fsS --max-time 20 -o "$CACHE/tle/active.txt.tmp" \
      "https://celestrak.org/NORAD/elements/gp.php?GROUP=amateur&FORMAT=tle"; then
    mv "$CACHE/tle/active.txt.tmp" "$CACHE/tle/active.txt"
    log "TLE cache refreshed ($(grep -c '^1 ' "$CACHE/tle/active.txt") objects)"
  else
    rm -f -- "$CACHE/tle/active.txt.tmp"
    note "could not refresh TLEs (offline?); the predictor will use the fixture set"
  fi
fi

# --- COSMOS plugin dev setup ---------------------------------------------------------
if [[ -n "$ruby_version" && -d plugins/demo ]]; then
  (cd plugins/demo && bundle config set --local path vendor/bundle && bundle install --quiet)
  log "COSMOS plugin gems installed into plugins/demo/vendor/bundle"
fi

# --- pre-commit style checks ---------------------------------------------------------
# Run the hook once now so a broken hook is noticed during setup rather than
# on the first commit.
if [[ -x .githooks/pre-commit ]]; then
  if .githooks/pre-commit --self-test >/dev/null 2>&1; then
    log "pre-commit hook self-test passed"
  else
    note "pre-commit hook self-test failed; run .githooks/pre-commit --self-test to see why"
  fi
fi

# --- editor settings -----------------------------------------------------------------
# Recommend, but do not install, the editor extensions used by the team.
if [[ -f .vscode/extensions.json ]] && command -v code >/dev/null; then
  installed="$(code --list-extensions 2>/dev/null || true)"
  while IFS= read -r ext; do
    [[ -z "$ext" ]] && continue
    grep -qix "$ext" <<<"$installed" || note "recommended extension not installed: $ext"
  done < <(jq -r '.recommendations[]' .vscode/extensions.json 2>/dev/null)
fi

# --- capture fixtures ----------------------------------------------------------------
# Large capture files live in git-lfs; make sure the pointers were smudged.
if command -v git-lfs >/dev/null; then
  git lfs pull --include 'captures/*.kss' >/dev/null 2>&1 && log "capture fixtures present"
else
  note "git-lfs not installed; captures/*.kss are pointer files only"
fi

# --- summary -------------------------------------------------------------------------
echo
log "setup complete"
note "activate:   source .venv/bin/activate"
note "tests:      pytest -q && (cd plugins/demo && bundle exec rspec)"
note "decode:     tools/decode_frames.py captures/*.kss"
note "local sim:  openc3cli validate plugins/demo-1.0.0.gem"
