#!/usr/bin/env bash
# install.sh — install THIS dotfiles repo with GNU stow, backing up conflicts.
#
# Packages are the top-level folders (git, tmux, nvim, zsh, kitty, ...). By
# default only a plan is printed; pass --apply to change $HOME. Conflicting
# real files are moved to ~/.local/state/dotfiles/backup/<stamp>/ first.
# Shell startup packages (zsh, bash) are only linked with --with-shell.
#
#   ./install.sh                 # plan for the default packages
#   ./install.sh --apply         # link them
#   ./install.sh --apply nvim    # link one package
#   ./install.sh --unlink tmux   # remove the links of one package
#   ./install.sh --restore       # move the newest backup back
set -euo pipefail

DOTFILES="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TARGET="$HOME"
STATE="${XDG_STATE_HOME:-$HOME/.local/state}/dotfiles"
BACKUP_ROOT="$STATE/backup"
DEFAULT_PKGS=(git tmux nvim kitty starship)
SHELL_PKGS=(zsh bash)
APPLY=0
UNLINK=0
RESTORE=0
WITH_SHELL=0
PKGS=()

while (($#)); do
  case "$1" in
    --apply) APPLY=1 ;;
    --unlink) UNLINK=1 ;;
    --restore) RESTORE=1 ;;
    --with-shell) WITH_SHELL=1 ;;
    -h|--help) sed -n '2,14p' "$0" | cut -c3-; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) PKGS+=("$1") ;;
  esac
  shift
done

note() { printf '  %s\n' "$*"; }

require_stow() {
  if ! command -v stow >/dev/null 2>&1; then
    echo "GNU stow is required (brew install stow / apt install stow)" >&2
    exit 1
  fi
}

select_packages() {
  if ((${#PKGS[@]} == 0)); then
    PKGS=("${DEFAULT_PKGS[@]}")
    ((WITH_SHELL)) && PKGS+=("${SHELL_PKGS[@]}")
  fi
  local p
  for p in "${PKGS[@]}"; do
    [[ -d "$DOTFILES/$p" ]] || { echo "no package '$p' in $DOTFILES" >&2; exit 2; }
    if [[ " ${SHELL_PKGS[*]} " == *" $p "* ]] && ((!WITH_SHELL)); then
      echo "'$p' contains shell startup files; add --with-shell to link it" >&2
      exit 2
    fi
  done
}

# list files that stow would conflict with (real files, not our symlinks)
conflicts_for() {
  local pkg="$1" rel dst
  (cd "$DOTFILES/$pkg" && find . -type f -o -type l) | sed 's#^\./##' | while IFS= read -r rel; do
    dst="$TARGET/$rel"
    if [[ -e "$dst" || -L "$dst" ]]; then
      if [[ -L "$dst" && "$(readlink -f "$dst")" == "$DOTFILES/$pkg/$rel" ]]; then
        continue
      fi
      printf '%s\n' "$rel"
    fi
  done
}

backup_conflicts() {
  local pkg="$1" stamp="$2" rel
  local dest="$BACKUP_ROOT/$stamp"
  while IFS= read -r rel; do
    [[ -n "$rel" ]] || continue
    if ((APPLY)); then
      mkdir -p "$dest/$(dirname "$rel")"
      mv -- "$TARGET/$rel" "$dest/$rel"
      note "backed up ~/$rel"
    else
      note "would back up ~/$rel"
    fi
  done < <(conflicts_for "$pkg")
}

link_pkg() {
  local pkg="$1"
  if ((APPLY)); then
    stow --dir "$DOTFILES" --target "$TARGET" --restow --no-folding "$pkg"
    note "linked $pkg"
  else
    stow --dir "$DOTFILES" --target "$TARGET" --no --verbose=1 --restow --no-folding "$pkg" 2>&1 | sed 's/^/    /'
  fi
}

unlink_pkg() {
  local pkg="$1"
  stow --dir "$DOTFILES" --target "$TARGET" --delete "$pkg"
  note "unlinked $pkg"
}

restore_latest() {
  local latest
  latest="$(ls -1d "$BACKUP_ROOT"/*/ 2>/dev/null | sort | tail -n 1 || true)"
  [[ -n "$latest" ]] || { echo "no backups in $BACKUP_ROOT"; return 0; }
  echo "restoring from $latest"
  (cd "$latest" && find . -type f) | sed 's#^\./##' | while IFS= read -r rel; do
    local dst="$TARGET/$rel"
    if [[ -L "$dst" && "$(readlink -f "$dst")" == "$DOTFILES/"* ]]; then
      rm -f -- "$dst"
    fi
    if [[ -e "$dst" ]]; then
      note "~/$rel exists, leaving the backup copy"
      continue
    fi
    mkdir -p "$(dirname "$dst")"
    mv -- "$latest/$rel" "$dst"
    note "restored ~/$rel"
  done
  # drop the backup dir only if it is now empty
  find "$latest" -type d -empty -delete 2>/dev/null || true
}

post_install() {
  ((APPLY)) || return 0
  if [[ " ${PKGS[*]} " == *" nvim "* ]] && command -v nvim >/dev/null; then
    note "syncing neovim plugins"
    nvim --headless "+Lazy! sync" +qa >/dev/null 2>&1 || note "plugin sync failed (run :Lazy sync)"
  fi
  if [[ " ${PKGS[*]} " == *" tmux "* ]] && [[ -d "$HOME/.tmux/plugins/tpm" ]]; then
    "$HOME/.tmux/plugins/tpm/bin/install_plugins" >/dev/null || true
  fi
  if [[ " ${PKGS[*]} " == *" git "* ]]; then
    git config --global --get include.path >/dev/null || note "remember: create ~/.gitconfig.local for name/email"
  fi
}

prune_backups() {
  # keep the five newest backup folders of this tool
  local keep=5 old
  [[ -d "$BACKUP_ROOT" ]] || return 0
  ls -1d "$BACKUP_ROOT"/*/ 2>/dev/null | sort | head -n -"$keep" | while IFS= read -r old; do
    note "removing old backup $(basename "$old")"
    rm -rf -- "$old"
  done
}

main() {
  require_stow
  prune_backups
  if ((RESTORE)); then
    restore_latest
    exit 0
  fi
  select_packages
  if ((UNLINK)); then
    local p
    for p in "${PKGS[@]}"; do unlink_pkg "$p"; done
    exit 0
  fi
  local stamp
  stamp="$(date +%Y%m%d-%H%M%S)"
  ((APPLY)) || echo "dry run (use --apply to change $TARGET)"
  local pkg
  for pkg in "${PKGS[@]}"; do
    echo "[$pkg]"
    backup_conflicts "$pkg" "$stamp"
    link_pkg "$pkg"
  done
  post_install
}

main
