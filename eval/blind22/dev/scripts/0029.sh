#!/usr/bin/env bash
# labvm.sh - disposable Lima VMs for testing the installer on several distros.
#
#   scripts/labvm.sh up [debian|fedora|alpine ...]   create + start + provision
#   scripts/labvm.sh run <distro> -- <cmd...>         run a command inside
#   scripts/labvm.sh test                             run the installer test in each VM
#   scripts/labvm.sh down                             delete the VMs this script created
#   scripts/labvm.sh ls
#
# Every VM name starts with "$PREFIX" and is written to $STATE when created.
# `down` only deletes names that are in $STATE *and* carry the prefix, so a
# developer's own Lima instances (e.g. "default") are never touched.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATE="$ROOT/.labvm/instances"
TEMPLATES="$ROOT/test/lima"
PREFIX="instlab-"
DISTROS=(debian fedora alpine)
CPUS="${LABVM_CPUS:-2}"
MEMORY="${LABVM_MEMORY:-2}"

info() { echo "labvm: $*"; }
fail() { echo "labvm: error: $*" >&2; exit 1; }

need() {
  command -v "$1" >/dev/null 2>&1 || fail "$1 is required"
}

ensure_state() {
  mkdir -p "$(dirname "$STATE")"
  touch "$STATE"
}

recorded() {
  ensure_state
  grep -v '^\s*$' "$STATE" || true
}

record() {
  ensure_state
  grep -qxF "$1" "$STATE" || echo "$1" >> "$STATE"
}

forget() {
  ensure_state
  local tmp
  tmp="$(mktemp "$STATE.XXXX")"
  grep -vxF "$1" "$STATE" > "$tmp" || true
  mv "$tmp" "$STATE"
}

instance_exists() {
  limactl list --format '{{.Name}}' 2>/dev/null | grep -qxF "$1"
}

instance_status() {
  limactl list --format '{{.Name}} {{.Status}}' 2>/dev/null | awk -v n="$1" '$1 == n {print $2}'
}

vm_name() {
  printf '%s%s' "$PREFIX" "$1"
}

valid_distro() {
  local d
  for d in "${DISTROS[@]}"; do
    [[ "$d" == "$1" ]] && return 0
  done
  return 1
}

create_one() {
  local distro="$1" name template
  name="$(vm_name "$distro")"
  template="$TEMPLATES/$distro.yaml"
  [[ -f "$template" ]] || fail "no Lima template $template"
  if instance_exists "$name"; then
    if ! grep -qxF "$name" "$STATE" 2>/dev/null; then
      fail "$name exists but was not created by labvm; rename or delete it yourself"
    fi
    info "$name already exists"
  else
    info "creating $name from ${template#$ROOT/}"
    limactl create --tty=false --name="$name" --cpus="$CPUS" --memory="$MEMORY" "$template"
    record "$name"
  fi
  if [[ "$(instance_status "$name")" != "Running" ]]; then
    limactl start --tty=false "$name"
  fi
}

provision_one() {
  local name
  name="$(vm_name "$1")"
  info "provisioning $name"
  # copy the installer and its fixtures in; the VM mounts nothing from the host
  limactl copy "$ROOT/dist/install.sh" "$name:/tmp/install.sh"
  limactl copy -r "$ROOT/test/fixtures" "$name:/tmp/fixtures"
  limactl shell "$name" sudo sh -c 'chmod 0755 /tmp/install.sh'
}

cmd_up() {
  local targets=("$@")
  ((${#targets[@]})) || targets=("${DISTROS[@]}")
  local d
  for d in "${targets[@]}"; do
    valid_distro "$d" || fail "unknown distro '$d' (known: ${DISTROS[*]})"
  done
  for d in "${targets[@]}"; do
    create_one "$d"
    provision_one "$d"
  done
  cmd_ls
}

cmd_run() {
  local distro="${1:-}"; shift || true
  [[ "${1:-}" == "--" ]] && shift
  valid_distro "$distro" || fail "usage: labvm.sh run <distro> -- <cmd...>"
  local name
  name="$(vm_name "$distro")"
  grep -qxF "$name" "$STATE" 2>/dev/null || fail "$name is not a labvm instance"
  limactl shell "$name" "$@"
}

cmd_test() {
  local name rc=0 results=()
  while read -r name; do
    [[ "$name" == "$PREFIX"* ]] || continue
    info "running installer test in $name"
    if limactl shell "$name" sh -c 'sudo /tmp/install.sh --prefix /opt/acme --yes && /opt/acme/bin/acme --version'; then
      results+=("PASS $name")
    else
      results+=("FAIL $name")
      rc=1
    fi
  done < <(recorded)
  printf '%s\n' "${results[@]}"
  return "$rc"
}

cmd_down() {
  local name
  local names=()
  mapfile -t names < <(recorded)
  if ((${#names[@]} == 0)); then
    info "nothing to delete"
    return 0
  fi
  for name in "${names[@]}"; do
    if [[ "$name" != "$PREFIX"* ]]; then
      info "skipping '$name' (no $PREFIX prefix; state file edited by hand?)"
      continue
    fi
    if instance_exists "$name"; then
      info "deleting $name"
      limactl stop --force "$name" >/dev/null 2>&1 || true
      limactl delete "$name"
    else
      info "$name is already gone"
    fi
    forget "$name"
  done
}

cmd_ls() {
  local name
  printf '%-24s %-10s\n' NAME STATUS
  while read -r name; do
    printf '%-24s %-10s\n' "$name" "$(instance_status "$name" || echo missing)"
  done < <(recorded)
}

main() {
  need limactl
  local sub="${1:-ls}"
  shift || true
  case "$sub" in
    up) cmd_up "$@" ;;
    run) cmd_run "$@" ;;
    test) cmd_test ;;
    down) cmd_down ;;
    ls) cmd_ls ;;
    *) fail "unknown command '$sub'" ;;
  esac
}

main "$@"
