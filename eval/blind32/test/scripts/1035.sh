#!/usr/bin/env bash
# make-proxies.sh - create editing proxies for the camera originals.
#
# Editors cut with lightweight proxies and relink to the originals for the final
# render.  For every clip under media/originals/ (mov, mxf, mp4, braw excluded)
# this writes media/proxies/<same path>.mov as ProRes Proxy at 960 px wide with
# burnt-in timecode and the source file name, and a CSV mapping for the
# editor's relink dialog.  Up to $JOBS ffmpeg processes run at once; the PIDs
# are tracked so Ctrl-C stops exactly those and removes their partial files.
set -uo pipefail
shopt -s globstar nullglob extglob

BASE="$(cd "$(dirname "$0")/.." && pwd)"
ORIG="$BASE/media/originals"
PROXY="$BASE/media/proxies"
MAP="$PROXY/relink.csv"
JOBS="${JOBS:-3}"
FONT="${PROXY_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf}"
declare -A RUNNING=()
FAILED=0

note() { printf '[proxies] %s\n' "$*"; }
abort() { printf '[proxies] %s\n' "$*" >&2; exit 1; }

interrupt() {
  note "interrupted; stopping ${#RUNNING[@]} ffmpeg job(s)"
  local pid
  for pid in "${!RUNNING[@]}"; do
    kill -INT "$pid" 2>/dev/null
  done
  wait
  for pid in "${!RUNNING[@]}"; do
    rm -f -- "${RUNNING[$pid]}"
  done
  exit 130
}
trap interrupt INT TERM

[[ -d "$ORIG" ]] || abort "no media/originals directory"
command -v ffmpeg >/dev/null || abort "ffmpeg not installed"
command -v ffprobe >/dev/null || abort "ffprobe not installed"

start_tc() {
  local tc
  tc="$(ffprobe -v error -select_streams v:0 -show_entries stream_tags=timecode -of csv=p=0 "$1" 2>/dev/null)"
  [[ -n "$tc" ]] || tc="$(ffprobe -v error -show_entries format_tags=timecode -of csv=p=0 "$1" 2>/dev/null)"
  echo "${tc:-00:00:00:00}"
}

frame_rate() {
  local r
  r="$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$1")"
  echo "${r:-25/1}"
}

drawtext_escape() {
  local s="$1"
  s="${s//\\/\\\\}"
  s="${s//:/\\:}"
  s="${s//\'/\\\'}"
  echo "$s"
}

proxy_path() {
  # media/originals/A/B.mxf -> media/proxies/A/B.mov
  local src="$1" rel
  rel="${src#"$ORIG"/}"
  echo "$PROXY/${rel%.*}.mov"
}

make_proxy() {
  local src="$1" out="$2" tc rate label filter
  tc="$(start_tc "$src")"
  rate="$(frame_rate "$src")"
  label="$(drawtext_escape "$(basename "$src")")"
  filter="scale=960:-2,drawtext=fontfile=$FONT:timecode='$(drawtext_escape "$tc")':rate=$rate:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.5:x=10:y=h-30"
  filter+=",drawtext=fontfile=$FONT:text='$label':fontsize=16:fontcolor=white:box=1:boxcolor=black@0.5:x=10:y=10"
  mkdir -p "$(dirname "$out")"
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$src" \
    -map 0:v:0 -map '0:a?' -vf "$filter" \
    -c:v prores_ks -profile:v 0 -c:a pcm_s16le -timecode "$tc" \
    "$out.partial.mov" && mv -f -- "$out.partial.mov" "$out"
}

reap() {
  local pid status
  for pid in "${!RUNNING[@]}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid"
      status=$?
      if (( status != 0 )); then
        FAILED=$(( FAILED + 1 ))
        note "failed: ${RUNNING[$pid]%.partial.mov}"
        rm -f -- "${RUNNING[$pid]}"
      fi
      unset 'RUNNING[$pid]'
    fi
  done
}

throttle() {
  while (( ${#RUNNING[@]} >= JOBS )); do
    sleep 0.5
    reap
  done
}

sources() {
  local f
  for f in "$ORIG"/**/*.@(mov|MOV|mxf|MXF|mp4|MP4); do
    echo "$f"
  done
}

write_map() {
  local src out
  {
    echo "proxy,original"
    while IFS= read -r src; do
      out="$(proxy_path "$src")"
      [[ -f "$out" ]] && printf '"%s","%s"\n' "${out#"$BASE"/}" "${src#"$BASE"/}"
    done < <(sources)
  } > "$MAP"
}

remove_orphans() {
  # proxies whose original disappeared; only files inside media/proxies
  local p rel found
  for p in "$PROXY"/**/*.mov; do
    rel="${p#"$PROXY"/}"
    found=0
    for ext in mov MOV mxf MXF mp4 MP4; do
      [[ -f "$ORIG/${rel%.mov}.$ext" ]] && found=1
    done
    if (( ! found )); then
      note "removing orphan proxy $rel"
      rm -f -- "$p"
    fi
  done
}

check_space() {
  # ProRes Proxy is roughly 45 Mbit/s at 960px; estimate from total duration
  local src dur total=0 need avail
  while IFS= read -r src; do
    dur="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$src" 2>/dev/null)"
    total=$(( total + ${dur%.*} ))
  done < <(sources)
  need=$(( total * 45 / 8 * 1024 * 1024 ))
  avail=$(( $(df -P --output=avail "$PROXY" | tail -n 1) * 1024 ))
  note "about $(( total / 60 )) min of footage, ~$(( need / 1073741824 )) GiB of proxies"
  (( avail > need )) || abort "not enough free space in media/proxies"
}

main() {
  local src out total=0 skipped=0
  check_space
  mkdir -p "$PROXY"
  while IFS= read -r src; do
    total=$(( total + 1 ))
    out="$(proxy_path "$src")"
    if [[ -f "$out" && "$out" -nt "$src" ]]; then
      skipped=$(( skipped + 1 ))
      continue
    fi
    throttle
    make_proxy "$src" "$out" &
    RUNNING[$!]="$out.partial.mov"
    note "started $(basename "$src")"
  done < <(sources)
  while (( ${#RUNNING[@]} > 0 )); do
    sleep 0.5
    reap
  done
  [[ "${1:-}" == "--prune" ]] && remove_orphans
  write_map
  note "$total clip(s), $skipped up to date, $FAILED failed; relink map: ${MAP#"$BASE"/}"
  (( FAILED == 0 ))
}

main "$@"
