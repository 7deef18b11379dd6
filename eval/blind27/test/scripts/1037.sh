#!/usr/bin/env bash
# Workstation setup for the photo-archive repository.
#
#   ./setup.sh            tools check, venv, pre-commit + repo hooks, exiftool config
#   ./setup.sh --check    only report what is missing
#
# Installs the repository's own git hooks from hooks/ into this clone
# (.git/hooks) - the pre-commit hook refuses commits of files that still carry
# GPS coordinates, the pre-push hook runs the metadata tests. The disk health
# check uses `sudo smartctl -H` (read-only) because the archive disk failed once.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
cd "$REPO"
CHECK_ONLY=0
[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1
REQUIRED_TOOLS=(exiftool darktable-cli rsync jq python3 git)
OPTIONAL_TOOLS=(magick gphoto2 rawtherapee-cli smartctl)
HOOKS=(pre-commit pre-push)
EXIF_CONFIG_SRC="$REPO/config/exiftool_config"
EXIF_CONFIG_DST="$REPO/.exiftool_config"

ok() { printf '  \e[32mok\e[0m   %s\n' "$*"; }
miss() { printf '  \e[33mmiss\e[0m %s\n' "$*"; MISSING=$((MISSING + 1)); }
head1() { printf '\n\e[1m%s\e[0m\n' "$*"; }
MISSING=0

check_tools() {
  head1 "tools"
  local t
  for t in "${REQUIRED_TOOLS[@]}"; do
    if command -v "$t" >/dev/null; then ok "$t ($(command -v "$t"))"; else miss "$t (required)"; fi
  done
  for t in "${OPTIONAL_TOOLS[@]}"; do
    if command -v "$t" >/dev/null; then ok "$t"; else printf '  ---  %s (optional)\n' "$t"; fi
  done
  if command -v exiftool >/dev/null; then
    local v
    v="$(exiftool -ver)"
    awk -v v="$v" 'BEGIN { exit !(v >= 12.40) }' && ok "exiftool $v" || miss "exiftool >= 12.40 (have $v)"
  fi
}

setup_venv() {
  head1 "python environment"
  if [[ ! -x .venv/bin/python ]]; then
    (( CHECK_ONLY )) && { miss ".venv"; return; }
    python3 -m venv .venv
  fi
  if (( ! CHECK_ONLY )); then
    .venv/bin/pip install -q --upgrade pip
    .venv/bin/pip install -q -r requirements.txt
  fi
  ok ".venv ($(.venv/bin/python --version 2>&1))"
}

install_hooks() {
  head1 "git hooks (this repository only)"
  local hooks_dir h
  hooks_dir="$(git rev-parse --git-path hooks)"
  mkdir -p "$hooks_dir"
  for h in "${HOOKS[@]}"; do
    if [[ ! -f "hooks/$h" ]]; then
      miss "hooks/$h not in repo"
      continue
    fi
    if cmp -s "hooks/$h" "$hooks_dir/$h" 2>/dev/null; then
      ok "$h up to date"
      continue
    fi
    if (( CHECK_ONLY )); then
      miss "$h not installed"
      continue
    fi
    [[ -f "$hooks_dir/$h" ]] && cp -- "$hooks_dir/$h" "$hooks_dir/$h.before-setup"
    install -m 0755 "hooks/$h" "$hooks_dir/$h"
    ok "$h installed"
  done
}

exiftool_config() {
  head1 "exiftool config"
  if [[ -f "$EXIF_CONFIG_SRC" ]]; then
    if (( ! CHECK_ONLY )); then
      cp -- "$EXIF_CONFIG_SRC" "$EXIF_CONFIG_DST"
    fi
    ok "custom tags available via: exiftool -config .exiftool_config"
  else
    miss "config/exiftool_config"
  fi
}

disk_health() {
  head1 "archive disk"
  local dev
  dev="$(df --output=source "$REPO" | tail -n 1)"
  dev="${dev%%[0-9]*}"
  if ! command -v smartctl >/dev/null; then
    printf '  ---  smartctl not installed, skipping\n'
    return
  fi
  if sudo -n true 2>/dev/null; then
    if sudo -n smartctl -H "$dev" | grep -q PASSED; then ok "$dev SMART health PASSED"; else miss "$dev SMART health not PASSED"; fi
  else
    printf '  ---  run "sudo smartctl -H %s" manually (needs sudo)\n' "$dev"
  fi
  local pct
  pct="$(df --output=pcent "$REPO" | tail -n 1 | tr -dc '0-9')"
  (( pct < 85 )) && ok "disk ${pct}% used" || miss "disk ${pct}% used (keep below 85%)"
}

git_settings() {
  head1 "repository settings"
  if git lfs version >/dev/null 2>&1; then
    (( CHECK_ONLY )) || git lfs install --local >/dev/null
    ok "git-lfs enabled for this clone"
  else
    miss "git-lfs (RAW samples in tests/ are stored with LFS)"
  fi
  if [[ "$(git config --local core.autocrlf || true)" != "false" ]]; then
    (( CHECK_ONLY )) || git config --local core.autocrlf false
  fi
  ok "core.autocrlf=false"
}

sample_test() {
  head1 "smoke test"
  if [[ -x .venv/bin/python && -f tests/test_metadata.py ]]; then
    if .venv/bin/python -m pytest -q tests/test_metadata.py > build/setup-tests.log 2>&1; then
      ok "metadata tests pass"
    else
      miss "metadata tests failing (build/setup-tests.log)"
    fi
  fi
}

gps_scan() {
  head1 "GPS check of tracked images"
  command -v exiftool >/dev/null || { printf '  ---  exiftool missing\n'; return; }
  local files n
  mapfile -t files < <(git ls-files '*.jpg' '*.JPG' '*.jpeg' '*.tif' | head -n 500)
  (( ${#files[@]} )) || { ok "no tracked images"; return; }
  n="$(exiftool -q -if '$GPSLatitude' -p '$FileName' "${files[@]}" 2>/dev/null | wc -l)"
  if (( n )); then
    miss "$n tracked image(s) still carry GPS data (the pre-commit hook blocks new ones)"
  else
    ok "no GPS data in ${#files[@]} tracked image(s)"
  fi
}

editor_hint() {
  head1 "editor"
  if [[ -f .editorconfig ]]; then ok ".editorconfig present"; else miss ".editorconfig"; fi
  printf '  tip: open the repo with "code ." - settings live in .vscode/\n'
}

mkdir -p build
gps_scan
editor_hint
check_tools
setup_venv
install_hooks
exiftool_config
git_settings
disk_health
sample_test

# versions are printed for bug reports
head1 "versions"
printf '  git      %s\n' "$(git --version | awk '{print $3}')"
printf '  python   %s\n' "$(python3 --version 2>&1 | awk '{print $2}')"
printf '  exiftool %s\n' "$(exiftool -ver 2>/dev/null || echo -)"
printf '  repo     %s\n' "$(git describe --always --dirty 2>/dev/null || echo -)"

head1 "summary"
if (( MISSING )); then
  printf '  %d item(s) need attention\n' "$MISSING"
  exit 1
fi
printf '  all good\n'
