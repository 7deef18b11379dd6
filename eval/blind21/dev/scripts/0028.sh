#!/usr/bin/env bash
# play.sh - the one way we run ansible from a laptop.
#
#   ./play.sh <env> <playbook> [--limit PATTERN] [--tags T] [--apply] [-- extra ansible args]
#
# Steps: ansible-lint, --syntax-check, then --check --diff. With --apply the
# playbook runs for real afterwards, but only for environments in APPLY_ENVS
# and only with a --limit that matches hosts listed in the inventory.
# Production is applied from the pipeline, never from here.
set -euo pipefail
shopt -s nullglob

cd "$(dirname "$0")"
readonly HERE="$PWD"
readonly APPLY_ENVS=(dev staging)
readonly LOG_DIR="$HERE/.logs"

ENV_NAME=""
PLAYBOOK=""
LIMIT=""
TAGS=""
APPLY=0
EXTRA=()

die() { printf '\e[31mplay.sh:\e[0m %s\n' "$*" >&2; exit 1; }
step() { printf '\n\e[1m== %s\e[0m\n' "$*"; }

usage() {
  sed -n '3,9p' "$0"
  exit "${1:-0}"
}

parse() {
  (( $# >= 2 )) || usage 1
  ENV_NAME="$1"; PLAYBOOK="$2"; shift 2
  while (( $# )); do
    case "$1" in
      --limit) LIMIT="${2:?--limit needs a value}"; shift ;;
      --tags) TAGS="${2:?--tags needs a value}"; shift ;;
      --apply) APPLY=1 ;;
      --) shift; EXTRA=("$@"); break ;;
      -h|--help) usage ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
}

in_list() {
  local needle="$1"; shift
  local x
  for x in "$@"; do [[ "$x" == "$needle" ]] && return 0; done
  return 1
}

inventory_path() {
  local inv="inventories/$ENV_NAME"
  [[ -d "$inv" ]] || die "no inventory for '$ENV_NAME' (have: $(ls inventories | tr '\n' ' '))"
  printf '%s' "$inv"
}

vault_args() {
  # the vault password script reads from the OS keyring; nothing is written to disk
  if [[ -x "$HERE/bin/vault-pass-keyring" ]]; then
    printf -- '--vault-password-file=%s' "$HERE/bin/vault-pass-keyring"
  fi
}

base_cmd() {
  local -n _cmd=$1
  _cmd=(ansible-playbook -i "$(inventory_path)" "playbooks/$PLAYBOOK")
  local v
  v="$(vault_args)"
  [[ -n "$v" ]] && _cmd+=("$v")
  [[ -n "$LIMIT" ]] && _cmd+=(--limit "$LIMIT")
  [[ -n "$TAGS" ]] && _cmd+=(--tags "$TAGS")
  if (( ${#EXTRA[@]} )); then
    _cmd+=("${EXTRA[@]}")
  fi
}

matched_hosts() {
  ansible -i "$(inventory_path)" "${LIMIT:-all}" --list-hosts 2>/dev/null \
    | awk 'NR > 1 { gsub(/^ +/, ""); print }'
}

run_logged() {
  local name="$1"; shift
  mkdir -p "$LOG_DIR"
  local log="$LOG_DIR/$(date +%Y%m%dT%H%M%S)-$ENV_NAME-$name.log"
  printf '+ %q ' "$@"; echo
  set +e
  ANSIBLE_FORCE_COLOR=1 "$@" 2>&1 | tee "$log"
  local rc="${PIPESTATUS[0]}"
  set -e
  echo "(log: ${log#$HERE/})"
  return "$rc"
}

lint() {
  step "ansible-lint"
  if command -v ansible-lint >/dev/null; then
    ansible-lint --offline -q "playbooks/$PLAYBOOK" || die "lint failed"
  else
    echo "ansible-lint not installed, skipping"
  fi
}

syntax() {
  step "syntax check"
  local -a cmd
  base_cmd cmd
  "${cmd[@]}" --syntax-check >/dev/null || die "syntax check failed"
  echo ok
}

check_pass() {
  step "check mode (--check --diff)"
  local -a cmd
  base_cmd cmd
  run_logged check "${cmd[@]}" --check --diff || die "check pass failed; nothing applied"
}

apply_pass() {
  in_list "$ENV_NAME" "${APPLY_ENVS[@]}" \
    || die "--apply is not allowed for '$ENV_NAME' from a laptop (allowed: ${APPLY_ENVS[*]})"
  [[ -n "$LIMIT" ]] || die "--apply needs --limit"
  local count
  count="$(matched_hosts | wc -l)"
  (( count > 0 )) || die "--limit '$LIMIT' matches no hosts"
  (( count <= 10 )) || die "--limit '$LIMIT' matches $count hosts; apply in smaller batches"
  step "apply to $count host(s)"
  matched_hosts | sed 's/^/   /'
  local -a cmd
  base_cmd cmd
  run_logged apply "${cmd[@]}"
}

summarise_check() {
  # pull the PLAY RECAP of the newest check log so the user sees totals
  local latest
  latest="$(ls -1t "$LOG_DIR"/*-"$ENV_NAME"-check.log 2>/dev/null | head -n 1)"
  [[ -n "$latest" ]] || return 0
  local changed=0 failed=0 hosts=0
  while read -r host rest; do
    [[ "$rest" == *ok=* ]] || continue
    hosts=$(( hosts + 1 ))
    local c f
    c="$(sed -E 's/.*changed=([0-9]+).*/\1/' <<<"$rest")"
    f="$(sed -E 's/.*failed=([0-9]+).*/\1/' <<<"$rest")"
    changed=$(( changed + c ))
    failed=$(( failed + f ))
  done < <(sed -n '/PLAY RECAP/,$p' "$latest" | sed 's/\x1b\[[0-9;]*m//g' | tail -n +2)
  step "check summary: $hosts hosts, $changed changes, $failed failures"
}

require_clean_tree() {
  if [[ -n "$(git status --porcelain -- playbooks roles group_vars 2>/dev/null)" ]]; then
    if (( APPLY )); then
      die "uncommitted changes in playbooks/roles/group_vars; commit before --apply"
    fi
    echo "note: running check with uncommitted changes"
  fi
}

prune_logs() {
  local -a logs=("$LOG_DIR"/*.log)
  (( ${#logs[@]} > 50 )) || return 0
  printf '%s\n' "${logs[@]}" | sort | head -n $(( ${#logs[@]} - 50 )) | xargs rm -f --
}

main() {
  parse "$@"
  [[ -f "playbooks/$PLAYBOOK" ]] || die "no playbook playbooks/$PLAYBOOK"
  command -v ansible-playbook >/dev/null || die "ansible not installed (run make venv)"
  require_clean_tree
  lint
  syntax
  check_pass
  summarise_check
  if (( APPLY )); then
    apply_pass
  else
    echo
    echo "check only. Re-run with --apply to make the changes."
  fi
  prune_logs
}

main "$@"
