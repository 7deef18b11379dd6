#!/usr/bin/env bash
# pve-inventory.sh — export the Proxmox VE cluster inventory to reports/pve/.
#
# Runs on any cluster node (pvesh needs root, so it goes through `sudo -n`;
# the lab sudoers file allows `pvesh get *` only). Produces:
#   reports/pve/<date>/guests.csv     vmid,name,node,type,status,cpus,mem_gib,disk_gib,tags,ha
#   reports/pve/<date>/nodes.csv      node,status,cpu%,mem%,uptime_d,pveversion
#   reports/pve/<date>/storage.csv    storage,node,type,used%,content
#   reports/pve/<date>/backups.csv    last vzdump per guest from the backup storages
#
# With --from HOST it runs the read commands on HOST over ssh instead
# (lab nodes are *.lab.internal; the ssh key is the inventory deploy key).
#
# Also written:
#   reports/pve/<date>/changes.txt    guests added/removed/moved since the last report
#   reports/pve/latest                symlink to the newest report
#
# The sudoers entry on the nodes looks like:
#   inventory ALL=(root) NOPASSWD: /usr/bin/pvesh get *
# so anything other than `pvesh get` fails instead of prompting.
#
# Exit codes: 0 ok, 1 missing tools / query failed.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DATE="$(date +%F)"
OUT="${ROOT}/reports/pve/${DATE}"
FROM=""
SSH_OPTS=(-o BatchMode=yes -o ConnectTimeout=10)

log() { echo "pve-inventory: $*" >&2; }
die() { log "$*"; exit 1; }

while getopts ":f:h" opt; do
  case "${opt}" in
    f) FROM="${OPTARG}" ;;
    h) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "usage: pve-inventory.sh [-f host.lab.internal]" ;;
  esac
done

if [[ -n "${FROM}" && "${FROM}" != *.lab.internal ]]; then
  die "refusing ssh to ${FROM}: only *.lab.internal nodes"
fi

pvesh_get() {
  # pvesh_get PATH [extra args]: JSON on stdout
  local path="$1"; shift
  if [[ -n "${FROM}" ]]; then
    ssh "${SSH_OPTS[@]}" "inventory@${FROM}" sudo -n pvesh get "${path}" --output-format json "$@"
  else
    sudo -n pvesh get "${path}" --output-format json "$@"
  fi
}

gib() { awk -v b="${1:-0}" 'BEGIN {printf "%.1f", b / 1073741824}'; }

TMP="$(mktemp -d)"
trap 'rm -rf -- "${TMP}"' EXIT

collect() {
  log "querying ${FROM:-local node}"
  pvesh_get /cluster/resources --type vm > "${TMP}/vms.json"
  pvesh_get /cluster/resources --type node > "${TMP}/nodes.json"
  pvesh_get /cluster/resources --type storage > "${TMP}/storage.json"
  pvesh_get /cluster/ha/resources > "${TMP}/ha.json" 2>/dev/null || echo '[]' > "${TMP}/ha.json"
  local node
  for node in $(jq -r '.[] | select(.status == "online") | .node' "${TMP}/nodes.json"); do
    pvesh_get "/nodes/${node}/version" > "${TMP}/version-${node}.json" || echo '{}' > "${TMP}/version-${node}.json"
  done
}

guests_csv() {
  echo "vmid,name,node,type,status,cpus,mem_gib,disk_gib,tags,ha"
  jq -r --slurpfile ha "${TMP}/ha.json" '
    ($ha[0] | map({key: (.sid | split(":")[1]), value: .state}) | from_entries) as $h
    | sort_by(.vmid)[]
    | [.vmid, .name, .node, .type, .status, .maxcpu, .maxmem, .maxdisk, (.tags // ""),
       ($h[(.vmid | tostring)] // "")]
    | @tsv' "${TMP}/vms.json" |
  while IFS=$'\t' read -r vmid name node type status cpus mem disk tags ha; do
    printf '%s,%s,%s,%s,%s,%s,%s,%s,"%s",%s\n' "${vmid}" "${name}" "${node}" "${type}" "${status}" \
      "${cpus}" "$(gib "${mem}")" "$(gib "${disk}")" "${tags//;/ }" "${ha}"
  done
}

nodes_csv() {
  echo "node,status,cpu_pct,mem_pct,uptime_d,pveversion"
  jq -r '.[] | [.node, .status, ((.cpu // 0) * 100 | floor), (if .maxmem then (.mem / .maxmem * 100 | floor) else 0 end), ((.uptime // 0) / 86400 | floor)] | @tsv' \
    "${TMP}/nodes.json" |
  while IFS=$'\t' read -r node status cpu mem up; do
    local ver
    ver="$(jq -r '.version // "?"' "${TMP}/version-${node}.json" 2>/dev/null || echo '?')"
    printf '%s,%s,%s,%s,%s,%s\n' "${node}" "${status}" "${cpu}" "${mem}" "${up}" "${ver}"
  done
}

storage_csv() {
  echo "storage,node,type,used_pct,content"
  jq -r '.[] | [.storage, .node, .plugintype, (if .maxdisk and .maxdisk > 0 then (.disk / .maxdisk * 100 | floor) else 0 end), (.content // "")] | @csv' \
    "${TMP}/storage.json"
}

backups_csv() {
  echo "vmid,last_backup,archive,size_gib"
  local pair node storage
  for pair in $(jq -r '.[] | select(.content // "" | test("backup")) | select(.status == "available") | "\(.node)/\(.storage)"' "${TMP}/storage.json" | sort -u); do
    node="${pair%%/*}"
    storage="${pair#*/}"
    pvesh_get "/nodes/${node}/storage/${storage}/content" --content backup 2>/dev/null || echo '[]'
  done | jq -s -r 'add // [] | group_by(.vmid)[] | max_by(.ctime)
      | [.vmid, (.ctime | todate), (.volid | split("/") | last), (.size / 1073741824 * 10 | floor / 10)] | @csv'
}

previous_report() {
  # newest dated report directory other than today's
  find "${ROOT}/reports/pve" -mindepth 1 -maxdepth 1 -type d -name '20*' ! -name "${DATE}" 2>/dev/null |
    sort | tail -n 1
}

diff_guests() {
  # added / removed / moved guests compared with the previous report
  local prev="$1"
  [[ -n "${prev}" && -f "${prev}/guests.csv" ]] || { log "no previous report to compare with"; return 0; }
  local old="${TMP}/old.tsv" new="${TMP}/new.tsv"
  tail -n +2 "${prev}/guests.csv" | awk -F, '{print $1 "\t" $2 "\t" $3}' | sort > "${old}"
  tail -n +2 "${OUT}/guests.csv" | awk -F, '{print $1 "\t" $2 "\t" $3}' | sort > "${new}"
  {
    echo "# changes since $(basename "${prev}")"
    join -t $'\t' -v 2 "${old}" "${new}" | awk -F'\t' '{print "added   " $1 " " $2 " on " $3}'
    join -t $'\t' -v 1 "${old}" "${new}" | awk -F'\t' '{print "removed " $1 " " $2 " (was on " $3 ")"}'
    join -t $'\t' "${old}" "${new}" | awk -F'\t' '$3 != $5 {print "moved   " $1 " " $2 ": " $3 " -> " $5}'
  } > "${OUT}/changes.txt"
  local n
  n=$(( $(wc -l < "${OUT}/changes.txt") - 1 ))
  log "${n} change(s) since $(basename "${prev}") (changes.txt)"
}

tag_summary() {
  # how many guests carry each tag; untagged guests are listed explicitly
  tail -n +2 "${OUT}/guests.csv" | awk -F, '
    {
      gsub(/"/, "", $9)
      if ($9 == "") { untagged = untagged " " $1; next }
      n = split($9, t, " ")
      for (i = 1; i <= n; i++) count[t[i]]++
    }
    END {
      for (k in count) printf "  %-20s %d\n", k, count[k]
      if (untagged != "") printf "  untagged:%s\n", untagged
    }' | sort
}

write_atomically() {
  local target="$1"
  cat > "${target}.tmp"
  mv -f "${target}.tmp" "${target}"
}

main() {
  command -v jq >/dev/null || die "jq required"
  [[ -n "${FROM}" ]] || command -v pvesh >/dev/null || die "pvesh not found; run on a PVE node or use -f"
  collect
  mkdir -p "${OUT}"
  guests_csv | write_atomically "${OUT}/guests.csv"
  nodes_csv | write_atomically "${OUT}/nodes.csv"
  storage_csv | write_atomically "${OUT}/storage.csv"
  backups_csv | write_atomically "${OUT}/backups.csv"
  diff_guests "$(previous_report)"
  log "tags:"
  tag_summary >&2
  ln -sfn "${DATE}" "${ROOT}/reports/pve/latest"
  local total running stale
  total=$(( $(wc -l < "${OUT}/guests.csv") - 1 ))
  running=$(grep -c ',running,' "${OUT}/guests.csv" || true)
  stale=$(awk -F, -v cutoff="$(date -d '-7 days' +%FT%T)" 'NR > 1 && $2 < cutoff' "${OUT}/backups.csv" | wc -l)
  log "${total} guests (${running} running); ${stale} guests without a backup in 7 days"
  log "written to ${OUT#"${ROOT}/"}"
}

main
