#!/usr/bin/env bash
#
# History
#   2023-09  backup only
#   2024-01  --check with bird -p
#   2024-03  --diff against intended configs
#   2024-06  summary of backup ages at exit
#
# Contacts
#   network automation guild (#netauto)
#
# Related tools
#   tools/route-snapshot.sh    FRR routers
#   tools/bf_checks.py         Batfish policy checks
#   tools/napalm_snapshot.py   switch getters
#
#
# inventory/route-servers.txt format (one host per line, comments with #):
#   rs1.rs.lab.internal   ixp-a   # primary route server, BIRD 2.15
#   rs2.rs.lab.internal   ixp-a   # secondary
#   rs3.rs.lab.internal   ixp-b
#
# The second column (IXP label) is informational only.
#
# Intended configs live in configs/bird/<short-name>.conf, where short-name is
# the first label of the host name (rs1, rs2, ...).  They are rendered by the
# templating job from the IXP member list; do not edit them by hand.
#
# What "--check" does: `bird -p -c FILE` parses the config without starting
# the daemon, which catches syntax errors and undefined filters/functions.
# It needs a local BIRD 2.x binary (apt install bird2); the daemon itself is
# not started.
#
# What "--diff" does: compares /etc/bird/bird.conf on each route server with
# the intended file from git.  Differences usually mean either a hot-fix was
# applied by hand (port it back into the template) or the deploy job has not
# run since the last merge.
#
# Retention: --keep N backups per host (default 20).  Pruning only touches
# files in backups/bird/<host>/ that this script wrote.
#
# Access: the netops account on the route servers has a forced command that
# only permits `cat /etc/bird/bird.conf` and `birdc -r ...`; BatchMode makes
# ssh fail instead of prompting when the key is missing.
#
# Exit status: 0 when every host succeeded, 1 when any host failed, 2 on usage
# errors.  CI runs `--check` on every merge request touching configs/bird/.
#
# Related tools:
#   tools/route-snapshot.sh   (FRR routers, same inventory conventions)
#   tools/lab-reachability.sh (data-plane check inside containerlab)
#
# bird-backup.sh - back up and sanity-check the BIRD route-server configs of the lab.
#
#   tools/bird-backup.sh                 fetch bird.conf + `birdc show protocols` from each lab RS
#   tools/bird-backup.sh --check         parse-check the repo's intended configs with `bird -p`
#   tools/bird-backup.sh --diff          diff running vs intended for every route server
#
# Route servers are listed in inventory/route-servers.txt and must be under
# rs.lab.internal.  Access is read-only over ssh (BatchMode, no agent
# forwarding): `cat /etc/bird/bird.conf` and `birdc -r ...` (restricted mode).
# Backups go to backups/bird/<host>/<date>.conf; older than --keep are pruned.

set -o errexit -o nounset -o pipefail

repo_root=$(cd -- "$(dirname -- "$0")/.." && pwd -P)
inventory="$repo_root/inventory/route-servers.txt"
intended_dir="$repo_root/configs/bird"
backup_dir="$repo_root/backups/bird"
keep=20
mode=backup
ssh_opts=(-o BatchMode=yes -o ConnectTimeout=6 -o ForwardAgent=no -o StrictHostKeyChecking=accept-new)
rc=0

say() { printf '[bird-backup] %s\n' "$*"; }
oops() { printf '[bird-backup] %s\n' "$*" >&2; rc=1; }

while (($#)); do
  case $1 in
    --check) mode=check; shift ;;
    --diff) mode=diff; shift ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) printf 'unknown option %s\n' "$1" >&2; exit 2 ;;
  esac
done

hosts() {
  local h
  while read -r h _; do
    [[ -z $h || $h == \#* ]] && continue
    if [[ $h != *.rs.lab.internal ]]; then
      oops "skipping $h: not a lab route server"
      continue
    fi
    printf '%s\n' "$h"
  done <"$inventory"
}

remote() {
  local host=$1
  shift
  ssh "${ssh_opts[@]}" "netops@$host" "$@"
}

backup_host() {
  local host=$1 dir day
  dir="$backup_dir/$host"
  day=$(date +%Y%m%d-%H%M)
  mkdir -p "$dir"
  if ! remote "$host" 'cat /etc/bird/bird.conf' >"$dir/$day.conf.tmp"; then
    oops "$host: could not read bird.conf"
    rm -f -- "$dir/$day.conf.tmp"
    return
  fi
  mv -f -- "$dir/$day.conf.tmp" "$dir/$day.conf"
  remote "$host" 'birdc -r show protocols' >"$dir/$day.protocols.txt" || oops "$host: birdc failed"
  local est total
  total=$(awk '$2 == "BGP"' "$dir/$day.protocols.txt" | wc -l)
  est=$(awk '$2 == "BGP" && $6 == "Established"' "$dir/$day.protocols.txt" | wc -l)
  say "$host: config saved, $est/$total BGP sessions established"
  prune "$dir"
}

prune() {
  local dir=$1 old
  while IFS= read -r old; do
    [[ -n $old ]] || continue
    rm -f -- "$old" "${old%.conf}.protocols.txt"
  done < <(ls -1 "$dir"/*.conf 2>/dev/null | sort | head -n -"$keep")
}

check_intended() {
  command -v bird >/dev/null || { oops "bird not installed locally"; return; }
  local f
  for f in "$intended_dir"/*.conf; do
    [[ -e $f ]] || continue
    if bird -p -c "$f" 2>"$f.check.log"; then
      say "$(basename "$f"): parses"
      rm -f -- "$f.check.log"
    else
      oops "$(basename "$f"): $(head -n 1 "$f.check.log")"
    fi
  done
}

diff_host() {
  local host=$1 intended running
  intended="$intended_dir/${host%%.*}.conf"
  [[ -f $intended ]] || { oops "$host: no intended config ${intended#"$repo_root"/}"; return; }
  running=$(mktemp)
  if remote "$host" 'cat /etc/bird/bird.conf' >"$running"; then
    if diff -u --label "$host (running)" --label "${intended#"$repo_root"/}" "$running" "$intended"; then
      say "$host: running config matches intended"
    fi
  else
    oops "$host: could not read running config"
  fi
  rm -f -- "$running"
}

summary() {
  # newest backup per host and its age in days
  local dir newest age
  for dir in "$backup_dir"/*/; do
    [[ -d $dir ]] || continue
    newest=$(ls -1 "$dir"*.conf 2>/dev/null | sort | tail -n 1)
    [[ -n $newest ]] || continue
    age=$(( ($(date +%s) - $(stat -c %Y "$newest")) / 86400 ))
    say "$(basename "$dir"): latest backup $(basename "$newest") (${age} d old)"
  done
}

[[ -f $inventory ]] || { printf 'missing %s\n' "$inventory" >&2; exit 2; }
trap 'summary' EXIT
[[ $keep =~ ^[0-9]+$ ]] || { printf -- '--keep expects a number\n' >&2; exit 2; }

case $mode in
  backup) while IFS= read -r h; do backup_host "$h"; done < <(hosts) ;;
  check) check_intended ;;
  diff) while IFS= read -r h; do diff_host "$h"; done < <(hosts) ;;
esac
exit "$rc"
