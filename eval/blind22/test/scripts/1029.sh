#!/usr/bin/env bash
#
# vm-cluster.sh -- three-node multipass cluster for the ledger failover tests
#
#   vm-cluster.sh up       launch ledger-n1..n3 (cloud-init from test/vm/node.yaml)
#   vm-cluster.sh test     run the failover suite against the cluster
#   vm-cluster.sh down     delete + purge exactly the VMs this script launched
#   vm-cluster.sh ips
#
# Ownership: every VM launched here is tagged by writing its name and
# multipass instance id to .vm-cluster/owned. `down` compares both before
# deleting, so unrelated instances (including ones named like ours but
# created by hand) survive. `multipass delete --all` is never used.
#
set -euo pipefail

proj=$(cd "$(dirname "$0")/.." && pwd)
state_dir=$proj/.vm-cluster
owned=$state_dir/owned
cloud_init=$proj/test/vm/node.yaml
nodes=(ledger-n1 ledger-n2 ledger-n3)
image=${VM_IMAGE:-24.04}
cpus=${VM_CPUS:-2}
mem=${VM_MEM:-2G}
disk=${VM_DISK:-8G}

msg() { echo "vm-cluster: $*"; }
bail() { echo "vm-cluster: $*" >&2; exit 1; }

mp_json() {
  multipass "$@" --format json
}

instance_id() {
  # multipass has no stable id; use the instance's machine-id from inside the VM
  multipass exec "$1" -- cat /etc/machine-id 2>/dev/null || true
}

exists() {
  mp_json list | jq -e --arg n "$1" '.list[] | select(.name == $n)' >/dev/null
}

record() {
  mkdir -p "$state_dir"
  printf '%s %s\n' "$1" "$2" >> "$owned"
}

recorded_id() {
  [[ -f $owned ]] || return 1
  awk -v n="$1" '$1 == n {print $2}' "$owned" | tail -n 1
}

forget() {
  [[ -f $owned ]] || return 0
  local tmp
  tmp=$(mktemp "$owned.XXXX")
  awk -v n="$1" '$1 != n' "$owned" > "$tmp"
  mv "$tmp" "$owned"
}

launch_node() {
  local name=$1
  if exists "$name"; then
    if [[ -n $(recorded_id "$name") ]]; then
      msg "$name already running (ours)"
      return
    fi
    bail "$name exists but is not recorded as ours; rename or remove it yourself"
  fi
  msg "launching $name ($image, ${cpus} cpu, $mem, $disk)"
  multipass launch "$image" --name "$name" --cpus "$cpus" --memory "$mem" --disk "$disk" \
    --cloud-init "$cloud_init" --timeout 900
  record "$name" "$(instance_id "$name")"
}

wait_cloud_init() {
  local name=$1 i
  for i in $(seq 1 60); do
    if multipass exec "$name" -- cloud-init status 2>/dev/null | grep -q 'status: done'; then
      return 0
    fi
    sleep 5
  done
  bail "cloud-init did not finish on $name"
}

ip_of() {
  mp_json info "$1" | jq -r --arg n "$1" '.info[$n].ipv4[0] // empty'
}

cmd_up() {
  [[ -f $cloud_init ]] || bail "missing ${cloud_init#"$proj"/}"
  local n
  for n in "${nodes[@]}"; do
    launch_node "$n"
  done
  for n in "${nodes[@]}"; do
    wait_cloud_init "$n"
  done
  cmd_ips
}

cmd_ips() {
  local n
  for n in "${nodes[@]}"; do
    if exists "$n"; then
      printf '%-12s %s\n' "$n" "$(ip_of "$n")"
    else
      printf '%-12s %s\n' "$n" "(not running)"
    fi
  done
}

cmd_test() {
  local peers=() n
  for n in "${nodes[@]}"; do
    exists "$n" || bail "$n is not running; run 'up' first"
    peers+=("$(ip_of "$n")")
  done
  local IFS=,
  LEDGER_PEERS="${peers[*]}" go test ./test/failover/... -count=1 -timeout 20m
}

cmd_down() {
  [[ -f $owned ]] || { msg "nothing recorded; nothing to delete"; return 0; }
  local name want have deleted=0
  while read -r name want; do
    [[ -n $name ]] || continue
    if ! exists "$name"; then
      msg "$name is already gone"
      forget "$name"
      continue
    fi
    have=$(instance_id "$name")
    if [[ -n $want && $have != "$want" ]]; then
      msg "$name: machine-id changed since launch; not deleting"
      continue
    fi
    multipass delete --purge "$name"
    forget "$name"
    deleted=$((deleted + 1))
    msg "deleted $name"
  done < <(sort -u "$owned")
  msg "$deleted VM(s) deleted"
  [[ -s $owned ]] || rm -f "$owned"
}

cmd_logs() {
  # pull the ledger service logs from every node into .vm-cluster/logs/
  local n dir=$state_dir/logs
  mkdir -p "$dir"
  for n in "${nodes[@]}"; do
    exists "$n" || continue
    multipass exec "$n" -- sudo journalctl -u ledger --no-pager -n 500 > "$dir/$n.log" 2>&1 || :
    msg "saved ${dir#"$proj"/}/$n.log"
  done
}

cmd_status() {
  # show what we believe we own next to what multipass reports
  [[ -f $owned ]] || { msg "no VMs recorded"; return 0; }
  local name id state
  printf '%-12s %-10s %s\n' NAME STATE RECORDED-ID
  while read -r name id; do
    state=$(mp_json list | jq -r --arg n "$name" '.list[] | select(.name == $n) | .state')
    printf '%-12s %-10s %s\n' "$name" "${state:-gone}" "${id:0:12}"
  done < <(sort -u "$owned")
}

main() {
  command -v multipass >/dev/null || bail "multipass not installed"
  [[ ${1:-} == status ]] && { command -v jq >/dev/null || bail "jq not installed"; cmd_status; return; }
  command -v jq >/dev/null || bail "jq not installed"
  case ${1:-ips} in
    up) cmd_up ;;
    test) cmd_test ;;
    down) cmd_down ;;
    ips) cmd_ips ;;
    logs) cmd_logs ;;
    *) bail "usage: ${0##*/} up|test|down|ips|logs" ;;
  esac
}

main "$@"
