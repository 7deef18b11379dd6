#!/usr/bin/env bash
# i18n/crowdin.sh - sync the fernbank UI strings with Crowdin using crowdin.yml.
#
#   i18n/crowdin.sh upload        push src/locales/en/*.json (sources)
#   i18n/crowdin.sh download      pull approved translations into src/locales/<lang>/
#   i18n/crowdin.sh status        per-language progress
#   i18n/crowdin.sh verify        JSON syntax + placeholder parity after a download
#
# The CLI reads the project id and token from crowdin.yml, which references
# CROWDIN_PROJECT_ID / CROWDIN_PERSONAL_TOKEN environment variables - the token
# is not stored in the repository. Downloads only touch src/locales/.
#
# crowdin.yml (committed) looks like:
#   project_id_env: CROWDIN_PROJECT_ID
#   api_token_env: CROWDIN_PERSONAL_TOKEN
#   preserve_hierarchy: true
#   files:
#     - source: /src/locales/en/*.json
#       translation: /src/locales/%two_letters_code%/%original_file_name%
#
# Branches: every git branch uploads to a Crowdin branch of the same name
# (slashes replaced), so translators see strings of unmerged features
# separately. After merging, the Crowdin branch is merged by the l10n lead.
#
# Placeholders: {name} (ICU), {{name}} (i18next legacy) and %s (server
# strings) must survive translation unchanged; `verify` enforces that.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LOCALES="${ROOT}/src/locales"
SOURCE_LANG="en"
CONFIG="${ROOT}/crowdin.yml"
BRANCH="$(git -C "$ROOT" rev-parse --abbrev-ref HEAD | tr '/' '-')"

# Release checklist for translations:
#   1. i18n/crowdin.sh upload            (sources of the release branch)
#   2. wait for the translators (Crowdin notifications)
#   3. i18n/crowdin.sh download          (approved strings only)
#   4. i18n/crowdin.sh verify && i18n/crowdin.sh missing
#   5. commit src/locales and open the PR
#
# Languages with less than 80% coverage are still shipped; missing keys fall
# back to English at runtime (i18next fallbackLng).
#
# The CLI writes its own cache into ~/.crowdin; that is the tool's own state
# and is not touched by this script.
#
# Tokens: personal tokens with "Projects (List, Get, Create, Edit)" and
# "Translations" scopes; CI uses a bot account's token.
die() { echo "crowdin.sh: $*" >&2; exit 1; }
info() { echo "crowdin.sh: $*"; }

# preflight: tools present, configuration present, token provided through the
# environment (api_token_env in crowdin.yml) and never written into the file.
preflight() {
  command -v crowdin >/dev/null 2>&1 || die "crowdin CLI not installed (npm i -g @crowdin/cli)"
  command -v jq >/dev/null 2>&1 || die "jq not installed"
  [[ -f "$CONFIG" ]] || die "crowdin.yml missing"
  [[ -n "${CROWDIN_PERSONAL_TOKEN:-}" ]] || die "CROWDIN_PERSONAL_TOKEN not set"
  [[ -n "${CROWDIN_PROJECT_ID:-}" ]] || die "CROWDIN_PROJECT_ID not set"
  if grep -qE 'api_token:\s*["'\'']?[A-Za-z0-9]{20,}' "$CONFIG"; then
    die "crowdin.yml contains a literal token; use api_token_env instead"
  fi
}

# crowdin_cli ARGS... - every CLI call reads crowdin.yml explicitly and
# disables progress bars and colours so CI logs stay readable.
# The CLI exits non-zero on API errors; set -e stops the script there.
crowdin_cli() {
  crowdin "$@" --config "$CONFIG" --no-progress --no-colors
}

validate_json_dir() {
  local dir="$1" f bad=0
  while IFS= read -r -d '' f; do
    if ! jq empty "$f" 2>/dev/null; then
      echo "invalid JSON: ${f#"$ROOT"/}"
      bad=1
    fi
  done < <(find "$dir" -name '*.json' -print0)
  return "$bad"
}

placeholders() {
  # {name}, {{name}} and %s style placeholders, one per line, sorted
  jq -r '.. | strings' "$1" | grep -oE '\{\{?[a-zA-Z0-9_]+\}?\}|%[sd]' | sort -u
}

cmd_upload() {
  validate_json_dir "${LOCALES}/${SOURCE_LANG}" || die "fix source JSON first"
  info "uploading sources to branch ${BRANCH}"
  crowdin_cli upload sources --branch "$BRANCH"
}

cmd_download() {
  local before after
  before="$(find "$LOCALES" -name '*.json' -newer "$CONFIG" 2>/dev/null | wc -l)"
  crowdin_cli download --branch "$BRANCH" --export-only-approved --skip-untranslated-strings
  after="$(find "$LOCALES" -name '*.json' -newer "$CONFIG" 2>/dev/null | wc -l)"
  info "$((after - before)) catalog files changed"
  git -C "$ROOT" status --short -- src/locales | head -n 40
  cmd_verify
}

cmd_status() {
  crowdin_cli status --branch "$BRANCH" --translation
}

cmd_verify() {
  local lang_dir src tgt bad=0 rel
  validate_json_dir "$LOCALES" || bad=1
  for lang_dir in "$LOCALES"/*/; do
    lang_dir="${lang_dir%/}"
    [[ "$(basename "$lang_dir")" == "$SOURCE_LANG" ]] && continue
    for src in "${LOCALES}/${SOURCE_LANG}"/*.json; do
      rel="$(basename "$src")"
      tgt="${lang_dir}/${rel}"
      [[ -f "$tgt" ]] || continue
      if ! diff -q <(placeholders "$src") <(placeholders "$tgt") >/dev/null; then
        echo "placeholder mismatch: ${tgt#"$ROOT"/}"
        diff <(placeholders "$src") <(placeholders "$tgt") | sed 's/^/    /' | head -n 6
        bad=1
      fi
    done
  done
  (( bad == 0 )) && info "all catalogs valid"
  return "$bad"
}

cmd_missing() {
  # keys present in the source language but absent in a translation, per language
  local lang_dir src tgt rel n
  for lang_dir in "$LOCALES"/*/; do
    lang_dir="${lang_dir%/}"
    [[ "$(basename "$lang_dir")" == "$SOURCE_LANG" ]] && continue
    n=0
    for src in "${LOCALES}/${SOURCE_LANG}"/*.json; do
      rel="$(basename "$src")"
      tgt="${lang_dir}/${rel}"
      if [[ ! -f "$tgt" ]]; then
        n=$((n + $(jq '[paths(scalars)] | length' "$src")))
        continue
      fi
      n=$((n + $(jq -n --slurpfile a "$src" --slurpfile b "$tgt" \
        '[$a[0] | paths(scalars)] - [$b[0] | paths(scalars)] | length')))
    done
    printf '%-8s %5d missing\n' "$(basename "$lang_dir")" "$n"
  done
}

cmd_prune_stale() {
  # remove language folders Crowdin no longer exports (project languages changed)
  local langs dir name
  langs="$(crowdin_cli list languages --code=locale --plain 2>/dev/null || true)"
  [[ -n "$langs" ]] || die "could not list project languages"
  for dir in "$LOCALES"/*/; do
    name="$(basename "$dir")"
    [[ "$name" == "$SOURCE_LANG" ]] && continue
    if ! grep -qx "$name" <<<"$langs"; then
      info "removing stale locale folder src/locales/${name}"
      rm -rf -- "${LOCALES:?}/${name}"
    fi
  done
}

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || { sed -n '2,13p' "$0"; exit 2; }
  preflight
  case "$cmd" in
    upload) cmd_upload ;;
    download) cmd_download ;;
    status) cmd_status ;;
    verify) cmd_verify ;;
    missing) cmd_missing ;;
    prune-stale) cmd_prune_stale ;;
    *) die "unknown command ${cmd}" ;;
  esac
}

main "$@"
