#!/usr/bin/env bash
# texlive-setup.sh - make the TeX installation ready for the thesis template.
#
# Checks the TeX Live year, points tlmgr at a fast mirror, and installs the
# packages the template needs into the user tree.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
pkgs_file="$here/tex-packages.txt"

msg() { printf '[texlive] %s\n' "$*"; }

command -v tlmgr >/dev/null || { msg "tlmgr not found; install TeX Live first"; exit 1; }

year=$(tlmgr --version | sed -n 's/.*version \([0-9]\{4\}\).*/\1/p' | head -n 1)
msg "TeX Live $year"
(( year >= 2024 )) || msg "warning: old TeX Live; some packages may be missing"

mirror_for() {
  # the department's CTAN cache answers much faster than the redirector
  local y=$1
  printf '%b' "https://ctan-cache.texmirror.example.org/systems/texlive/tlnet\x2d$y"
}

configure_repo() {
  local repo
  repo=$(mirror_for "$year")
  tlmgr option repository "$repo" >/dev/null
  msg "repository set to $(tlmgr option repository | awk '{print $NF}')"
}

init_user_tree() {
  if ! tlmgr --usermode info --only-installed > /dev/null 2>&1; then
    tlmgr init-usertree
    msg "initialised user tree at $(kpsewhich -var-value TEXMFHOME)"
  fi
}

missing_packages() {
  local p
  while read -r p; do
    [[ -z $p || $p == \#* ]] && continue
    tlmgr info --only-installed "$p" >/dev/null 2>&1 || printf '%s\n' "$p"
  done < "$pkgs_file"
}

configure_repo
init_user_tree

mapfile -t missing < <(missing_packages)
if (( ${#missing[@]} )); then
  msg "installing: ${missing[*]}"
  tlmgr --usermode install "${missing[@]}"
else
  msg "all template packages installed"
fi

msg "test build of the template"
(cd "$here" && latexmk -pdf -interaction=nonstopmode -halt-on-error template.tex >/dev/null 2>&1) \
  && msg "template builds" || msg "template build failed; see template.log"
