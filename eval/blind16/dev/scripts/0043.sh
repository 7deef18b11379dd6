#!/usr/bin/env bash
# Local pre-push checks for the infrastructure code in infra/ and ansible/.
#
#   tools/infra_check.sh [--fix] [--only terraform|packer|ansible] [--plan ENV]
#
# terraform: fmt (check or -recursive write with --fix), init -backend=false,
#            validate, tflint when installed; optional `plan` against a named
#            environment with -lock=false and -input=false (read-only).
# packer:    fmt and validate for every *.pkr.hcl template directory.
# ansible:   ansible-lint and a --check --diff run against the dev inventory.
#
# Nothing is applied. Plugin caches are shared per user under
# ~/.cache/infra-check/terraform-plugins so repeated runs are fast.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
INFRA="$ROOT/infra"
ANSIBLE="$ROOT/ansible"
export TF_PLUGIN_CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/infra-check/terraform-plugins"
export TF_IN_AUTOMATION=1
export ANSIBLE_NOCOWS=1
mkdir -p "$TF_PLUGIN_CACHE_DIR"

fix=0
only=""
plan_env=""
failures=()

while [[ $# -gt 0 ]]; do
  case "$1" in
    --fix) fix=1; shift ;;
    --only) only="$2"; shift 2 ;;
    --plan) plan_env="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

hdr() { printf '\n\033[1;36m### %s\033[0m\n' "$*"; }
record() {
  local name="$1" rc="$2"
  if (( rc == 0 )); then
    printf '  \033[32mpass\033[0m %s\n' "$name"
  else
    printf '  \033[31mfail\033[0m %s (exit %s)\n' "$name" "$rc"
    failures+=("$name")
  fi
}
want() { [[ -z "$only" || "$only" == "$1" ]]; }
have() { command -v "$1" >/dev/null 2>&1; }

tf_dirs() {
  find "$INFRA" -name '*.tf' -not -path '*/.terraform/*' -printf '%h\n' 2>/dev/null | sort -u
}

check_terraform() {
  have terraform || { echo "terraform not installed; skipping"; return; }
  hdr "terraform"
  if (( fix )); then
    terraform fmt -recursive "$INFRA"
    record "terraform fmt (write)" $?
  else
    terraform fmt -check -recursive -diff "$INFRA"
    record "terraform fmt" $?
  fi
  local dir rel
  while IFS= read -r dir; do
    rel="${dir#"$ROOT"/}"
    terraform -chdir="$dir" init -backend=false -input=false -no-color >/dev/null
    record "init $rel" $?
    terraform -chdir="$dir" validate -no-color
    record "validate $rel" $?
    if have tflint; then
      tflint --chdir="$dir" --no-color
      record "tflint $rel" $?
    fi
  done < <(tf_dirs)
  if [[ -n "$plan_env" ]]; then
    local env_dir="$INFRA/envs/$plan_env"
    if [[ -d "$env_dir" ]]; then
      terraform -chdir="$env_dir" init -input=false -no-color >/dev/null
      terraform -chdir="$env_dir" plan -lock=false -input=false -no-color -out=/dev/null
      record "plan $plan_env (read-only)" $?
    else
      echo "no environment $plan_env under infra/envs"
      failures+=("plan $plan_env")
    fi
  fi
}

check_packer() {
  have packer || { echo "packer not installed; skipping"; return; }
  hdr "packer"
  local dir rel
  while IFS= read -r dir; do
    rel="${dir#"$ROOT"/}"
    if (( fix )); then
      packer fmt "$dir" >/dev/null
    else
      packer fmt -check "$dir" >/dev/null
    fi
    record "packer fmt $rel" $?
    packer init "$dir" >/dev/null
    packer validate -syntax-only "$dir"
    record "packer validate $rel" $?
  done < <(find "$INFRA" -name '*.pkr.hcl' -printf '%h\n' 2>/dev/null | sort -u)
}

check_ansible() {
  have ansible-playbook || { echo "ansible not installed; skipping"; return; }
  hdr "ansible"
  if have ansible-lint; then
    (cd "$ANSIBLE" && ansible-lint --offline -q playbooks/)
    record "ansible-lint" $?
  fi
  (cd "$ANSIBLE" && ansible-playbook --syntax-check -i inventories/dev/hosts.yml playbooks/site.yml >/dev/null)
  record "syntax-check" $?
  if [[ -n "${ANSIBLE_CHECK_HOSTS:-}" ]]; then
    (cd "$ANSIBLE" && ansible-playbook -i inventories/dev/hosts.yml playbooks/site.yml \
      --check --diff --limit "$ANSIBLE_CHECK_HOSTS")
    record "check run on $ANSIBLE_CHECK_HOSTS" $?
  else
    echo "  (set ANSIBLE_CHECK_HOSTS=web-dev-1 to include a --check --diff run)"
  fi
}

tool_versions() {
  # Compare installed tool versions with the ones pinned in .tool-versions.
  local pins="$ROOT/.tool-versions" name pinned installed
  [[ -f "$pins" ]] || return 0
  hdr "tool versions"
  while read -r name pinned _; do
    case "$name" in
      terraform) installed="$(terraform version -json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["terraform_version"])' 2>/dev/null)" ;;
      packer) installed="$(packer version 2>/dev/null | head -n1 | sed 's/^Packer v//')" ;;
      tflint) installed="$(tflint --version 2>/dev/null | head -n1 | awk '{print $3}')" ;;
      *) continue ;;
    esac
    if [[ "$installed" == "$pinned" ]]; then
      printf '  %-10s %s\n' "$name" "$installed"
    else
      printf '  %-10s %s (pinned %s)\n' "$name" "${installed:-missing}" "$pinned"
    fi
  done <"$pins"
}

main() {
  tool_versions
  want terraform && check_terraform
  want packer && check_packer
  want ansible && check_ansible
  echo
  if (( ${#failures[@]} )); then
    echo "failed checks:"
    printf '  - %s\n' "${failures[@]}"
    exit 1
  fi
  echo "all infrastructure checks passed"
}

main
