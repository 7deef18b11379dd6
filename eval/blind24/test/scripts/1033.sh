#!/usr/bin/env bash
# when-done.sh -- run a long command, then ping me: desktop notification,
# optional sound, optional clipboard copy of the failure summary.
#
#   when-done.sh cargo test --workspace
#   WHEN_DONE_SOUND=1 when-done.sh make e2e
#   WHEN_DONE_COPY=fail when-done.sh npm run test:ci
#
# Works with notify-send (Linux), terminal-notifier or osascript (macOS).
# Output of the command still streams to the terminal as usual.
set -uo pipefail

(($#)) || { printf 'usage: when-done.sh CMD [ARGS...]\n' >&2; exit 2; }

LOG="$(mktemp "${TMPDIR:-/tmp}/when-done.XXXXXX")"
CHILD=""
cleanup() { rm -f -- "$LOG"; }
trap cleanup EXIT

forward() {
  # pass Ctrl-C/TERM to the command we started, then let it finish
  local sig="$1"
  if [[ -n "$CHILD" ]] && kill -0 "$CHILD" 2>/dev/null; then
    kill "-$sig" "$CHILD" 2>/dev/null || true
  fi
}
trap 'forward INT' INT
trap 'forward TERM' TERM

have() { command -v "$1" >/dev/null 2>&1; }

fmt_secs() {
  local s=$1
  if ((s >= 3600)); then
    printf '%dh%02dm' $((s / 3600)) $((s % 3600 / 60))
  elif ((s >= 60)); then
    printf '%dm%02ds' $((s / 60)) $((s % 60))
  else
    printf '%ds' "$s"
  fi
}

notify() {
  local title="$1" body="$2" ok="$3"
  if have terminal-notifier; then
    terminal-notifier -title "$title" -message "$body" -group when-done \
      -sound "$([[ $ok == 1 ]] && echo Glass || echo Basso)" >/dev/null 2>&1
  elif have osascript; then
    osascript - "$title" "$body" <<'OSA' >/dev/null 2>&1
on run argv
  display notification (item 2 of argv) with title (item 1 of argv)
end run
OSA
  elif have notify-send; then
    notify-send -a when-done -u "$([[ $ok == 1 ]] && echo normal || echo critical)" "$title" "$body"
  else
    printf '\a' >&2
  fi
}

play_sound() {
  local ok="$1" f
  [[ "${WHEN_DONE_SOUND:-0}" == 1 ]] || return 0
  if have paplay; then
    f=/usr/share/sounds/freedesktop/stereo/$([[ $ok == 1 ]] && echo complete || echo dialog-error).oga
    [[ -f "$f" ]] && paplay "$f" &
  elif have afplay; then
    afplay "/System/Library/Sounds/$([[ $ok == 1 ]] && echo Glass || echo Basso).aiff" &
  fi
}

clip() {
  if have pbcopy; then pbcopy
  elif [[ -n "${WAYLAND_DISPLAY:-}" ]] && have wl-copy; then wl-copy
  elif have xclip; then xclip -selection clipboard
  else cat >/dev/null; return 1
  fi
}

failure_summary() {
  # the most useful lines from common test runners, capped
  grep -E '(^FAIL|FAILED|^---- .* stdout ----|panicked at|Error:|✕|✗|AssertionError|^E   )' "$LOG" \
    | sed -E 's/\x1b\[[0-9;]*m//g' | head -n 40
}

short_cmd() {
  local c="$*"
  ((${#c} > 60)) && c="${c:0:57}..."
  printf '%s' "$c"
}

show_history() {
  # when-done.sh --history [N]: last N recorded runs (needs WHEN_DONE_HISTORY=1)
  local file="${XDG_STATE_HOME:-$HOME/.local/state}/when-done/history.tsv" n="${1:-15}"
  [[ -f "$file" ]] || { printf 'no history yet\n'; return 0; }
  tail -n "$n" "$file" | while IFS=$'\t' read -r when rc took cmd; do
    printf '%s  %-4s %8s  %s\n' "$when" "$rc" "$(fmt_secs "$took")" "$cmd"
  done
}

watch_loop() {
  # when-done.sh --watch DIR -- CMD: re-run CMD whenever files in DIR change
  local dir="$1"
  shift
  [[ "${1:-}" == "--" ]] && shift
  [[ -d "$dir" ]] || { printf 'no such directory: %s\n' "$dir" >&2; exit 2; }
  if have inotifywait; then
    while inotifywait -qq -r -e modify,create,delete,move --exclude '(\.git|node_modules|target)/' "$dir"; do
      "$0" "$@" || true
    done
  elif have fswatch; then
    fswatch -o -e '\.git/' -e 'node_modules/' "$dir" | while read -r _; do
      "$0" "$@" || true
    done
  else
    printf 'install inotify-tools or fswatch for --watch\n' >&2
    exit 2
  fi
}

check_focus() {
  # skip the notification when the terminal is focused (X11 only, best effort)
  [[ "${WHEN_DONE_ALWAYS:-0}" == 1 ]] && return 1
  have xdotool || return 1
  [[ -n "${WINDOWID:-}" ]] || return 1
  [[ "$(xdotool getactivewindow 2>/dev/null)" == "$WINDOWID" ]]
}

case "${1:-}" in
  --history)
    shift
    show_history "${1:-15}"
    exit 0
    ;;
  --watch)
    shift
    dir="${1:?--watch needs a directory}"
    shift
    watch_loop "$dir" "$@"
    exit 0
    ;;
esac

start=$SECONDS
"$@" > >(tee -a "$LOG") 2> >(tee -a "$LOG" >&2) &
CHILD=$!
wait "$CHILD"
rc=$?
# wait may return early on a trapped signal; wait again for the real status
while kill -0 "$CHILD" 2>/dev/null; do
  wait "$CHILD"
  rc=$?
done
took=$((SECONDS - start))

if check_focus; then
  exit "$rc"
fi

if ((rc == 0)); then
  notify "✔ done in $(fmt_secs "$took")" "$(short_cmd "$@")" 1
  play_sound 1
else
  summary="$(failure_summary)"
  notify "✘ exit $rc after $(fmt_secs "$took")" "$(short_cmd "$@")${summary:+ — $(head -n 1 <<<"$summary")}" 0
  play_sound 0
  if [[ "${WHEN_DONE_COPY:-}" == fail && -n "$summary" ]]; then
    if printf '%s\n' "$summary" | clip; then
      printf 'when-done: failure summary (%s lines) copied to clipboard\n' "$(wc -l <<<"$summary" | tr -d ' ')" >&2
    fi
  fi
fi

history_file="${XDG_STATE_HOME:-$HOME/.local/state}/when-done/history.tsv"
if [[ "${WHEN_DONE_HISTORY:-0}" == 1 ]]; then
  mkdir -p "$(dirname "$history_file")"
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$rc" "$took" "$(short_cmd "$@")" >>"$history_file"
fi

exit "$rc"
