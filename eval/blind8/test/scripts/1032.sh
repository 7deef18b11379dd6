#!/usr/bin/env bash
# Bump the Helm chart version, package it into dist/, commit, tag and push.
set -euo pipefail

CHART_DIR="${CHART_DIR:-charts/api}"
PART="${1:-patch}"

err() { echo "chart-release: $*" >&2; exit 1; }

current() {
  yq -r '.version' "$CHART_DIR/Chart.yaml"
}

next_version() {
  local IFS=. v=($1)
  case "$PART" in
    major) echo "$((v[0] + 1)).0.0" ;;
    minor) echo "${v[0]}.$((v[1] + 1)).0" ;;
    patch) echo "${v[0]}.${v[1]}.$((v[2] + 1))" ;;
    *) err "unknown part $PART" ;;
  esac
}

checks() {
  [ -z "$(git status --porcelain)" ] || err "working tree dirty"
  [ "$(git branch --show-current)" = main ] || err "must release from main"
  helm lint "$CHART_DIR" >/dev/null
}

main() {
  checks
  local cur new tag
  cur=$(current)
  new=$(next_version "$cur")
  tag="api-chart-$new"
  yq -i ".version = \"$new\"" "$CHART_DIR/Chart.yaml"
  mkdir -p dist
  helm package "$CHART_DIR" -d dist
  git add "$CHART_DIR/Chart.yaml"
  git commit -m "chore(chart): release $new"
  git tag -a "$tag" -m "$tag"
  git push origin main "$tag"
  echo "released chart $cur -> $new"
}

main
