#!/usr/bin/env bash
# offline-docs.sh - build an offline copy of the product docs from the local
# docs server and check it for broken links before we ship it in the app.
#
#   npm run docs:preview &          # serves on http://127.0.0.1:4173
#   scripts/offline-docs.sh         # mirror + link check + zip
#
# The mirror is made with wget --mirror restricted to the preview host and
# path; links are converted for offline use.  The result is zipped into
# dist/offline-docs.zip.  Only our own output folders are removed.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BASE_URL="${DOCS_URL:-http://127.0.0.1:4173/docs/}"
MIRROR="$ROOT/build/offline-docs"
DIST="$ROOT/dist"
ZIP="$DIST/offline-docs.zip"
LOG="$ROOT/build/offline-docs.wget.log"
MAX_SIZE_MB=40

step() { printf '\n==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
  cat <<'EOF'
offline-docs.sh - mirror the local docs preview into an offline bundle

Environment
  DOCS_URL       preview URL to mirror (default http://127.0.0.1:4173/docs/);
                 must be 127.0.0.1, localhost or docs.preview.internal
  MAX_SIZE_MB    warn when the bundle is larger (default 40)

Steps
  1. wget --mirror limited to the preview host, robots honoured, links
     converted so the copy works from file:// inside the app
  2. link check: 404s from the wget log plus relative hrefs that do not
     resolve inside the mirror
  3. drop source maps, .DS_Store and sitemaps (not needed offline)
  4. zip into dist/offline-docs.zip and write a .sha256 next to it

Exit status is non-zero when internal links are broken; broken external
links are only listed in build/offline-docs.broken.txt.
EOF
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  "") ;;
  *) die "unknown argument $1 (see --help)" ;;
esac

host="$(sed -E 's#^https?://([^/:]+).*#\1#' <<<"$BASE_URL")"
case "$host" in
  127.0.0.1|localhost|docs.preview.internal) ;;
  *) die "DOCS_URL must point at the local preview server, not $host" ;;
esac

command -v wget >/dev/null || die "wget missing"
command -v zip >/dev/null || die "zip missing"
curl -fsS -o /dev/null "$BASE_URL" || die "docs server not reachable at $BASE_URL (npm run docs:preview)"

safe_reset() {
  local dir="$1"
  case "$(realpath -m "$dir")" in
    "$ROOT"/build/*) rm -rf -- "$dir" ;;
    *) die "refusing to remove $dir" ;;
  esac
  mkdir -p "$dir"
}

step "mirroring $BASE_URL"
safe_reset "$MIRROR"
mkdir -p "$(dirname "$LOG")"
set +e
wget --mirror --no-parent --page-requisites --convert-links --adjust-extension \
  --no-host-directories --cut-dirs=1 \
  --domains "$host" --reject-regex '(\?|/search|/print)' \
  --wait=0 --tries=2 --timeout=15 \
  -e robots=on \
  -P "$MIRROR" -o "$LOG" "$BASE_URL"
rc=$?
set -e
# wget returns 8 when some pages 404ed; that is what the link check is for
(( rc == 0 || rc == 8 )) || die "wget failed with $rc (see $LOG)"

pages="$(find "$MIRROR" -name '*.html' | wc -l)"
(( pages > 0 )) || die "mirror is empty"
echo "$pages pages"

step "checking links"
broken="$ROOT/build/offline-docs.broken.txt"
grep -E '^http.*(404|410)|ERROR 404' -B2 "$LOG" | grep -oE 'https?://[^ ]+' | sort -u > "$broken" || true
missing_local=0
while IFS= read -r page; do
  dir="$(dirname "$page")"
  while IFS= read -r href; do
    [[ "$href" == http* || "$href" == mailto:* || "$href" == \#* ]] && continue
    target="${href%%#*}"
    [[ -z "$target" ]] && continue
    if [[ ! -e "$dir/$target" ]]; then
      printf '%s -> %s\n' "${page#"$MIRROR"/}" "$href" >> "$broken"
      missing_local=$((missing_local + 1))
    fi
  done < <(grep -oE 'href="[^"]+"' "$page" | sed -E 's/^href="(.*)"$/\1/')
done < <(find "$MIRROR" -name '*.html')

if [[ -s "$broken" ]]; then
  warn "$(wc -l < "$broken") broken link(s), listed in ${broken#"$ROOT"/}"
else
  echo "no broken links"
fi

step "checking page titles and language attributes"
untitled=0
nolang=0
while IFS= read -r page; do
  grep -qE '<title>[^<]+</title>' "$page" || { untitled=$((untitled + 1)); warn "no <title>: ${page#"$MIRROR"/}"; }
  grep -qE '<html[^>]* lang="[a-z-]+"' "$page" || nolang=$((nolang + 1))
done < <(find "$MIRROR" -name '*.html' | head -n 2000)
echo "$untitled page(s) without title, $nolang without lang attribute"

step "checking that no absolute preview URLs remain"
leftover="$(grep -rlE "https?://(127\.0\.0\.1|localhost)(:[0-9]+)?/" "$MIRROR" --include='*.html' | head -n 20 || true)"
if [[ -n "$leftover" ]]; then
  warn "pages still linking to the preview server (would break offline):"
  sed "s#^$MIRROR/#  #" <<<"$leftover" >&2
fi

step "removing things the app must not ship"
find "$MIRROR" \( -name '*.map' -o -name '.DS_Store' -o -name 'sitemap*.xml' \) -type f -delete
find "$MIRROR" -type d -empty -delete

size_mb=$(( $(du -sk "$MIRROR" | cut -f1) / 1024 ))
if (( size_mb > MAX_SIZE_MB )); then
  warn "offline docs are ${size_mb} MB (budget ${MAX_SIZE_MB} MB); largest files:"
  find "$MIRROR" -type f -printf '%s %P\n' | sort -rn | head -n 10 >&2
fi

step "writing the offline index"
# The app opens index.json to build its help menu: title and path per page.
index="$MIRROR/offline-index.json"
{
  printf '[\n'
  first=1
  while IFS= read -r page; do
    rel="${page#"$MIRROR"/}"
    title="$(grep -oE '<title>[^<]+</title>' "$page" | head -n1 | sed -E 's#</?title>##g; s/"/\\"/g')"
    (( first )) || printf ',\n'
    first=0
    printf '  {"path": "%s", "title": "%s"}' "$rel" "${title:-$rel}"
  done < <(find "$MIRROR" -name '*.html' | sort)
  printf '\n]\n'
} > "$index"
command -v jq >/dev/null && { jq empty "$index" || die "generated offline-index.json is not valid JSON"; }
echo "$(grep -c '"path"' "$index") entries in offline-index.json"

step "comparing with the previous bundle"
if [[ -f "$ZIP" ]]; then
  old_list="$(mktemp)"
  unzip -Z1 "$ZIP" | sort > "$old_list"
  added="$(comm -13 "$old_list" <(cd "$MIRROR" && find . -type f | sed 's#^\./##' | sort) | wc -l)"
  removed="$(comm -23 "$old_list" <(cd "$MIRROR" && find . -type f | sed 's#^\./##' | sort) | wc -l)"
  echo "files added: $added, removed: $removed"
  rm -f -- "$old_list"
fi

step "packaging"
mkdir -p "$DIST"
rm -f -- "$ZIP"
(cd "$MIRROR" && zip -qr9 "$ZIP" .)
sha256sum "$ZIP" | tee "$ZIP.sha256"

step "summary"
printf 'pages:   %s\nsize:    %s MB\nbroken:  %s\nzip:     %s\n' \
  "$pages" "$size_mb" "$( [[ -s "$broken" ]] && wc -l < "$broken" || echo 0 )" "${ZIP#"$ROOT"/}"

# Fail the build only for broken *internal* links; external ones are reported.
(( missing_local == 0 )) || die "$missing_local internal link(s) broken"
