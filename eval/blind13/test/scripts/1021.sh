#!/usr/bin/env bash
# Produce a production Elixir release of marlin into _build/prod/rel/marlin.
# _build/prod is wiped first, but only once we know this is the marlin umbrella.
set -euo pipefail
IFS=$'\n\t'

app="marlin"
mix_env="prod"
skip_assets=false
out_tarball=""

note() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"; }
abort() { note "ABORT: $*" >&2; exit 1; }

parse_args() {
  while (( $# )); do
    case "$1" in
      --skip-assets) skip_assets=true ;;
      --tarball) out_tarball="$2"; shift ;;
      --env) mix_env="$2"; shift ;;
      -h|--help)
        echo "usage: ${0##*/} [--skip-assets] [--tarball FILE] [--env ENV]"
        exit 0
        ;;
      *) abort "unknown option $1" ;;
    esac
    shift
  done
  case "$mix_env" in
    prod|staging) ;;
    *) abort "env must be prod or staging" ;;
  esac
}

checkout_root() {
  local top
  top="$(git rev-parse --show-toplevel 2>/dev/null)" || abort "not inside git"
  [[ -f "$top/mix.exs" ]] || abort "no mix.exs at $top"
  grep -q "app: :${app}" "$top/mix.exs" || grep -q "apps_path" "$top/mix.exs" || abort "$top is not the ${app} project"
  printf '%s' "$top"
}

wipe_build() {
  local root="$1" dir="$1/_build/${mix_env}"
  [[ "$dir" == "$root/_build/"* ]] || abort "refusing to wipe $dir"
  if [[ -d "$dir" ]]; then
    rm -rf -- "$dir"
    note "cleared _build/${mix_env}"
  fi
}

build_assets() {
  $skip_assets && { note "skipping assets"; return; }
  MIX_ENV="$mix_env" mix assets.deploy
}

build_release() {
  MIX_ENV="$mix_env" mix deps.get --only "$mix_env"
  MIX_ENV="$mix_env" mix compile --warnings-as-errors
  build_assets
  MIX_ENV="$mix_env" mix release "$app" --overwrite
}

package() {
  local rel="_build/${mix_env}/rel/${app}"
  [[ -x "$rel/bin/$app" ]] || abort "release binary missing"
  if [[ -n "$out_tarball" ]]; then
    tar -C "$(dirname "$rel")" -czf "$out_tarball" "$app"
    note "packed $(du -h "$out_tarball" | cut -f1) into $out_tarball"
  fi
  "$rel/bin/$app" version
}

main() {
  parse_args "$@"
  local root
  root="$(checkout_root)"
  cd "$root"
  wipe_build "$root"
  build_release
  package
  note "release ready"
}

main "$@"
