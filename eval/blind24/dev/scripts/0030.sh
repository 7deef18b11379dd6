#!/usr/bin/env bash
# get-tools.sh -- download pinned release binaries and verify them.
#
# Tools and versions are listed in tools/versions.txt:
#
#   # name     version   github-repo              asset-pattern
#   shfmt      3.8.0     mvdan/sh                 shfmt_v{v}_{os}_{arch}
#   actionlint 1.7.1     rhysd/actionlint         actionlint_{v}_{os}_{arch}.tar.gz
#
# Checksums are pinned in tools/checksums.sha256 (sha256sum format). Binaries
# land in ./.tools/bin. With --user they are additionally copied into
# ~/.local/bin (never /usr/local/bin, and never with sudo).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VERSIONS="$ROOT/tools/versions.txt"
SUMS="$ROOT/tools/checksums.sha256"
DEST="$ROOT/.tools/bin"
CACHE="$ROOT/.tools/cache"
USER_BIN="$HOME/.local/bin"
WORK=""

INSTALL_USER=0
FORCE=0
ONLY=()

log() { printf '\033[2m[get-tools]\033[0m %s\n' "$*" >&2; }
die() { printf '[get-tools] error: %s\n' "$*" >&2; exit 1; }

cleanup() { [[ -n "$WORK" ]] && rm -rf -- "$WORK"; }
trap cleanup EXIT

while (($#)); do
  case "$1" in
    --user) INSTALL_USER=1 ;;
    --force) FORCE=1 ;;
    --list) grep -vE '^\s*(#|$)' "$VERSIONS"; exit 0 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) ONLY+=("$1") ;;
  esac
  shift
done

detect_platform() {
  case "$(uname -s)" in
    Linux) OS=linux ;;
    Darwin) OS=darwin ;;
    *) die "unsupported OS $(uname -s)" ;;
  esac
  case "$(uname -m)" in
    x86_64|amd64) ARCH=amd64 ;;
    aarch64|arm64) ARCH=arm64 ;;
    *) die "unsupported arch $(uname -m)" ;;
  esac
}

sha256() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$@"
  else
    shasum -a 256 "$@"
  fi
}

fetch() {
  local url="$1" out="$2" attempt=1 delay=2
  local -a auth=()
  # a token only raises github.com's anonymous rate limit; it is sent to github.com only
  if [[ -n "${GITHUB_TOKEN:-}" && "$url" == https://github.com/* ]]; then
    auth=(-H "Authorization: Bearer $GITHUB_TOKEN")
  fi
  until curl -fsSL --proto '=https' --retry 0 "${auth[@]}" -o "$out" "$url"; do
    if ((attempt >= 4)); then
      die "download failed: $url"
    fi
    log "retry $attempt for $(basename "$url") in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1))
    delay=$((delay * 2))
  done
}

verify() {
  local file="$1" name line
  name="$(basename "$file")"
  line="$(grep -E "[[:space:]]\*?${name//./\\.}\$" "$SUMS" || true)"
  [[ -n "$line" ]] || die "no pinned checksum for $name in ${SUMS#"$ROOT"/}"
  (cd "$(dirname "$file")" && printf '%s\n' "$line" | sha256 -c --quiet -) \
    || die "checksum mismatch for $name"
}

extract_binary() {
  local archive="$1" bin="$2" out="$3"
  case "$archive" in
    *.tar.gz|*.tgz)
      tar -xzf "$archive" -C "$WORK/x"
      ;;
    *.zip)
      unzip -q -o "$archive" -d "$WORK/x"
      ;;
    *)
      cp "$archive" "$WORK/x/$bin"
      ;;
  esac
  local found
  found="$(find "$WORK/x" -type f -name "$bin" | head -n 1)"
  [[ -n "$found" ]] || die "$bin not found inside $(basename "$archive")"
  install -m 0755 "$found" "$out"
}

installed_version() {
  local stamp="$DEST/.$1.version"
  [[ -f "$stamp" ]] && cat "$stamp"
}

wanted() {
  local name="$1" n
  ((${#ONLY[@]} == 0)) && return 0
  for n in "${ONLY[@]}"; do
    [[ "$n" == "$name" ]] && return 0
  done
  return 1
}

install_one() {
  local name="$1" version="$2" repo="$3" pattern="$4"
  local asset url archive
  asset="${pattern//\{v\}/$version}"
  asset="${asset//\{os\}/$OS}"
  asset="${asset//\{arch\}/$ARCH}"
  url="https://github.com/$repo/releases/download/v$version/$asset"
  if [[ "$(installed_version "$name")" == "$version" && -x "$DEST/$name" && $FORCE -eq 0 ]]; then
    log "$name $version up to date"
    return 0
  fi
  archive="$CACHE/$asset"
  if [[ ! -f "$archive" ]]; then
    log "fetching $name $version"
    fetch "$url" "$archive.part"
    mv "$archive.part" "$archive"
  fi
  verify "$archive"
  rm -rf -- "$WORK/x"
  mkdir -p "$WORK/x"
  extract_binary "$archive" "$name" "$DEST/$name"
  printf '%s\n' "$version" >"$DEST/.$name.version"
  log "installed $name $version -> .tools/bin/$name"
  if ((INSTALL_USER)); then
    mkdir -p "$USER_BIN"
    if [[ -e "$USER_BIN/$name" && ! -f "$USER_BIN/.$name.from-get-tools" ]]; then
      log "$USER_BIN/$name exists and was not installed by us; not replacing it"
    else
      install -m 0755 "$DEST/$name" "$USER_BIN/$name"
      : >"$USER_BIN/.$name.from-get-tools"
      log "copied $name into ~/.local/bin"
    fi
  fi
}

prune_cache() {
  # drop cached archives that are no longer referenced by versions.txt
  local f keep
  keep="$(awk '!/^\s*(#|$)/{print $1"-"$2}' "$VERSIONS")"
  for f in "$CACHE"/*; do
    [[ -f "$f" ]] || continue
    if ! grep -qF "$(basename "$f")" "$SUMS"; then
      log "pruning unreferenced cache file $(basename "$f")"
      rm -f -- "$f"
    fi
  done
  : "$keep"
}

main() {
  [[ -f "$VERSIONS" ]] || die "missing $VERSIONS"
  [[ -f "$SUMS" ]] || die "missing $SUMS"
  command -v curl >/dev/null || die "curl is required"
  detect_platform
  mkdir -p "$DEST" "$CACHE"
  WORK="$(mktemp -d)"
  local name version repo pattern count=0
  while read -r name version repo pattern; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    wanted "$name" || continue
    install_one "$name" "$version" "$repo" "$pattern"
    count=$((count + 1))
  done <"$VERSIONS"
  prune_cache
  log "$count tool(s) processed"
  case ":$PATH:" in
    *":$DEST:"*) ;;
    *) log "add to PATH for this shell: export PATH=\"$DEST:\$PATH\" (or use direnv's PATH_add)" ;;
  esac
}

main
