#!/usr/bin/env bash
# Capture and decode bus traffic from the test fixture with sigrok-cli.
#
#   tools/capture.sh demo                     # demo driver, no hardware needed
#   tools/capture.sh fx2 --samples 2M --rate 4M --decode i2c
#   tools/capture.sh decode captures/boot_0612.sr --decode uart:baudrate=115200
#
# Drivers are restricted to the list below (the lab's fx2lafw clones and the
# demo driver); the device is only *read*.  Captures are written to
# captures/<date>/ and decoded annotations to build/decode/.  An
# optional --upload posts the decoded summary to the lab's internal
# test-results service (results.lab.internal) for the nightly dashboard.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
CAPTURES="${PROJECT}/captures/$(date +%F)"
DECODE_OUT="${PROJECT}/build/decode"
RESULTS_URL="https://results.lab.internal/api/captures"
declare -A DRIVERS=(
  [demo]="demo"
  [fx2]="fx2lafw"
  [saleae]="fx2lafw:conn=1.5"
)
SAMPLES="1M"
RATE="1M"
DECODER="i2c"
UPLOAD=0
SIGROK_PID=""

log() { printf '[capture] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

on_exit() {
  if [[ -n "${SIGROK_PID}" ]] && kill -0 "${SIGROK_PID}" 2>/dev/null; then
    log "stopping sigrok-cli (${SIGROK_PID})"
    kill "${SIGROK_PID}"
    wait "${SIGROK_PID}" 2>/dev/null || true
  fi
}
trap on_exit EXIT

usage() { sed -n '2,13p' "$0"; exit "${1:-0}"; }

MODE="${1:-}"
[[ -n "${MODE}" ]] || usage 1
shift
INPUT=""
if [[ "${MODE}" == "decode" ]]; then
  INPUT="${1:?capture file}"
  shift
fi

while (($#)); do
  case "$1" in
    --samples) SAMPLES="$2"; shift 2 ;;
    --rate) RATE="$2"; shift 2 ;;
    --decode) DECODER="$2"; shift 2 ;;
    --upload) UPLOAD=1; shift ;;
    -h|--help) usage 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

command -v sigrok-cli >/dev/null || die "sigrok-cli not installed"
mkdir -p "${CAPTURES}" "${DECODE_OUT}"

# map a decoder spec to the channel assignment used by the fixture wiring
decoder_args() {
  local spec="$1" name="${1%%:*}" opts=""
  [[ "${spec}" == *:* ]] && opts=":${spec#*:}"
  case "${name}" in
    i2c)  printf '%s\n' "-P" "i2c:scl=D0:sda=D1${opts}" "-A" "i2c=address-read:address-write:data-read:data-write" ;;
    uart) printf '%s\n' "-P" "uart:rx=D2:tx=D3${opts:-:baudrate=115200}" "-A" "uart=rx-data:tx-data" ;;
    spi)  printf '%s\n' "-P" "spi:clk=D4:mosi=D5:miso=D6:cs=D7${opts}" "-A" "spi=mosi-data:miso-data" ;;
    *) die "decoder ${name} not wired on the fixture (i2c, uart, spi)" ;;
  esac
}

capture() {
  local key="$1" driver out
  driver="${DRIVERS[${key}]:-}"
  [[ -n "${driver}" ]] || die "driver '${key}' not allowed (choose: ${!DRIVERS[*]})"
  if [[ "${key}" != demo ]]; then
    sigrok-cli --driver "${driver}" --show >/dev/null 2>&1 || die "no ${key} device found"
  fi
  out="${CAPTURES}/${key}_$(date +%H%M%S).sr"
  log "capturing ${SAMPLES} samples at ${RATE} with ${driver}"
  sigrok-cli --driver "${driver}" --config "samplerate=${RATE}" --samples "${SAMPLES}" \
    -o "${out}" &
  SIGROK_PID=$!
  wait "${SIGROK_PID}"
  SIGROK_PID=""
  [[ -s "${out}" ]] || die "capture produced no data"
  log "wrote ${out#"${PROJECT}/"} ($(du -h -- "${out}" | cut -f1))"
  printf '%s\n' "${out}"
}

decode() {
  local file="$1" base out
  local -a args
  mapfile -t args < <(decoder_args "${DECODER}")
  base="$(basename "${file}" .sr)"
  out="${DECODE_OUT}/${base}_${DECODER%%:*}.txt"
  sigrok-cli -i "${file}" "${args[@]}" > "${out}.tmp" 2> "${out}.err" || {
    cat "${out}.err" >&2
    rm -f -- "${out}.tmp"
    die "decode failed"
  }
  mv -f -- "${out}.tmp" "${out}"
  rm -f -- "${out}.err"
  log "decoded $(wc -l < "${out}") annotation line(s) -> ${out#"${PROJECT}/"}"
  printf '%s\n' "${out}"
}

summarise() {
  local ann="$1" kind="${DECODER%%:*}"
  case "${kind}" in
    i2c)
      awk '/Address write|Address read/ { a[$NF]++ } END { for (k in a) printf "addr %s: %d\n", k, a[k] }' "${ann}" | sort
      ;;
    uart)
      grep -o 'rx-data: [0-9A-F][0-9A-F]' "${ann}" | awk '{print $2}' | xxd -r -p | strings -n 4 | head -n 20
      ;;
    spi)
      awk '{ n++ } END { printf "%d SPI transfers\n", n }' "${ann}"
      ;;
  esac
}

upload() {
  local ann="$1" summary_file="$2" token
  token="$(awk -F= '/^LAB_RESULTS_TOKEN=/{print $2}' "${PROJECT}/.env" 2>/dev/null | tr -d '"')"
  [[ -n "${token}" ]] || { log "LAB_RESULTS_TOKEN not in .env; not uploading"; return 0; }
  curl -fsS --retry 3 --retry-delay 5 -X POST "${RESULTS_URL}" \
    -H "Authorization: Bearer ${token}" \
    -F "decoder=${DECODER}" \
    -F "annotations=@${ann};type=text/plain" \
    -F "summary=@${summary_file};type=text/plain" >/dev/null
  log "uploaded to results.lab.internal"
}

list_devices() {
  # show what sigrok can see, restricted to the allowed drivers
  local key
  for key in "${!DRIVERS[@]}"; do
    [[ "${key}" == demo ]] && continue
    if sigrok-cli --driver "${DRIVERS[${key}]}" --scan 2>/dev/null | grep -q .; then
      log "${key}: present"
    else
      log "${key}: not connected"
    fi
  done
}

check_capture() {
  # basic sanity of an .sr file (it is a zip with metadata + logic-1-* chunks)
  local file="$1"
  unzip -l "${file}" 2>/dev/null | grep -q 'metadata' || die "${file} is not a sigrok session file"
  unzip -p "${file}" metadata 2>/dev/null | grep -E '^(samplerate|total probes)=' | sed 's/^/  /' >&2
}

if [[ "${MODE}" == "devices" ]]; then
  list_devices
  exit 0
fi

case "${MODE}" in
  decode)
    [[ -f "${INPUT}" ]] || die "no such capture ${INPUT}"
    check_capture "${INPUT}"
    FILE="${INPUT}"
    ;;
  demo|fx2|saleae)
    FILE="$(capture "${MODE}")"
    ;;
  *) usage 1 ;;
esac

ANN="$(decode "${FILE}")"
SUMMARY="${ANN%.txt}.summary"
summarise "${ANN}" | tee "${SUMMARY}" >&2
((UPLOAD)) && upload "${ANN}" "${SUMMARY}"

# keep only the 20 newest captures of today's folder; older ones stay in git-lfs
mapfile -t old < <(ls -1t "${CAPTURES}"/*.sr 2>/dev/null | tail -n +21)
if ((${#old[@]})); then
  log "removing ${#old[@]} older capture(s) from ${CAPTURES#"${PROJECT}/"}"
  rm -f -- "${old[@]}"
fi
log "done"
