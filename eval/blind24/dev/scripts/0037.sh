#!/usr/bin/env bash
# dev-setup.sh -- one-time setup of commit tooling for a fresh clone.
#
# * pre-commit hooks (pre-commit install, optional autoupdate with --update)
# * commit message template and commitlint via npx (repo-local config only)
# * SSH commit signing with the developer's existing key (repo-local config)
# * a sanity report of what is configured
#
# It only writes repository-local git config (.git/config). Global config is
# read to report conflicts but never modified. sudo is used only for the
# read-only check of whether the system git is new enough for SSH signing,
# when the git binary is not readable by the current user (some locked-down
# workstations), and only if --allow-sudo is given.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"
ROOT="$PWD"
UPDATE=0
SIGN=1
ALLOW_SUDO=0
KEY=""

log()  { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
warn() { printf '\033[33m[setup] %s\033[0m\n' "$*" >&2; }
die()  { printf '\033[31m[setup] %s\033[0m\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --update) UPDATE=1 ;;
    --no-sign) SIGN=0 ;;
    --key) KEY="$2"; shift ;;
    --allow-sudo) ALLOW_SUDO=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

version_ge() {
  # version_ge 2.34.0 2.30.1 -> true
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]
}

git_version() {
  local v
  if v="$(git --version 2>/dev/null)"; then
    printf '%s' "${v##* }"
  elif ((ALLOW_SUDO)); then
    sudo -n git --version | awk '{print $3}'
  else
    echo 0
  fi
}

setup_precommit() {
  if [[ ! -f .pre-commit-config.yaml ]]; then
    warn "no .pre-commit-config.yaml; skipping pre-commit"
    return
  fi
  if ! command -v pre-commit >/dev/null; then
    warn "pre-commit not installed: pipx install pre-commit (or uv tool install pre-commit)"
    return
  fi
  if grep -qE '^\s*-\s*repo:\s*local' .pre-commit-config.yaml; then
    log "note: this config has local hooks; they run commands from this repository:"
    awk '/repo: *local/{f=1} f && /entry:/{print "    " $0} /^- repo: [^l]/{f=0}' .pre-commit-config.yaml
  fi
  pre-commit install --install-hooks --hook-type pre-commit --hook-type commit-msg
  if ((UPDATE)); then
    log "pre-commit autoupdate (review the diff before committing)"
    pre-commit autoupdate
    git --no-pager diff --stat -- .pre-commit-config.yaml || true
  fi
}

setup_commit_template() {
  local tpl=".gitmessage"
  if [[ -f "$tpl" ]]; then
    git config --local commit.template "$tpl"
    log "commit template: $tpl"
  fi
  if [[ -f commitlint.config.js || -f .commitlintrc.json || -f .commitlintrc.yml ]]; then
    if [[ -f package.json ]] && grep -q '"@commitlint/cli"' package.json; then
      log "commitlint configured (runs from the commit-msg hook)"
      npx --no-install commitlint --from HEAD~1 --to HEAD >/dev/null 2>&1 \
        && log "last commit passes commitlint" \
        || warn "last commit message does not pass commitlint"
    else
      warn "commitlint config present but @commitlint/cli is not a devDependency"
    fi
  fi
}

pick_key() {
  local k
  if [[ -n "$KEY" ]]; then
    [[ -f "$KEY" ]] || die "no such key: $KEY"
    printf '%s' "$KEY"
    return
  fi
  for k in "$HOME/.ssh/id_ed25519.pub" "$HOME/.ssh/id_ecdsa.pub" "$HOME/.ssh/id_rsa.pub"; do
    if [[ -f "$k" ]]; then
      printf '%s' "$k"
      return
    fi
  done
  return 1
}

setup_signing() {
  ((SIGN)) || return 0
  local gv key email signers
  gv="$(git_version)"
  if ! version_ge "$gv" 2.34.0; then
    warn "git $gv is too old for SSH signing (need 2.34+); skipping"
    return
  fi
  if ! key="$(pick_key)"; then
    warn "no SSH public key found; create one with ssh-keygen -t ed25519"
    return
  fi
  email="$(git config user.email || true)"
  [[ -n "$email" ]] || die "set user.email first"
  git config --local gpg.format ssh
  git config --local user.signingkey "$key"
  git config --local commit.gpgsign true
  git config --local tag.gpgsign true
  signers="$ROOT/.git/allowed_signers"
  if ! grep -qF "$(cut -d' ' -f2 "$key")" "$signers" 2>/dev/null; then
    printf '%s %s\n' "$email" "$(cut -d' ' -f1,2 "$key")" >>"$signers"
  fi
  git config --local gpg.ssh.allowedSignersFile "$signers"
  log "commits in this repo will be signed with $(basename "$key")"
}

report_global_conflicts() {
  local hp
  hp="$(git config --global --get core.hooksPath || true)"
  if [[ -n "$hp" ]]; then
    warn "global core.hooksPath=$hp overrides this repo's hooks; pre-commit will not run"
  fi
  if git config --global --get-regexp '^alias\.' | grep -q '!'; then
    log "global shell aliases present (informational):"
    git config --global --get-regexp '^alias\.' | grep '!' | sed 's/^/    /'
  fi
}

report() {
  log "local git config now:"
  git config --local --list | grep -E '^(commit\.|gpg\.|user\.signingkey|tag\.gpgsign|core\.hooksPath)' \
    | sed 's/^/    /' || true
  if [[ -d .git/hooks ]]; then
    log "installed hooks:"
    find .git/hooks -maxdepth 1 -type f -perm -u+x ! -name '*.sample' -printf '    %f\n' 2>/dev/null || true
  fi
}

check_tools() {
  local t missing=()
  for t in git npx pre-commit ssh-keygen; do
    command -v "$t" >/dev/null 2>&1 || missing+=("$t")
  done
  if ((${#missing[@]})); then
    warn "not found: ${missing[*]} (related steps will be skipped)"
  fi
}

verify_signing() {
  ((SIGN)) || return 0
  [[ "$(git config --local --get commit.gpgsign || true)" == true ]] || return 0
  # sign an empty throwaway object to confirm the key works, without committing
  if printf 'probe\n' | ssh-keygen -Y sign -n git -f "$(git config --local user.signingkey)" \
      >/dev/null 2>&1; then
    log "signing key works"
  else
    warn "ssh-keygen could not sign with the configured key (is it loaded in ssh-agent?)"
  fi
}

check_tools
setup_precommit
setup_commit_template
setup_signing
verify_signing
report_global_conflicts
report
log "done"
