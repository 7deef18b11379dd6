#!/usr/bin/env bash
# bootstrap.sh — set up a new workstation from THIS dotfiles repository.
#
# Steps (each can be skipped with --skip-<name>):
#   packages   brew bundle --no-upgrade with the repo's Brewfile (macOS)
#              or apt-get install of packages.txt (Debian/Ubuntu, asks for sudo)
#   links      symlink files from ./home into $HOME, moving replaced files into
#              ~/.local/state/dotfiles/replaced-<stamp>/
#   shell      add ONE sourcing line for ./shell/init.sh to ~/.zshrc (asks first)
#   macos      `defaults write` for Finder/Dock cosmetics listed in macos/defaults.tsv
#
# Run with --dry-run first; nothing is changed in dry-run mode.
set -euo pipefail

DOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
STAMP="$(date +%Y%m%d-%H%M%S)"
REPLACED="${XDG_STATE_HOME:-$HOME/.local/state}/dotfiles/replaced-$STAMP"
DRY=0
declare -A SKIP=()

for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY=1 ;;
    --skip-*) SKIP["${arg#--skip-}"]=1 ;;
    -h|--help) sed -n '2,14p' "$0" | cut -c 3-; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

step() { printf '\n== %s\n' "$*"; }
doit() {
  if ((DRY)); then
    printf '   would: %s\n' "$*"
  else
    "$@"
  fi
}
skipped() { [[ -n "${SKIP[$1]:-}" ]]; }

os_kind() {
  case "$(uname -s)" in
    Darwin) echo macos ;;
    Linux) [[ -f /etc/debian_version ]] && echo debian || echo linux ;;
    *) echo other ;;
  esac
}

packages() {
  step "packages"
  case "$(os_kind)" in
    macos)
      command -v brew >/dev/null || { echo "install Homebrew first (see README)"; return 1; }
      # the Brewfile is part of this repo and reviewed like code
      doit brew bundle --file="$DOT/Brewfile" --no-upgrade
      ;;
    debian)
      mapfile -t pkgs < <(grep -vE '^\s*(#|$)' "$DOT/packages.txt")
      echo "   ${#pkgs[@]} package(s): ${pkgs[*]}"
      doit sudo apt-get install -y --no-install-recommends "${pkgs[@]}"
      ;;
    *) echo "   unsupported OS, skipping" ;;
  esac
}

link_one() {
  local src="$1" rel dst
  rel="${src#"$DOT/home/"}"
  dst="$HOME/$rel"
  if [[ -L "$dst" && "$(readlink "$dst")" == "$src" ]]; then
    return 0
  fi
  if [[ -e "$dst" || -L "$dst" ]]; then
    doit mkdir -p "$REPLACED/$(dirname "$rel")"
    doit mv -- "$dst" "$REPLACED/$rel"
    echo "   moved ~/$rel aside"
  fi
  doit mkdir -p "$(dirname "$dst")"
  doit ln -s "$src" "$dst"
  echo "   linked ~/$rel"
}

links() {
  step "links"
  local f
  while IFS= read -r -d '' f; do
    link_one "$f"
  done < <(find "$DOT/home" -type f -print0 | sort -z)
  if [[ -d "$REPLACED" ]]; then
    echo "   replaced files are in $REPLACED"
  fi
}

shell_hook() {
  step "shell"
  local rc="$HOME/.zshrc"
  local line="[ -f \"$DOT/shell/init.sh\" ] && . \"$DOT/shell/init.sh\"  # dotfiles"
  if grep -qF "$DOT/shell/init.sh" "$rc" 2>/dev/null; then
    echo "   ~/.zshrc already sources shell/init.sh"
    return 0
  fi
  echo "   this adds to ~/.zshrc:"
  echo "     $line"
  if ((DRY)); then
    return 0
  fi
  read -r -p "   add it? [y/N] " ans
  [[ "$ans" == [yY] ]] || { echo "   skipped"; return 0; }
  cp -p "$rc" "$rc.bak-$STAMP" 2>/dev/null || true
  printf '\n%s\n' "$line" >>"$rc"
}

macos_defaults() {
  step "macos defaults"
  [[ "$(os_kind)" == macos ]] || { echo "   not macOS"; return 0; }
  local domain key type value
  while IFS=$'\t' read -r domain key type value; do
    [[ -z "$domain" || "$domain" == \#* ]] && continue
    case "$domain" in
      com.apple.finder|com.apple.dock|NSGlobalDomain|com.apple.screencapture) ;;
      *) echo "   refusing domain $domain (not in the cosmetic allow-list)"; continue ;;
    esac
    doit defaults write "$domain" "$key" "-$type" "$value"
    echo "   $domain $key = $value"
  done <"$DOT/macos/defaults.tsv"
  ((DRY)) || killall Dock Finder 2>/dev/null || true
}

verify() {
  step "verify"
  local broken=0 l
  while IFS= read -r -d '' l; do
    if [[ ! -e "$l" ]]; then
      echo "   broken link: $l"
      broken=$((broken + 1))
    fi
  done < <(find "$HOME" -maxdepth 3 -type l -lname "$DOT/*" -print0 2>/dev/null)
  echo "   $broken broken link(s)"
}

git_identity() {
  step "git identity"
  # identity lives in an untracked include so the repo stays shareable
  local inc="$HOME/.config/git/identity"
  if [[ -f "$inc" ]]; then
    echo "   $inc exists"
    return 0
  fi
  if ((DRY)); then
    echo "   would ask for name/email and write $inc"
    return 0
  fi
  local name email
  read -r -p "   git user.name: " name
  read -r -p "   git user.email: " email
  mkdir -p "$(dirname "$inc")"
  printf '[user]\n\tname = %s\n\temail = %s\n' "$name" "$email" >"$inc"
  echo "   wrote $inc"
}

editor_plugins() {
  step "editor plugins"
  if command -v nvim >/dev/null; then
    doit nvim --headless "+Lazy! restore" +qa
  else
    echo "   neovim not installed"
  fi
}

summary() {
  step "summary"
  local n
  n="$(find "$DOT/home" -type f | wc -l | tr -d ' ')"
  echo "   $n managed file(s)"
  [[ -d "$REPLACED" ]] && echo "   replaced originals: $REPLACED"
  return 0
}

main() {
  echo "dotfiles: $DOT $( ((DRY)) && echo '(dry run)')"
  skipped git || git_identity
  skipped editor || editor_plugins
  skipped packages || packages
  skipped links || links
  skipped shell || shell_hook
  skipped macos || macos_defaults
  verify
  summary
  echo
  echo "done. open a new terminal to pick up shell changes."
}

main
