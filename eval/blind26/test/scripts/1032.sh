#!/usr/bin/env bash
# check-seo-files.sh - sanity checks for robots.txt and sitemap.xml served
# by the local dev/preview server.
#
#   tools/check-seo-files.sh                  # against http://localhost:4321
#   BASE=http://127.0.0.1:8080 tools/check-seo-files.sh
#
# Checks: both files respond 200 with the right content type, the sitemap is
# well formed (xmllint) and valid against the bundled XSD, every <loc> points
# at the public origin, each listed path answers 200 on the *local* server
# (HEAD requests, localhost only), and no listed page carries noindex.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
BASE="${BASE:-http://localhost:4321}"
PUBLIC_ORIGIN="${PUBLIC_ORIGIN:-https://www.fieldnotes.example.org}"
XSD="$ROOT/tools/schemas/sitemap.xsd"
REPORT="$ROOT/reports/seo-files.txt"
TMP="$(mktemp -d)"
ERRORS=0
WARNINGS=0

trap 'rm -rf -- "$TMP"' EXIT

ok()   { printf '  \e[32mok\e[0m   %s\n' "$*"; }
bad()  { printf '  \e[31mfail\e[0m %s\n' "$*"; ERRORS=$((ERRORS + 1)); }
warn() { printf '  \e[33mwarn\e[0m %s\n' "$*"; WARNINGS=$((WARNINGS + 1)); }

case "$BASE" in
  http://localhost:*) ;;
  http://127.0.0.1:*) ;;
  *) echo "BASE must be a localhost URL (got $BASE)" >&2; exit 2 ;;
esac

fetch() {
  # $1 = path, $2 = output file; prints "status content-type"
  curl -s -o "$2" -w '%{http_code} %{content_type}' --max-time 10 "$BASE$1"
}

head_status() {
  curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$BASE$1"
}

check_robots() {
  echo "robots.txt"
  local res status type
  res="$(fetch /robots.txt "$TMP/robots.txt")"
  status="${res%% *}"
  type="${res#* }"
  [[ "$status" == 200 ]] && ok "status 200" || { bad "status $status"; return; }
  [[ "$type" == text/plain* ]] && ok "content-type $type" || warn "content-type $type"
  if grep -qiE '^Disallow:[[:space:]]*/[[:space:]]*$' "$TMP/robots.txt"; then
    bad "robots.txt disallows everything (staging config leaked into the build?)"
  else
    ok "site is crawlable"
  fi
  local sm
  sm="$(grep -i '^Sitemap:' "$TMP/robots.txt" | awk '{print $2}' | head -n 1)"
  if [[ -z "$sm" ]]; then
    warn "no Sitemap: line"
  elif [[ "$sm" != "$PUBLIC_ORIGIN"/* ]]; then
    bad "Sitemap line points at $sm, expected $PUBLIC_ORIGIN/..."
  else
    ok "sitemap reference $sm"
  fi
}

check_sitemap_xml() {
  echo "sitemap.xml"
  local res status
  res="$(fetch /sitemap.xml "$TMP/sitemap.xml")"
  status="${res%% *}"
  [[ "$status" == 200 ]] && ok "status 200" || { bad "status $status"; return 1; }
  if xmllint --noout "$TMP/sitemap.xml" 2>"$TMP/xmllint.err"; then
    ok "well-formed"
  else
    bad "not well-formed: $(head -n 1 "$TMP/xmllint.err")"
    return 1
  fi
  if [[ -f "$XSD" ]]; then
    if xmllint --noout --schema "$XSD" "$TMP/sitemap.xml" 2>"$TMP/xsd.err"; then
      ok "valid against sitemap.xsd"
    else
      bad "schema errors: $(grep -c 'fails to validate\|error' "$TMP/xsd.err")"
    fi
  fi
}

sitemap_locs() {
  xmllint --xpath '//*[local-name()="loc"]/text()' "$TMP/sitemap.xml" 2>/dev/null | tr -s ' \n' '\n' | sed '/^$/d'
}

check_locs() {
  echo "sitemap entries"
  local -a locs
  mapfile -t locs < <(sitemap_locs)
  (( ${#locs[@]} )) || { bad "sitemap has no <loc> entries"; return; }
  ok "${#locs[@]} URL(s) listed"
  local loc path status foreign=0 broken=0 noindex=0
  for loc in "${locs[@]}"; do
    if [[ "$loc" != "$PUBLIC_ORIGIN"/* && "$loc" != "$PUBLIC_ORIGIN" ]]; then
      foreign=$((foreign + 1))
      echo "foreign: $loc" >>"$TMP/details"
      continue
    fi
    path="${loc#"$PUBLIC_ORIGIN"}"
    path="${path:-/}"
    status="$(head_status "$path")"
    if [[ "$status" != 200 ]]; then
      broken=$((broken + 1))
      echo "HTTP $status: $path" >>"$TMP/details"
      continue
    fi
    if curl -s --max-time 10 "$BASE$path" | grep -qiE '<meta[^>]+name="robots"[^>]+noindex'; then
      noindex=$((noindex + 1))
      echo "noindex but listed: $path" >>"$TMP/details"
    fi
  done
  (( foreign == 0 )) && ok "all URLs on $PUBLIC_ORIGIN" || bad "$foreign URL(s) on another origin"
  (( broken == 0 )) && ok "all paths answer 200 locally" || bad "$broken path(s) not answering 200"
  (( noindex == 0 )) && ok "no noindex pages listed" || warn "$noindex noindex page(s) listed"
}

check_duplicates() {
  local dupes
  dupes="$(sitemap_locs | sort | uniq -d | wc -l | tr -d ' ')"
  (( dupes == 0 )) && ok "no duplicate URLs" || warn "$dupes duplicate URL(s)"
}

check_lastmod() {
  # lastmod values must be W3C dates and not in the future
  local today bad=0 future=0 d
  today="$(date +%F)"
  while IFS= read -r d; do
    [[ -z "$d" ]] && continue
    if [[ ! "$d" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}(T.*)?$ ]]; then
      bad=$((bad + 1))
      echo "bad lastmod: $d" >>"$TMP/details"
    elif [[ "${d:0:10}" > "$today" ]]; then
      future=$((future + 1))
      echo "future lastmod: $d" >>"$TMP/details"
    fi
  done < <(xmllint --xpath '//*[local-name()="lastmod"]/text()' "$TMP/sitemap.xml" 2>/dev/null | tr -s ' \n' '\n')
  (( bad == 0 )) && ok "lastmod format" || bad "$bad malformed lastmod value(s)"
  (( future == 0 )) || warn "$future lastmod value(s) in the future"
}

check_size() {
  local bytes count
  bytes="$(stat -c %s "$TMP/sitemap.xml")"
  count="$(sitemap_locs | wc -l | tr -d ' ')"
  (( bytes < 52428800 )) && ok "size $((bytes / 1024)) KiB" || bad "sitemap larger than 50 MiB"
  (( count <= 50000 )) || bad "more than 50000 URLs in one sitemap"
}

write_report() {
  mkdir -p "$(dirname "$REPORT")"
  {
    echo "SEO file check against $BASE ($(date '+%F %T'))"
    echo "errors: $ERRORS, warnings: $WARNINGS"
    [[ -f "$TMP/details" ]] && cat "$TMP/details"
  } >"$REPORT"
  echo
  echo "report: ${REPORT#$ROOT/}"
}

main() {
  command -v xmllint >/dev/null || { echo "xmllint (libxml2-utils) required" >&2; exit 2; }
  if ! curl -s -o /dev/null --max-time 3 "$BASE/"; then
    echo "nothing is listening on $BASE; start the preview server first" >&2
    exit 2
  fi
  check_robots
  if check_sitemap_xml; then
    check_locs
    check_duplicates
    check_lastmod
    check_size
  fi
  write_report
  echo "$ERRORS error(s), $WARNINGS warning(s)"
  (( ERRORS == 0 ))
}

main "$@"
