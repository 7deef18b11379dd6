#!/usr/bin/env bash
# sdr-lab.sh - everyday helper for the ADS-B / weather-satellite receiver project
#
#   tools/sdr-lab.sh devices             list SDRs (SoapySDRUtil, hackrf_info, rtl_test)
#   tools/sdr-lab.sh build               compile flowgraphs/*.grc into build/flowgraphs
#   tools/sdr-lab.sh survey [band]       rtl_power survey, writes build/survey/*.csv + png
#   tools/sdr-lab.sh record NAME FREQ S  record S seconds of IQ with rtl_sdr
#   tools/sdr-lab.sh clean               remove build/flowgraphs build/survey build/iq
#
# Receive only.  The project has no transmit path; HackRF boards are only
# queried with hackrf_info.

set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build"
CONF="$ROOT/config/bands.conf"
GAIN="${GAIN:-35}"
RATE="${RATE:-2400000}"

log() { printf '\e[32m[sdr]\e[0m %s\n' "$*"; }
die() { printf '\e[31m[sdr] %s\e[0m\n' "$*" >&2; exit 1; }
trap 'die "failed at line $LINENO"' ERR

has() { command -v "$1" >/dev/null 2>&1; }

# bands.conf lines: name low:high:bin  (e.g. "adsb 1089M:1091M:10k")
band_spec() {
  local want="$1" name spec
  [[ -f "$CONF" ]] || die "missing $CONF"
  while read -r name spec _; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [[ "$name" == "$want" ]]; then
      printf '%s' "$spec"
      return 0
    fi
  done <"$CONF"
  return 1
}

all_bands() {
  awk '!/^#/ && NF >= 2 {print $1}' "$CONF"
}

cmd_devices() {
  if has SoapySDRUtil; then
    log "SoapySDR devices:"
    SoapySDRUtil --find 2>/dev/null | sed -n '/Found device/,/^$/p' | sed 's/^/    /'
  fi
  if has hackrf_info; then
    log "HackRF:"
    hackrf_info 2>/dev/null | grep -E 'Serial number|Firmware Version|Part ID' | sed 's/^/    /' \
      || echo "    none"
  fi
  if has rtl_test; then
    log "RTL-SDR:"
    timeout 5 rtl_test -t 2>&1 | grep -E '^ *[0-9]+:|Found' | sed 's/^/    /' || true
  fi
}

cmd_build() {
  has grcc || die "grcc (GNU Radio) not installed"
  mkdir -p "$BUILD/flowgraphs"
  local grc n=0
  for grc in "$ROOT"/flowgraphs/*.grc; do
    [[ -e "$grc" ]] || continue
    log "grcc ${grc#"$ROOT"/}"
    grcc -o "$BUILD/flowgraphs" "$grc"
    n=$((n + 1))
  done
  chmod +x "$BUILD"/flowgraphs/*.py 2>/dev/null || true
  log "$n flowgraph(s) compiled into ${BUILD#"$ROOT"/}/flowgraphs"
}

plot_csv() {
  local csv="$1" png="${1%.csv}.png"
  if has heatmap.py; then
    heatmap.py "$csv" "$png" >/dev/null 2>&1 && log "heatmap ${png#"$ROOT"/}"
  elif has python3; then
    python3 "$ROOT/tools/plot_power.py" "$csv" "$png" && log "plot ${png#"$ROOT"/}"
  fi
}

cmd_survey() {
  has rtl_power || die "rtl_power not installed"
  local bands=("$@") band spec csv
  ((${#bands[@]})) || mapfile -t bands < <(all_bands)
  mkdir -p "$BUILD/survey"
  for band in "${bands[@]}"; do
    spec="$(band_spec "$band")" || die "unknown band $band (see config/bands.conf)"
    csv="$BUILD/survey/$(date +%Y%m%d-%H%M)-$band.csv"
    log "survey $band ($spec) for ${SURVEY_SECONDS:-120}s"
    rtl_power -f "$spec" -g "$GAIN" -i 10 -e "${SURVEY_SECONDS:-120}s" "$csv"
    plot_csv "$csv"
  done
}

parse_freq() {
  local f="$1"
  case "$f" in
    *G) awk -v v="${f%G}" 'BEGIN{printf "%d", v*1e9}' ;;
    *M) awk -v v="${f%M}" 'BEGIN{printf "%d", v*1e6}' ;;
    *k) awk -v v="${f%k}" 'BEGIN{printf "%d", v*1e3}' ;;
    *) printf '%d' "$f" ;;
  esac
}

cmd_record() {
  local name="${1:-}" freq="${2:-}" secs="${3:-10}"
  [[ -n "$name" && -n "$freq" ]] || die "usage: record NAME FREQ [SECONDS]"
  [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] || die "bad recording name"
  has rtl_sdr || die "rtl_sdr not installed"
  local hz samples out
  hz="$(parse_freq "$freq")"
  samples=$((RATE * secs))
  mkdir -p "$BUILD/iq"
  out="$BUILD/iq/$name-$hz-$RATE.cu8"
  log "recording $secs s at $hz Hz -> ${out#"$ROOT"/}"
  rtl_sdr -f "$hz" -s "$RATE" -g "$GAIN" -n "$samples" "$out"
  printf '{"name":"%s","freq_hz":%s,"rate":%s,"gain":%s,"utc":"%s"}\n' \
    "$name" "$hz" "$RATE" "$GAIN" "$(date -u +%FT%TZ)" >"${out%.cu8}.json"
  log "size $(du -h "$out" | cut -f1)"
}

cmd_info() {
  # summarise what is on disk: recordings with their sidecar metadata
  local f meta n=0 total=0
  for f in "$BUILD"/iq/*.cu8; do
    [[ -e "$f" ]] || continue
    meta="${f%.cu8}.json"
    n=$((n + 1))
    total=$((total + $(stat -c %s "$f")))
    if [[ -f "$meta" ]] && has jq; then
      printf '  %-40s %10s MHz  gain %-4s %s\n' "$(basename "$f")" \
        "$(jq -r '.freq_hz / 1e6' "$meta")" "$(jq -r '.gain' "$meta")" "$(jq -r '.utc' "$meta")"
    else
      printf '  %-40s (no metadata)\n' "$(basename "$f")"
    fi
  done
  log "$n recording(s), $((total / 1048576)) MiB"
  local csv
  csv="$(ls -1t "$BUILD"/survey/*.csv 2>/dev/null | head -n 1 || true)"
  [[ -n "$csv" ]] && log "latest survey: ${csv#"$ROOT"/}"
  return 0
}

cmd_check_config() {
  [[ -f "$CONF" ]] || die "missing $CONF"
  local name spec line=0 bad=0
  while read -r name spec _; do
    line=$((line + 1))
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [[ ! "$spec" =~ ^[0-9.]+[kMG]?:[0-9.]+[kMG]?:[0-9.]+[kMG]?$ ]]; then
      printf 'bands.conf:%d: bad spec "%s" for %s\n' "$line" "$spec" "$name" >&2
      bad=$((bad + 1))
    fi
  done <"$CONF"
  ((bad == 0)) && log "bands.conf ok" || die "$bad bad line(s) in bands.conf"
}

cmd_clean() {
  local d
  for d in flowgraphs survey iq; do
    if [[ -d "$BUILD/$d" ]]; then
      rm -rf -- "${BUILD:?}/$d"
      log "removed build/$d"
    fi
  done
}

main() {
  local cmd="${1:-devices}"
  shift || true
  case "$cmd" in
    devices) cmd_devices ;;
    build) cmd_build ;;
    survey) cmd_survey "$@" ;;
    record) cmd_record "$@" ;;
    clean) cmd_clean ;;
    info) cmd_info ;;
    check-config) cmd_check_config ;;
    -h|--help|help) sed -n '2,13p' "$0" ;;
    *) die "unknown command: $cmd" ;;
  esac
}

main "$@"
