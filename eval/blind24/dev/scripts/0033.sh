#!/usr/bin/env bash
# share.sh -- put things I need to paste into a PR or chat on the clipboard.
#
#   share.sh diff            staged+unstaged diff of the repo
#   share.sh log [N]         last N commits, one line each
#   share.sh file PATH       a file from the repo, fenced for markdown
#   share.sh test -- CMD     run CMD, copy its last 60 lines, notify when done
#   share.sh shot [NAME]     screenshot a region into docs/screenshots/
#
# Clipboard backends: wl-copy, xclip, xsel, pbcopy. Notifications: notify-send
# or osascript. Nothing is uploaded anywhere.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
MAX_BYTES=$((200 * 1024))

log() { printf 'share: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

copy() {
  local data
  data="$(cat)"
  if ((${#data} > MAX_BYTES)); then
    log "content is $(( ${#data} / 1024 )) KiB; truncating to $((MAX_BYTES / 1024)) KiB"
    data="${data:0:MAX_BYTES}"
  fi
  if [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-copy >/dev/null; then
    printf '%s' "$data" | wl-copy
  elif command -v xclip >/dev/null; then
    printf '%s' "$data" | xclip -selection clipboard
  elif command -v xsel >/dev/null; then
    printf '%s' "$data" | xsel --clipboard --input
  elif command -v pbcopy >/dev/null; then
    printf '%s' "$data" | pbcopy
  else
    die "no clipboard tool (install wl-clipboard or xclip)"
  fi
  log "copied $(printf '%s' "$data" | wc -l | tr -d ' ') lines"
}

notify() {
  local title="$1" body="$2" urgency="${3:-normal}"
  if command -v notify-send >/dev/null; then
    notify-send -u "$urgency" -a share "$title" "$body"
  elif command -v osascript >/dev/null; then
    osascript -e "display notification \"${body//\"/\\\"}\" with title \"${title//\"/\\\"}\""
  else
    printf '\a' >&2
  fi
}

redact() {
  # defensive: mask things that look like tokens before they reach the clipboard
  sed -E \
    -e 's/(gh[pousr]_)[A-Za-z0-9]{20,}/\1****/g' \
    -e 's/(xox[abpr]-)[A-Za-z0-9-]{10,}/\1****/g' \
    -e 's/(sk-[A-Za-z0-9]{4})[A-Za-z0-9_-]{16,}/\1****/g' \
    -e 's/(AKIA)[A-Z0-9]{16}/\1****************/g' \
    -e 's/((password|passwd|secret|token)[[:space:]]*[:=][[:space:]]*)[^[:space:]]+/\1****/Ig'
}

lang_for() {
  case "${1##*.}" in
    py) echo python ;;
    ts|tsx) echo ts ;;
    js|jsx|mjs) echo js ;;
    sh|bash) echo bash ;;
    rs) echo rust ;;
    go) echo go ;;
    yml|yaml) echo yaml ;;
    json) echo json ;;
    *) echo "" ;;
  esac
}

cmd_diff() {
  local out
  out="$(git -C "$ROOT" diff HEAD --stat; echo; git -C "$ROOT" diff HEAD)"
  [[ -n "$out" ]] || die "no changes"
  printf '```diff\n%s\n```\n' "$out" | redact | copy
}

cmd_log() {
  local n="${1:-10}"
  [[ "$n" =~ ^[0-9]+$ ]] || die "N must be a number"
  git -C "$ROOT" log --oneline --no-decorate -n "$n" | redact | copy
}

cmd_file() {
  local path="${1:?file path}" abs
  abs="$(cd "$ROOT" && realpath -e -- "$path" 2>/dev/null)" || die "no such file: $path"
  case "$abs" in
    "$ROOT"/*) ;;
    *) die "$path is outside the repository" ;;
  esac
  case "$(basename "$abs")" in
    .env|.env.*|*.pem|*.key|id_*) die "refusing to copy a secrets file" ;;
  esac
  {
    printf '`%s`\n\n```%s\n' "${abs#"$ROOT"/}" "$(lang_for "$abs")"
    cat -- "$abs"
    printf '```\n'
  } | redact | copy
}

cmd_test() {
  [[ "${1:-}" == "--" ]] && shift
  (($#)) || die "usage: share.sh test -- CMD..."
  local tmp rc start took
  tmp="$(mktemp)"
  trap 'rm -f -- "$tmp"' RETURN
  start=$SECONDS
  "$@" 2>&1 | tee "$tmp"
  rc=${PIPESTATUS[0]}
  took=$((SECONDS - start))
  tail -n 60 "$tmp" | redact | copy
  if ((rc == 0)); then
    notify "passed in ${took}s" "$*"
  else
    notify "FAILED (exit $rc) after ${took}s" "$*" critical
  fi
  return "$rc"
}

cmd_shot() {
  local name="${1:-shot-$(date +%Y%m%d-%H%M%S)}" dir="$ROOT/docs/screenshots" out
  [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || die "bad name"
  mkdir -p "$dir"
  out="$dir/$name.png"
  [[ ! -e "$out" ]] || die "$out exists"
  if command -v grim >/dev/null && command -v slurp >/dev/null; then
    grim -g "$(slurp)" "$out"
  elif command -v scrot >/dev/null; then
    scrot -s "$out"
  elif command -v screencapture >/dev/null; then
    screencapture -i "$out"
  else
    die "no screenshot tool (grim+slurp, scrot or screencapture)"
  fi
  [[ -s "$out" ]] || die "screenshot cancelled"
  if command -v magick >/dev/null; then
    magick "$out" -strip "$out"
  fi
  printf '![%s](%s)\n' "$name" "${out#"$ROOT"/}" | copy
  notify "screenshot saved" "${out#"$ROOT"/}"
}

cmd_paste() {
  # write the clipboard into a new file inside the repo (e.g. a captured response)
  local path="${1:?target path}" abs
  abs="$(realpath -m -- "$ROOT/$path")"
  case "$abs" in
    "$ROOT"/*) ;;
    *) die "$path is outside the repository" ;;
  esac
  [[ ! -e "$abs" ]] || die "$path exists"
  mkdir -p "$(dirname "$abs")"
  if command -v wl-paste >/dev/null && [[ -n "${WAYLAND_DISPLAY:-}" ]]; then
    wl-paste --no-newline >"$abs"
  elif command -v xclip >/dev/null; then
    xclip -selection clipboard -o >"$abs"
  elif command -v pbpaste >/dev/null; then
    pbpaste >"$abs"
  else
    die "no clipboard reader"
  fi
  log "wrote ${abs#"$ROOT"/} ($(wc -c <"$abs" | tr -d ' ') bytes)"
}

main() {
  local sub="${1:-}"
  shift || true
  case "$sub" in
    diff) cmd_diff "$@" ;;
    log) cmd_log "$@" ;;
    file) cmd_file "$@" ;;
    test) cmd_test "$@" ;;
    shot) cmd_shot "$@" ;;
    paste) cmd_paste "$@" ;;
    ""|-h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown subcommand $sub" ;;
  esac
}

main "$@"
