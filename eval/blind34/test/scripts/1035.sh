#!/usr/bin/env bash
# skin-test.sh - render the Harbour WeeWX skin against a frozen archive and
# compare the generated pages with golden files.
#
# A temporary WEEWX_ROOT is assembled under build/skin-test/ from the repo:
# the dev config (with HTML_ROOT and SQLITE_ROOT rewritten to that folder), the
# skin, and a *copy* of tests/fixtures/weewx-frozen.sdb.  `weectl report run`
# then renders for the fixed date in FROZEN_DATE, so the output is stable.
#
#   scripts/skin-test.sh               # compare with tests/golden/skin/
#   scripts/skin-test.sh --update      # accept the new output as golden

set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$PROJECT/build/skin-test"
GOLDEN="$PROJECT/tests/golden/skin"
FIXTURE_DB="$PROJECT/tests/fixtures/weewx-frozen.sdb"
SKIN_SRC="$PROJECT/skins/Harbour"
BASE_CONF="$PROJECT/conf/weewx.dev.conf"
FROZEN_DATE="${FROZEN_DATE:-2024-03-15T12:00}"
UPDATE=0

p() { printf '[skin-test] %s\n' "$*"; }
x() { printf '[skin-test] %s\n' "$*" >&2; exit 1; }

describe() {
  cat <<'EOF'
skin-test.sh - golden-file test for the Harbour WeeWX skin

The test never uses the station's real configuration or archive:
  * conf/weewx.dev.conf is copied to build/skin-test/weewx.conf and only its
    WEEWX_ROOT, HTML_ROOT, SQLITE_ROOT and SKIN_ROOT settings are rewritten
  * uploaders ([[RSYNC]], [[FTP]]) are disabled in that copy
  * the archive is a copy of tests/fixtures/weewx-frozen.sdb
  * reports are rendered for FROZEN_DATE (default 2024-03-15T12:00 UTC)

Before comparing, volatile text (generation time, WeeWX version) is
normalised.  Images are only checked for existence (listed in
tests/golden/skin/IMAGES) because plot rendering differs between
matplotlib/PIL versions.

  scripts/skin-test.sh            compare, exit 1 on differences
  scripts/skin-test.sh --update   replace the golden files with new output
EOF
}

case "${1:-}" in
  --update) UPDATE=1 ;;
  --help|-h) describe; exit 0 ;;
  "") ;;
  *) x "unknown argument $1" ;;
esac
command -v weectl >/dev/null || x "weectl not installed (pip install weewx)"
for f in "$FIXTURE_DB" "$BASE_CONF"; do [[ -f "$f" ]] || x "missing $f"; done
[[ -d "$SKIN_SRC" ]] || x "missing skin"

# --- assemble a private WEEWX_ROOT ------------------------------------------------
case "$(realpath -m "$WORK")" in
  "$PROJECT"/build/*) rm -rf -- "$WORK" ;;
  *) x "work dir outside build/" ;;
esac
mkdir -p "$WORK"/{archive,public_html,skins}
cp "$FIXTURE_DB" "$WORK/archive/weewx.sdb"
chmod u+w "$WORK/archive/weewx.sdb"
cp -r "$SKIN_SRC" "$WORK/skins/Harbour"

conf="$WORK/weewx.conf"
# Rewrite only path settings; everything else stays as in the dev config.
sed -E \
  -e "s#^([[:space:]]*WEEWX_ROOT[[:space:]]*=).*#\1 $WORK#" \
  -e "s#^([[:space:]]*HTML_ROOT[[:space:]]*=).*#\1 public_html#" \
  -e "s#^([[:space:]]*SQLITE_ROOT[[:space:]]*=).*#\1 archive#" \
  -e "s#^([[:space:]]*SKIN_ROOT[[:space:]]*=).*#\1 skins#" \
  "$BASE_CONF" > "$conf"

grep -q "WEEWX_ROOT = $WORK" "$conf" || x "could not rewrite WEEWX_ROOT in the config copy"
grep -Eq '^[[:space:]]*HTML_ROOT[[:space:]]*=[[:space:]]*public_html' "$conf" || x "HTML_ROOT rewrite failed"

# Disable uploaders/RSYNC in the copy so a test render never publishes.
awk '
  /^\[\[RSYNC\]\]/ || /^\[\[FTP\]\]/ { inup = 1 }
  /^\[\[/ && !/RSYNC|FTP/ { inup = 0 }
  inup && /^[[:space:]]*enable[[:space:]]*=/ { sub(/=.*/, "= false") }
  { print }
' "$conf" > "$conf.tmp" && mv "$conf.tmp" "$conf"

# --- render -------------------------------------------------------------------------
p "rendering for $FROZEN_DATE"
epoch="$(date -u -d "$FROZEN_DATE" +%s)"
weectl report run --config="$conf" --epoch="$epoch" Harbour > "$WORK/render.log" 2>&1 \
  || { tail -n 30 "$WORK/render.log" >&2; x "weectl report run failed"; }
generated="$(find "$WORK/public_html" -type f | wc -l)"
p "$generated file(s) generated"

# Cheetah template errors are logged but do not fail weectl; surface them.
if grep -qiE 'Traceback|NameMapper.NotFound|template .* failed' "$WORK/render.log"; then
  grep -iE 'Traceback|NotFound|failed' "$WORK/render.log" | head -n 10 >&2
  x "template errors during rendering (see build/skin-test/render.log)"
fi

# HTML sanity: every page must have exactly one <h1> and no unresolved tags.
while IFS= read -r page; do
  h1="$(grep -o '<h1' "$page" | wc -l)"
  (( h1 == 1 )) || p "warning: ${page#"$WORK/public_html/"} has $h1 <h1> elements"
  grep -q '\$[a-zA-Z_][a-zA-Z_.]*' "$page" && p "warning: unrendered Cheetah placeholder in ${page#"$WORK/public_html/"}"
done < <(find "$WORK/public_html" -name '*.html')

# Normalise volatile bits (generation timestamps, WeeWX version) before diffing.
normalise() {
  sed -E \
    -e 's/(Generated|Last updated)[^<]*/\1 <time>/g' \
    -e 's/WeeWX v[0-9.]+/WeeWX v<ver>/g' \
    "$1"
}

if (( UPDATE )); then
  rm -rf -- "$GOLDEN"
  mkdir -p "$GOLDEN"
  while IFS= read -r f; do
    rel="${f#"$WORK/public_html/"}"
    mkdir -p "$GOLDEN/$(dirname "$rel")"
    case "$f" in
      *.html|*.txt|*.xml|*.json) normalise "$f" > "$GOLDEN/$rel" ;;
      *) : ;; # images are checked for existence only
    esac
  done < <(find "$WORK/public_html" -type f)
  find "$WORK/public_html" -type f ! \( -name '*.html' -o -name '*.txt' -o -name '*.xml' -o -name '*.json' \) \
    -printf '%P\n' | sort > "$GOLDEN/IMAGES"
  p "golden files updated; review and commit tests/golden/skin"
  exit 0
fi

# --- NOAA text reports ----------------------------------------------------------------
# The skin also produces NOAA monthly summaries; check the frozen month has a
# line for every day and that the totals row parses.
noaa="$WORK/public_html/NOAA/NOAA-$(date -u -d "$FROZEN_DATE" +%Y-%m).txt"
if [[ -f "$noaa" ]]; then
  days="$(awk '$1 ~ /^[0-9]+$/ && $1 >= 1 && $1 <= 31' "$noaa" | wc -l)"
  p "NOAA month file has $days day row(s)"
  (( days >= 28 )) || p "warning: fewer than 28 day rows in ${noaa#"$WORK/"}"
  awk '/^-+$/ {getline; print; exit}' "$noaa" | grep -qE '[0-9]' || p "warning: NOAA totals row missing"
else
  p "warning: no NOAA month file generated"
fi

# JSON feeds used by the live charts must parse.
if command -v jq >/dev/null; then
  while IFS= read -r js; do
    jq empty "$js" 2>/dev/null || { p "invalid JSON: ${js#"$WORK/public_html/"}"; exit 1; }
  done < <(find "$WORK/public_html" -name '*.json')
fi

# --- compare --------------------------------------------------------------------------
fails=0
while IFS= read -r g; do
  rel="${g#"$GOLDEN/"}"
  [[ "$rel" == IMAGES ]] && continue
  out="$WORK/public_html/$rel"
  if [[ ! -f "$out" ]]; then
    p "MISSING $rel"; fails=$((fails + 1)); continue
  fi
  if ! diff -u "$g" <(normalise "$out") > "$WORK/$(tr / _ <<<"$rel").diff"; then
    p "DIFF    $rel (see build/skin-test/$(tr / _ <<<"$rel").diff)"
    fails=$((fails + 1))
  fi
done < <(find "$GOLDEN" -type f | sort)

if [[ -f "$GOLDEN/IMAGES" ]]; then
  while IFS= read -r img; do
    [[ -f "$WORK/public_html/$img" ]] || { p "MISSING image $img"; fails=$((fails + 1)); }
  done < "$GOLDEN/IMAGES"
fi

if (( fails > 0 )); then
  p "to inspect: diff files are in build/skin-test/*.diff"
  p "if the change is intended: scripts/skin-test.sh --update && git add tests/golden/skin"
fi
p "$fails difference(s)"
(( fails == 0 ))
