#!/usr/bin/env bash
# image-diff.sh - compare two published tags of an image before promoting.
#
#   deploy/image-diff.sh ghcr.io/acme/shipping-api 2.0.9 2.1.0
#
# Read-only against the registry: resolves digests with crane, verifies both
# signatures with deploy/cosign.pub, generates SBOMs with syft, diffs the
# package lists and compares grype findings. Output goes to dist/image-diff/.
set -euo pipefail

REPO_ROOT="$(git rev-parse --show-toplevel)"
IMAGE="${1:?usage: image-diff.sh IMAGE OLD_TAG NEW_TAG}"
OLD="${2:?old tag}"
NEW="${3:?new tag}"
OUT="$REPO_ROOT/dist/image-diff/${IMAGE##*/}-$OLD-$NEW"
PUBKEY="$REPO_ROOT/deploy/cosign.pub"
SEVERITIES=(Critical High Medium)

info() { printf '>> %s\n' "$*"; }
die() { printf 'image-diff: %s\n' "$*" >&2; exit 1; }

for tool in crane cosign syft grype jq; do
  command -v "$tool" >/dev/null || die "$tool is required"
done
[[ -f "$PUBKEY" ]] || die "missing $PUBKEY"

rm -rf "$OUT"
mkdir -p "$OUT"

digest_of() {
  crane digest "$IMAGE:$1"
}

verify_sig() {
  local ref="$1"
  if cosign verify --key "$PUBKEY" "$ref" >/dev/null 2>&1; then
    echo "signed"
  else
    echo "UNSIGNED"
  fi
}

sbom() {
  local ref="$1" dest="$2"
  syft "$ref" -q -o "syft-json=$dest"
}

packages() {
  jq -r '.artifacts[] | "\(.name) \(.version) \(.type)"' "$1" | sort -u
}

vulns() {
  grype "sbom:$1" -q -o json |
    jq -r '.matches[] | "\(.vulnerability.severity) \(.vulnerability.id) \(.artifact.name) \(.artifact.version)"' |
    sort -u
}

count_severity() {
  local file="$1" sev="$2"
  grep -c "^$sev " "$file" || true
}

config_summary() {
  local ref="$1"
  crane config "$ref" | jq -r '
    .config as $c |
    "user=\($c.User // "root") entrypoint=\(($c.Entrypoint // []) | join(" ")) " +
    "ports=\((($c.ExposedPorts // {}) | keys) | join(","))"'
}

size_of() {
  crane manifest "$1" | jq '[.layers[].size] | add'
}

main() {
  info "resolving digests"
  local old_digest new_digest
  old_digest="$(digest_of "$OLD")"
  new_digest="$(digest_of "$NEW")"
  local old_ref="$IMAGE@$old_digest" new_ref="$IMAGE@$new_digest"
  echo "  $OLD -> $old_digest"
  echo "  $NEW -> $new_digest"
  if [[ "$old_digest" == "$new_digest" ]]; then
    info "identical digests; nothing to compare"
    exit 0
  fi

  info "signatures"
  echo "  $OLD: $(verify_sig "$old_ref")"
  echo "  $NEW: $(verify_sig "$new_ref")"

  info "SBOMs"
  sbom "$old_ref" "$OUT/old.sbom.json"
  sbom "$new_ref" "$OUT/new.sbom.json"
  packages "$OUT/old.sbom.json" > "$OUT/old.packages"
  packages "$OUT/new.sbom.json" > "$OUT/new.packages"

  info "package changes"
  comm -13 "$OUT/old.packages" "$OUT/new.packages" | sed 's/^/  + /' | tee "$OUT/added.txt"
  comm -23 "$OUT/old.packages" "$OUT/new.packages" | sed 's/^/  - /' | tee "$OUT/removed.txt"

  info "vulnerabilities"
  vulns "$OUT/old.sbom.json" > "$OUT/old.vulns"
  vulns "$OUT/new.sbom.json" > "$OUT/new.vulns"
  local sev
  printf '  %-9s %6s %6s\n' severity "$OLD" "$NEW"
  for sev in "${SEVERITIES[@]}"; do
    printf '  %-9s %6s %6s\n' "$sev" "$(count_severity "$OUT/old.vulns" "$sev")" "$(count_severity "$OUT/new.vulns" "$sev")"
  done
  echo "  newly introduced:"
  comm -13 "$OUT/old.vulns" "$OUT/new.vulns" | grep -E '^(Critical|High) ' | sed 's/^/    /' || echo "    none (critical/high)"

  info "runtime config"
  echo "  $OLD: $(config_summary "$old_ref")"
  echo "  $NEW: $(config_summary "$new_ref")"

  info "compressed size"
  local old_size new_size
  old_size="$(size_of "$old_ref")"
  new_size="$(size_of "$new_ref")"
  awk -v a="$old_size" -v b="$new_size" 'BEGIN { printf "  %.1f MB -> %.1f MB (%+.1f%%)\n", a/1e6, b/1e6, (b-a)*100/a }'

  write_markdown "$old_digest" "$new_digest"
  info "report: ${OUT#"$REPO_ROOT"/}/report.md"

  if comm -13 "$OUT/old.vulns" "$OUT/new.vulns" | grep -q '^Critical '; then
    die "new critical vulnerabilities in $NEW"
  fi
}

write_markdown() {
  {
    echo "# $IMAGE: $OLD -> $NEW"
    echo
    echo "- old: \`$1\`"
    echo "- new: \`$2\`"
    echo
    echo "## Added packages"
    echo
    sed 's/^  + /- /' "$OUT/added.txt"
    echo
    echo "## Removed packages"
    echo
    sed 's/^  - /- /' "$OUT/removed.txt"
    echo
    echo "## New vulnerabilities"
    echo
    comm -13 "$OUT/old.vulns" "$OUT/new.vulns" | sed 's/^/- /'
  } > "$OUT/report.md"
}

layer_history() {
  # which Dockerfile steps produced the biggest layers in the new image
  info "largest layers in $NEW"
  crane config "$IMAGE:$NEW" |
    jq -r '.history[] | select(.empty_layer != true) | .created_by' |
    tail -n 10 |
    sed -E 's/^\/bin\/sh -c (#\(nop\) )?//' |
    cut -c1-100 |
    sed 's/^/  /'
}

licenses_changed() {
  # licence changes in dependencies need a note in the release ticket
  info "licence changes"
  local q='.artifacts[] | "\(.name) \((.licenses // []) | map(.value) | join("|"))"'
  jq -r "$q" "$OUT/old.sbom.json" | sort -u > "$OUT/old.licenses"
  jq -r "$q" "$OUT/new.sbom.json" | sort -u > "$OUT/new.licenses"
  local changed
  changed="$(join <(sort "$OUT/old.licenses") <(sort "$OUT/new.licenses") |
    awk '$2 != $3 { print "  " $1 ": " $2 " -> " $3 }')"
  if [[ -n "$changed" ]]; then
    echo "$changed"
  else
    echo "  none"
  fi
}

main
layer_history
licenses_changed
