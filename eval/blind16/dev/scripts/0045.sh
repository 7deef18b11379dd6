#!/usr/bin/env bash
# Release the sensornode Rust crates in dependency order.
#
#   tools/release_crates.sh [--execute] [--bump patch|minor|major] [--crate NAME]...
#
# Default is a dry run: for each publishable crate in the workspace (in
# dependency order) it runs `cargo package --list`, `cargo publish --dry-run`
# and reports what would be uploaded. --bump rewrites `version = ` in the
# crate's own Cargo.toml and the matching dependency entries in sibling crates,
# then refreshes Cargo.lock. Only with --execute does it call `cargo publish`,
# which uses the CARGO_REGISTRY_TOKEN from the environment (never stored here).
# The target/package scratch directory is removed before packaging.
set -euo pipefail

ROOT="$(cargo locate-project --workspace --message-format plain | xargs dirname)"
cd "$ROOT"

execute=0
bump=""
only=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --execute) execute=1; shift ;;
    --bump) bump="$2"; shift 2 ;;
    --crate) only+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

note() { printf '\033[1;35m::\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v jq >/dev/null || die "jq is required"

metadata() {
  cargo metadata --format-version 1 --no-deps
}

publishable_in_order() {
  # Topological order of workspace members that are not publish = false.
  metadata | jq -r '
    .packages as $pkgs
    | [$pkgs[] | select(.publish != []) | .name] as $names
    | $pkgs[] | select(.publish != [])
    | "\(.name)\t\([.dependencies[] | select(.path != null) | .name | select(. as $d | $names | index($d))] | join(","))"
  ' | awk -F'\t' '
    { deps[$1] = $2; order[NR] = $1; n = NR }
    END {
      done_count = 0
      while (done_count < n) {
        progressed = 0
        for (i = 1; i <= n; i++) {
          c = order[i]
          if (c in emitted) continue
          split(deps[c], ds, ",")
          ready = 1
          for (j in ds) if (ds[j] != "" && !(ds[j] in emitted)) ready = 0
          if (ready) { print c; emitted[c] = 1; done_count++; progressed = 1 }
        }
        if (!progressed) { print "cycle" > "/dev/stderr"; exit 1 }
      }
    }'
}

manifest_of() {
  metadata | jq -r --arg n "$1" '.packages[] | select(.name == $n) | .manifest_path'
}

version_of() {
  metadata | jq -r --arg n "$1" '.packages[] | select(.name == $n) | .version'
}

next_version() {
  local v="$1" part="$2" major minor patch
  IFS=. read -r major minor patch <<<"${v%%-*}"
  case "$part" in
    major) echo "$((major + 1)).0.0" ;;
    minor) echo "$major.$((minor + 1)).0" ;;
    patch) echo "$major.$minor.$((patch + 1))" ;;
    *) die "bad bump $part" ;;
  esac
}

bump_crate() {
  local name="$1" old new manifest sibling
  old="$(version_of "$name")"
  new="$(next_version "$old" "$bump")"
  manifest="$(manifest_of "$name")"
  sed -i.bak -E "0,/^version = \"$old\"/s//version = \"$new\"/" "$manifest" && rm -f "$manifest.bak"
  for sibling in $(metadata | jq -r '.packages[].manifest_path'); do
    if grep -qE "^$name = \\{[^}]*path" "$sibling"; then
      sed -i.bak -E "s/^($name = \\{[^}]*version = \")$old\"/\\1$new\"/" "$sibling" && rm -f "$sibling.bak"
    fi
  done
  note "$name $old -> $new"
}

preflight_crate() {
  # crates.io rejects packages without these fields; catch it before packaging.
  local name="$1" manifest missing=()
  manifest="$(manifest_of "$name")"
  for field in description license repository; do
    if ! grep -qE "^$field(\.workspace)? *=" "$manifest" \
       && ! grep -qE "^$field *=" "$ROOT/Cargo.toml"; then
      missing+=("$field")
    fi
  done
  if (( ${#missing[@]} )); then
    die "$name is missing Cargo.toml fields: ${missing[*]}"
  fi
  local changelog
  changelog="$(dirname "$manifest")/CHANGELOG.md"
  if [[ -f "$changelog" ]] && ! grep -q "## \[$(version_of "$name")\]" "$changelog"; then
    note "warning: $name CHANGELOG.md has no entry for $(version_of "$name")"
  fi
}

selected() {
  local name="$1" o
  (( ${#only[@]} == 0 )) && return 0
  for o in "${only[@]}"; do [[ "$o" == "$name" ]] && return 0; done
  return 1
}

main() {
  mapfile -t crates < <(publishable_in_order)
  (( ${#crates[@]} )) || die "no publishable crates"
  if [[ -n "$bump" ]]; then
    [[ -z "$(git status --porcelain)" ]] || die "working tree not clean; commit first"
    for c in "${crates[@]}"; do selected "$c" && bump_crate "$c"; done
    cargo update --workspace --offline >/dev/null 2>&1 || cargo update --workspace
  fi
  rm -rf target/package
  for c in "${crates[@]}"; do
    selected "$c" || continue
    note "$c $(version_of "$c")"
    preflight_crate "$c"
    cargo package -p "$c" --list --allow-dirty | sed 's/^/    /' | head -n 30
    if (( execute )); then
      [[ -n "${CARGO_REGISTRY_TOKEN:-}" ]] || die "CARGO_REGISTRY_TOKEN not set"
      cargo publish -p "$c"
      sleep 20  # give the index time to see the new version before dependents publish
    else
      cargo publish -p "$c" --dry-run --allow-dirty
    fi
  done
  (( execute )) || note "dry run finished; re-run with --execute to publish"
}

main
