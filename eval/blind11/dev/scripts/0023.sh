#!/usr/bin/env bash
# scripts/bootstrap-tools.sh - install pinned ktlint and detekt jars into .tools/
# Downloads from github.com release assets and checks SHA-256 before use.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$ROOT/.tools"
mkdir -p "$TOOLS/bin" "$TOOLS/cache"

declare -A URLS=(
  [ktlint]="https://github.com/pinterest/ktlint/releases/download/1.3.1/ktlint"
  [detekt]="https://github.com/detekt/detekt/releases/download/v1.23.7/detekt-cli-1.23.7-all.jar"
)
declare -A SHAS=(
  [ktlint]="a9f923be58fbd32670a17f0b729b1df804af882fa57402165741cb26e5440ca1"
  [detekt]="2b4f0f4cc4c2ab4b8d5bd8dbd0ce1fc3c5a0f11d9e5ab0d6b4f0bb5c5fa4b1f2"
)

sha256() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | awk '{print $1}'
  else
    shasum -a 256 "$1" | awk '{print $1}'
  fi
}

fetch() {
  local name="$1" url="${URLS[$1]}" want="${SHAS[$1]}"
  local dest="$TOOLS/cache/$(basename "$url")"
  if [[ -f "$dest" && "$(sha256 "$dest")" == "$want" ]]; then
    echo "$name: cached"
    return 0
  fi
  local tmp
  tmp="$(mktemp "$TOOLS/cache/.dl.XXXXXX")"
  trap 'rm -f "$tmp"' RETURN
  echo "$name: downloading $url"
  curl --fail --location --silent --show-error --proto '=https' -o "$tmp" "$url"
  local got
  got="$(sha256 "$tmp")"
  if [[ "$got" != "$want" ]]; then
    echo "$name: checksum mismatch (got $got)" >&2
    return 1
  fi
  mv "$tmp" "$dest"
  echo "$name: verified"
}

link_tools() {
  ln -sf "../cache/ktlint" "$TOOLS/bin/ktlint"
  chmod u+x "$TOOLS/cache/ktlint"
  cat > "$TOOLS/bin/detekt" <<'WRAP'
#!/usr/bin/env bash
exec java -jar "$(dirname "$0")/../cache/detekt-cli-1.23.7-all.jar" "$@"
WRAP
  chmod u+x "$TOOLS/bin/detekt"
}

versions() {
  "$TOOLS/bin/ktlint" --version || true
  "$TOOLS/bin/detekt" --version || true
}

main() {
  local failed=0
  for tool in ktlint detekt; do
    fetch "$tool" || failed=1
  done
  if [[ $failed -ne 0 ]]; then
    echo "some downloads failed verification; nothing linked" >&2
    exit 1
  fi
  link_tools
  versions
  echo
  echo "Tools installed in $TOOLS/bin. Add to PATH with:"
  echo "  export PATH=\"$TOOLS/bin:\$PATH\""
}

main "$@"
