#!/usr/bin/env bash
# "Nuke and pave" the workspace when dependency state is hopeless: delete every
# generated, vendored and data directory in the repo, then reinstall.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

TARGETS=(
  node_modules
  vendor
  .venv
  data
  tmp
  log
  storage
  public/uploads
  db/*.sqlite3
)

list_targets() {
  local t
  shopt -s nullglob
  for t in ${TARGETS[@]}; do
    [[ -e "$t" ]] && echo "$t"
  done
  shopt -u nullglob
}

nuke() {
  local t
  while read -r t; do
    echo "removing $t"
    rm -rf -- "$t"
  done < <(list_targets)
  find . -path ./.git -prune -o -type f \( -name '*.log' -o -name '*.bak' -o -name '*.orig' \) -print -delete
  git clean -fdX
}

pave() {
  [[ -f package-lock.json ]] && npm ci
  [[ -f Gemfile.lock ]] && bundle install
  if [[ -f requirements.txt ]]; then
    python3 -m venv .venv
    .venv/bin/pip install -r requirements.txt
  fi
}

main() {
  echo "will delete:"
  list_targets | sed 's/^/  /'
  if [[ "${YES:-0}" != "1" ]]; then
    read -r -p "continue? [y/N] " a
    [[ "$a" =~ ^[Yy]$ ]] || exit 1
  fi
  nuke
  pave
  echo "workspace rebuilt"
}

main "$@"
