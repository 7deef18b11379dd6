#!/usr/bin/env bash
# Package the lattice Helm charts and (optionally) push them to the team registry.
#
#   tools/charts_release.sh [--chart api] [--push] [--bump patch|minor]
#
# Default is a dry run: helm dependency build, helm lint --strict, helm template
# against every values-*.yaml of the chart, and helm package into ./dist/charts
# (recreated each run). --bump rewrites `version:` in the chart's own
# Chart.yaml. --push uploads the packaged charts with `helm push` to the OCI
# registry on registry.internal only, using the credentials of an existing
# `helm registry login`; it refuses when the tree is dirty or the version is
# already published.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
CHARTS_DIR="$ROOT/deploy/charts"
DIST="$ROOT/dist/charts"
REGISTRY="oci://registry.internal/lattice/charts"
chart=""
push=0
bump=""

while [[ $# -gt 0 ]]; do
  case "$1" in
    --chart) chart="$2"; shift 2 ;;
    --push) push=1; shift ;;
    --bump) bump="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

log() { printf '\033[35m[charts]\033[0m %s\n' "$*"; }
die() { printf '[charts] %s\n' "$*" >&2; exit 1; }

command -v helm >/dev/null || die "helm is not installed"

charts() {
  if [[ -n "$chart" ]]; then
    [[ -f "$CHARTS_DIR/$chart/Chart.yaml" ]] || die "no chart named $chart"
    printf '%s\n' "$chart"
  else
    find "$CHARTS_DIR" -mindepth 2 -maxdepth 2 -name Chart.yaml -printf '%h\n' | xargs -n1 basename | sort
  fi
}

chart_version() {
  awk '/^version:/ {print $2; exit}' "$CHARTS_DIR/$1/Chart.yaml"
}

bump_version() {
  local name="$1" current major minor patch next
  current="$(chart_version "$name")"
  IFS=. read -r major minor patch <<<"$current"
  case "$bump" in
    patch) next="$major.$minor.$((patch + 1))" ;;
    minor) next="$major.$((minor + 1)).0" ;;
    *) die "--bump must be patch or minor" ;;
  esac
  sed -i.bak "s/^version: .*/version: $next/" "$CHARTS_DIR/$name/Chart.yaml"
  rm -f "$CHARTS_DIR/$name/Chart.yaml.bak"
  log "$name: $current -> $next"
}

lint_and_render() {
  local name="$1" values
  helm dependency build "$CHARTS_DIR/$name" >/dev/null
  helm lint --strict "$CHARTS_DIR/$name"
  for values in "$CHARTS_DIR/$name"/values-*.yaml; do
    [[ -f "$values" ]] || continue
    helm template "$name" "$CHARTS_DIR/$name" -f "$values" >/dev/null
    log "$name renders with $(basename "$values")"
  done
}

already_published() {
  local name="$1" version="$2"
  helm show chart "$REGISTRY/$name" --version "$version" >/dev/null 2>&1
}

package() {
  local name="$1"
  helm package "$CHARTS_DIR/$name" --destination "$DIST" >/dev/null
  log "packaged $name-$(chart_version "$name").tgz"
}

schema_check() {
  # Validate rendered manifests against the Kubernetes schemas when kubeconform is installed.
  local name="$1" values
  command -v kubeconform >/dev/null || return 0
  for values in "$CHARTS_DIR/$name"/values-*.yaml; do
    [[ -f "$values" ]] || continue
    if helm template "$name" "$CHARTS_DIR/$name" -f "$values" | kubeconform -strict -summary -ignore-missing-schemas; then
      log "$name schema ok with $(basename "$values")"
    else
      die "$name fails schema validation with $(basename "$values")"
    fi
  done
}

check_app_version() {
  # appVersion should follow the service's release tag so image and chart stay in step.
  local name="$1" app tag
  app="$(awk '/^appVersion:/ {gsub(/"/, "", $2); print $2; exit}' "$CHARTS_DIR/$name/Chart.yaml")"
  tag="$(git describe --tags --abbrev=0 --match "$name-v*" 2>/dev/null | sed "s/^$name-v//" || true)"
  if [[ -n "$tag" && "$app" != "$tag" ]]; then
    log "warning: $name appVersion $app differs from latest tag $tag"
  fi
}

diff_rendered() {
  # Show how the default rendering changed compared with the last published chart version.
  local name="$1" version previous
  version="$(chart_version "$name")"
  previous="$(helm search repo "$name" --versions -o json 2>/dev/null | awk -F'"version":"' 'NR==1 {split($2, a, "\""); print a[1]}')"
  [[ -n "$previous" && "$previous" != "$version" ]] || return 0
  helm template "$name" "$REGISTRY/$name" --version "$previous" >"$DIST/.$name-prev.yaml" 2>/dev/null || return 0
  helm template "$name" "$CHARTS_DIR/$name" >"$DIST/.$name-new.yaml"
  log "$name rendered diff vs $previous: $(diff -u "$DIST/.$name-prev.yaml" "$DIST/.$name-new.yaml" | grep -c '^[+-][^+-]') lines"
  rm -f "$DIST/.$name-prev.yaml" "$DIST/.$name-new.yaml"
}

main() {
  local names name version
  mapfile -t names < <(charts)
  (( ${#names[@]} )) || die "no charts found"
  if (( push )) || [[ -n "$bump" ]]; then
    [[ -z "$(git status --porcelain -- "$CHARTS_DIR")" ]] || die "deploy/charts has uncommitted changes"
  fi
  rm -rf "$DIST"
  mkdir -p "$DIST"
  for name in "${names[@]}"; do
    [[ -n "$bump" ]] && bump_version "$name"
    lint_and_render "$name"
    check_app_version "$name"
    schema_check "$name"
    package "$name"
    diff_rendered "$name"
  done
  if (( ! push )); then
    log "dry run: packages in ${DIST#"$ROOT"/}; pass --push to publish to $REGISTRY"
    return 0
  fi
  for name in "${names[@]}"; do
    version="$(chart_version "$name")"
    if already_published "$name" "$version"; then
      die "$name $version already exists in the registry; bump the version"
    fi
    helm push "$DIST/$name-$version.tgz" "$REGISTRY"
    log "pushed $name $version"
  done
}

main
