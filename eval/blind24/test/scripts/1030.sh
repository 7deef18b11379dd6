#!/usr/bin/env bash
# install-devtool.sh -- build the repo's `devtool` helper and install it for the
# current user, with man page and shell completions.
#
#   scripts/install-devtool.sh                # build + install to ./.tools (default)
#   scripts/install-devtool.sh --prefix user  # ~/.local/{bin,share/man,share/...}
#   scripts/install-devtool.sh --uninstall --prefix user
#
# A manifest of every installed file is kept so --uninstall removes exactly
# those files and nothing else. System prefixes (/usr, /usr/local) are refused;
# use your package manager for system-wide installs.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX_KIND="project"
UNINSTALL=0
VERSION="$(git -C "$REPO" describe --tags --always --dirty 2>/dev/null || echo dev)"

msg() { printf '==> %s\n' "$*" >&2; }
die() { printf 'install-devtool: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --prefix) PREFIX_KIND="${2:?}"; shift ;;
    --uninstall) UNINSTALL=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

case "$PREFIX_KIND" in
  project) PREFIX="$REPO/.tools" ;;
  user) PREFIX="${XDG_DATA_HOME:+${XDG_DATA_HOME%/share}}"; PREFIX="${PREFIX:-$HOME/.local}" ;;
  /usr|/usr/local|/opt*) die "system prefixes are not supported by this script" ;;
  *) die "--prefix must be 'project' or 'user'" ;;
esac

BIN_DIR="$PREFIX/bin"
MAN_DIR="$PREFIX/share/man/man1"
BASH_COMP="$PREFIX/share/bash-completion/completions"
ZSH_COMP="$PREFIX/share/zsh/site-functions"
FISH_COMP="${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions"
[[ "$PREFIX_KIND" == project ]] && FISH_COMP="$PREFIX/share/fish/vendor_completions.d"
MANIFEST="$PREFIX/share/devtool/install-manifest.txt"

uninstall() {
  [[ -f "$MANIFEST" ]] || die "no install manifest at $MANIFEST"
  local f n=0
  while IFS= read -r f; do
    [[ -n "$f" ]] || continue
    case "$f" in
      "$PREFIX"/*|"$FISH_COMP"/*) ;;
      *) msg "skipping unexpected path in manifest: $f"; continue ;;
    esac
    if [[ -f "$f" || -L "$f" ]]; then
      rm -f -- "$f"
      n=$((n + 1))
    fi
  done <"$MANIFEST"
  rm -f -- "$MANIFEST"
  rmdir "$(dirname "$MANIFEST")" 2>/dev/null || true
  msg "removed $n file(s)"
}

if ((UNINSTALL)); then
  uninstall
  exit 0
fi

build() {
  command -v cargo >/dev/null || die "cargo not found"
  msg "building devtool $VERSION"
  (cd "$REPO/tools/devtool" && DEVTOOL_VERSION="$VERSION" cargo build --release --locked --quiet)
  BUILT="$REPO/tools/devtool/target/release/devtool"
  [[ -x "$BUILT" ]] || die "build did not produce $BUILT"
}

gen_assets() {
  ASSETS="$(mktemp -d)"
  trap 'rm -rf -- "$ASSETS"' EXIT
  "$BUILT" generate man >"$ASSETS/devtool.1"
  "$BUILT" generate completion bash >"$ASSETS/devtool.bash"
  "$BUILT" generate completion zsh >"$ASSETS/_devtool"
  "$BUILT" generate completion fish >"$ASSETS/devtool.fish"
  local f
  for f in "$ASSETS"/*; do
    [[ -s "$f" ]] || die "generator produced an empty $(basename "$f")"
  done
}

put() {
  # put MODE SRC DEST  -- install one file and record it in the manifest
  local mode="$1" src="$2" dest="$3"
  if [[ -e "$dest" && ! -f "$MANIFEST" ]]; then
    if ! grep -q devtool "$dest" 2>/dev/null; then
      die "$dest exists and is not from a previous devtool install"
    fi
  fi
  install -D -m "$mode" "$src" "$dest"
  printf '%s\n' "$dest" >>"$MANIFEST.new"
}

install_all() {
  mkdir -p "$(dirname "$MANIFEST")"
  : >"$MANIFEST.new"
  put 0755 "$BUILT" "$BIN_DIR/devtool"
  put 0644 "$ASSETS/devtool.1" "$MAN_DIR/devtool.1"
  put 0644 "$ASSETS/devtool.bash" "$BASH_COMP/devtool"
  put 0644 "$ASSETS/_devtool" "$ZSH_COMP/_devtool"
  put 0644 "$ASSETS/devtool.fish" "$FISH_COMP/devtool.fish"
  sort -u "$MANIFEST.new" >"$MANIFEST"
  rm -f -- "$MANIFEST.new"
}

post_install_hints() {
  case ":$PATH:" in
    *":$BIN_DIR:"*) ;;
    *) msg "add $BIN_DIR to PATH (for this repo: PATH_add .tools/bin in .envrc)" ;;
  esac
  if [[ "$PREFIX_KIND" == user ]]; then
    if ! manpath 2>/dev/null | tr ':' '\n' | grep -qx "$PREFIX/share/man"; then
      msg "man pages: export MANPATH=\"$PREFIX/share/man:\$MANPATH\""
    fi
  fi
  msg "installed devtool $VERSION ($(wc -l <"$MANIFEST" | tr -d ' ') files, manifest: $MANIFEST)"
}

smoke_test() {
  local out
  out="$("$BIN_DIR/devtool" --version 2>&1)" || die "installed binary does not run: $out"
  msg "smoke test: $out"
}

check_existing() {
  # an older install in a different prefix would shadow this one on PATH
  local other
  other="$(command -v devtool 2>/dev/null || true)"
  if [[ -n "$other" && "$other" != "$BIN_DIR/devtool" ]]; then
    msg "note: another devtool is first on PATH: $other"
  fi
}

list_installed() {
  [[ -f "$MANIFEST" ]] || { msg "nothing installed under $PREFIX"; return 0; }
  local f state
  while IFS= read -r f; do
    if [[ -e "$f" ]]; then
      state="ok"
    else
      state="missing"
    fi
    printf '  %-8s %s\n' "$state" "$f"
  done <"$MANIFEST"
}

verify_installed() {
  # compare installed binary with the fresh build; reinstall only if different
  [[ -x "$BIN_DIR/devtool" ]] || return 1
  cmp -s "$BUILT" "$BIN_DIR/devtool"
}

already_current() {
  if verify_installed; then
    msg "devtool $VERSION already installed in $PREFIX; refreshing docs/completions only"
    return 0
  fi
  return 1
}

if [[ "${LIST_ONLY:-0}" == 1 ]]; then
  list_installed
  exit 0
fi

build
already_current || true
gen_assets
install_all
smoke_test
check_existing
post_install_hints
