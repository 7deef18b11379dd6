#!/usr/bin/env bash
# tools/i18n.sh - gettext pipeline for the GTK app.
#
#   tools/i18n.sh pot        extract translatable strings into po/quill.pot
#   tools/i18n.sh update     merge the template into every po/*.po
#   tools/i18n.sh build      compile po/*.po into build/locale/<lang>/LC_MESSAGES/quill.mo
#   tools/i18n.sh check      fail on fuzzy or format errors (used in CI)
#   tools/i18n.sh new <lang> start a new catalogue
#   tools/i18n.sh clean      remove build/locale
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DOMAIN="quill"
PO_DIR="${ROOT}/po"
POT="${PO_DIR}/${DOMAIN}.pot"
BUILD_LOCALE="${ROOT}/build/locale"
LINGUAS="${PO_DIR}/LINGUAS"
POTFILES="${PO_DIR}/POTFILES.in"
COPYRIGHT="The Quill authors"
BUGS_ADDRESS="https://github.com/quill-notes/quill/issues"

die() { echo "i18n: $*" >&2; exit 1; }
info() { echo "i18n: $*"; }

require() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || die "$t not found (install gettext)"
  done
}

languages() {
  [[ -f "$LINGUAS" ]] || die "po/LINGUAS missing"
  grep -vE '^\s*(#|$)' "$LINGUAS" | tr -s ' \t' '\n' | sort -u
}

version() {
  git -C "$ROOT" describe --tags --always 2>/dev/null || echo 0.0.0
}

cmd_pot() {
  require xgettext msgcat
  [[ -f "$POTFILES" ]] || die "po/POTFILES.in missing"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf -- "$tmp"' RETURN
  (
    cd "$ROOT"
    grep -vE '^\s*(#|$)' "$POTFILES" | grep -E '\.(c|h|vala)$' >"${tmp}/c.list" || true
    grep -vE '^\s*(#|$)' "$POTFILES" | grep -E '\.ui$' >"${tmp}/ui.list" || true
    grep -vE '^\s*(#|$)' "$POTFILES" | grep -E '\.desktop\.in$|\.metainfo\.xml\.in$' >"${tmp}/data.list" || true
    local common=(--from-code=UTF-8 --add-comments=TRANSLATORS --package-name="$DOMAIN"
                  --package-version="$(version)" --copyright-holder="$COPYRIGHT"
                  --msgid-bugs-address="$BUGS_ADDRESS")
    [[ -s "${tmp}/c.list" ]] && xgettext "${common[@]}" -k_ -kN_ -kC_:1c,2 -kNC_:1c,2 \
      -f "${tmp}/c.list" -o "${tmp}/c.pot"
    [[ -s "${tmp}/ui.list" ]] && xgettext "${common[@]}" -L Glade \
      -f "${tmp}/ui.list" -o "${tmp}/ui.pot"
    [[ -s "${tmp}/data.list" ]] && xgettext "${common[@]}" \
      -f "${tmp}/data.list" -o "${tmp}/data.pot"
  )
  local parts=()
  for f in "${tmp}"/*.pot; do
    [[ -e "$f" ]] && parts+=("$f")
  done
  (( ${#parts[@]} )) || die "no strings extracted"
  msgcat --use-first -o "$POT" "${parts[@]}"
  local n
  n="$(grep -c '^msgid ' "$POT")"
  info "$((n - 1)) strings in po/${DOMAIN}.pot"
}

cmd_update() {
  require msgmerge
  [[ -f "$POT" ]] || cmd_pot
  local lang po
  while read -r lang; do
    po="${PO_DIR}/${lang}.po"
    if [[ ! -f "$po" ]]; then
      info "skipping ${lang}: no po file (use: tools/i18n.sh new ${lang})"
      continue
    fi
    msgmerge --quiet --update --backup=off --previous "$po" "$POT"
    printf '%-8s ' "$lang"
    msgfmt --statistics -o /dev/null "$po" 2>&1
  done < <(languages)
}

cmd_build() {
  require msgfmt
  local lang po out count=0
  while read -r lang; do
    po="${PO_DIR}/${lang}.po"
    [[ -f "$po" ]] || continue
    out="${BUILD_LOCALE}/${lang}/LC_MESSAGES"
    mkdir -p "$out"
    msgfmt --check -o "${out}/${DOMAIN}.mo" "$po"
    count=$((count + 1))
  done < <(languages)
  if [[ -f "${ROOT}/data/quill.desktop.in" ]]; then
    msgfmt --desktop -d "$PO_DIR" --template "${ROOT}/data/quill.desktop.in" \
      -o "${ROOT}/build/quill.desktop"
  fi
  if [[ -f "${ROOT}/data/quill.metainfo.xml.in" ]]; then
    msgfmt --xml -d "$PO_DIR" --template "${ROOT}/data/quill.metainfo.xml.in" \
      -o "${ROOT}/build/quill.metainfo.xml"
  fi
  info "compiled ${count} catalogues into ${BUILD_LOCALE#"$ROOT"/}"
}

cmd_check() {
  require msgfmt
  local lang po bad=0 fuzzy
  while read -r lang; do
    po="${PO_DIR}/${lang}.po"
    [[ -f "$po" ]] || { echo "missing po/${lang}.po"; bad=1; continue; }
    if ! msgfmt --check-format --check-header --check-domain -o /dev/null "$po" 2>"/tmp/i18n-$$.err"; then
      echo "format errors in po/${lang}.po:"
      sed 's/^/  /' "/tmp/i18n-$$.err"
      bad=1
    fi
    fuzzy="$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid ' || true)"
    if (( fuzzy > 1 )); then
      echo "po/${lang}.po has $((fuzzy - 1)) fuzzy entries"
      bad=1
    fi
  done < <(languages)
  rm -f -- "/tmp/i18n-$$.err"
  return "$bad"
}

cmd_new() {
  local lang="${1:-}"
  [[ "$lang" =~ ^[a-z]{2,3}(_[A-Z]{2})?$ ]] || die "usage: tools/i18n.sh new <lang>, e.g. pt_BR"
  require msginit
  [[ -f "$POT" ]] || cmd_pot
  local po="${PO_DIR}/${lang}.po"
  [[ ! -e "$po" ]] || die "po/${lang}.po already exists"
  msginit --no-translator --locale="${lang}.UTF-8" -i "$POT" -o "$po"
  if ! languages | grep -qx "$lang"; then
    echo "$lang" >>"$LINGUAS"
    sort -u -o "$LINGUAS" "$LINGUAS"
  fi
  info "created po/${lang}.po and added ${lang} to LINGUAS"
}

cmd_stats() {
  # one line per language, sorted by completion, for the README badge script
  require msgfmt
  local lang po line translated fuzzy untranslated total
  while read -r lang; do
    po="${PO_DIR}/${lang}.po"
    [[ -f "$po" ]] || continue
    line="$(LC_ALL=C msgfmt --statistics -o /dev/null "$po" 2>&1)"
    translated="$(grep -oE '^[0-9]+' <<<"$line" || echo 0)"
    fuzzy="$(grep -oE '[0-9]+ fuzzy' <<<"$line" | grep -oE '[0-9]+' || echo 0)"
    untranslated="$(grep -oE '[0-9]+ untranslated' <<<"$line" | grep -oE '[0-9]+' || echo 0)"
    total=$((translated + fuzzy + untranslated))
    (( total > 0 )) || continue
    printf '%s %d%%\n' "$lang" $((100 * translated / total))
  done < <(languages) | sort -k2 -rn
}

cmd_clean() {
  if [[ -d "$BUILD_LOCALE" ]]; then
    rm -rf -- "$BUILD_LOCALE"
    info "removed ${BUILD_LOCALE#"$ROOT"/}"
  fi
  find "$PO_DIR" -maxdepth 1 -name '*.po~' -delete
}

main() {
  local cmd="${1:-}"
  shift || true
  case "$cmd" in
    pot) cmd_pot ;;
    update) cmd_update ;;
    build) cmd_build ;;
    check) cmd_check ;;
    new) cmd_new "$@" ;;
    clean) cmd_clean ;;
    stats) cmd_stats ;;
    all) cmd_pot; cmd_update; cmd_build ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
  esac
}

main "$@"
