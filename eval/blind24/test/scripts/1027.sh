#!/usr/bin/env bash
# githooks.sh -- use the committed .githooks/ directory as this clone's hooks.
#
#   scripts/githooks.sh enable     git config --local core.hooksPath .githooks
#   scripts/githooks.sh disable    unset it again (back to .git/hooks)
#   scripts/githooks.sh check      lint the committed hooks (shellcheck, +x, shebang)
#   scripts/githooks.sh run NAME   run one hook manually against staged files
#
# Only repository-local config is touched; a global core.hooksPath is reported
# but never changed.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"
HOOK_DIR=".githooks"
KNOWN=(pre-commit prepare-commit-msg commit-msg pre-push post-merge post-checkout)

info() { printf 'githooks: %s\n' "$*"; }
oops() { printf 'githooks: %s\n' "$*" >&2; exit 1; }

current_local() { git config --local --get core.hooksPath || true; }
current_global() { git config --global --get core.hooksPath || true; }

list_hooks() {
  local h
  for h in "${KNOWN[@]}"; do
    [[ -f "$HOOK_DIR/$h" ]] && printf '%s\n' "$h"
  done
}

check_one() {
  local f="$HOOK_DIR/$1" problems=0 first
  first="$(head -n 1 "$f")"
  case "$first" in
    '#!/bin/sh'|'#!/usr/bin/env sh'|'#!/usr/bin/env bash'|'#!/bin/bash') ;;
    *) info "$1: unexpected shebang '$first'"; problems=$((problems + 1)) ;;
  esac
  if [[ ! -x "$f" ]]; then
    info "$1: not executable (fixing: chmod +x)"
    chmod +x "$f"
  fi
  if grep -nE '(curl|wget)[^|]*\|[[:space:]]*(ba)?sh' "$f" >/dev/null; then
    info "$1: pipes a download into a shell; hooks must only run repo code"
    problems=$((problems + 1))
  fi
  if command -v shellcheck >/dev/null; then
    shellcheck -x "$f" || problems=$((problems + 1))
  fi
  return "$problems"
}

cmd_check() {
  local h failed=0 count=0
  [[ -d "$HOOK_DIR" ]] || oops "no $HOOK_DIR directory"
  while read -r h; do
    count=$((count + 1))
    check_one "$h" || failed=$((failed + 1))
  done < <(list_hooks)
  for f in "$HOOK_DIR"/*; do
    local base
    base="$(basename "$f")"
    case " ${KNOWN[*]} " in
      *" $base "*) ;;
      *) [[ "$base" == lib || "$base" == *.md ]] || info "unknown file in $HOOK_DIR: $base" ;;
    esac
  done
  info "$count hook(s) checked, $failed with problems"
  return "$failed"
}

cmd_enable() {
  local g l
  cmd_check || oops "fix the problems above before enabling"
  l="$(current_local)"
  if [[ "$l" == "$HOOK_DIR" ]]; then
    info "already enabled"
  else
    if [[ -n "$l" ]]; then
      info "replacing local core.hooksPath=$l"
    fi
    git config --local core.hooksPath "$HOOK_DIR"
    info "core.hooksPath=$HOOK_DIR (local to this clone)"
  fi
  g="$(current_global)"
  if [[ -n "$g" ]]; then
    info "note: a global core.hooksPath=$g exists; the local setting takes precedence here"
  fi
  leftover_hooks
}

leftover_hooks() {
  local h found=()
  for h in "${KNOWN[@]}"; do
    if [[ -f ".git/hooks/$h" ]]; then
      found+=("$h")
    fi
  done
  if ((${#found[@]})); then
    info "hooks in .git/hooks are now inactive: ${found[*]} (left untouched)"
  fi
}

cmd_disable() {
  if [[ -n "$(current_local)" ]]; then
    git config --local --unset core.hooksPath
    info "local core.hooksPath removed; .git/hooks is active again"
  else
    info "nothing to disable"
  fi
}

cmd_run() {
  local name="${1:-}"
  [[ -n "$name" ]] || oops "usage: githooks.sh run HOOK [args]"
  shift
  [[ -x "$HOOK_DIR/$name" ]] || oops "$HOOK_DIR/$name missing or not executable"
  info "running $name"
  "$HOOK_DIR/$name" "$@"
}

cmd_status() {
  local l g
  l="$(current_local)"
  g="$(current_global)"
  printf 'local core.hooksPath:  %s\n' "${l:-<unset>}"
  printf 'global core.hooksPath: %s\n' "${g:-<unset>}"
  printf 'committed hooks:       %s\n' "$(list_hooks | tr '\n' ' ')"
  if [[ "$l" == "$HOOK_DIR" ]]; then
    printf 'state:                 enabled\n'
  else
    printf 'state:                 disabled\n'
  fi
}

cmd_new() {
  local name="${1:-}" f
  [[ -n "$name" ]] || oops "usage: githooks.sh new HOOK"
  case " ${KNOWN[*]} " in
    *" $name "*) ;;
    *) oops "unknown hook name: $name" ;;
  esac
  f="$HOOK_DIR/$name"
  [[ ! -e "$f" ]] || oops "$f already exists"
  mkdir -p "$HOOK_DIR"
  cat >"$f" <<'EOF'
#!/usr/bin/env bash
# committed hook; keep it fast and only call tools from this repository
set -euo pipefail
EOF
  chmod +x "$f"
  info "created $f"
}

cmd_doctor() {
  # common reasons hooks "do nothing"
  local l
  l="$(current_local)"
  if [[ -z "$l" ]]; then
    info "hooks are not enabled for this clone (run: githooks.sh enable)"
  fi
  if [[ -n "${HUSKY:-}" || -n "${SKIP_HOOKS:-}" ]]; then
    info "HUSKY/SKIP_HOOKS is set in your environment; some hooks exit early"
  fi
  if ! git config --get-regexp '^alias\.' | grep -q -- '--no-verify'; then
    return 0
  fi
  info "an alias passes --no-verify, which skips hooks:"
  git config --get-regexp '^alias\.' | grep -- '--no-verify' | sed 's/^/    /'
}

main() {
  local sub="${1:-status}"
  shift || true
  case "$sub" in
    enable) cmd_enable ;;
    disable) cmd_disable ;;
    check) cmd_check ;;
    run) cmd_run "$@" ;;
    new) cmd_new "$@" ;;
    status) cmd_status ;;
    doctor) cmd_doctor ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) oops "unknown subcommand: $sub" ;;
  esac
}

main "$@"
