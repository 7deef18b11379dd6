#!/usr/bin/env bash
# crate-release.sh - release the `lexr` crate family (lexr-core, lexr, lexr-cli).
#
#   scripts/crate-release.sh 0.5.0           dry run: bump, test, package, sign
#   scripts/crate-release.sh 0.5.0 --execute commit, tag, cargo publish, push tag
#
# Signing: the .crate tarballs and the CLI binaries are signed with minisign
# using the secret key file at $MINISIGN_SECRET_KEY (password via
# $MINISIGN_PASSWORD on stdin). crates.io auth comes from
# $CARGO_REGISTRY_TOKEN, which cargo reads itself.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
VERSION="${1:?usage: crate-release.sh VERSION [--execute]}"
EXECUTE=0
[[ "${2:-}" == "--execute" ]] && EXECUTE=1
CRATES=(lexr-core lexr lexr-cli)
OUT="$ROOT/target/release-staging"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/lexr-release.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

say() { printf '\n\033[36m== %s\033[0m\n' "$*"; }
die() { printf 'crate-release: %s\n' "$*" >&2; exit 1; }

[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[a-z0-9.]+)?$ ]] || die "bad version $VERSION"
cd "$ROOT"

preflight() {
  say "preflight"
  [[ -z "$(git status --porcelain)" ]] || die "working tree is dirty"
  [[ "$(git branch --show-current)" == main ]] || die "release from main only"
  git rev-parse -q --verify "refs/tags/v$VERSION" >/dev/null && die "tag v$VERSION exists"
  command -v cargo-set-version >/dev/null || die "cargo-edit (cargo set-version) is required"
  if ((EXECUTE)); then
    [[ -n "${CARGO_REGISTRY_TOKEN:-}" ]] || die "CARGO_REGISTRY_TOKEN required with --execute"
  fi
}

bump() {
  say "set version $VERSION"
  cargo set-version --workspace "$VERSION"
  # keep the intra-workspace dependency requirements in sync
  local c
  for c in "${CRATES[@]}"; do
    sed -i.bak -E "s/^(${CRATES[0]} = \{[^}]*version = )\"[^\"]+\"/\1\"$VERSION\"/" "crates/$c/Cargo.toml"
    rm -f "crates/$c/Cargo.toml.bak"
  done
  cargo update --workspace --offline >/dev/null
}

changelog() {
  say "changelog"
  local file="$ROOT/CHANGELOG.md" today
  today="$(date +%Y-%m-%d)"
  grep -q '^## \[Unreleased\]' "$file" || die "CHANGELOG.md lacks [Unreleased]"
  awk -v v="$VERSION" -v d="$today" '
    /^## \[Unreleased\]/ && !x { print; print ""; print "## [" v "] - " d; x = 1; next } { print }
  ' "$file" > "$WORK/CHANGELOG.md"
  mv "$WORK/CHANGELOG.md" "$file"
}

test_all() {
  say "tests"
  cargo fmt --all -- --check
  cargo clippy --workspace --all-targets --locked -- -D warnings
  cargo test --workspace --locked
  cargo doc --workspace --no-deps --locked >/dev/null
}

package() {
  say "package"
  rm -rf "$OUT"
  mkdir -p "$OUT"
  local c
  for c in "${CRATES[@]}"; do
    cargo package -p "$c" --locked --allow-dirty --no-verify >/dev/null
    cp "target/package/$c-$VERSION.crate" "$OUT/"
  done
  cargo build -p lexr-cli --release --locked
  cp target/release/lexr "$OUT/lexr-$VERSION-$(rustc -vV | sed -n 's/^host: //p')"
  (cd "$OUT" && sha256sum -- * > SHA256SUMS)
  ls -l "$OUT"
}

sign() {
  say "sign"
  if [[ -z "${MINISIGN_SECRET_KEY:-}" ]]; then
    ((EXECUTE)) && die "MINISIGN_SECRET_KEY is required with --execute"
    echo "MINISIGN_SECRET_KEY not set; skipping signatures for this dry run"
    return 0
  fi
  [[ -f "$MINISIGN_SECRET_KEY" ]] || die "no key file at MINISIGN_SECRET_KEY"
  local f
  for f in "$OUT"/*; do
    [[ "$f" == *.minisig ]] && continue
    printf '%s\n' "${MINISIGN_PASSWORD:-}" |
      minisign -S -s "$MINISIGN_SECRET_KEY" -m "$f" -t "lexr $VERSION $(basename "$f")" >/dev/null
  done
  minisign -V -p "$ROOT/minisign.pub" -m "$OUT/SHA256SUMS" >/dev/null
  echo "signatures verified against minisign.pub"
}

publish() {
  say "publish"
  local c
  for c in "${CRATES[@]}"; do
    if ((EXECUTE)); then
      cargo publish -p "$c" --locked
      # give the index a moment before dependent crates resolve it
      sleep 20
    else
      cargo publish -p "$c" --locked --dry-run --allow-dirty >/dev/null
      echo "dry-run publish ok: $c"
    fi
  done
}

commit_tag_push() {
  if ((EXECUTE)); then
    say "commit, tag, push"
    git commit -am "release: v$VERSION"
    git tag -a "v$VERSION" -m "lexr $VERSION"
    git push origin main "v$VERSION"
  fi
}

restore_tree() {
  if ((EXECUTE == 0)); then
    say "dry run: restoring manifests and changelog"
    git checkout -- .
  fi
}

verify_package_contents() {
  say "package contents"
  local c crate
  for c in "${CRATES[@]}"; do
    crate="$OUT/$c-$VERSION.crate"
    if tar -tzf "$crate" | grep -E '\.(env|pem|key)$|/tests/fixtures/private/'; then
      die "$c would ship files that must stay private"
    fi
    printf '%-10s %4d files\n' "$c" "$(tar -tzf "$crate" | wc -l)"
  done
}

semver_check() {
  # cargo-semver-checks compares the public API with the last published version
  say "semver check"
  if ! command -v cargo-semver-checks >/dev/null; then
    echo "cargo-semver-checks not installed; skipping API compatibility check"
    return 0
  fi
  local c
  for c in lexr-core lexr; do
    if ! cargo semver-checks check-release -p "$c" --release-type "$(release_type)"; then
      die "$c: public API change does not match a $(release_type) release"
    fi
  done
}

release_type() {
  local prev
  prev="$(git describe --tags --abbrev=0 --match 'v*' 2>/dev/null || echo v0.0.0)"
  prev="${prev#v}"
  local pmaj pmin nmaj nmin
  IFS=. read -r pmaj pmin _ <<<"$prev"
  IFS=. read -r nmaj nmin _ <<<"$VERSION"
  if [[ "$nmaj" != "$pmaj" ]]; then echo major
  elif [[ "$nmin" != "$pmin" ]]; then echo minor
  else echo patch
  fi
}

preflight
semver_check
bump
changelog
test_all
package
verify_package_contents
sign
commit_tag_push
publish
restore_tree
say "done (${EXECUTE/#0/dry run})"
