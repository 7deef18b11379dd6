#!/usr/bin/env bash
# kiosk-gallery.sh - render every slide of the signage playlist in a headless
# kiosk browser and save screenshots for design review.
#
#   scripts/kiosk-gallery.sh                    # all slides, 1920x1080
#   scripts/kiosk-gallery.sh --portrait         # 1080x1920 screens
#   scripts/kiosk-gallery.sh --only welcome     # one slide
#
# A private Xvfb display and a throwaway chromium profile under build/ are
# used; xdotool only talks to that display.  The local playlist server
# (python http.server bound to 127.0.0.1) and all started processes are
# stopped on exit.  Output: build/gallery/<slide>.png and index.html.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WEB="$ROOT/signage/web"
PLAYLIST="$ROOT/signage/playlist.json"
GALLERY="$ROOT/build/gallery"
PROFILE="$ROOT/build/gallery-profile"
PORT=8097
GEOMETRY="1920x1080"
ONLY=""
PIDS=()

log() { printf 'gallery: %s\n' "$*"; }
die() { printf 'gallery: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --portrait) GEOMETRY="1080x1920"; shift ;;
    --only) ONLY="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

explain() {
  cat <<'EOF'
kiosk-gallery.sh renders the signage playlist for design review.

Steps
  1. serve signage/web/ on 127.0.0.1:8097 (python http.server)
  2. start Xvfb on the first free display :80..:99
  3. for each playlist item open slide.html?uri=...&preview=1 in chromium
     --kiosk with a throwaway profile in build/gallery-profile
  4. wait until the page title contains "[ready]" (set by slide.js)
  5. take a root-window screenshot with ImageMagick `import`
  6. write build/gallery/index.html linking all screenshots

Slides that never report ready are listed and make the script exit 1.
Use --portrait for the 1080x1920 screens in the stairwell.
EOF
}

if [[ "${EXPLAIN:-}" == 1 ]]; then
  explain
  exit 0
fi

validate_playlist() {
  local n bad
  n="$(jq '.items | length' "$PLAYLIST")"
  bad="$(jq -r '.items[] | select((.duration // 0) < 3 or (.id // "") == "") | .id // "<no id>"' "$PLAYLIST")"
  if [[ -n "$bad" ]]; then
    die "playlist items with missing id or duration < 3s: $(tr '\n' ' ' <<<"$bad")"
  fi
  log "playlist has $n item(s)"
}

for t in Xvfb xdotool import jq python3; do
  command -v "$t" >/dev/null || die "$t is required"
done
BROWSER="$(command -v chromium || command -v chromium-browser || true)"
[[ -n "$BROWSER" ]] || die "chromium not found"

pick_display() {
  local n
  for n in $(seq 80 99); do
    [[ -e "/tmp/.X11-unix/X$n" ]] || { echo "$n"; return; }
  done
  die "no free display"
}
DNUM="$(pick_display)"

stop_all() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf -- "$PROFILE"
}
trap stop_all EXIT

spawn() {
  "$@" >/dev/null 2>&1 &
  PIDS+=("$!")
}

onx() { DISPLAY=":$DNUM" "$@"; }

mkdir -p "$GALLERY"
rm -f "$GALLERY"/*.png "$GALLERY"/index.html
rm -rf -- "$PROFILE"
mkdir -p "$PROFILE"

spawn python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$WEB"
spawn Xvfb ":$DNUM" -screen 0 "${GEOMETRY}x24" -nolisten tcp
for _ in $(seq 1 40); do
  onx xdpyinfo >/dev/null 2>&1 && break
  sleep 0.1
done

open_slide() {
  local url="$1"
  onx "$BROWSER" --kiosk --no-first-run --disable-gpu --incognito \
    --user-data-dir="$PROFILE" --window-size="${GEOMETRY/x/,}" "$url" >/dev/null 2>&1 &
  PIDS+=("$!")
}

window_id() {
  local i wid
  for i in $(seq 1 50); do
    wid="$(onx xdotool search --onlyvisible --class chromium 2>/dev/null | tail -n1 || true)"
    [[ -n "$wid" ]] && { echo "$wid"; return 0; }
    sleep 0.2
  done
  return 1
}

wait_loaded() {
  local wid="$1" title i
  for i in $(seq 1 50); do
    title="$(onx xdotool getwindowname "$wid" 2>/dev/null || true)"
    [[ "$title" == *"[ready]"* ]] && return 0
    sleep 0.2
  done
  return 1
}

validate_playlist
mapfile -t SLIDES < <(jq -r '.items[] | "\(.id)\t\(.uri)\t\(.duration)"' "$PLAYLIST")
((${#SLIDES[@]})) || die "playlist is empty"

rendered=0
missing=()
for entry in "${SLIDES[@]}"; do
  IFS=$'\t' read -r id uri duration <<<"$entry"
  [[ -n "$ONLY" && "$id" != "$ONLY" ]] && continue
  url="http://127.0.0.1:$PORT/slide.html?uri=$(jq -rn --arg u "$uri" '$u|@uri')&preview=1"
  open_slide "$url"
  browser_pid="${PIDS[-1]}"
  if wid="$(window_id)" && wait_loaded "$wid"; then
    onx xdotool windowactivate --sync "$wid" key --window "$wid" Escape
    sleep 0.5
    onx import -window root "$GALLERY/$id.png"
    rendered=$((rendered + 1))
    log "$id (${duration}s) -> build/gallery/$id.png"
  else
    missing+=("$id")
    log "$id did not finish loading"
  fi
  kill "$browser_pid" 2>/dev/null || true
  wait "$browser_pid" 2>/dev/null || true
done

{
  echo '<!doctype html><meta charset="utf-8"><title>Signage gallery</title>'
  echo '<style>body{font-family:sans-serif} img{width:480px;margin:8px;border:1px solid #ccc}</style>'
  for png in "$GALLERY"/*.png; do
    [[ -e "$png" ]] || continue
    name="$(basename "$png" .png)"
    printf '<figure><img src="%s"><figcaption>%s</figcaption></figure>\n' "$(basename "$png")" "$name"
  done
} > "$GALLERY/index.html"

log "$rendered slide(s) rendered; open build/gallery/index.html"
if ((${#missing[@]})); then
  log "not rendered: ${missing[*]}"
  exit 1
fi
