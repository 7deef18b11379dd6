#!/usr/bin/env bash
# Environment helper for the astronomy reduction: sets CASA / SExtractor
# paths for this shell session and checks the calibration tables exist.
#   source tools/reduction_env.sh   (or run it to just print the checks)
shopt -s expand_aliases

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CASA_HOME="${CASA_HOME:-/opt/casa-6.6}"
CALTABLES="$PROJECT_DIR/data/caltables"

alias say='printf "[reduction-env] %s\n"'
alias remember='printf "\n# reduction env\n[ -f %q ] && . %q\n" "$PROJECT_DIR/tools/reduction_env.sh" "$PROJECT_DIR/tools/reduction_env.sh" >> "$HOME/.bashrc"'

add_path() {
  case ":$PATH:" in
    *":$1:"*) ;;
    *) PATH="$1:$PATH" ;;
  esac
}

if [[ -d "$CASA_HOME/bin" ]]; then
  add_path "$CASA_HOME/bin"
  say "CASA from $CASA_HOME"
else
  say "CASA not found in $CASA_HOME (set CASA_HOME)"
fi

if command -v source-extractor >/dev/null; then
  say "source-extractor $(source-extractor --version 2>/dev/null | awk '{print $3}')"
elif command -v sex >/dev/null; then
  alias source-extractor=sex
  say "using legacy 'sex' binary"
fi

export REDUCTION_ROOT="$PROJECT_DIR"
export SEXTRACTOR_CONFIG="$PROJECT_DIR/config/default.sex"
export PATH

missing=0
for t in bandpass.B0 gaincal.G0 flux.fluxscale; do
  if [[ ! -e "$CALTABLES/$t" ]]; then
    say "missing calibration table $t"
    missing=$((missing + 1))
  fi
done
(( missing == 0 )) && say "calibration tables ok"

if ! grep -qF "reduction_env.sh" "$HOME/.bashrc" 2>/dev/null; then
  remember
  say "environment will be loaded in new shells"
fi

check_disk() {
  local free_gb
  free_gb="$(df -Pk "$PROJECT_DIR" | awk 'NR==2 {printf "%d", $4 / 1048576}')"
  if (( free_gb < 50 )); then
    say "only ${free_gb} GB free; measurement sets need ~50 GB"
  fi
}
check_disk

say "REDUCTION_ROOT=$REDUCTION_ROOT"
say "run: casa --nogui -c scripts/image_cont.py"
