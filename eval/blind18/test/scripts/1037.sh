#!/usr/bin/env bash
# dotnet-upgrade.sh - move the solution to a newer .NET SDK patch/minor and
# refresh the local tool manifest, then prove everything still builds.
#
#   build/dotnet-upgrade.sh             use the newest installed SDK of the same major
#   build/dotnet-upgrade.sh 8.0.404     pin an explicit SDK version
#
# Rewrites only files in this repository: global.json, .config/dotnet-tools.json
# (via `dotnet tool update`), Directory.Packages.props (Microsoft.* patch bumps).
# Creates a branch and commits; never pushes.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GLOBAL_JSON="$ROOT/global.json"
TOOLS_JSON="$ROOT/.config/dotnet-tools.json"
PACKAGES_PROPS="$ROOT/Directory.Packages.props"
TARGET_SDK="${1:-}"
BRANCH="chore/dotnet-sdk-upgrade-$(date +%Y%m%d)"

# Typical use: run after installing a new SDK with the official installer or
# `brew upgrade dotnet-sdk`; this script only picks among SDKs already on the
# machine and never installs anything itself.
#
# Output is prefixed so it stands out in CI logs.
say() { echo "[dotnet-upgrade] $*"; }
die() { echo "[dotnet-upgrade] $*" >&2; exit 1; }

cd "$ROOT"

command -v dotnet >/dev/null || die "dotnet not found"
command -v jq >/dev/null || die "jq not found"
[[ -f "$GLOBAL_JSON" ]] || die "global.json missing"
[[ -z "$(git status --porcelain)" ]] || die "working tree is dirty"

current_sdk() {
  # the SDK version pinned in global.json, e.g. 8.0.403
  jq -r '.sdk.version' "$GLOBAL_JSON"
}

# every SDK version `dotnet --list-sdks` reports, one per line
installed_sdks() {
  dotnet --list-sdks | awk '{ print $1 }'
}

newest_same_major() {
  local major="${1%%.*}"
  installed_sdks | grep -E "^$major\." | sort -V | tail -n 1
}

pick_target() {
  local cur
  cur="$(current_sdk)"
  if [[ -n "$TARGET_SDK" ]]; then
    installed_sdks | grep -qx "$TARGET_SDK" || die "SDK $TARGET_SDK is not installed (dotnet --list-sdks)"
    echo "$TARGET_SDK"
  else
    newest_same_major "$cur"
  fi
}

rewrite_global_json() {
  local target="$1" tmp
  tmp="$(mktemp "$ROOT/.global.json.XXXXXX")"
  jq --arg v "$target" '.sdk.version = $v | .sdk.rollForward = (.sdk.rollForward // "latestFeature")' \
    "$GLOBAL_JSON" > "$tmp"
  mv "$tmp" "$GLOBAL_JSON"
}

update_tools() {
  [[ -f "$TOOLS_JSON" ]] || { say "no local tool manifest"; return 0; }
  local tool
  for tool in $(jq -r '.tools | keys[]' "$TOOLS_JSON"); do
    say "dotnet tool update $tool (local manifest)"
    dotnet tool update --local "$tool" >/dev/null
  done
  dotnet tool restore >/dev/null
}

bump_microsoft_patches() {
  [[ -f "$PACKAGES_PROPS" ]] || return 0
  local sdk_major_minor="$1" changed=0 line name version latest
  while IFS= read -r line; do
    name="$(sed -n 's/.*Include="\([^"]*\)".*/\1/p' <<<"$line")"
    version="$(sed -n 's/.*Version="\([^"]*\)".*/\1/p' <<<"$line")"
    [[ "$name" == Microsoft.* && "$version" == "$sdk_major_minor".* ]] || continue
    latest="$(dotnet package search "$name" --exact-match --format json 2>/dev/null |
      jq -r --arg p "$sdk_major_minor." '[.searchResult[].packages[].versions[]? // empty | select(startswith($p))] | last // empty' ||
      true)"
    if [[ -n "$latest" && "$latest" != "$version" ]]; then
      say "$name $version -> $latest"
      sed -i.bak "s|Include=\"$name\" Version=\"$version\"|Include=\"$name\" Version=\"$latest\"|" "$PACKAGES_PROPS"
      rm -f "$PACKAGES_PROPS.bak"
      changed=$((changed + 1))
    fi
  done < <(grep '<PackageVersion ' "$PACKAGES_PROPS")
  say "$changed Microsoft.* package(s) bumped"
}

verify() {
  say "clean build + tests"
  find "$ROOT" -type d \( -name bin -o -name obj \) -prune -exec rm -rf {} +
  dotnet restore --verbosity quiet
  dotnet build --no-restore -c Release -warnaserror --verbosity quiet
  dotnet test --no-build -c Release --verbosity quiet --logger "console;verbosity=minimal"
}

check_tfms() {
  # warn when a project targets a framework newer than the pinned SDK supports
  local sdk_major="$1" proj tfm
  while IFS= read -r proj; do
    tfm="$(sed -n 's/.*<TargetFramework>net\([0-9]*\)\..*/\1/p' "$proj" | head -n 1)"
    if [[ -n "$tfm" && "$tfm" -gt "$sdk_major" ]]; then
      say "warning: ${proj#"$ROOT"/} targets net$tfm but the SDK is $sdk_major.x"
    fi
  done < <(find "$ROOT/src" "$ROOT/tests" -name '*.csproj' 2>/dev/null)
}

ci_images() {
  # CI workflow files pin the SDK through setup-dotnet; report (do not edit)
  # where they differ so the PR description can mention it
  local wf found=0
  for wf in "$ROOT"/.github/workflows/*.yml; do
    [[ -f "$wf" ]] || continue
    if grep -q 'dotnet-version' "$wf"; then
      found=1
      say "$(basename "$wf"): $(grep -m1 'dotnet-version' "$wf" | sed 's/^ *//')"
    fi
  done
  ((found)) && say "setup-dotnet reads global.json when global-json-file is used; check the lines above"
  return 0
}

dockerfiles() {
  # same idea for Dockerfiles: list the SDK/runtime image tags in use
  local df
  while IFS= read -r df; do
    grep -Eo 'mcr\.microsoft\.com/dotnet/(sdk|aspnet|runtime):[0-9.]+' "$df" |
      sed "s|^|  ${df#"$ROOT"/}: |"
  done < <(find "$ROOT" -name 'Dockerfile*' -not -path '*/node_modules/*' 2>/dev/null)
}

outdated_report() {
  say "other outdated packages (informational)"
  dotnet list package --outdated 2>/dev/null | grep -E '^\s+>' | head -n 20 || true
}

commit() {
  local from="$1" to="$2"
  git switch -c "$BRANCH"
  git add -A global.json .config/dotnet-tools.json Directory.Packages.props 2>/dev/null || true
  git commit -m "chore: .NET SDK $from -> $to" -m "Local tool manifest refreshed; Microsoft.* patch versions aligned."
  say "committed on $BRANCH (not pushed)"
}

main() {
  local from to
  from="$(current_sdk)"
  to="$(pick_target)"
  [[ -n "$to" ]] || die "no suitable SDK installed"
  if [[ "$from" == "$to" ]]; then
    say "already on $to"
    exit 0
  fi
  say "SDK $from -> $to"
  rewrite_global_json "$to"
  check_tfms "${to%%.*}"
  update_tools
  bump_microsoft_patches "$(cut -d. -f1,2 <<<"$to")"
  if ! verify; then
    say "build or tests failed; reverting working tree"
    git checkout -- .
    exit 1
  fi
  ci_images
  dockerfiles
  outdated_report
  commit "$from" "$to"
}

main
