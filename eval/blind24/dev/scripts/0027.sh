#!/usr/bin/env bash
# hooks.sh -- install, check or remove this repository's git hooks.
#
#   ./tools/hooks.sh install     copy tools/git-hooks/* into .git/hooks (with backups)
#   ./tools/hooks.sh status      show which hooks are installed and current
#   ./tools/hooks.sh uninstall   remove our hooks and restore the backups
#
# Only the hooks directory of the repository this script lives in is touched.
set -Eeuo pipefail

readonly MARK="# hooks.sh-managed"
readonly HOOKS=(pre-commit commit-msg pre-push prepare-commit-msg)

log()  { printf 'hooks: %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }
warn() { log "warning: $*"; }

on_err() {
  local rc=$? line=$1
  log "failed at line $line (exit $rc)"
}
trap 'on_err $LINENO' ERR

repo_root() {
  git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel 2>/dev/null \
    || die "not inside a git work tree"
}

ROOT="$(repo_root)"
SRC_DIR="$ROOT/tools/git-hooks"

hooks_dir() {
  local hp
  hp="$(git -C "$ROOT" config --local --get core.hooksPath || true)"
  if [[ -n "$hp" ]]; then
    die "core.hooksPath is set ($hp); unset it first: git config --unset core.hooksPath"
  fi
  local d
  d="$(git -C "$ROOT" rev-parse --git-path hooks)"
  [[ "$d" = /* ]] || d="$ROOT/$d"
  printf '%s' "$d"
}

is_managed() {
  [[ -f "$1" ]] && head -n 5 "$1" | grep -qF "$MARK"
}

sha() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -c1-12
  else
    shasum -a 256 "$1" | cut -c1-12
  fi
}

render_wrapper() {
  # A small wrapper that calls the committed hook body, so edits to
  # tools/git-hooks/<name> take effect without reinstalling.
  local name="$1"
  cat <<EOF
#!/usr/bin/env bash
$MARK
# installed $(date -u +%Y-%m-%dT%H:%M:%SZ) from tools/git-hooks/$name
root="\$(git rev-parse --show-toplevel)"
hook="\$root/tools/git-hooks/$name"
if [[ ! -x "\$hook" ]]; then
  echo "hooks: \$hook missing or not executable; skipping" >&2
  exit 0
fi
exec "\$hook" "\$@"
EOF
}

cmd_install() {
  local dir name dest backup tmp installed=0
  dir="$(hooks_dir)"
  mkdir -p "$dir"
  for name in "${HOOKS[@]}"; do
    if [[ ! -f "$SRC_DIR/$name" ]]; then
      continue
    fi
    chmod +x "$SRC_DIR/$name"
    dest="$dir/$name"
    backup="$dest.local-backup"
    tmp="$(mktemp "$dir/.$name.XXXXXX")"
    render_wrapper "$name" >"$tmp"
    chmod 0755 "$tmp"
    if [[ -f "$dest" ]] && cmp -s "$tmp" "$dest"; then
      rm -f -- "$tmp"
      log "$name: already installed"
      continue
    fi
    if [[ -f "$dest" ]] && ! is_managed "$dest"; then
      if [[ -e "$backup" && "${FORCE:-0}" != 1 ]]; then
        rm -f -- "$tmp"
        die "$name: $backup exists; set FORCE=1 to replace it"
      fi
      cp -p "$dest" "$backup"
      log "$name: existing hook saved as $(basename "$backup")"
    fi
    mv -f "$tmp" "$dest"
    installed=$((installed + 1))
    log "$name: installed ($(sha "$SRC_DIR/$name"))"
  done
  log "$installed hook(s) installed into ${dir#"$ROOT"/}"
}

cmd_uninstall() {
  local dir name dest backup
  dir="$(hooks_dir)"
  for name in "${HOOKS[@]}"; do
    dest="$dir/$name"
    backup="$dest.local-backup"
    if is_managed "$dest"; then
      rm -f -- "$dest"
      log "$name: removed"
    elif [[ -f "$dest" ]]; then
      warn "$name: not managed by hooks.sh; left alone"
    fi
    if [[ -f "$backup" ]]; then
      mv -f "$backup" "$dest"
      log "$name: restored previous hook"
    fi
  done
}

cmd_status() {
  local dir name dest state
  dir="$(hooks_dir)"
  printf '%-22s %-12s %s\n' HOOK STATE SOURCE
  for name in "${HOOKS[@]}"; do
    dest="$dir/$name"
    if [[ ! -f "$SRC_DIR/$name" ]]; then
      state="no-source"
    elif [[ ! -f "$dest" ]]; then
      state="missing"
    elif is_managed "$dest"; then
      state="installed"
    else
      state="foreign"
    fi
    printf '%-22s %-12s %s\n' "$name" "$state" "tools/git-hooks/$name"
  done
  if [[ -f "$dir/pre-commit.local-backup" ]]; then
    log "a backup of an older pre-commit hook exists"
  fi
}

cmd_doctor() {
  local missing=0 tool
  for tool in git shellcheck npx; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      warn "$tool not found (some hooks use it)"
      missing=$((missing + 1))
    fi
  done
  if [[ -n "$(git -C "$ROOT" config --global --get core.hooksPath || true)" ]]; then
    warn "a global core.hooksPath is set; it overrides .git/hooks for every repo"
  fi
  return "$missing"
}

cmd_run() {
  # run one hook by hand against the staged files, e.g. hooks.sh run pre-commit
  local name="${1:?hook name}"
  [[ -x "$SRC_DIR/$name" ]] || die "no executable tools/git-hooks/$name"
  (cd "$ROOT" && "$SRC_DIR/$name" "${@:2}")
}

main() {
  local cmd="${1:-install}"
  shift || true
  case "$cmd" in
    install)   cmd_install "$@" ;;
    uninstall) cmd_uninstall "$@" ;;
    status)    cmd_status "$@" ;;
    doctor)    cmd_doctor "$@" ;;
    run)       cmd_run "$@" ;;
    -h|--help|help)
      sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      ;;
    *) die "unknown command: $cmd" ;;
  esac
}

main "$@"
