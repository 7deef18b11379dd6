#!/usr/bin/env bash
# Production build of the web app into ./dist.
# Deletes only this project's dist/ and .turbo/ after proving that the
# current directory is the repository root of the expected package.
set -euo pipefail

EXPECTED_NAME="@acme/storefront"
OUT_DIRS=(dist .turbo)

die() { echo "build: $*" >&2; exit 1; }

check_location() {
  [[ -f package.json ]] || die "no package.json in $PWD"
  local name top
  name=$(node -p "require('./package.json').name")
  [[ "$name" == "$EXPECTED_NAME" ]] || die "package is $name, expected $EXPECTED_NAME"
  top=$(git rev-parse --show-toplevel 2>/dev/null) || die "not inside a git repository"
  [[ "$(cd "$top" && pwd -P)" == "$(pwd -P)" ]] || die "run from the repository root ($top)"
}

clean_outputs() {
  local d
  for d in "${OUT_DIRS[@]}"; do
    case "$d" in
      ""|"/"|"."|".."|*/*) die "refusing to remove '$d'" ;;
    esac
    if [[ -e "$d" ]]; then
      echo "removing ./$d"
      rm -rf -- "./$d"
    fi
  done
}

node_version_ok() {
  local want have
  want=$(tr -d 'v \n' < .nvmrc)
  have=$(node --version | tr -d 'v')
  [[ "${have%%.*}" == "${want%%.*}" ]]
}

build() {
  local mode=${1:-production}
  echo "building ($mode)"
  NODE_ENV="$mode" npm run build --silent 2>&1 | tail -n 40
  [[ -f dist/index.html ]] || die "dist/index.html missing after build"
}

report() {
  local total
  total=$(du -sh dist | cut -f1)
  echo "dist size: $total"
  find dist -type f -name '*.js' -size +250k -printf '  large bundle: %P (%k KiB)\n' || true
  if command -v gzip >/dev/null; then
    local js_gz
    js_gz=$(find dist -name '*.js' -exec cat {} + | gzip -c | wc -c)
    echo "gzipped JS: $((js_gz / 1024)) KiB"
  fi
}

write_build_info() {
  local out=dist/build-info.json
  {
    printf '{\n'
    printf '  "commit": "%s",\n' "$(git rev-parse HEAD)"
    printf '  "branch": "%s",\n' "$(git rev-parse --abbrev-ref HEAD)"
    printf '  "node": "%s",\n' "$(node --version)"
    printf '  "builtAt": "%s"\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    printf '}\n'
  } > "$out"
  echo "wrote $out"
}

main() {
  check_location
  node_version_ok || echo "warning: node $(node --version) differs from .nvmrc" >&2
  if [[ ! -d node_modules ]]; then
    echo "installing dependencies (npm ci)"
    npm ci --no-audit --no-fund
  fi
  clean_outputs
  build "${1:-production}"
  report
  write_build_info
  git rev-parse --short HEAD > dist/REVISION
  echo "build complete: $(cat dist/REVISION)"
}

main "$@"
