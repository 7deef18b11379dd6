#!/usr/bin/env bash
#
# History
#   2024-02  matrix
#   2024-03  --trace and --ospf
#   2024-06  history.tsv
#
# Contacts: network training team
#
#
# Why pings from loopback to loopback: the training exercises are about OSPF
# distributing the /32 loopbacks; pinging between them (-I <own loopback>)
# proves both directions of every route, unlike pinging link addresses.
#
# Reading the matrix: rows are sources, columns destinations.  A single FAIL
# column usually means that router does not advertise its loopback (missing
# `network ... area 0` or passive interface); a FAIL row means it does not
# learn routes (adjacency stuck in INIT/EXSTART - see --ospf).
#
# Requirements: docker, a deployed lab (clab deploy -t labs/ospf-area0.clab.yml),
# FRR images that contain ping and traceroute (frrouting/frr does).
#
# Exit status: 0 all pairs reachable, 1 some pair failed or bad arguments.
#
# Output files:
#   out/lab/<lab>-matrix.txt   last matrix
#   out/lab/<lab>-ospf.txt     last --ospf dump
#   out/lab/history.tsv        one line per matrix run: timestamp, ok, failed
#
# Examples:
#   tools/lab-reachability.sh -c 1                 quick check while editing configs
#   tools/lab-reachability.sh --trace r1 r5        where does the path break?
#   tools/lab-reachability.sh --ospf | less        adjacency states per router
#
# The script never configures anything; to change the lab edit the files in
# labs/configs/ and redeploy.
#
# lab-reachability.sh - end-to-end reachability matrix for the OSPF training lab.
#
#   tools/lab-reachability.sh                 ping every router loopback from every router
#   tools/lab-reachability.sh -t labs/ospf-area0.clab.yml -c 3
#   tools/lab-reachability.sh --trace r1 r4   traceroute between two nodes
#   tools/lab-reachability.sh --ospf          OSPF neighbour/adjacency table per node
#
# Runs only `docker exec <clab container> ping|traceroute|vtysh -c show ...`
# against the containers of the topology given with -t.  Results are written
# to out/lab/<lab>-matrix.txt.  Nothing is configured.

set -uo pipefail

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
lab_root=$(dirname -- "$script_dir")
topo="$lab_root/labs/ospf-area0.clab.yml"
count=2
mode=matrix
trace_from=""
trace_to=""
results_dir="$lab_root/out/lab"

msg() { printf '%s\n' "$*"; }
bail() { printf 'lab-reachability: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case $1 in
    -t) topo=$2; shift 2 ;;
    -c) count=$2; shift 2 ;;
    --trace) mode=trace; trace_from=$2; trace_to=$3; shift 3 ;;
    --ospf) mode=ospf; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) bail "unknown argument $1" ;;
  esac
done

[[ -f $topo ]] || bail "topology $topo not found"
[[ $count =~ ^[1-9][0-9]?$ ]] || bail "-c expects 1..99"
command -v docker >/dev/null || bail "docker required"

lab_name=$(awk '/^name:/ {gsub(/["'\'']/, "", $2); print $2; exit}' "$topo")
[[ -n $lab_name ]] || bail "no lab name in $topo"

routers() {
  # node names whose kind is linux and image is FRR
  awk '
    /^  nodes:/ {in_nodes=1; next}
    in_nodes && /^  [a-z]/ {in_nodes=0}
    in_nodes && /^    [A-Za-z0-9_-]+:/ {node=$1; sub(":", "", node)}
    in_nodes && /image:.*frr/ {print node}
  ' "$topo"
}

ctr() { printf 'clab-%s-%s' "$lab_name" "$1"; }

running() {
  [[ $(docker inspect -f '{{.State.Running}}' "$(ctr "$1")" 2>/dev/null) == true ]]
}

loopback_of() {
  docker exec "$(ctr "$1")" ip -4 -o addr show dev lo 2>/dev/null \
    | awk '$4 !~ /^127\./ {split($4, a, "/"); print a[1]; exit}'
}

matrix() {
  local -a nodes=()
  local -A lo=()
  local n
  mapfile -t nodes < <(routers)
  ((${#nodes[@]})) || bail "no FRR nodes found in $topo"
  for n in "${nodes[@]}"; do
    running "$n" || bail "node $n is not running (deploy the lab first)"
    lo[$n]=$(loopback_of "$n")
    [[ -n ${lo[$n]} ]] || bail "node $n has no loopback address"
  done
  mkdir -p "$results_dir"
  local out="$results_dir/$lab_name-matrix.txt" src dst ok=0 bad=0 line
  {
    printf '%-10s' "from\\to"
    for dst in "${nodes[@]}"; do printf '%-8s' "$dst"; done
    printf '\n'
    for src in "${nodes[@]}"; do
      line=$(printf '%-10s' "$src")
      for dst in "${nodes[@]}"; do
        if [[ $src == "$dst" ]]; then
          line+=$(printf '%-8s' '-')
        elif docker exec "$(ctr "$src")" ping -c "$count" -W 1 -I "${lo[$src]}" "${lo[$dst]}" >/dev/null 2>&1; then
          line+=$(printf '%-8s' 'ok')
          ok=$((ok + 1))
        else
          line+=$(printf '%-8s' 'FAIL')
          bad=$((bad + 1))
        fi
      done
      printf '%s\n' "$line"
    done
  } | tee "$out"
  msg ""
  msg "$ok pair(s) reachable, $bad unreachable; saved ${out#"$lab_root"/}"
  record_history "$ok" "$bad"
  ((bad == 0))
}

record_history() {
  local ok=$1 bad=$2 hist="$results_dir/history.tsv"
  if [[ ! -f $hist ]]; then
    printf 'timestamp\tlab\tok\tfailed\n' >"$hist"
  fi
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$lab_name" "$ok" "$bad" >>"$hist"
  local runs
  runs=$(($(wc -l <"$hist") - 1))
  if ((runs > 1)); then
    local prev
    prev=$(tail -n 2 "$hist" | head -n 1 | cut -f4)
    if [[ $prev != "$bad" ]]; then
      msg "failed pairs changed since the previous run: $prev -> $bad"
    fi
  fi
}

trace() {
  running "$trace_from" || bail "node $trace_from not running"
  running "$trace_to" || bail "node $trace_to not running"
  local target
  target=$(loopback_of "$trace_to")
  msg "traceroute $trace_from -> $trace_to ($target)"
  docker exec "$(ctr "$trace_from")" traceroute -n -w 1 -q 1 "$target"
}

ospf() {
  local n
  mkdir -p "$results_dir"
  while IFS= read -r n; do
    running "$n" || { msg "$n: not running"; continue; }
    msg "=== $n"
    docker exec "$(ctr "$n")" vtysh -c 'show ip ospf neighbor' | tail -n +2
    docker exec "$(ctr "$n")" vtysh -c 'show ip ospf interface brief' 2>/dev/null | tail -n +2 || true
  done < <(routers) | tee "$results_dir/$lab_name-ospf.txt"
}

case $mode in
  matrix) matrix ;;
  trace) trace ;;
  ospf) ospf ;;
esac
